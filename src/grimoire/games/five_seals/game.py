"""Five Seals of Magic (Thorsten Reichwein; Hobby World 2015, Mayday Games 2017) as a ``Game``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from grimoire.core.bot import Bot
from grimoire.core.components import ComponentError
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game
from grimoire.core.i18n import N_
from grimoire.core.observation import ObservationEncoder
from grimoire.core.options import Option
from grimoire.core.state import State
from grimoire.games.five_seals import evaluation, position
from grimoire.games.five_seals.actions import codec
from grimoire.games.five_seals.board import BoardError, board_text, check_capacity, load_board
from grimoire.games.five_seals.components import LOADER, component_texts
from grimoire.games.five_seals.state import FiveSealsState

CARDS_PER_STRENGTH = 10  # the basic set plus one additional set, 5 colours each


class FiveSealsGame(Game):
    """Break seals in a dungeon with dice of four elements; collect and cast scrolls."""

    name: ClassVar[str] = "five-seals"
    title: ClassVar[str] = "Five Seals of Magic"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    decision_limit: ClassVar[int | None] = 20_000  # the engine safeguard (ruling 22)
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option(
            "circle",
            1,
            N_(
                "the additional magic circle played with the basic one: 1 Might, 2 Spaces, "
                "3 Conflict, 4 Movement, or random (a chance node at setup)"
            ),
            choices=(1, 2, 3, 4, "random"),
        ),
        Option(
            "edition",
            "hobbyworld",
            N_(
                "hobbyworld: the Hobby World rules (ties shared); mayday: PROPOSED reading of the "
                "Mayday revision (ties broken by most strength-6, then 5.. scrolls; Binding may "
                "also raise a die by 1)"
            ),
            choices=("hobbyworld", "mayday"),
        ),
        Option(
            "components",
            None,
            N_(
                "path of a components TOML file (as the shipped data/components.toml: dice, "
                "seal tokens per colour and strength, the end threshold, mages) to use instead "
                "of the shipped counts"
            ),
            kind=str,
        ),
        Option(
            "board",
            None,
            N_(
                "path of a board JSON file "
                "(default: the shipped PROPOSED board for the player count)"
            ),
            kind=str,
        ),
        Option(
            "first_player",
            "random",
            N_("who starts: random (a chance node at setup) or a seat number"),
            choices=("random", 0, 1, 2, 3, 4),
        ),
        Option(
            "dice_refill",
            "immediate",
            N_(
                "when a player whose round is over takes 3 dice: immediate (ruling 9, the "
                "rulebook's turn step 5) or round-end (everyone, in turn order, "
                "before the next round)"
            ),
            choices=("immediate", "round-end"),
        ),
        Option(
            "speed_second_move",
            True,
            N_(
                "Speed: the mage also moves onto the second, free seal (ruling 4); false: it stays "
                "on the first"
            ),
            kind=bool,
        ),
        Option(
            "stall_limit",
            5,
            N_(
                "engine safeguard (PROPOSED): the game also ends after this many rounds in a row "
                "without a broken seal (0: never)"
            ),
            kind=int,
        ),
    )

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, options)
        try:
            self.comp = LOADER.load(self.options["components"])
        except ComponentError as error:
            raise InvalidOptions(str(error)) from error
        try:
            self.board = load_board(players, self.options["board"])
            check_capacity(self.board, self.comp, CARDS_PER_STRENGTH)
        except BoardError as error:
            raise InvalidOptions(str(error)) from error
        self.codec = codec(self.board, self.comp)
        self.node_base = self.codec.base("node")

    def component_texts(self) -> list[str]:
        counts = self.options["components"]
        return [*component_texts(counts), board_text(self.players, self.options["board"])[0]]

    def components_text(self) -> str:
        """The counts (dice, seal tokens, the end threshold, mages): the one file the
        ``components`` option replaces, what a designer's study changes (the spells' effects
        are rules, the board has an option of its own)."""
        return LOADER.text(self.options["components"])

    def _check_options(self) -> None:
        first = self.options["first_player"]
        if first != "random" and not 0 <= int(first) < self.players:
            raise InvalidOptions(f"first_player {first} is not a seat of {self.players} players")
        if self.options["stall_limit"] < 0:
            raise InvalidOptions("stall_limit must be 0 (never) or more")

    @property
    def max_game_length(self) -> int:
        return int(self.options["decision_limit"])

    @property
    def max_chance_outcomes(self) -> int:
        return 100  # scroll cards 0..99 at setup; dice faces, colours, circles, seats fewer

    def _new_state(self, seed: int) -> State:
        return FiveSealsState(self, seed)

    def _state_from_position(self, seed: int, doc: dict[str, Any]) -> State:
        st = FiveSealsState(self, seed, blank=True)  # position.load sets every field
        position.load(st, doc)
        return st

    evaluate = staticmethod(evaluation.evaluate)
    search_iterations = 950  # hard: about 1 CPU s a decision (docs/bots.md)

    def heuristic_bot(self, seed: int | None = None) -> Bot | None:
        from grimoire.games.five_seals.heuristic import HeuristicBot

        return HeuristicBot(seed)

    def observation_encoder(self) -> ObservationEncoder:
        from grimoire.games.five_seals.observation import FiveSealsObservation

        return FiveSealsObservation(self)

    rules_file: ClassVar[str | None] = "five-seals-of-magic.md"  # in docs/rules (grimoire.rulebook)

    # State.phase -> the start of the heading of the rules section that governs it
    phase_rules: ClassVar[Mapping[str, str]] = {
        "setup": "Setup",
        "draft": "Setup",
        "play": "A round",
        "over": "A round » **Scoring**",
        # the steps of a turn (``rules_step``: the pending decision): one paragraph each
        "play/turn": "A round » **Must break**",
        "play/scrolls": "A round » **Scrolls**",
        "play/pay": "A round » **Paying**",
        "play/take": "A round » **Round over for you**",
    }

    def rules_step(self, state: State) -> str:
        from grimoire.games.five_seals.explain import rules_step

        return rules_step(_own(state))

    # Every picture is drawn for a seat of the game or a spectator (None); ``view.focus``
    # refuses any other seat with one line (IllegalAction).
    def explain(self, state: State, action: int, seat: int | None = None) -> str:
        from grimoire.games.five_seals.explain import explain

        st = _own(state)
        return explain(st, action, min(st.seats_to_act(), default=0) if seat is None else seat)

    def turn_summary(
        self, before: State, after: State, seat: int, viewer: int | None
    ) -> str | None:
        from grimoire.games.five_seals.explain import turn_summary

        return turn_summary(_own(before), _own(after), seat, viewer)

    def score_breakdown(self, state: State, viewer: int | None) -> list[dict[str, Any]]:
        from grimoire.games.five_seals.explain import breakdown

        return breakdown(_own(state), viewer)

    def render_text(self, state: State, seat: int | None) -> Any:
        from grimoire.games.five_seals.render_text import render

        return render(_own(state), seat)

    def text_topics(self) -> dict[str, str]:
        """The terminal's extra commands (see grimoire.cli.play)."""
        from grimoire.games.five_seals.text_map import topics

        return topics()

    def text_topic_word(self, name: str) -> str:
        """``karte``, ``zauber``, ``legende`` / ``地図``, ``呪文``, ``凡例`` (English too)."""
        from grimoire.games.five_seals.text import topic_word

        return topic_word(name)

    def text_topic(self, state: State, seat: int | None, name: str, argument: str) -> Any:
        from grimoire.games.five_seals.text_map import topic

        return topic(_own(state), seat, name, argument)

    def render_svg(self, state: State, seat: int | None) -> str | None:
        from grimoire.games.five_seals.render_svg import render

        return render(_own(state), seat)

    def aids(self, state: State, seat: int | None, seconds: float | None = None) -> dict[str, Any]:
        """``seals``: every seal ``seat`` (a spectator: the seat to act) can reach, whether its
        dice break it now and the exact chance a fresh roll would (``odds.seal_odds``)."""
        from grimoire.games.five_seals.odds import aids

        return aids(_own(state), seat)


def _own(state: State) -> FiveSealsState:
    assert isinstance(state, FiveSealsState)
    return state
