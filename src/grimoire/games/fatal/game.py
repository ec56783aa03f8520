"""F.A.T.A.L. (Martina Mealli and Gabriele Rabbini; daVinci Games 2007) as a ``Game``.

The rulebook calls it "Trimagic Enchanters". Rules, rulings, options and the position format:
docs/rules/fatal.md.
"""

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
from grimoire.games.fatal import evaluation, flow, position
from grimoire.games.fatal.actions import Ids, codec, ids
from grimoire.games.fatal.components import LOADER, layout
from grimoire.games.fatal.state import FatalState
from grimoire.games.fatal.tables import Tables

LOAD_BOUND = 1000  # procedure steps at load (a whole round of turns takes about 40)


class FatalGame(Game):
    """Hidden birth-signs, visions in rows of three, trimagics, two rounds of treasures."""

    name: ClassVar[str] = "fatal"
    title: ClassVar[str] = "F.A.T.A.L."
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    hidden_information = True
    simultaneous_decisions = True  # the sealed reveal at the end of round 1
    # the engine safeguard (ruling 26): the rules alone do not end a game in which nobody
    # takes a treasure
    decision_limit: ClassVar[int | None] = 4000
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option(
            "first_player",
            "random",
            N_("who starts: random (a chance node at setup) or a seat number"),
            choices=("random", 0, 1, 2, 3, 4),
        ),
        Option(
            "components",
            None,
            N_("path of a components TOML file to use instead of the shipped (PROPOSED) card data"),
            kind=str,
        ),
        Option(
            "aside_leftovers",
            "discard",
            N_(
                "set-aside cards that do not fit the hand at the end of a turn: discard (ruling 8, "
                "face up to the discard pile) or keep (they stay set aside for a later turn)"
            ),
            choices=("discard", "keep"),
        ),
        Option(
            "shield_gifts",
            True,
            N_(
                "Elemental Shield may also cancel a DRAW or TAKE gift aimed at you (ruling 10); "
                "false: only STEAL and DISCARD target a player"
            ),
            kind=bool,
        ),
        Option(
            "star_treasure",
            "mandatory",
            N_("3 or more stars: the display treasure must be taken (ruling 18) or is optional"),
            choices=("mandatory", "optional"),
        ),
        Option(
            "idle_round",
            True,
            N_(
                "the game ends, scored as it stands, once every player still in it has had a "
                "turn in a row in which nothing changed (ruling 31, PROPOSED); false: play on "
                "until decision_limit"
            ),
            kind=bool,
        ),
    )

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.comp = LOADER.load(self.options["components"])
        self.lay = layout(self.comp, players)
        self.codec = codec(self.comp)
        self.ids: Ids = ids(self.comp)
        self.tab = Tables(self.comp, self.lay, self.options)

    def _check_options(self) -> None:
        first = self.options["first_player"]
        if first != "random" and not 0 <= int(first) < self.players:
            raise InvalidOptions(f"first_player {first} is not a seat of {self.players} players")

    def component_texts(self) -> list[str]:
        return [LOADER.text(self.options["components"])]

    @property
    def max_chance_outcomes(self) -> int:
        comp = self.comp
        return max(comp.num_card_kinds, comp.num_treasure_kinds, len(comp.signs), self.players)

    @property
    def max_game_length(self) -> int:
        return int(self.options["decision_limit"])

    def _new_state(self, seed: int) -> State:
        return FatalState(self, seed)

    def _state_from_position(self, seed: int, doc: dict[str, Any]) -> State:
        state = FatalState(self, seed, blank=True)
        position.load(state, doc)
        flow.advance(state, bound=LOAD_BOUND)  # a hand-written position may stop at a procedure
        return state

    evaluate = staticmethod(evaluation.evaluate)
    search_iterations = 1500  # hard: about 1 CPU s a decision (docs/bots.md)

    def heuristic_bot(self, seed: int | None = None) -> Bot | None:
        from grimoire.games.fatal.heuristic import FatalHeuristicBot

        return FatalHeuristicBot(seed)

    def observation_encoder(self) -> ObservationEncoder:
        from grimoire.games.fatal.observation import FatalObservation

        return FatalObservation(self)

    rules_file: ClassVar[str | None] = "fatal.md"  # in docs/rules (grimoire.rulebook)

    # State.phase -> the start of the heading of the rules section that governs it
    phase_rules: ClassVar[Mapping[str, str]] = {
        "setup": "Setup",
        "play": "A turn",
        "over": "Final scoring",
        # the steps of a turn (``rules_step``: the pending question): one paragraph each
        "play/step1": "A turn » **An enchantment or the exchange**",
        "play/step2": "A turn » **Steal one vision**",
        "play/step3": "A turn » **Play one or two visions**",
        "play/stars": "A turn » **End of turn A, stars**",
        "play/casts": "A turn » **End of turn B, trimagics**",
        "play/hand": "A turn » **End of turn C**",
        "play/trimagic": "Trimagics",
        "play/shield": "Trimagics » **Elemental Shield window**",
        "play/enchantment": "Enchantments",
        "play/round": "The end of a round",
    }

    def rules_step(self, state: State) -> str:
        from grimoire.games.fatal.explain import rules_step

        assert isinstance(state, FatalState)
        return rules_step(state)

    def explain(self, state: State, action: int, seat: int | None = None) -> str:
        from grimoire.games.fatal.explain import explain

        assert isinstance(state, FatalState)
        return explain(state, action, _acting(state, seat))

    def turn_summary(
        self, before: State, after: State, seat: int, viewer: int | None
    ) -> str | None:
        from grimoire.games.fatal.summary import turn_summary

        assert isinstance(before, FatalState) and isinstance(after, FatalState)
        return turn_summary(before, after, seat, viewer)

    def score_breakdown(self, state: State, viewer: int | None) -> list[dict[str, Any]]:
        from grimoire.games.fatal.explain import breakdown

        assert isinstance(state, FatalState)
        return breakdown(state, viewer)

    def render_text(self, state: State, seat: int | None) -> Any:
        from grimoire.games.fatal.render_text import render

        assert isinstance(state, FatalState)
        return render(state, seat)


def _acting(state: State, seat: int | None) -> int:
    """The seat an explanation is for: ``seat``, else the one seat to act."""
    if seat is not None:
        return seat
    return min(state.seats_to_act(), default=0)
