"""``FatalState``: the position as plain lists and ints, and the engine hooks around ``rules``.

Objects are physical ids: cards ``0 .. C-1`` (``layout.card_kind`` gives the kind), treasures
``0 .. T`` (the Queen is ``T``), and one character per seat. Every card and treasure in a hidden
zone has a knowledge mask (``ck`` / ``tk``): bit ``s`` = seat ``s`` knows where it is, bit
``PUBLIC`` = everyone does (spectators too). Characters have a mask per seat (``ck_char``).
Views and ``resample`` read the same masks, so a seat's view keeps under its own resample by
construction (see ``knowledge.py``).

The pending decision or chance node is the top frame of ``stack`` (small JSON dicts; see
``rules.py``); frames hold only public facts.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from grimoire.core.state import CHANCE, TERMINAL, Actor, State
from grimoire.games.fatal import knowledge, position, rules, text

if TYPE_CHECKING:
    from grimoire.games.fatal.game import FatalGame

Frame = dict[str, Any]
PUBLIC = 1 << 5

SHARED = ("game", "g", "lay", "comp", "codec", "n")
SCALARS = (
    *("phase", "round", "first", "turn", "looker", "t_top_bot", "t_mid", "queen_shown"),
    *("plays", "limit", "bonus", "casts", "decisions", "special", "reshuffles"),
)
LISTS = (
    *("char", "ck_char", "revealed", "out", "deck", "discard", "active", "looking", "ck"),
    "display",
    *("t_top", "t_pool", "t_under", "tk", "sealed_reveal", "sealed_hide"),
)
NESTED = ("hands", "aside", "tre", "up")


class FatalState(State):
    """One position of F.A.T.A.L. See docs/rules/fatal.md for the position format."""

    def __init__(
        self, game: FatalGame, seed: int, *, fresh: bool = True, blank: bool = False
    ) -> None:
        super().__init__(game, seed)
        # the same object as ``game``, typed as this game (mypyc cannot narrow an inherited
        # attribute, so ``game`` keeps the core's type)
        self.g: FatalGame = game
        if blank:  # an empty shell that _copy fills in
            return
        self.lay = game.lay
        self.comp = game.comp
        self.codec = game.codec
        n = self.n = game.players
        lay = self.lay
        self.phase = "setup"  # setup, play, over
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
        self.decisions = 0
        self.special = -1  # the seat that won by eliminating its opposing sign
        self.reshuffles = 0
        self.stack: list[Frame] = [{"k": "setup"}]
        if fresh:
            rules.advance(self)

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
        kind = frame["k"]
        if kind in rules.CHANCE_KINDS:
            return CHANCE
        if kind == "reveal":
            chosen = set(self.sealed_reveal) | set(self.sealed_hide)
            return frozenset(s for s in range(self.n) if not self.out[s] and s not in chosen)
        return int(frame["s"])

    def _legal_actions(self, seat: int) -> list[int]:
        return rules.legal(self, seat)

    def _apply(self, actor: int, action: int) -> None:
        if actor == CHANCE:
            rules.apply_chance(self, action)
        else:
            rules.act(self, actor, action)
            self.decisions += 1
        rules.advance(self)
        if (
            actor != CHANCE
            and self.phase != "over"
            and self.decisions >= self.game.options["decision_limit"]
        ):
            rules.finish(self)  # the engine safeguard (ruling 26)

    def chance_weights(self) -> list[tuple[int, int]]:
        return rules.chance_weights(self)

    def scores(self) -> list[float]:
        return [float(rules.total(self, s)) for s in range(self.n)]

    def public_scores(self, viewer: int | None) -> list[float | None]:
        return knowledge.public_scores(self, viewer)

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        return rules.winners(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return position.view(self, seat)

    def _position(self) -> dict[str, Any]:
        return position.dump(self)

    def _copy(self) -> FatalState:
        other = FatalState(self.g, self.seed, blank=True)  # not __new__: mypyc's runs __init__
        # by attribute, not through __dict__ (a compiled class has none)
        for key in SHARED + SCALARS:
            setattr(other, key, getattr(self, key))
        for key in LISTS:
            setattr(other, key, getattr(self, key)[:])
        for key in NESTED:
            setattr(other, key, [zone[:] for zone in getattr(self, key)])
        other.rows = [[row[:] for row in rows] for rows in self.rows]
        other.round1 = None if self.round1 is None else self.round1[:]
        other.stack = [dict(frame) for frame in self.stack]
        for frame in other.stack:
            for key, value in frame.items():
                if isinstance(value, list):
                    frame[key] = value[:]
        return other

    def _resample(self, seat: int, rng: random.Random) -> State:
        return knowledge.resample(self, seat, rng)

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        return text.describe(self, actor, action, viewer)

    def action_to_string(self, action: int) -> str:
        if self.is_chance():
            return text.chance_text(self, action)
        return text.label(self, action)

    def parse_action(self, source: str) -> int:
        if self.is_chance():
            wanted = " ".join(source.lower().split())
            for outcome, _ in self.chance_weights():
                if text.chance_text(self, outcome).lower() == wanted:
                    return outcome
        return self.codec.parse(source)

    def action_to_json(self, action: int) -> dict[str, Any]:
        doc = super().action_to_json(action)
        if self.is_chance():
            return doc
        return doc | text.action_fields(self, action)

    def _phase_hint(self, actor: int) -> str:
        return text.prompt(self) + "; " + super()._phase_hint(actor)

    def _why_illegal(self, actor: int, action: int) -> str:
        if actor != CHANCE and 0 <= action < self.game.num_actions:
            return text.refusal(self, actor, action)
        return super()._why_illegal(actor, action)
