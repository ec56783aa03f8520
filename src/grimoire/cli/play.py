"""Play a game in the terminal against bots: numbered choices or action text, save and resume."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from grimoire.bots import make_bot
from grimoire.bots.registry import default_bot
from grimoire.cli.documents import Document, read_document, save_document
from grimoire.cli.saving import Saver
from grimoire.core.bot import Bot
from grimoire.core.errors import GrimoireError, IllegalAction, InvalidOptions
from grimoire.core.game import Game
from grimoire.core.rng import derive_seed
from grimoire.core.state import CHANCE, State
from grimoire.i18n import N_, language, ngettext
from grimoire.i18n import gettext as _t
from grimoire.registry import make
from grimoire.rulebook import FALLBACK_NOTE, rule_for

HELP = N_("Type the number of an action, or its text as listed. Other commands: {commands}")

# The prompt's commands, typed in the person's language or in English. The msgids carry a
# "command: " prefix so that the words have their own entries (a command word may differ from
# the same word in a label: Japanese "done" is 終了, so "quit" is やめる).
COMMANDS = {
    "help": N_("command: help"),
    "scores": N_("command: scores"),
    "rules": N_("command: rules"),
    "save": N_("command: save"),
    "log": N_("command: log"),
    "quit": N_("command: quit"),
    "explain": N_("command: explain"),
    "why": N_("command: why"),
}
SUMMARISED = 8  # a longer run of chance lines (a setup) is summarised; 'log' shows it all


def command_word(command: str) -> str:
    """The word for ``command`` in this context's language (the English word itself in
    English)."""
    return _t(COMMANDS[command]).removeprefix("command: ")


def command_of(word: str) -> str | None:
    """The command a typed word names, in this language or in English (None: no command)."""
    folded = word.casefold()
    for command in COMMANDS:
        if folded in (command, command_word(command).casefold()):
            return command
    return "help" if folded == "?" else None


@dataclass
class Session:
    """A terminal game: the state, which seats are people, and the bots of the others."""

    game: Game
    state: State
    humans: list[int]
    bot_kinds: dict[int, str]
    bots: dict[int, Bot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat, kind in self.bot_kinds.items():
            self.bots[seat] = make_bot(kind, self.game, seed=self.state.seed + 7919 * (seat + 1))

    def to_json(self) -> dict[str, Any]:
        return save_document(self.state, self.humans, self.bot_kinds)

    @classmethod
    def from_document(cls, doc: Document) -> Session:
        """A session from a save, record or position: people at the seats the save names (seat
        0 if it names none), bots as the save names them, the game's default bot (its
        heuristic, else ``easy``) for the others."""
        state = doc.state
        humans = doc.humans if doc.humans is not None else [0]
        named = doc.bots or {}
        kinds = {
            seat: named.get(seat, default_bot(state.game))
            for seat in range(state.game.players)
            if seat not in humans
        }
        return cls(state.game, state, list(humans), kinds)


def _seats_and_bots(
    players: int, seat: int | list[int], bots: list[str]
) -> tuple[list[int], list[int], list[str]]:
    """(people's seats, the other seats, one bot kind per other seat), checked. Seats are ids
    (from 0); the refusal counts them from 1, as the flags do."""
    humans = sorted({seat} if isinstance(seat, int) else set(seat))
    if not humans or any(not 0 <= s < players for s in humans):
        given = ", ".join(str(s + 1) for s in humans) or "none"
        raise InvalidOptions(
            f"the people's seats are counted from 1: a {players}-player game has seats "
            f"1..{players} (given: {given})"
        )
    others = [s for s in range(players) if s not in humans]
    if len(bots) == 1:
        bots = bots * len(others)
    if others and len(bots) != len(others):
        raise InvalidOptions(
            f"--bots names {len(bots)} bots for {len(others)} other seats (give one name or "
            f"{len(others)} comma-separated names)"
        )
    return humans, others, bots[: len(others)]


def new_session(
    game_name: str,
    players: int,
    bots: list[str] | None,
    seed: int | None,
    options: dict[str, Any],
    seat: int | list[int] = 0,
) -> Session:
    """A new terminal game: ``seat`` is the person's seat, or the seats of several people
    sharing the terminal (hot seat); ``bots`` names the bots of the other seats (None: the
    game's default bot, see ``default_bot``)."""
    game = make(game_name, players=players, **options)
    humans, others, kinds = _seats_and_bots(players, seat, bots or [default_bot(game)])
    for kind in kinds:
        make_bot(kind, game)  # fail early on an unknown bot name
    # the setup's chance is resolved by ``run``, which tells each person what they were dealt
    state = game.new_state(secrets.randbits(31) if seed is None else seed, resolve_chance=False)
    return Session(game, state, humans, dict(zip(others, kinds, strict=True)))


def resume(
    path: Path,
    game_name: str | None = None,
    players: int | None = None,
    bots: list[str] | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    seat: int | list[int] | None = None,
) -> tuple[Session, list[str]]:
    """A session from a saved game, record or position, and what changed on loading it.

    What makes the game (its name, players, seed, options) is the file's: given values that
    differ are refused with InvalidOptions. Who plays may change: ``seat`` (the people's
    seats) and ``bots`` (the bots of the other seats) replace the file's, with a message."""
    session = load(path)
    game = session.game
    wrong: list[str] = []
    if game_name is not None and make(game_name, players=game.players).name != game.name:
        wrong.append(f"it is a {game.name} game, not {game_name}")
    if players is not None and players != game.players:
        wrong.append(f"it has {game.players} players, not {players}")
    if seed is not None and seed != session.state.seed:
        wrong.append(f"its seed is {session.state.seed}, not {seed}")
    for key, value in (options or {}).items():
        if game.options.get(key, object()) != value:
            wrong.append(f"its option {key} is {game.options.get(key)!r}, not {value!r}")
    if wrong:
        raise InvalidOptions(
            f"{path} cannot be resumed with these settings: {'; '.join(wrong)}. A saved game "
            "keeps its game, players, seed and options: leave them out (--bots, --seat and "
            "--humans may change)"
        )
    notes: list[str] = []
    if seat is None and bots is None:
        return session, notes
    wanted = session.humans if seat is None else seat
    people = {wanted} if isinstance(wanted, int) else set(wanted)
    if bots is None:  # the file's bots stay; a seat given up by a person gets a heuristic bot
        bots = [
            session.bot_kinds.get(s, default_bot(game))
            for s in range(game.players)
            if s not in people
        ]
    humans, others, kinds = _seats_and_bots(game.players, wanted, bots)
    for kind in kinds:
        make_bot(kind, game)
    new_kinds = dict(zip(others, kinds, strict=True))
    if humans != session.humans:
        notes.append(
            f"people now at seat(s) {', '.join(str(s + 1) for s in humans)} "
            f"(the file had {', '.join(str(s + 1) for s in session.humans)})"
        )
    changed = [
        f"seat {s + 1}: {kind} (was {player_name(s, session.humans, session.bot_kinds)})"
        for s, kind in new_kinds.items()
        if session.bot_kinds.get(s) != kind
    ]
    if changed:
        notes.append("bots now " + "; ".join(changed))
    return Session(game, session.state, humans, new_kinds), notes


def load(path: Path) -> Session:
    """A session from a save, record or position file (InvalidOptions if unreadable)."""
    try:
        return Session.from_document(read_document(path))
    except InvalidOptions:
        raise
    except GrimoireError as error:
        raise InvalidOptions(str(error)) from error


def player_name(seat: int, humans: list[int], kinds: dict[int, str], replay: bool = False) -> str:
    """ "you" (one person playing), "person 2" (hot seat), "heuristic bot", or "not recorded"
    for a seat a bare record says nothing about."""
    if seat in humans:
        if len(humans) > 1:
            return _t("person {number}").format(number=humans.index(seat) + 1)
        return _t("person") if replay else _t("you")
    kind = kinds.get(seat)
    return _t("{kind} bot").format(kind=level_word(kind)) if kind else _t("not recorded")


# the bot kinds and levels whose names the shell's catalogue translates (the web's names too)
LEVEL_WORDS = frozenset({"random", "heuristic", "easy", "normal", "hard"})


def level_word(kind: str) -> str:
    """A bot's kind or level as a person reads it: ``leicht`` for ``easy`` in German; any
    other kind (``search:1s``) as typed."""
    return _t(kind) if kind in LEVEL_WORDS else kind


def score_table(
    state: State,
    humans: list[int],
    kinds: dict[int, str],
    viewer: int | None = None,
    *,
    replay: bool = False,
) -> Table:
    """The scores as ``viewer`` may know them ("?" where it cannot); true scores at the end."""
    over = state.is_terminal()
    table = Table(title=_t("Final scores") if over else _t("Scores"))
    table.add_column(_t("Seat"))
    table.add_column(_t("Player"))
    table.add_column(_t("Score"), justify="right")
    winners = state.winners() if over else []
    if winners:  # a column for the winners only once there are some
        table.add_column("")
    scores: list[float | None] = list(state.scores()) if over else state.public_scores(viewer)
    for seat, score in enumerate(scores):
        shown = "?" if score is None else f"{score:g}"
        row = [
            str(seat + 1),
            player_name(seat, humans, kinds, replay),
            shown,
        ]  # people count from 1
        if winners:
            row.append("🏆 " + _t("winner") if seat in winners else "")
        table.add_row(*row)
    return table


@dataclass
class Exit:
    """The people left the game: the process exit code."""

    code: int


class Terminal:
    """The terminal side of a game: what each person has been told, and whose screen it is.

    With one person, log lines are printed as they happen, in that person's words
    (``describe`` for their seat). With several people at one terminal (hot seat), each keeps
    a queue of lines in their own words, shown when they next take the keyboard after the
    screen was cleared, so nothing private is printed while another person may look."""

    def __init__(self, session: Session, console: Console, ask: Callable[[str], str]) -> None:
        self.session = session
        self.console = console
        self.ask = ask
        self.queues: dict[int, list[str]] = {seat: [] for seat in session.humans}
        self.told: dict[int, list[str]] = {seat: [] for seat in session.humans}  # for 'log'
        self.screen: int | None = session.humans[0] if len(session.humans) == 1 else None
        self.last_shown: dict[int, int] = {}
        self.bot_run: tuple[int, State] | None = None  # a bot's run of moves: (seat, before)

    @property
    def hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    def name(self, seat: int) -> str:
        if seat in self.session.humans:
            if not self.hot_seat:
                return _t("you")
            return _t("person {number}").format(number=self.session.humans.index(seat) + 1)
        return level_word(self.session.bot_kinds.get(seat, "?"))

    def apply(self, actor: int, action: int) -> None:
        """Apply an action or chance outcome, telling each person what they may know of it."""
        state = self.session.state
        if actor != CHANCE and actor not in self.session.humans:
            if self.bot_run is not None and self.bot_run[0] != actor:
                self.end_bot_run(set())
            if self.bot_run is None:
                self.bot_run = (actor, state.clone())
        for seat in self.session.humans:
            text = state.describe(actor, action, seat)  # asked before the action is applied
            if actor != CHANCE:  # the line names the actor already: "you: seat 1: ..." no more
                own = _t("seat {seat}").format(seat=actor + 1)
                for colon in (": ", "："):
                    text = text.removeprefix(own + colon)
            if actor == CHANCE:
                line = f"  {text}"
            elif actor == seat:
                line = _t("you: {action}").format(action=text)
            else:
                line = _t("seat {seat} ({name}): {action}").format(
                    seat=actor + 1, name=self.name(actor), action=text
                )
            self.queues[seat].append(line)
            self.told[seat].append(line)
        state.apply(action, actor)
        if not self.hot_seat and actor != CHANCE:  # chance lines wait: a long run is summed up
            self.flush(self.session.humans[0])

    def end_bot_run(self, to_act: AbstractSet[int]) -> None:
        """A bot's run of moves ended (the seats ``to_act`` next do not include it): tell each
        person that turn in short (``Game.turn_summary``) with its score's change, if either
        says something."""
        if self.bot_run is None or self.bot_run[0] in to_act:
            return
        seat, before = self.bot_run
        self.bot_run = None
        after = self.session.state
        for person in self.session.humans:
            parts = [after.game.turn_summary(before, after, seat, person) or ""]
            was, now = (_score_of(st, seat, person) for st in (before, after))
            if was is not None and now is not None and was != now:
                parts.append(_t("score {before:g} → {after:g}").format(before=was, after=now))
            said = _t("; ").join(part for part in parts if part)  # "；" in Japanese
            if not said:
                continue
            line = _t("seat {seat} ({name}), the turn in short: {summary}").format(
                seat=seat + 1, name=self.name(seat), summary=said
            )
            self.queues[person].append(line)
            self.told[person].append(line)
        if not self.hot_seat:
            self.flush(self.session.humans[0])

    def flush(self, seat: int) -> None:
        """Print what ``seat``'s person has not been told yet; a long run of chance lines (a
        setup dealing a hundred things) as its first line and a count ('log' shows them all)."""
        lines, self.queues[seat] = self.queues[seat], []
        shown: list[str] = []
        run: list[str] = []
        for line in [*lines, ""]:  # "" ends the last run
            if line.startswith("  "):
                run.append(line)
                continue
            if len(run) > SUMMARISED:
                more = len(run) - 1
                note = ngettext(
                    "... and {count} more chance event ('{log}' shows them all)",
                    "... and {count} more chance events ('{log}' shows them all)",
                    more,
                ).format(count=more, log=command_word("log"))
                run = [run[0], "  " + note]
            shown += run
            run = []
            if line:
                shown.append(line)
        for line in shown:
            self.console.print(f"[dim]{escape(line)}[/]", highlight=False)

    def show_log(self, seat: int) -> None:
        """Every line ``seat``'s person has been told, in full (the 'log' command)."""
        lines = self.told[seat] or [_t("Nothing has happened yet.")]
        for line in lines:
            self.console.print(f"[dim]{escape(line)}[/]", highlight=False)

    @contextmanager
    def thinking(self, seat: int) -> Iterator[None]:
        """While ``seat``'s bot decides: a spinner naming the seat, cleared after (on a terminal
        only: a pipe or a file gets the bot's move, not a line per wait)."""
        if not self.console.is_terminal:
            yield
            return
        text = _t("seat {seat} ({name}) is thinking…").format(seat=seat + 1, name=self.name(seat))
        with self.console.status(escape(text), spinner="dots"):
            yield

    def take_keyboard(self, seat: int) -> None:
        """Hot seat: clear the screen and wait until ``seat``'s person has the keyboard."""
        if not self.hot_seat or self.screen == seat:
            return
        self.console.clear()
        self.ask(
            _t("Seat {seat} ({name}): press Enter when only you see the screen").format(
                seat=seat + 1, name=self.name(seat)
            )
        )
        self.console.clear()
        self.screen = seat
        self.last_shown.pop(seat, None)


def _score_of(state: State, seat: int, viewer: int) -> float | None:
    """``seat``'s score as ``viewer``'s view shows it, or None where it shows none."""
    scores = state.view(viewer).get("scores")
    if not isinstance(scores, list) or seat >= len(scores):
        return None
    value = scores[seat]
    return float(value) if isinstance(value, int | float) else None


def topics(game: Game) -> dict[str, str]:
    """The game's extra terminal commands (``text_topics``: name -> what it shows), if any."""
    return dict(game.text_topics()) if game.capabilities.text_topics else {}


def topic_of(game: Game, word: str) -> str | None:
    """The game's extra command a typed word names, in this language or in English."""
    folded = word.casefold()
    for name in topics(game):
        if folded in (name.casefold(), game.text_topic_word(name).casefold()):
            return name
    return None


def show_topic(game: Game, state: State, seat: int, name: str, argument: str) -> Any:
    """What the game's extra command ``name`` shows (``text_topic``), as a rich renderable."""
    return game.text_topic(state, seat, name, argument.strip())


def rules_text(game: Game, state: State) -> str:
    """The section of the game's rules document for the current step (the 'rules' command)."""
    rule = rule_for(game, state)
    if rule is None:
        return _t("No rules section is known for this step.")
    title = _t("Rules: {heading} (from {document})").format(
        heading=rule.heading, document=rule.document
    )
    if rule.language != language():  # no translation of this section yet
        title += "\n" + _t(FALLBACK_NOTE)
    return f"{title}\n\n{_reflow(rule.text)}"


def _reflow(text: str) -> str:
    """The document's hard-wrapped lines joined into paragraphs and list items, so the terminal
    wraps them at its own width; tables, headings and fenced blocks stay as they are."""
    out: list[str] = []
    fenced = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
        new = fenced or stripped.startswith("```") or not stripped
        new = new or re.match(r"([-*|#]|\d+\.)(\s|$)", stripped) is not None
        if not new and out and out[-1].strip() and not out[-1].lstrip().startswith(("|", "```")):
            out[-1] += " " + stripped
        else:
            out.append(line)
    return "\n".join(out)


def help_text(game: Game) -> str:
    """The prompt's help line: its commands in the person's language (and the game's own)."""
    words = {command: command_word(command) for command in COMMANDS}
    words["save"] += " [" + _t("FILE") + "]"
    listed = [f"'{words[c]}'" for c in ("help", "scores", "rules", "save", "quit", "log")]
    listed.append(
        _t("'{explain} N' or '? N' (what action N does, and its rule)").format(
            explain=words["explain"]
        )
    )
    listed.append(_t("'{why} TEXT' (why an action is refused)").format(why=words["why"]))
    listed += [f"'{game.text_topic_word(name)}' ({what})" for name, what in topics(game).items()]
    text = _t(HELP).format(commands=", ".join(listed)) + "."
    if words["help"] != "help":  # another language: the English words are still understood
        text += " " + _t("The English commands work too.")
    return text


def run(
    session: Session,
    console: Console,
    ask: Callable[[str], str],
    default_save: Path,
    *,
    own_file: Path | None = None,
) -> int:
    """Play until the game ends or the people quit. Returns a process exit code.

    ``default_save`` is where a save goes unless the person names a file; ``own_file`` (the
    file the game was loaded from) may be updated without asking, any other existing file
    only when the person says so (see ``Saver``).

    Every decision, simultaneous ones included, is taken one submission at a time: the bots
    and people asked choose on the same position (bots on ``state.for_seat``, never the true
    state); then the oldest choice is applied and the chance it triggers resolved; a choice
    that is no longer legal is asked for again."""
    state = session.state
    term = Terminal(session, console, ask)
    saver = Saver(default_save, console, ask, own_file)
    count = session.game.players
    players = ngettext("{count} player.", "{count} players.", count).format(count=count)
    console.print(f"[bold]{session.game.title}[/], {players}")
    console.print(help_text(session.game), highlight=False)
    pending: dict[int, tuple[int, int]] = {}  # seat -> (when it chose, its choice)
    order = 0
    while True:
        while state.is_chance():
            term.apply(CHANCE, state.sample_chance())
        term.end_bot_run(set() if state.is_terminal() else state.seats_to_act())
        if state.is_terminal():
            break
        seats = state.seats_to_act()
        for seat in list(pending):
            if seat not in seats or pending[seat][1] not in state.legal_actions(seat):
                del pending[seat]
        for seat in sorted(seats - pending.keys()):
            if seat in session.bots:
                choice: int | Exit = _ask_bot(session, term, seat, saver)
            else:
                choice = _ask_person(session, term, seat, saver)
            if isinstance(choice, Exit):
                return choice.code
            pending[seat] = (order, choice)
            order += 1
        seat = min(pending, key=lambda s: (pending[s][0], s))
        term.apply(seat, pending.pop(seat)[1])
    if term.hot_seat:  # the game is over: nothing is secret any more
        console.clear()
    else:
        term.flush(session.humans[0])
    console.print(session.game.render_text(state, None))
    console.print(score_table(state, session.humans, session.bot_kinds))
    from grimoire.cli.explain import breakdown_table  # where the points came from

    viewer = None if term.hot_seat else session.humans[0]
    breakdown = breakdown_table(state, viewer)
    if breakdown is not None:
        console.print(breakdown)
    return 0


def _ask_bot(session: Session, term: Terminal, seat: int, saver: Saver) -> int | Exit:
    """The choice of ``seat``'s bot, on the position its seat sees, the terminal saying who is
    thinking meanwhile; Ctrl-C while it thinks leaves the game as it was (saved if wanted)."""
    state = session.state
    try:
        with term.thinking(seat):
            mine = state.for_seat(seat, derive_seed(state.seed, f"cli/{seat}/{state.step}"))
            return session.bots[seat].choose(mine, seat)
    except KeyboardInterrupt:  # the bot thinks on a copy: the game is intact
        return Exit(saver.on_leave(session))


def _ask_person(session: Session, term: Terminal, seat: int, saver: Saver) -> int | Exit:
    """Ask the person at ``seat`` for an action until they give a legal one (or leave)."""
    state, console, ask = session.state, term.console, term.ask
    term.take_keyboard(seat)
    term.flush(seat)
    while True:
        if term.last_shown.get(seat) != state.step:
            console.print(session.game.render_text(state, seat))
            term.last_shown[seat] = state.step
        legal = state.legal_actions(seat)
        texts = [_label(state, action) for action in legal]
        if len(legal) == 1:
            one = _t("only one choice")
            console.print(f"[dim]{one}: {texts[0]}[/]")
            return legal[0]
        for number, text in enumerate(texts, 1):
            console.print(f"  [cyan]{number:>2}[/] {text}", highlight=False)
        prompt = (
            _t("Seat {seat}, your choice").format(seat=seat + 1)
            if term.hot_seat
            else _t("Your choice")
        )
        try:
            answer = ask(prompt).strip()
        except KeyboardInterrupt:
            return Exit(saver.on_leave(session))
        except EOFError:
            path = saver.unattended(session)
            console.print("\n" + _t("Input ended."))
            saver.report(path)
            return Exit(1)
        if not answer:
            continue
        asked = _explain_request(state, legal, answer)
        if asked is not None:
            from grimoire.cli import explain  # the rule behind a move: nothing is played

            explain.show(console, state, seat, asked, legal)
            continue
        word, _, rest = answer.partition(" ")
        # a listed label wins over a command word of the same spelling
        label = _is_label(state, legal, answer)
        command = None if label else command_of(word)
        if command in ("help", "quit", "rules", "scores", "log") and not rest.strip():
            if command == "help":
                console.print(help_text(session.game), highlight=False)
            elif command == "log":
                term.show_log(seat)
            elif command == "quit":
                return Exit(saver.on_leave(session))
            elif command == "rules":
                console.print(rules_text(session.game, state), highlight=False)
            else:
                console.print(score_table(state, session.humans, session.bot_kinds, seat))
            continue
        if command == "save":
            path = saver.save(session, Path(rest.strip()) if rest.strip() else None)
            if path is not None:
                saver.report(path)
            continue
        topic = None if label or command else topic_of(session.game, word)
        if topic is not None:
            console.print(show_topic(session.game, state, seat, topic, rest))
            continue
        try:
            return _chosen(state, seat, answer, legal, console)
        except GrimoireError as error:
            message = str(error)  # "'claim 21' is not possible: ..." names the action itself
            head = "" if message.startswith("'") else _t("Not possible: ")
            console.print(f"[bold red]{head}{escape(message)}[/]", highlight=False)


def _explain_request(state: State, legal: list[int], answer: str) -> str | None:
    """What an answer asks to be explained (``explain 3``, ``? 3``, ``?3``, ``why claim 21``,
    ``explain`` alone: ""), or None when it asks no explanation (``?`` alone is help)."""
    word, _, rest = answer.partition(" ")
    if word.startswith("?") and (rest or word[1:]):  # "? 3", "?3": explain, not help
        return f"{word[1:]} {rest}".strip()
    if _is_label(state, legal, answer):  # a listed label wins over a command word
        return None
    return rest if command_of(word) in ("explain", "why") else None


def _chosen(state: State, seat: int, answer: str, legal: list[int], console: Console) -> int:
    """The legal action a person's answer names (its number or its text), or IllegalAction
    with the engine's reason."""
    if answer.isdigit():
        index = int(answer)
        if not 1 <= index <= len(legal):
            raise IllegalAction(_t("choose a number from 1 to {count}").format(count=len(legal)))
        return legal[index - 1]
    listed = listed_action(state, legal, answer)
    if listed is not None:  # the label as shown, in the chosen language (English parses below)
        return listed
    action = state.parse_action(answer)
    if action not in legal:
        state.apply(action, seat)  # raises IllegalAction with the engine's reason
    text = _label(state, action)
    if _words(text) != _words(answer):  # e.g. an identical die named by another label
        note = escape(_t("(taken as '{action}', the same move)").format(action=text))
        console.print(f"[dim]{note}[/]", highlight=False)
    return action


def listed_action(state: State, legal: list[int], answer: str) -> int | None:
    """The legal action whose listed label ``answer`` is (case and spacing aside), or None."""
    wanted = _label_key(answer)
    shown = [a for a in legal if _label_key(_label(state, a)) == wanted]
    return shown[0] if len(shown) == 1 else None


def label_of(state: State, action: int) -> str:
    """An action's label as the terminal lists it (seats counted from 1)."""
    return _label(state, action)


def _is_label(state: State, legal: list[int], answer: str) -> bool:
    """Whether ``answer`` is one of the listed labels (case and spacing aside)."""
    wanted = _label_key(answer)
    return any(_label_key(_label(state, a)) == wanted for a in legal)


def _label(state: State, action: int) -> str:
    """An action's label as the terminal lists it: the game's text (seats counted from 1)."""
    return state.action_to_string(action)


def _label_key(text: str) -> str:
    """A label as typed or shown, without case and spacing differences (any script)."""
    return " ".join(text.casefold().replace("-", " ").split())


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())
