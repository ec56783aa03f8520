"""Ciúb (Tom Lehmann, AMIGO 2014) as a grimoire ``Game``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from grimoire.core.bot import Bot
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game
from grimoire.core.i18n import N_
from grimoire.core.observation import ObservationEncoder
from grimoire.core.options import Option
from grimoire.core.state import State
from grimoire.games.ciub import evaluation, position, rules, setup
from grimoire.games.ciub.actions import codec
from grimoire.games.ciub.components import LOADER, Components
from grimoire.games.ciub.state import CiubState
from grimoire.games.ciub.tables import Tables


class CiubGame(Game):
    """Dice management and spell cards for 2..4 players."""

    name: ClassVar[str] = "ciub"
    title: ClassVar[str] = "Ciúb"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    hidden_information = True  # the pile and the cards removed face down
    # the cards removed face down at setup hardly matter to a decision: one determinisation
    # per move is enough for a search
    mostly_open = True
    decision_limit: ClassVar[int | None] = 20_000  # the engine safeguard (ruling 21)
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option(
            "length",
            "normal",
            N_("normal game, or short game (owl cards out, fewer removals; also the first game)"),
            choices=("normal", "short"),
        ),
        Option(
            "start_player",
            "random",
            N_("who starts: chosen at random, or a seat number"),
            choices=("random", 0, 1, 2, 3),
        ),
        Option(
            "self_adjust",
            "number_or_skull",
            N_(
                "faces an adjust die may turn itself to: number_or_skull (ruling), "
                "number (German rulebook) or not_action (English rulebook)"
            ),
            choices=tuple(rules.SELF_ADJUST_FACES),
        ),
        Option(
            "skulls_wild",
            False,
            N_("skulls may join equal numbers for '=' cards (default: skulls only with skulls)"),
            kind=bool,
        ),
        Option(
            "components",
            None,
            N_("path of a components TOML file to use instead of the shipped one"),
            kind=str,
        ),
    )

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.components: Components = LOADER.load(self.options["components"])
        self.codec = codec(self.components)
        self.tables = Tables(
            self.components,
            self.codec.space,
            rules.SELF_ADJUST_FACES[self.options["self_adjust"]],
            bool(self.options["skulls_wild"]),
        )

    def _check_options(self) -> None:
        start = self.options["start_player"]
        if start != "random" and not 0 <= int(start) < self.players:
            raise InvalidOptions(f"start_player {start} is not a seat of {self.players} players")

    def component_texts(self) -> list[str]:
        return [LOADER.text(self.options["components"])]

    @property
    def max_game_length(self) -> int:
        return int(self.options["decision_limit"])

    @property
    def max_chance_outcomes(self) -> int:
        return max(max(self.components.cards) + 1, 6, self.players)

    def _new_state(self, seed: int) -> State:
        st = CiubState(self, seed)
        setup.start_setup(st)
        return st

    def _state_from_position(self, seed: int, doc: dict[str, Any]) -> State:
        st = CiubState(self, seed)
        position.load(st, doc)
        return st

    evaluate = staticmethod(evaluation.evaluate)
    search_iterations = 1100  # hard: about 1 CPU s a decision (docs/bots.md)

    def heuristic_bot(self, seed: int | None = None) -> Bot | None:
        from grimoire.games.ciub.heuristic import CiubHeuristicBot

        return CiubHeuristicBot(seed)

    def observation_encoder(self) -> ObservationEncoder:
        from grimoire.games.ciub.observation import CiubObservation

        return CiubObservation(self)

    rules_file: ClassVar[str | None] = "ciub.md"  # in docs/rules (grimoire.rulebook)

    # State.phase -> the start of the heading of the rules section that governs it
    phase_rules: ClassVar[Mapping[str, str]] = {
        "setup_remove": "Setup",
        "setup_deal": "Setup",
        "setup_first": "Setup",
        "mark": "A turn » **Phase 1**",
        "draw": "A turn",
        "roll": "A turn » **Phase 2**",
        "actions": "A turn » **Phase 2**",
        "set_aside": "A turn » **Phase 2**",
        "claim": "A turn » **Phase 3**",
        "move_down": "A turn » **Phase 3**",
        "reduce": "A turn » **Phase 3**",
        "take": "A turn » **Phase 3**",
        "trade": "A turn » **Phase 4**",
        "over": "The end",
    }

    def explain(self, state: State, action: int, seat: int | None = None) -> str:
        from grimoire.games.ciub.explain import explain

        assert isinstance(state, CiubState)
        return explain(state, action, state.turn if seat is None else seat)

    def turn_summary(
        self, before: State, after: State, seat: int, viewer: int | None
    ) -> str | None:
        from grimoire.games.ciub.explain import turn_summary

        assert isinstance(before, CiubState) and isinstance(after, CiubState)
        return turn_summary(before, after, seat)

    def score_breakdown(self, state: State, viewer: int | None) -> list[dict[str, Any]]:
        from grimoire.games.ciub.explain import breakdown

        assert isinstance(state, CiubState)
        return breakdown(state, viewer)

    def render_text(self, state: State, seat: int | None) -> Any:
        from grimoire.games.ciub.render_text import render

        assert isinstance(state, CiubState)
        return render(state, seat)

    def render_svg(self, state: State, seat: int | None) -> str | None:
        from grimoire.games.ciub.render_svg import render

        return render(state, seat)

    def aids(self, state: State, seat: int | None, seconds: float | None = None) -> dict[str, Any]:
        from grimoire.games.ciub import odds

        assert isinstance(state, CiubState)
        return odds.aids(state, seat, seconds)
