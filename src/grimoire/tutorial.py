"""Tutorials: a game taught step by step from scripted positions (``grimoire learn``, the web's
"Learn to play"). Nothing here knows a game: a game offers its tutorial through the hook
``Game.tutorial_folder()`` (a folder holding ``tutorial.toml`` and the position files it
names; the capability ``tutorial``), and this module reads it, checks it against the engine
and walks it. docs/tutorials.md describes the file.

A tutorial is a list of steps. Each step has a position (a hand-written position document,
or a seeded setup, or where the previous step ended), a script of actions applied before the
learner is asked (other seats' moves and chance outcomes, by their English texts), the moves
the learner must make (by action text), what follows them (``then``), the texts to read in
English, German and Japanese (``text``, ``hint``, ``after``) and the rule it teaches: its
section of ``docs/rules/<game>.md`` (a key of the game's ``phase_rules``) and the printed
rulebook's section name. Every position is rebuilt from the file, so a step is exact and
reproducible: ``Lesson.position(step, done)`` is the same state every time.

>>> from grimoire.core.i18n import language_scope
>>> with language_scope("de"):
...     said({"en": "Roll.", "de": "Würfeln."})
'Würfeln.'
>>> said({"en": "Roll."}, "ja")  # a missing translation falls back to English
'Roll.'
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

from grimoire.core.errors import GrimoireError, IllegalAction, InvalidOptions, InvalidPosition
from grimoire.core.game import Game
from grimoire.core.i18n import DEFAULT as ENGLISH
from grimoire.core.i18n import LANGUAGES, N_, engine_text, language, language_scope
from grimoire.core.state import CHANCE, State
from grimoire.registry import game_class, make

FORMAT = "grimoire-tutorial/1"
FILE = "tutorial.toml"
# a script entry played by a seat other than the one to act: "seat 2: allow" (seats counted
# from 1, as everywhere in the file)
ACTOR = re.compile(r"^seat\s+(\d+)\s*:\s*(.+)$", re.IGNORECASE)
# "seat N" in an action or outcome text of the file: the seat N - 1
SEAT = re.compile(r"\bseat\s+(\d+)", re.IGNORECASE)

# Said when the learner makes another move than the step's, if the step has no hint of its own
OTHER_MOVE = N_("This step asks for '{move}'.")
NOT_POSSIBLE = N_("The rules do not allow it here: {why}")


class TutorialError(GrimoireError):
    """A tutorial file that cannot be read, or whose script the engine refuses (the message
    names the step and the entry)."""


# --------------------------------------------------------------------------------- the file


@dataclass(frozen=True)
class Step:
    """One step of a tutorial, as the file gives it (see docs/tutorials.md)."""

    id: str
    rule: str | None  # the key of the rules section it teaches (a ``phase_rules`` value)
    book: Mapping[str, str]  # the printed rulebook's section name, per edition's language
    text: Mapping[str, str]  # what to read before the move, per language
    hint: Mapping[str, str]  # said when another move is made (default: OTHER_MOVE)
    after: Mapping[str, str]  # what happened, said after the moves
    seed: int | None = None  # start: a new game from this seed
    position: str | None = None  # start: a position document in the tutorial's folder
    script: tuple[str, ...] = ()  # applied before the learner is asked
    moves: tuple[str, ...] = ()  # the learner's moves, in order
    then: tuple[str, ...] = ()  # applied after the moves

    @property
    def starts(self) -> bool:
        """Whether the step starts from a position of its own (else where the last one ended)."""
        return self.seed is not None or self.position is not None


@dataclass(frozen=True)
class FinalGame:
    """The short game that ends a tutorial: against bots of one level, hints on."""

    players: int
    options: Mapping[str, Any]
    bot: str = "easy"


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial file, read and checked for its shape (``load_tutorial``)."""

    game: str
    players: int
    seat: int  # the learner's seat (the engine's index)
    options: Mapping[str, Any]
    title: Mapping[str, str]
    intro: Mapping[str, str]
    outro: Mapping[str, str]
    final: FinalGame
    steps: tuple[Step, ...]
    folder: Traversable | None = field(default=None, compare=False, repr=False)

    def texts(self) -> list[tuple[str, Mapping[str, str]]]:
        """Every text a person reads, with where it is (for the translation check)."""
        found: list[tuple[str, Mapping[str, str]]] = [
            ("title", self.title),
            ("intro", self.intro),
            ("outro", self.outro),
        ]
        for step in self.steps:
            for name in ("text", "hint", "after"):
                table = getattr(step, name)
                if table:
                    found.append((f"step {step.id!r} {name}", table))
        return found


def said(texts: Mapping[str, str], lang: str | None = None) -> str:
    """A text of the file in ``lang`` (default: this context's language), else in English."""
    lang = lang or language()
    return texts.get(lang) or texts.get(ENGLISH, "")


# a character of Japanese text: lines that meet at one are joined without a space
WIDE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")


def paragraphs(text: str) -> list[str]:
    """A text of the file as paragraphs: blank lines part them, and the hard-wrapped lines of
    one paragraph are joined (with a space, or without one where Japanese text meets).

    >>> paragraphs("Roll all\nyour dice.\n\nThen stop.")
    ['Roll all your dice.', 'Then stop.']
    >>> paragraphs("ダイスを\n振る。")
    ['ダイスを振る。']
    """
    found: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        joined = ""
        for line in (part.strip() for part in block.splitlines()):
            if not line:
                continue
            wide = joined and (WIDE.match(joined[-1]) or WIDE.match(line[0]))
            joined = joined + line if not joined or wide else f"{joined} {line}"
        if joined:
            found.append(joined)
    return found


def rule_title(heading: str, text: str, key: str) -> str:
    """How a step names its rule: the section's heading, and for a step of a section
    (``"A turn » **Phase 2**"``) the bold lead its paragraph starts with (in the language of
    ``text``).

    >>> rule_title("A turn", "**Phase 2**: roll all your dice", "A turn » **Phase 2**")
    'A turn » Phase 2'
    """
    heading = heading.strip("# ").strip()
    if " » " not in key:
        return heading
    lead = re.search(r"\*\*(.+?)\*\*", text)
    return f"{heading} » {lead.group(1).rstrip(':：')}" if lead else heading


def _where(index: int, step: Mapping[str, Any]) -> str:
    name = step.get("id")
    return f"step {index + 1}" + (f" ({name})" if isinstance(name, str) else "")


def _texts(raw: Any, where: str, *, required: bool = True) -> dict[str, str]:
    if raw is None and not required:
        return {}
    if not isinstance(raw, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in raw.items()
    ):
        raise TutorialError(f"{where}: a table of texts by language (en, de, ja)")
    unknown = sorted(set(raw) - set(LANGUAGES))
    if unknown:
        raise TutorialError(f"{where}: unknown language {unknown[0]!r} (known: en, de, ja)")
    if ENGLISH not in raw:
        raise TutorialError(f"{where}: the English text (en) is required")
    return {lang: text.strip() for lang, text in raw.items()}


def _entries(raw: Any, where: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(entry, str) for entry in raw):
        raise TutorialError(f"{where}: a list of action texts")
    return tuple(raw)


def _whole(raw: Any, where: str, minimum: int = 0) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < minimum:
        raise TutorialError(f"{where}: a whole number, {minimum} or more")
    return int(raw)


STEP_KEYS = {"id", "rule", "book", "text", "hint", "after", "start", "script", "moves", "then"}


def _step(index: int, raw: Any) -> Step:
    if not isinstance(raw, Mapping):
        raise TutorialError(f"step {index + 1}: a table")
    where = _where(index, raw)
    unknown = sorted(set(raw) - STEP_KEYS)
    if unknown:
        raise TutorialError(f"{where}: unknown key {unknown[0]!r}")
    name = raw.get("id", f"{index + 1}")
    rule = raw.get("rule")
    if not isinstance(name, str) or (rule is not None and not isinstance(rule, str)):
        raise TutorialError(f"{where}: id and rule are texts")
    start = raw.get("start", {})
    if not isinstance(start, Mapping) or set(start) - {"seed", "position"} or len(start) > 1:
        raise TutorialError(f'{where}: start is {{seed = N}} or {{position = "FILE"}}')
    seed = None if "seed" not in start else _whole(start["seed"], f"{where}: start.seed")
    position = start.get("position")
    if position is not None and not isinstance(position, str):
        raise TutorialError(f"{where}: start.position names a file")
    moves = _entries(raw.get("moves"), f"{where}: moves")
    if not moves:
        raise TutorialError(f"{where}: moves: the learner makes at least one move")
    return Step(
        id=name,
        rule=rule,
        book=_texts(raw.get("book"), f"{where}: book", required=False),
        text=_texts(raw.get("text"), f"{where}: text"),
        hint=_texts(raw.get("hint"), f"{where}: hint", required=False),
        after=_texts(raw.get("after"), f"{where}: after", required=False),
        seed=seed,
        position=position,
        script=_entries(raw.get("script"), f"{where}: script"),
        moves=moves,
        then=_entries(raw.get("then"), f"{where}: then"),
    )


def parse_tutorial(game: str, text: str, folder: Traversable | None = None) -> Tutorial:
    """A tutorial from the text of its file (TutorialError naming the field if malformed)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TutorialError(f"{game} tutorial: not TOML: {error}") from error
    if raw.get("format") != FORMAT:
        raise TutorialError(f"{game} tutorial: format must be {FORMAT!r}")
    options = raw.get("options", {})
    final = raw.get("final", {})
    steps = raw.get("steps")
    if not isinstance(options, Mapping) or not isinstance(final, Mapping):
        raise TutorialError(f"{game} tutorial: options and final are tables")
    if not isinstance(steps, list) or not steps:
        raise TutorialError(f"{game} tutorial: no [[steps]]")
    players = _whole(raw.get("players"), "players", 1)
    final_options = final.get("options", {})
    if not isinstance(final_options, Mapping) or not isinstance(final.get("bot", "easy"), str):
        raise TutorialError(f"{game} tutorial: final.options is a table, final.bot a bot level")
    parsed = [_step(index, step) for index, step in enumerate(steps)]
    if not parsed[0].starts:
        raise TutorialError(f"{game} tutorial: the first step needs a start (seed or position)")
    ids = [step.id for step in parsed]
    if len(set(ids)) != len(ids):
        raise TutorialError(f"{game} tutorial: two steps have one id")
    return Tutorial(
        game=game,
        players=players,
        seat=_whole(raw.get("seat", 0), "seat"),
        options=dict(options),
        title=_texts(raw.get("title"), "title"),
        intro=_texts(raw.get("intro"), "intro"),
        outro=_texts(raw.get("outro"), "outro"),
        final=FinalGame(
            players=_whole(final.get("players", players), "final.players", 1),
            options=dict(final_options),
            bot=final.get("bot", "easy"),
        ),
        steps=tuple(parsed),
        folder=folder,
    )


def has_tutorial(game_name: str) -> bool:
    """Whether the registered game ``game_name`` offers a tutorial."""
    return game_class(game_name).tutorial_folder() is not None


def load_tutorial(game_name: str) -> Tutorial:
    """The tutorial of the registered game ``game_name`` (TutorialError if it has none)."""
    folder = game_class(game_name).tutorial_folder()
    if folder is None:
        title = game_class(game_name).title
        raise TutorialError(engine_text(N_("{game} has no tutorial yet.")).format(game=title))
    return parse_tutorial(game_name, (folder / FILE).read_text(encoding="utf-8"), folder)


# ------------------------------------------------------------------------- walking through


@dataclass(frozen=True)
class Entry:
    """A scripted action as it happened: who, what, and the state just before it (so that it
    can be told in any language, ``describe`` being asked before the action)."""

    actor: int
    action: int
    before: State

    def told(self, viewer: int) -> str:
        """The log line ``viewer`` reads of it, in this context's language."""
        return self.before.describe(self.actor, self.action, viewer)


@dataclass(frozen=True)
class Verdict:
    """The answer to a move the learner tried: taken, or refused with the step's explanation
    and, where the rules forbid it, the engine's own reason."""

    ok: bool
    expected: int
    legal: bool
    why: str | None = None  # the engine's reason (``why_illegal``) when the rules forbid it


def _key(text: str) -> str:
    return " ".join(text.casefold().replace("-", " ").split())


def parse(state: State, text: str) -> int:
    """The action ``text`` names, as the file means it: the engine's English action text, a
    seat in it counted from 1 as in every game's texts (``steal seat 3 row 1``: the third
    seat's row, whose JSON says ``seat`` 2); IllegalAction if it names none, or names a seat
    the action does not carry."""
    action = state.parse_action(text)
    wanted = [int(n) - 1 for n in SEAT.findall(text)]
    if wanted and state.action_to_json(action).get("seat") != wanted[0]:
        raise IllegalAction(f"no action reads {text!r} with seat {wanted[0] + 1}")
    return action


class Lesson:
    """A tutorial played on its game: every step's positions rebuilt from the file and checked
    (``check``), and the learner's moves judged (``attempt``). States handed out are copies."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        try:
            self.game: Game = make(tutorial.game, players=tutorial.players, **tutorial.options)
        except InvalidOptions as error:
            raise TutorialError(f"{tutorial.game} tutorial: {error}") from error
        if not 0 <= tutorial.seat < tutorial.players:
            raise TutorialError(
                f"{tutorial.game} tutorial: seat = {tutorial.seat} names no seat of "
                f"{tutorial.players} players (the file counts from 0: 0 is seat 1)"
            )
        self.seat = tutorial.seat
        self.steps = tutorial.steps
        # per step: the positions before each of the learner's moves (and one where the step
        # ends), the expected action ids, and what happened before each move (the script
        # before the first, scripted entries between moves) and after the last (``then``)
        self._positions: list[list[State]] = []
        self._expected: list[list[int]] = []
        self._happened: list[list[list[Entry]]] = []
        self._build()

    # ---- building
    def _build(self) -> None:
        state: State | None = None
        with language_scope(ENGLISH):  # the file's texts are the engine's English ones
            for index, step in enumerate(self.steps):
                where = f"{self.tutorial.game} tutorial, {_where(index, {'id': step.id})}"
                try:
                    state = self._start(step, state)
                    before = self._play(state, step.script, where + ", script")
                    positions, expected, happened = self._moves(state, step, where, before)
                    happened[-1].extend(self._play(state, step.then, where + ", then"))
                    following = self.steps[index + 1] if index + 1 < len(self.steps) else None
                    if following is None or following.starts:
                        state.resolve_chance()  # nothing follows on from here: draw it all
                except (IllegalAction, InvalidPosition) as error:
                    raise TutorialError(f"{where}: {error}") from error
                self._positions.append([*positions, state.clone()])
                self._expected.append(expected)
                self._happened.append(happened)

    def _start(self, step: Step, previous: State | None) -> State:
        if step.seed is not None:
            return self.game.new_state(step.seed, resolve_chance=False)
        if step.position is not None:
            folder = self.tutorial.folder
            if folder is None:
                raise InvalidPosition(f"no folder to read {step.position!r} from")
            try:
                doc = json.loads((folder / step.position).read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                raise InvalidPosition(f"{step.position}: {error}") from error
            return self.game.state_from_json(doc)
        assert previous is not None  # parse_tutorial: the first step starts
        return previous

    def _play(self, state: State, entries: Sequence[str], where: str) -> list[Entry]:
        """Apply ``entries`` in order: a chance outcome by its text at a chance node (a chance
        node the entry does not name is drawn from the seed first), a player's action by its
        text (``seat N: text`` for a seat other than the one to act)."""
        done: list[Entry] = []
        for number, text in enumerate(entries, 1):
            try:
                done.append(self._entry(state, text))
            except IllegalAction as error:
                raise IllegalAction(f"{where} entry {number} {text!r}: {error}") from error
        return done

    def _entry(self, state: State, text: str) -> Entry:
        for _ in range(10_000):
            if state.is_terminal():
                raise IllegalAction("the game is over")
            if not state.is_chance():
                break
            outcome = self._outcome(state, text)
            before = state.clone()
            if outcome is not None:
                state.apply(outcome, CHANCE)
                return Entry(CHANCE, outcome, before)
            state.apply(state.sample_chance(), CHANCE)
        found = ACTOR.match(text.strip())
        actor = int(found.group(1)) - 1 if found else None
        action_text = found.group(2) if found else text
        if actor is None:
            seats = state.seats_to_act()
            if len(seats) != 1:
                raise IllegalAction(f"several seats decide at once: write 'seat N: {text}'")
            actor = next(iter(seats))
        action = parse(state, action_text)
        before = state.clone()
        state.apply(action, actor)
        return Entry(actor, action, before)

    @staticmethod
    def _outcome(state: State, text: str) -> int | None:
        wanted = _key(text)  # the file counts seats from 1, as the games' texts do
        for outcome, _weight in state.chance_weights():
            if _key(state.action_to_string(outcome)) == wanted:
                return outcome
        return None

    def _settle(self, state: State, where: str) -> None:
        """Draw the chance nodes left from the seed; then the learner must be to act."""
        state.resolve_chance()
        if self.seat not in state.seats_to_act():
            to_act = ", ".join(f"seat {seat + 1}" for seat in sorted(state.seats_to_act()))
            raise IllegalAction(
                f"the learner (seat {self.seat + 1}) is not to act here (to act: "
                f"{to_act or 'nobody'})"
            )

    def _moves(
        self, state: State, step: Step, where: str, before: list[Entry]
    ) -> tuple[list[State], list[int], list[list[Entry]]]:
        """The learner's moves of ``step``: each entry is the learner's move, except a chance
        outcome named at a chance node and another seat's action written ``seat N: text``,
        which are played between the learner's moves (they happen to the learner)."""
        positions: list[State] = []
        expected: list[int] = []
        happened: list[list[Entry]] = [before]
        for number, text in enumerate(step.moves, 1):
            scripted = ACTOR.match(text.strip()) is not None or (
                state.is_chance() and self._outcome(state, text) is not None
            )
            if scripted:
                happened[-1].extend(self._play(state, [text], f"{where}: move {number}"))
                continue
            self._settle(state, where)
            try:
                action = parse(state, text)
            except IllegalAction as error:
                raise IllegalAction(f"{where}: move {number} {text!r}: {error}") from error
            refusal = state.why_illegal(action, self.seat)
            if refusal is not None:
                raise IllegalAction(f"{where}: move {number} {text!r}: {refusal}")
            positions.append(state.clone())
            expected.append(action)
            happened.append([])
            state.apply(action, self.seat)
        if not expected:
            raise IllegalAction(f"{where}: moves: the learner makes no move")
        return positions, expected, happened

    # ---- reading
    def __len__(self) -> int:
        return len(self.steps)

    def moves(self, index: int) -> int:
        """How many moves the learner makes in step ``index``."""
        return len(self._expected[index])

    def position(self, index: int, done: int = 0) -> State:
        """The state before the learner's move ``done`` of step ``index`` (``done`` = its
        number of moves: where the step ends, after ``then``). A copy."""
        return self._positions[index][done].clone()

    def expected(self, index: int, done: int) -> int:
        """The action id of the learner's move ``done`` of step ``index``."""
        return self._expected[index][done]

    def happened(self, index: int, done: int) -> list[Entry]:
        """What happened just before the learner's move ``done`` of step ``index``: the
        script before the first, scripted entries between two moves, and after the last
        (``done`` = its number of moves) the step's ``then``."""
        return list(self._happened[index][done])

    def before(self, index: int) -> list[Entry]:
        """What happened before the learner is asked in step ``index`` (its script)."""
        return self.happened(index, 0)

    def then(self, index: int) -> list[Entry]:
        """What happened after the learner's moves of step ``index``."""
        return self.happened(index, self.moves(index))

    def label(self, index: int, done: int) -> str:
        """The expected move's text in this context's language (the engine's seat numbers)."""
        state = self._positions[index][done]
        return state.action_to_string(self._expected[index][done])

    def hint(self, index: int, done: int, move: str | None = None) -> str:
        """The step's explanation of the move it asks for, in this context's language, the
        move written as ``move`` (default: ``label``; a front end passes it as it shows it)."""
        step = self.steps[index]
        move = self.label(index, done) if move is None else move
        if step.hint:
            return said(step.hint).replace("{move}", move)
        return engine_text(OTHER_MOVE).format(move=move)

    def attempt(self, index: int, done: int, action: int) -> Verdict:
        """Judge the learner's ``action`` for move ``done`` of step ``index`` (nothing
        changes: the next position is ``position(index, done + 1)``)."""
        expected = self._expected[index][done]
        if action == expected:
            return Verdict(True, expected, True)
        why = self._positions[index][done].why_illegal(action, self.seat)
        return Verdict(False, expected, why is None, why)


@cache
def lesson(game_name: str) -> Lesson:
    """The lesson of a registered game's tutorial, built once per process (TutorialError if
    the game has none or its file does not play)."""
    return Lesson(load_tutorial(game_name))
