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

from grimoire.core.state import CHANCE, TERMINAL, Actor, State
from grimoire.games.fatal import facts, flow, position, rules, text, view
from grimoire.games.fatal.frames import (
    LAST_DECISION,
    REVEAL,
    Decision,
    FatalFrame,
    Setup,
    copy_stack,
)
from grimoire.games.fatal.tables import Tables
from grimoire.games.fatal.view import PUBLIC

if TYPE_CHECKING:
    from grimoire.core.action_declaration import ActionCodec
    from grimoire.games.fatal.actions import Ids
    from grimoire.games.fatal.components import Components, Layout
    from grimoire.games.fatal.game import FatalGame

__all__ = ["PUBLIC", "FatalState"]


class FatalState(State):
    """One position of F.A.T.A.L. See docs/rules/fatal.md for the position format."""

    # ``game`` keeps the core's type: mypyc refuses a subclass that narrows an inherited
    # attribute ("Type of 'game' is incompatible with definition in class 'State'"), and this
    # module is compiled. What the rules need of the game is on the state: ``tab`` (the
    # components, layout and options as typed tables), ``lay``, ``comp``, ``codec``, ``ids``.
    tab: Tables
    lay: Layout
    comp: Components
    codec: ActionCodec
    ids: Ids
    n: int
    everyone: int  # the mask of every seat and spectators
    # the position: every field typed, so the compiled class keeps them natively
    round: int
    first: int
    turn: int
    char: list[int]
    ck_char: list[int]
    revealed: list[bool]
    out: list[bool]
    deck: list[int]
    discard: list[int]
    active: list[int]
    hands: list[list[int]]
    aside: list[list[int]]
    rows: list[list[list[int]]]
    looking: list[int]
    looker: int
    ck: list[int]
    display: list[int]
    tre: list[list[int]]
    up: list[list[int]]
    t_top: list[int]
    t_top_bot: int
    t_pool: list[int]
    t_mid: int
    t_under: list[int]
    queen_shown: bool
    tk: list[int]
    round1: list[int] | None
    sealed_reveal: list[int]
    sealed_hide: list[int]
    plays: int
    limit: int
    bonus: int
    casts: int
    special: int
    reshuffles: int
    idle_turns: int
    changed: bool
    stack: list[FatalFrame]

    def __init__(
        self, game: FatalGame, seed: int, *, blank: bool = False, like: FatalState | None = None
    ) -> None:
        super().__init__(game, seed)
        if like is not None:  # a copy's shell: the game's parts from the state copied
            self.tab, self.lay, self.comp = like.tab, like.lay, like.comp
            self.codec, self.ids, self.n, self.everyone = (
                like.codec,
                like.ids,
                like.n,
                like.everyone,
            )
            return
        self.tab = game.tab
        self.lay = lay = game.lay
        self.comp = game.comp
        self.codec = game.codec
        self.ids = game.ids
        n = self.n = game.players
        self.everyone = ((1 << n) - 1) | PUBLIC  # the mask of every seat and spectators
        if blank:  # an empty shell that position.load fills in
            return
        self.phase = "setup"  # setup, play, over
        self.turns = 0  # turns started (None in a loaded position: its count is not stored)
        self.round = 1
        first = game.options["first_player"]
        self.first = -1 if first == "random" else int(first)
        self.turn = -1  # whose turn it is (or was when the round ended)
        self.char = [-1] * n  # sign index per seat (-1: not dealt yet)
        self.ck_char = [0] * n  # who knows each seat's character
        self.revealed = [False] * n
        self.out = [False] * n  # eliminated in round 2
        self.deck = list(range(lay.num_cards))  # face down, unordered
        self.discard = []  # face up, public
        self.active = []  # the enchantment played this turn, while its effect lasts
        self.hands = [[] for _ in range(n)]
        self.aside = [[] for _ in range(n)]  # set aside face down
        self.rows = [[[], []] for _ in range(n)]
        self.looking = []  # cards drawn to look at (exchange, DRAW trimagic)
        self.looker = -1
        self.ck = [0] * lay.num_cards
        self.display = [-1] * self.comp.display
        self.tre = [[] for _ in range(n)]  # face down
        self.up = [[] for _ in range(n)]  # face up (revealed, own colour)
        self.t_top = []  # looked at with Crystal Gaze: a known order (top first)
        self.t_top_bot = 0  # how many of t_top may have come from the Queen's pool (at most)
        self.t_pool = list(range(lay.num_treasures))  # unordered, Queen included
        self.t_mid = lay.num_treasures - self.comp.queen_pool  # cards above the Queen's pool
        self.t_under = []  # put under the deck by exchanges (public, in order)
        self.queen_shown = False  # the Queen has been revealed and not shuffled back yet
        self.tk = [0] * lay.num_treasures
        self.round1 = None  # the round-1 tally
        self.sealed_reveal = []  # seats that covered their character face up
        self.sealed_hide = []  # ... face down
        self.plays = 0  # visions played this turn
        self.limit = self.comp.plays  # visions allowed this turn (Double Vision: one more)
        self.bonus = 0  # Falling Star stars this turn
        self.casts = 0  # trimagics cast this turn
        self.special = -1  # the seat that won by eliminating its opposing sign
        self.reshuffles = 0
        # ruling 31: turns in a row in which nothing changed, and whether this one changed anything
        self.idle_turns = 0
        self.changed = False
        self.stack = [Setup()]
        flow.advance(self)

    # ------------------------------------------------------------------ helpers
    @property
    def full(self) -> int:
        """The mask of everyone: every seat and spectators."""
        return self.everyone

    def live(self) -> list[int]:
        return [s for s in range(self.n) if not self.out[s]]

    def next_live(self, seat: int) -> int:
        for step in range(1, self.n + 1):
            other = (seat + step) % self.n
            if not self.out[other]:
                return other
        return seat

    def kind(self, card: int) -> int:
        return self.tab.card_kind[card]

    def tkind(self, treasure: int) -> int:
        return self.tab.tre_kind[treasure]

    # ------------------------------------------------------------------ engine hooks
    @property
    def current_player(self) -> Actor:
        if self.phase == "over":
            return TERMINAL
        frame = self.stack[-1]
        code = frame.code
        if code <= LAST_DECISION:
            return cast("Decision", frame).s
        if code == REVEAL:
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
        other = FatalState(cast("FatalGame", self.game), self.seed, like=self)
        other.phase = self.phase
        other.turns = self.turns
        other.round = self.round
        other.first = self.first
        other.turn = self.turn
        other.looker = self.looker
        other.t_top_bot = self.t_top_bot
        other.t_mid = self.t_mid
        other.queen_shown = self.queen_shown
        other.plays = self.plays
        other.limit = self.limit
        other.bonus = self.bonus
        other.casts = self.casts
        other.decisions = self.decisions
        other.special = self.special
        other.reshuffles = self.reshuffles
        other.idle_turns = self.idle_turns
        other.changed = self.changed
        other.char, other.ck_char = self.char[:], self.ck_char[:]
        other.revealed, other.out = self.revealed[:], self.out[:]
        other.deck, other.discard, other.active = self.deck[:], self.discard[:], self.active[:]
        other.looking, other.ck, other.display = self.looking[:], self.ck[:], self.display[:]
        other.t_top, other.t_pool, other.t_under = self.t_top[:], self.t_pool[:], self.t_under[:]
        other.tk = self.tk[:]
        other.sealed_reveal, other.sealed_hide = self.sealed_reveal[:], self.sealed_hide[:]
        other.hands = [zone[:] for zone in self.hands]
        other.aside = [zone[:] for zone in self.aside]
        other.tre = [zone[:] for zone in self.tre]
        other.up = [zone[:] for zone in self.up]
        other.rows = [[row[:] for row in rows] for rows in self.rows]
        other.round1 = None if self.round1 is None else self.round1[:]
        other.stack = copy_stack(self.stack)
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
