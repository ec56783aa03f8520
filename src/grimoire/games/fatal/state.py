"""``FatalState``: the position as plain lists and ints, and the engine hooks, each delegating
to the module that does the work (``rules``, ``view``, ``position``, ``text``, ``facts``).

Objects are physical ids: cards ``0 .. C-1`` (``layout.card_kind`` gives the kind), treasures
``0 .. T`` (the Queen is ``T``), and one character per seat. Every card and treasure in a hidden
zone has a knowledge mask (``ck`` / ``tk``): bit ``s`` = seat ``s`` knows where it is, bit
``PUBLIC`` = everyone does (spectators too). Characters have a mask per seat (``ck_char``).
Views and ``resample`` read the same masks, so a seat's view keeps under its own resample by
construction (see ``view.py``).

The pending decision or chance node is the top frame of ``stack`` (typed frames, see
``frames.py``); frames hold only public facts.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from grimoire.core.frames import Frame, copy_frames
from grimoire.core.state import CHANCE, TERMINAL, Actor, State, copy_fields
from grimoire.games.fatal import facts, flow, position, rules, text, view
from grimoire.games.fatal.frames import DECISIONS, Reveal, Setup
from grimoire.games.fatal.view import PUBLIC

if TYPE_CHECKING:
    from grimoire.games.fatal.game import FatalGame

__all__ = ["PUBLIC", "FatalState"]

SHARED = (
    *("phase", "turns", "round", "first", "turn", "looker"),
    *("t_top_bot", "t_mid", "queen_shown", "plays", "limit", "bonus", "casts", "decisions"),
    *("special", "reshuffles", "idle_turns", "changed"),
)
LISTS = (
    *("char", "ck_char", "revealed", "out", "deck", "discard", "active", "looking", "ck"),
    *("display", "t_top", "t_pool", "t_under", "tk", "sealed_reveal", "sealed_hide"),
)
NESTED = ("hands", "aside", "tre", "up")


class FatalState(State):
    """One position of F.A.T.A.L. See docs/rules/fatal.md for the position format."""

    # ``game`` keeps the core's type: mypyc refuses a subclass that narrows an inherited
    # attribute ("Type of 'game' is incompatible with definition in class 'State'"), and this
    # module is compiled. What the rules need of the game is on the state: ``lay``, ``comp``,
    # ``codec``, ``ids`` and, from the core's type, ``game.options``.

    def __init__(self, game: FatalGame, seed: int, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        self.lay = lay = game.lay
        self.comp = game.comp
        self.codec = game.codec
        self.ids = game.ids
        n = self.n = game.players
        if blank:  # an empty shell that _copy or position.load fills in
            return
        self.phase = "setup"  # setup, play, over
        self.turns = 0  # turns started (None in a loaded position: its count is not stored)
        self.round = 1
        first = game.options["first_player"]
        self.first: int = -1 if first == "random" else int(first)
        self.turn = -1  # whose turn it is (or was when the round ended)
        self.char: list[int] = [-1] * n  # sign index per seat (-1: not dealt yet)
        self.ck_char: list[int] = [0] * n  # who knows each seat's character
        self.revealed: list[bool] = [False] * n
        self.out: list[bool] = [False] * n  # eliminated in round 2
        self.deck: list[int] = list(range(lay.num_cards))  # face down, unordered
        self.discard: list[int] = []  # face up, public
        self.active: list[int] = []  # the enchantment played this turn, while its effect lasts
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.aside: list[list[int]] = [[] for _ in range(n)]  # set aside face down
        self.rows: list[list[list[int]]] = [[[], []] for _ in range(n)]
        self.looking: list[int] = []  # cards drawn to look at (exchange, DRAW trimagic)
        self.looker = -1
        self.ck: list[int] = [0] * lay.num_cards
        self.display: list[int] = [-1] * self.comp.display
        self.tre: list[list[int]] = [[] for _ in range(n)]  # face down
        self.up: list[list[int]] = [[] for _ in range(n)]  # face up (revealed, own colour)
        self.t_top: list[int] = []  # looked at with Crystal Gaze: a known order (top first)
        self.t_top_bot = 0  # how many of t_top may have come from the Queen's pool (at most)
        self.t_pool: list[int] = list(range(lay.num_treasures))  # unordered, Queen included
        self.t_mid = lay.num_treasures - self.comp.queen_pool  # cards above the Queen's pool
        self.t_under: list[int] = []  # put under the deck by exchanges (public, in order)
        self.queen_shown = False  # the Queen has been revealed and not shuffled back yet
        self.tk: list[int] = [0] * lay.num_treasures
        self.round1: list[int] | None = None  # the round-1 tally
        self.sealed_reveal: list[int] = []  # seats that covered their character face up
        self.sealed_hide: list[int] = []  # ... face down
        self.plays = 0  # visions played this turn
        self.limit = self.comp.plays  # visions allowed this turn (Double Vision: one more)
        self.bonus = 0  # Falling Star stars this turn
        self.casts = 0  # trimagics cast this turn
        self.special = -1  # the seat that won by eliminating its opposing sign
        self.reshuffles = 0
        # ruling 31: turns in a row in which nothing changed, and whether this one changed anything
        self.idle_turns = 0
        self.changed = False
        self.stack: list[Frame] = [Setup()]
        flow.advance(self)

    # ------------------------------------------------------------------ helpers
    @property
    def full(self) -> int:
        """The mask of everyone: every seat and spectators."""
        return ((1 << self.n) - 1) | PUBLIC

    def live(self) -> list[int]:
        return [s for s in range(self.n) if not self.out[s]]

    def next_live(self, seat: int) -> int:
        for step in range(1, self.n + 1):
            other = (seat + step) % self.n
            if not self.out[other]:
                return other
        return seat

    def kind(self, card: int) -> int:
        return self.lay.card_kind[card]

    def tkind(self, treasure: int) -> int:
        return self.lay.tre_kind[treasure]

    # ------------------------------------------------------------------ engine hooks
    @property
    def current_player(self) -> Actor:
        if self.phase == "over":
            return TERMINAL
        frame = self.stack[-1]
        if type(frame) in DECISIONS:
            seat: int = frame.s  # type: ignore[attr-defined]  # a Decision (quicker than isinstance)
            return seat
        if type(frame) is Reveal:
            chosen = set(self.sealed_reveal) | set(self.sealed_hide)
            return frozenset(s for s in range(self.n) if not self.out[s] and s not in chosen)
        return CHANCE

    def _legal_actions(self, seat: int) -> list[int]:
        return rules.legal_actions(self, seat)

    def _apply(self, actor: int, action: int) -> None:
        rules.apply(self, actor, action)

    def chance_weights(self) -> list[tuple[int, int]]:
        return rules.chance_weights(self)

    def _end_by_decision_limit(self) -> None:
        flow.finish(self)  # ruling 26

    def scores(self) -> list[float]:
        return [float(facts.total(self, s)) for s in range(self.n)]

    def public_scores(self, viewer: int | None) -> list[float | None]:
        return view.public_scores(self, viewer)

    def winners(self) -> list[int]:
        return facts.winners(self) if self.phase == "over" else []

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _position(self) -> dict[str, Any]:
        return position.to_json(self)

    def _copy(self) -> FatalState:
        # not __new__ (mypyc's runs __init__); the game is always a FatalGame (see above)
        other = FatalState(cast("FatalGame", self.game), self.seed, blank=True)
        copy_fields(self, other, shared=SHARED, lists=LISTS, nested=NESTED)
        other.rows = [[row[:] for row in rows] for rows in self.rows]
        other.round1 = None if self.round1 is None else self.round1[:]
        other.stack = copy_frames(self.stack)
        return other

    def _resample(self, seat: int, rng: random.Random) -> State:
        return view.resample(self, seat, rng)

    def _informed_resample(self, seat: int, rng: random.Random) -> State:
        return view.resample(self, seat, rng, informed=True)

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        return text.describe(self, actor, action, viewer)

    def chance_to_string(self, outcome: int) -> str:
        return text.chance_text(self, outcome)

    def _phase_hint(self, actor: int) -> str:
        return text.prompt(self) + "; " + super()._phase_hint(actor)

    def _why_illegal(self, actor: int, action: int) -> str:
        if actor != CHANCE and 0 <= action < self.game.num_actions:
            return text.refusal(self, actor, action)
        return super()._why_illegal(actor, action)
