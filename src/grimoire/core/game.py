"""The ``Game`` contract: static facts of one game at one player count with fixed options."""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from grimoire.core.action_declaration import ActionCodec
from grimoire.core.bot import Bot
from grimoire.core.documents import excerpt
from grimoire.core.errors import InvalidOptions, InvalidPosition
from grimoire.core.observation import ObservationEncoder
from grimoire.core.options import DECISION_LIMIT, Option, decision_limit, resolve_options
from grimoire.core.state import POSITION_FORMAT, PausedGC, State, history_from_json


@dataclass(frozen=True)
class Capabilities:
    """What a game offers beyond the hooks every game has, in one place (as OpenSpiel's
    ``GameType`` states its ``provides_*``): every layer asks ``Game.capabilities`` instead of
    trying a hook or knowing the game. ``Game.capabilities`` derives it from the game's own
    hooks (docs/architecture.md, "Capabilities"); the contract battery plays every registered
    game and checks that each one is true, and each one not claimed absent.

    >>> Capabilities().heuristic, Capabilities(decision_limit=3000).decision_limit
    (False, 3000)
    """

    # ``heuristic_bot()`` returns a bot: ``make_bot("heuristic")``, the ``easy`` level, search
    # rollouts (without one: refused, and the easy level searches with random rollouts)
    heuristic: bool = False
    # ``observation_encoder()`` returns an encoder (without one: the RL environments' generic
    # encoder of ``view``)
    observation_encoder: bool = False
    # the default of the engine's ``decision_limit`` safeguard, which the core declares as an
    # option and enforces (``Game.decision_limit``); None: the rules alone end every game
    decision_limit: int | None = None
    # ``render_svg`` draws a picture (web page, ``grimoire render -o``, RL ``rgb_array``)
    svg: bool = False
    # ``aids`` gives aids to play beside the board (odds, hints; ``grimoire analyse``)
    aids: bool = False
    # a single seat may play (``min_players == 1``): the solo game against the game itself
    solo: bool = False
    # ``text_topics()`` names extra terminal commands (Five Seals: ``map``, ``spells``)
    text_topics: bool = False
    # ``rules_document()`` names the game's rules in docs/rules (the rules panel, ``rules``)
    rules: bool = False
    # a browser renderer (``render.js``; ``Game.web_folder()``), else the generic page
    browser_renderer: bool = False
    # a tutorial (``Game.tutorial_folder()`` holds ``tutorial.toml``): ``grimoire learn``, the
    # web's "Learn to play" (``grimoire.tutorial``)
    tutorial: bool = False

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


# compiled by mypyc in the optional compiled build; games, bots and tests subclass it
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """Static facts and a factory of states. Subclasses set the class attributes below."""

    name: ClassVar[str]  # registry name, e.g. "ciub"
    title: ClassVar[str]  # display name, e.g. "Ciúb"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    declared_options: ClassVar[tuple[Option, ...]] = ()
    # Per instance: a variant may change them (set them in ``_check_options`` or __init__).
    # The game's declared actions bound to its components (``core.action_declaration``), set
    # by the game's ``__init__``: ids, texts in each language, the parser, the JSON and the
    # docs tables all come from it.
    codec: ActionCodec
    hidden_information: bool = False  # some seat may not see everything (besides the future)
    simultaneous_decisions: bool = False  # some node lets several seats decide at once
    # The engine's decision-limit safeguard: a game whose rules alone do not bound its length
    # names the default number of player decisions after which it ends, scored as it stands,
    # and implements ``State._end_by_decision_limit``. The core then declares the option
    # (``core.options.decision_limit``, appended to ``declared_options``), counts the decisions
    # (``State.decisions``) and calls the hook once the limit is reached. None: no safeguard.
    decision_limit: ClassVar[int | None] = None
    # this game's limit (the option's value; None without the safeguard), set by __init__
    max_decisions: int | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Declare the ``decision_limit`` option from ``cls.decision_limit`` (one declaration
        for every game; a game never declares that option itself)."""
        super().__init_subclass__(**kwargs)
        limit = cls.__dict__.get("decision_limit", cls.decision_limit)
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)):
            raise TypeError(f"{cls.__name__}.decision_limit is a whole number or None")
        if limit is not None and limit < 1:
            raise TypeError(f"{cls.__name__}.decision_limit must be 1 or more, not {limit}")
        own = cls.__dict__.get("declared_options")
        for option in own or ():
            if option.name == DECISION_LIMIT:
                raise TypeError(
                    f"{cls.__name__} declares the option {DECISION_LIMIT!r} itself: set "
                    f"``decision_limit = N`` on the class instead (the core declares the option)"
                )
        kept = tuple(o for o in cls.declared_options if o.name != DECISION_LIMIT)
        cls.declared_options = kept if limit is None else (*kept, decision_limit(limit))

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptions(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                f"{self.title} is for {self.min_players}..{self.max_players} players, not {players}"
            )
        self.players = players
        self.options: dict[str, Any] = resolve_options(
            self.name, self.declared_options, options or {}
        )
        # the player decisions after which this game ends (the safeguard's value), or None
        if self.decision_limit is not None:
            self.max_decisions = int(self.options[DECISION_LIMIT])
        self._check_options()

    def __reduce__(self) -> tuple[Any, ...]:
        # A game is its class, seat count and options: pickled so (by reference to the class),
        # not attribute by attribute, since its tables may hold compiled closures that cannot
        # be pickled (a saved RL model, a process pool's task)
        return (type(self), (self.players, dict(self.options)))

    def _check_options(self) -> None:  # noqa: B027 - an optional hook
        """Cross-option checks (hook); raise InvalidOptions."""

    @property
    def num_actions(self) -> int:
        """Size of the player action space: every action id is in ``range(num_actions)``."""
        return self.codec.total

    @property
    @abstractmethod
    def max_chance_outcomes(self) -> int:
        """Every chance outcome id is in ``range(max_chance_outcomes)``."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the player actions of one game (each seat's submission at a
        simultaneous decision counts once; chance outcomes do not count). Every game of these
        options ends within it, whatever the players do."""

    def component_texts(self) -> Sequence[str]:
        """The component data this game was made from (the texts of its data files); their
        hash identifies the edition in facts, positions and records. Default: none."""
        return ()

    def components_text(self) -> str | None:
        """The text of the one data file the game's ``components`` option replaces (what a
        study's data variant changes), or None when the game takes no such option. Default: the
        game's only data file, if it has exactly one."""
        if not any(option.name == "components" for option in self.declared_options):
            return None
        texts = list(self.component_texts())
        return texts[0] if len(texts) == 1 else None

    @cached_property
    def data_hash(self) -> str:
        """A short hash of ``component_texts()``: a record or position made with other
        component data is refused rather than silently replayed with another meaning."""
        digest = hashlib.blake2b(digest_size=8)
        for text in self.component_texts():
            digest.update(text.encode())
            digest.update(b"\0")
        return digest.hexdigest()

    @abstractmethod
    def _new_state(self, seed: int) -> State:
        """The initial state (it may start at a chance node: setup is chance too)."""

    @abstractmethod
    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        """Rebuild a state from the game-specific part of a position document."""

    def new_state(self, seed: int | None = None, *, resolve_chance: bool = True) -> State:
        """A new game. ``seed=None`` picks a random seed. With ``resolve_chance`` (the
        default) the setup's chance nodes are resolved, so a player is to act."""
        state = self._new_state(secrets.randbits(63) if seed is None else seed)
        if resolve_chance:
            state.resolve_chance()
        return state

    def state_from_json(self, doc: Mapping[str, Any], *, trusted: bool = False) -> State:
        """Inverse of ``State.to_json``; raises InvalidPosition on a malformed document.

        The history is never replayed. ``trusted=True`` is for documents this process made
        with ``to_json`` (snapshots, bench): the history's entries are taken as they are
        instead of being converted and checked one by one, and the state is not tried out;
        anything read from outside (a file, the web) must use the default, which also makes
        sure the loaded state plays on: every seat to act has a legal action (or the chance
        node an outcome) and every seat's view can be drawn."""
        with PausedGC():  # thousands of small allocations, no cycles (core.state.PausedGC)
            return self._state_from_json(doc, trusted)

    def _state_from_json(self, doc: Mapping[str, Any], trusted: bool) -> State:
        if not isinstance(doc, Mapping):
            raise InvalidPosition(f"a position document is a JSON object, not {excerpt(doc)}")
        if doc.get("format", POSITION_FORMAT) != POSITION_FORMAT:
            raise InvalidPosition(f"unknown position format {excerpt(doc.get('format'))}")
        if doc.get("game", self.name) != self.name:
            raise InvalidPosition(
                f"a {excerpt(doc.get('game'))} position is not a {self.name} position"
            )
        if doc.get("players", self.players) != self.players:
            raise InvalidPosition(
                f"a {excerpt(doc.get('players'))}-player position is not for this "
                f"{self.players}-player game"
            )
        options = doc.get("options", self.options)
        if not isinstance(options, Mapping) or self._with_defaults(options) != self.options:
            raise InvalidPosition("the position was made with other options than this game's")
        self.check_data_hash(doc.get("data"), "position")
        position = doc.get("position")
        if not isinstance(position, Mapping):
            raise InvalidPosition(f"position must be a JSON object, not {excerpt(position)}")
        try:
            seed = doc.get("seed", 0)
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise InvalidPosition(f"seed = {excerpt(seed)}: a whole number >= 0")
            state = self._state_from_position(seed, dict(position))
            state._take_history(history_from_json(doc.get("history", []), not trusted))
            step = doc.get("step", state.history_length())
            if isinstance(step, bool) or not isinstance(step, int) or step < 0:
                raise InvalidPosition(f"step = {excerpt(step)}: a whole number >= 0")
            state.step = step
            if not trusted:
                _try_out(state)
        except InvalidPosition:
            raise
        except RecursionError:
            raise InvalidPosition(f"malformed {self.name} position: nested too deeply") from None
        except Exception as error:  # a loader that missed a check must not crash its caller
            why = f"{type(error).__name__}: {excerpt(str(error), 160)}"
            raise InvalidPosition(f"malformed {self.name} position: {why}") from error
        return state

    def _with_defaults(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` as written, with the default of each option it does not name: a
        position or record written before the game declared an option (Five Seals'
        ``components``) was made with that option's default."""
        missing = {o.name: o.default for o in self.declared_options if o.name not in options}
        return {**missing, **options}

    def check_data_hash(self, data: Any, what: str) -> None:
        """Raise InvalidPosition if a document names component data other than this game's
        (documents without a ``data`` hash are accepted, as before hashes existed)."""
        if data is not None and data != self.data_hash:
            raise InvalidPosition(
                f"this {what} was made with other {self.title} component data (hash {data}, "
                f"this game's is {self.data_hash}); load it with the same data files"
            )

    # ----------------------------------------------------------------- optional hooks
    # Every hook a game may offer is declared here with its default; nothing outside the core
    # looks a hook up by name. docs/architecture.md lists them by layer. What a game offers of
    # them is summed up in ``capabilities``, which every layer asks.

    @cached_property
    def capabilities(self) -> Capabilities:
        """What this game offers (per instance: a variant may change it). Derived from the
        game's hooks: by asking the hooks that answer without a position (``heuristic_bot``,
        ``observation_encoder``, ``text_topics``, ``rules_document``, ``web_folder``), by
        whether the game overrides the hooks that need one (``render_svg``, ``aids``), and from
        the class facts ``decision_limit`` and ``min_players``. A game whose overridden
        ``render_svg`` or ``aids`` gives nothing in some variant overrides this property
        (``dataclasses.replace(super().capabilities, svg=False)``); the contract battery
        checks every claim against the hooks."""
        cls = type(self)
        return Capabilities(
            heuristic=self.heuristic_bot(0) is not None,
            observation_encoder=self.observation_encoder() is not None,
            decision_limit=cls.decision_limit,
            svg=cls.render_svg is not Game.render_svg,
            aids=cls.aids is not Game.aids,
            solo=self.min_players == 1,
            text_topics=bool(self.text_topics()),
            rules=self.rules_document() is not None,
            browser_renderer=cls.web_folder() is not None,
            tutorial=cls.tutorial_folder() is not None,
        )

    # Per instance, like the flags above: the hidden part hardly matters to a decision (Ciúb
    # hides only the cards removed face down at setup), so a search may use one
    # determinisation per move instead of information-set search.
    mostly_open: bool = False

    @property
    def search_kind(self) -> str:
        """The search the ``search`` bot and the levels use: ``"ismcts"`` (information-set
        MCTS) where seats decide at once or a seat may not see what matters, else ``"mcts"``.
        A game may override it."""
        if self.simultaneous_decisions or (self.hidden_information and not self.mostly_open):
            return "ismcts"
        return "mcts"

    # Iterations of one decision of the ``hard`` search level, calibrated once to about 1 CPU
    # second on an idle core (bench/calibrate_levels.py, docs/bots.md); ``normal`` searches a
    # quarter of it. An iteration budget plays the same moves on any machine, a time budget
    # does not. None: the bots' default (``grimoire.bots.registry.HARD_ITERATIONS``).
    search_iterations: int | None = None

    def evaluate(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat``: its estimated chance of winning in [0, 1], the
        seats' values adding up to about 1 (search bots score their cut rollouts with it; a
        finished game is never passed). Default: a softmax of the running scores. It may
        cache facts in ``state.memo``: the bots ask for every seat of one position in turn."""
        from grimoire.core.evaluation import generic_evaluate

        return generic_evaluate(state, seat)

    def heuristic_bot(self, seed: int | None = None) -> Bot | None:
        """This game's own heuristic bot, or None if it ships none (then the level names that
        need it are refused, never silently played by another bot)."""
        return None

    def observation_encoder(self) -> ObservationEncoder | None:
        """This game's hand-designed RL observation (``core.observation``), or None: the RL
        environments then use the generic encoder of ``view`` (``grimoire.envs.observation``)."""
        return None

    @classmethod
    def web_assets(cls) -> object | None:
        """The folder of this game's browser renderer (``render.js``, ``render.css``): a
        ``pathlib.Path`` or an ``importlib.resources`` traversable, or None to look for a
        ``web/`` folder in the game's package (the default; see ``web_folder``)."""
        return None

    @classmethod
    def web_folder(cls) -> Traversable | None:
        """The folder of this game's browser renderer: ``web_assets()``, else a ``web/`` folder
        holding ``render.js`` beside the module of the class or in a parent package up to
        ``grimoire.games.<name>``; None: the game has none (the web's generic page)."""
        return _web_folder(cls)

    # The rules in context (the web's rules panel, the terminal's ``rules``): a game names its
    # rules document in docs/rules, and maps ``State.phase`` to the start of the heading of the
    # section that governs it (optionally ``"Heading » Bold lead"`` for one paragraph of it).
    rules_file: ClassVar[str | None] = None
    phase_rules: ClassVar[Mapping[str, str]] = {}

    def rules_document(self) -> str | None:
        """The file name of this game's rules document in docs/rules, or None."""
        return self.rules_file

    def rules_sections(self) -> Mapping[str, str]:
        """``State.phase`` -> the start of the heading of the rules section that governs it."""
        return self.phase_rules

    @classmethod
    def tutorial_folder(cls) -> Traversable | None:
        """The folder of this game's tutorial (``grimoire.tutorial`` reads it: ``tutorial.toml``
        and the position files it names), or None: the game has none. Default: the ``data/``
        folder beside the module of the class, or of a parent package up to
        ``grimoire.games.<name>``, if it holds ``tutorial.toml``."""
        return _package_folder(cls, "data", "tutorial.toml")

    def rules_step(self, state: State) -> str:
        """The key of ``rules_sections()`` for the step being played: the rules panel and the
        terminal's ``rules`` show the paragraph it names. Default: ``state.phase``; a game
        whose phase holds several steps names the step (F.A.T.A.L.'s turn: ``play/steal``)
        from public facts only (the decision on top, never a hidden card)."""
        return state.phase

    def explain(self, state: State, action: int, seat: int | None = None) -> str:
        """What ``action`` would do for ``seat`` now, shown before the person commits (the
        terminal's ``explain``, the page's tooltips): the rule that allows it, with its
        section, and the change it makes ("claims card 21 (6 VP): your tray meets its need 3
        of a kind. Rule: a turn, phase 3"), in the current language, from what ``seat`` may
        see only (the same text in every position ``seat`` cannot tell apart). Asked for
        legal actions; a refused one is explained by ``State.why_illegal``. Default: the
        action's text."""
        return state.action_to_string(action)

    def turn_summary(
        self, before: State, after: State, seat: int, viewer: int | None
    ) -> str | None:
        """Another seat's turn in short, as a player would say it ("claims card 8 (1,4,7, 4
        VP); gives back G1; takes W6"): what ``seat`` got and gave from ``before`` its run of
        decisions to ``after`` it, as ``viewer`` may know it, in the current language. The
        terminal prints it under a bot's moves (with the change of its score). Default: None
        (the moves' own lines say it)."""
        return None

    def score_breakdown(self, state: State, viewer: int | None) -> list[dict[str, Any]]:
        """Where each seat's points came from, as ``viewer`` may know it (the end of a game:
        the terminal after its final scores, the page under its result): per seat ``{"seat",
        "parts": [{"what": text, "points": number or None}], "total"}``, the parts adding up
        to the total (a part without points says a fact, such as a tie-break), in the current
        language. Default: [] (the front ends then show the scores alone)."""
        return []

    def text_topics(self) -> Mapping[str, str]:
        """Extra terminal commands: name -> what it shows (Five Seals: ``map``, ``spells``)."""
        return {}

    def text_topic_word(self, name: str) -> str:
        """The word a person types for the extra command ``name`` (a key of ``text_topics()``)
        in the current language; the terminal understands ``name`` itself too."""
        return name

    def text_topic(self, state: State, seat: int | None, name: str, argument: str) -> Any:
        """What the extra terminal command ``name`` shows ``seat``: a string or a rich
        renderable. Called only with a name from ``text_topics()``."""
        raise NotImplementedError(f"{self.title} has no terminal command {name!r}")

    def render_text(self, state: State, seat: int | None) -> Any:
        """A terminal rendering of what ``seat`` sees: a string or a rich renderable."""
        import json

        return json.dumps(state.view(seat), indent=1, ensure_ascii=False)

    def render_svg(self, state: State, seat: int | None) -> str | None:
        """An SVG picture of what ``seat`` sees, or None if the game has no picture."""
        return None

    def aids(self, state: State, seat: int | None, seconds: float | None = None) -> dict[str, Any]:
        """Aids to play shown beside the board (exact odds and the like) for ``seat`` (None: a
        spectator), as JSON data computed from what that seat sees; {} if the game has none.
        Without ``seconds`` they depend on the position alone (the web page and the terminal
        show them); with it the game may add answers that take up to that long (``grimoire
        analyse``)."""
        return {}

    def facts(self) -> dict[str, Any]:
        """Static facts as JSON data."""
        return {
            "name": self.name,
            "title": self.title,
            "players": self.players,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": dict(self.options),
            "declared_options": [option.describe() for option in self.declared_options],
            "num_actions": self.num_actions,
            "max_chance_outcomes": self.max_chance_outcomes,
            "max_game_length": self.max_game_length,
            "data_hash": self.data_hash,
            "hidden_information": self.hidden_information,
            "simultaneous_decisions": self.simultaneous_decisions,
            "mostly_open": self.mostly_open,
            "search_kind": self.search_kind,
            "heuristic": self.capabilities.heuristic,
            "capabilities": self.capabilities.to_json(),
        }

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, options={self.options})"


def _web_folder(cls: type[Game]) -> Traversable | None:
    found: Any = cls.web_assets()
    if found is not None:
        folder: Traversable = Path(found) if isinstance(found, str) else found
        return folder
    # the class's module if it is a package, then its parent packages (all loaded already:
    # they are looked up, never imported)
    parts = cls.__module__.split(".")
    names = [".".join(parts[:end]) for end in range(len(parts), 0, -1)]
    for name in names:
        if name in ("grimoire", "grimoire.games"):
            break
        package = sys.modules.get(name)
        if package is None or not hasattr(package, "__path__"):
            continue
        try:
            candidate = files(package) / "web"
        except (TypeError, ValueError):
            continue
        if (candidate / "render.js").is_file():
            return candidate
    return None


def _package_folder(cls: type[Game], folder: str, marker: str) -> Traversable | None:
    """``folder`` in the package of ``cls``'s module or a parent package up to
    ``grimoire.games.<name>`` (all loaded already: looked up, never imported), where it holds
    the file ``marker``; None if none does."""
    parts = cls.__module__.split(".")
    for name in (".".join(parts[:end]) for end in range(len(parts), 0, -1)):
        if name in ("grimoire", "grimoire.games"):
            break
        package = sys.modules.get(name)
        if package is None or not hasattr(package, "__path__"):
            continue
        try:
            candidate = files(package) / folder
        except (TypeError, ValueError):
            continue
        if (candidate / marker).is_file():
            return candidate
    return None


def _try_out(state: State) -> None:
    """A loaded state must play on: InvalidPosition if no seat to act has a legal action, or
    the chance node no outcome (every view is drawn once too, so a broken one shows here)."""
    if state.is_chance() and not state.chance_weights():
        raise InvalidPosition("the position is at a chance node with no outcome")
    for seat in sorted(state.seats_to_act()):
        if not state.legal_actions(seat):
            raise InvalidPosition(f"seat {seat} is to act but has no legal action")
    for viewer in [None, *range(state.game.players)]:
        state.view(viewer)
