"""Ciúb's position: where every die and card is, whose turn and which step of it.

All data is plain lists and ints (and the typed decision frames of ``frames.py``), so that
copies, the position document and views stay simple. The rules that move it on are in
``rules.py``; what a seat may know in ``view.py``; the position document in ``position.py``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from grimoire.core.actions import ActionSpace
from grimoire.core.errors import IllegalAction
from grimoire.core.frames import Frame, copy_frames
from grimoire.core.state import CHANCE, TERMINAL, Actor, State, copy_fields
from grimoire.games.ciub import actions, position, rules, text, view
from grimoire.games.ciub.components import PILES, Components
from grimoire.games.ciub.rules import CHANCE_PHASES
from grimoire.games.ciub.turn import BOX

if TYPE_CHECKING:
    from grimoire.games.ciub.game import CiubGame


class CiubState(State):
    """A Ciúb position. See docs/rules/ciub.md for the position format."""

    def __init__(self, game: CiubGame, seed: int, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        # The parts of the game the rules read, typed. The state holds its game once, as
        # ``game`` of the core's type: mypyc refuses to narrow an inherited attribute to
        # CiubGame ('Type of "game" is incompatible with definition in class "State"').
        self.c: Components = game.components
        self.space: ActionSpace = game.codec.space  # the ids, read on the hot path
        if blank:  # an empty shell that _copy fills in
            return
        c = game.components
        n = game.players
        self.loc: list[int] = [BOX] * c.num_dice  # die -> seat, SUPPLY or BOX
        self.face: list[int] = [-1] * c.num_dice  # -1: inactive (not rolled this turn)
        self.tray: list[bool] = [False] * c.num_dice
        self.spent: list[bool] = [False] * c.num_dice  # its action face was used
        self.a_deck: list[int] = []  # A cards not yet dealt (setup only; hidden)
        self.pile: dict[str, list[int]] = {letter: [] for letter in PILES}  # hidden, unordered
        self.box_cards: list[int] = []  # removed at random at setup (face down; hidden)
        self.discard: list[int] = []  # removed in phase 1 (face up)
        self.owl_out: list[int] = []  # owl cards left out of a short game (known to all)
        self.top: list[int] = []
        self.bottom: list[int] = []
        self.claimed: list[list[int]] = [[] for _ in range(n)]
        self.marker: list[int | None] = [None] * n
        self.phase = "setup_remove"
        self.turn = 0
        self.first = 0
        self.turns = 0  # turns started so far
        self.stack: list[Frame] = []  # decision frames of a dice action or trade (frames.py)
        self.to_roll: list[int] = []
        self.cycle_ok = False  # a die set aside or swapped since the last roll
        self.setup_queue: list[str] = []  # letters still to remove, then rows still to deal
        self.refill_at = -1  # top-row index a draw will fill
        self.after_draw = ""
        self.claim_gap = -1  # bottom-row index the claimed card left
        self.triggered = False  # the last C card is revealed
        self.opus_holder: int | None = None
        self.final_left: list[int] = []  # seats still to take their final turn

    # ----------------------------------------------------------------- contract
    @property
    def current_player(self) -> Actor:
        if self.phase == "over":
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.turn

    def _legal_actions(self, seat: int) -> list[int]:
        return rules.legal_actions(self, seat)

    def _apply(self, actor: int, action: int) -> None:
        rules.apply(self, actor, action)

    def chance_weights(self) -> list[tuple[int, int]]:
        return rules.chance_weights(self)

    def scores(self) -> list[float]:
        return [float(self.vp(seat)) for seat in range(self.game.players)]

    def vp(self, seat: int) -> int:
        return sum(self.c.cards[card].vp for card in self.claimed[seat])

    def dice_held(self, seat: int) -> int:
        return sum(1 for where in self.loc if where == seat)

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        # Most VP; tie: most dice held; still tied: all of them win (rulebook).
        key = [(self.vp(seat), self.dice_held(seat)) for seat in range(self.game.players)]
        best = max(key)
        return [seat for seat in range(self.game.players) if key[seat] == best]

    def _end_by_decision_limit(self) -> None:
        self.phase, self.stack, self.to_roll = "over", [], []  # ruling 21

    def backs_out(self, action: int, seat: int | None = None) -> bool:
        """``cancel`` takes back a half-chosen re-roll or adjust (nothing else)."""
        return action == self.space.encode("cancel")

    def chance_to_string(self, outcome: int) -> str:
        return text.chance_text(self, outcome)

    def parse_action(self, source: str) -> int:
        """The declared parser, with Ciúb's twin dice (``actions.as_offered``) and its reasons
        for a face it cannot read (``actions.refuse_face``)."""
        try:
            action = super().parse_action(source)
        except IllegalAction:
            actions.refuse_face(self, source)
            raise
        return action if self.is_chance() else actions.as_offered(self, action)

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        return view.describe(self, actor, action, viewer)

    def _phase_hint(self, actor: int) -> str:
        return f"{text.phase_help(self)}; " + super()._phase_hint(actor)

    def _why_illegal(self, actor: int, action: int) -> str:
        from grimoire.games.ciub.explain import refusal  # text for people: loaded when asked

        return refusal(self, actor, action) or super()._why_illegal(actor, action)

    # ----------------------------------------------------------------- views and copies
    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> CiubState:
        return view.resample(self, seat, rng)

    def _position(self) -> dict[str, Any]:
        return position.to_json(self)

    def _copy(self) -> CiubState:
        # not __new__: mypyc's runs __init__; ``game`` is a CiubGame (see __init__)
        copy = CiubState(cast("CiubGame", self.game), self.seed, blank=True)
        copy_fields(self, copy, shared=position.SHARED, lists=position.LISTS, nested=("claimed",))
        copy.pile = {letter: cards[:] for letter, cards in self.pile.items()}
        copy.stack = copy_frames(self.stack)
        return copy
