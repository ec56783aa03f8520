"""``FiveSealsState``: the position as typed fields, lists of small ints and native decision
frames, and the engine hooks, each delegating to the module that does the work.

Everything is open information except future dice. The pending decision is the top frame of
``stack`` (``frames.py``; the rules in ``rules.py``); chance nodes are the setup placements
still to make and the dice in ``rolls`` waiting to be rolled (``chance.py``). What a seat sees
is ``view.py``, the position document ``position.py``.

What the board holds (``token``, ``card``) and where the figures stand (``mage``, ``familiar``,
``guardian``) are written only through the ``set_*`` methods below: they keep ``occ`` (the
nodes holding a seal, as bits) and ``cardsig`` (the strength of the scroll on each node, 3 bits
a node) up to date and drop the reach regions and the attraction field those facts decide. The
regions and the field are shared with copies until one of them changes the board, so a copy
that only moves dice or frames never computes them again. A position edited by hand must call
``board_changed`` (the loader does).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, cast

from grimoire.core.action_declaration import ActionCodec
from grimoire.core.state import CHANCE, TERMINAL, Actor, State
from grimoire.games.five_seals import chance, flow, position, rules, scoring, view
from grimoire.games.five_seals.board import Board
from grimoire.games.five_seals.caches import BoardCaches, for_board
from grimoire.games.five_seals.components import BINDING, NUM_DICE, Components, strength
from grimoire.games.five_seals.flow import OVER, PHASES, SETUP
from grimoire.games.five_seals.frames import Decision, copy_stack
from grimoire.games.five_seals.text import chance_text

if TYPE_CHECKING:
    from grimoire.games.five_seals.game import FiveSealsGame


NOTHING: Final[list[int]] = []  # the dice caches before their first use (never written)

# (passable-or-seen marks by node, as bytes, sorted targets) of one seat's flood (reach.py)
Region = tuple[bytearray, list[int]]


class FiveSealsState(State):
    """One position of Five Seals of Magic."""

    # the game's parts the rules read (the state holds its game once, as ``game`` of the
    # core's type: mypyc refuses to narrow an inherited attribute to FiveSealsGame)
    board: Board
    comp: Components
    codec: ActionCodec
    node_base: int  # the first ``node`` id, read on the hot path as ``st.node_base + node``
    n: int
    # the options the rules read on the hot path
    stall_limit: int
    refill_now: bool  # dice_refill immediate
    speed_moves: bool  # speed_second_move
    mayday: bool  # edition mayday
    # the position
    ph: int  # ``phase`` as an int: SETUP, DRAFT, PLAY, OVER
    circle: int  # 0: not drawn yet
    first: int  # -1: not drawn yet
    round: int
    setup_i: int  # setup slots filled (seal circles, then scroll boxes)
    token: list[int]  # by node: token code 10*colour+strength, or -1
    card: list[int]  # by node: scroll card, or -1
    box: list[int]  # tokens broken or removed (back in the game box)
    mage: list[int]  # by seat: node
    familiar: list[int]  # by seat: node, or -1 (with its player)
    guardian: list[int]  # by colour: node of its guardian, or -1
    die_owner: list[int]  # by die: seat, -1 supply, -2 not in this game
    die_val: list[int]  # by die: 1..6, 0 = not rolled
    hands: list[list[list[int]]]  # by seat: [card, face up, token held or -1]
    # ``token``, ``card``, ``box`` and ``hands`` may be another state's too (a ``scratch``
    # copy's) while their ``*_shared`` flag is set: each is copied before its first write
    token_shared: bool
    card_shared: bool
    box_shared: bool
    hands_shared: bool
    over: list[bool]  # by seat: the round is over for that player
    turn: int  # seat whose turn it is (or was last); -1 at the start of a round
    stack: list[Decision]  # the pending decisions, top last (frames.py)
    rolls: list[int]  # dice waiting to be rolled, in order
    stall: int  # rounds in a row without a broken seal (engine safeguard)
    broke: bool  # a seal was broken this round
    # derived from the board and the figures (kept by the set_* methods)
    occ: int  # bit n: node n holds a token or a scroll
    cardsig: int  # 3 bits a node: strength - 1 of its scroll (0: none)
    regions: list[Region | None]  # reach.py, per seat; replaced when the board changes
    caches: BoardCaches  # the regions and fields of every state on this board (caches.py)
    field: list[float] | None  # heuristic.attraction; None when the scrolls moved
    # derived from the dice, dropped by ``forget``
    _sums_seat: int  # dice_sums cached for this seat (-1: none)
    _sums: list[int]
    _brk_seat: int  # reach.breakable cached for this seat (-1: none)
    _brk: list[int]

    def __init__(
        self,
        game: FiveSealsGame,
        seed: int,
        *,
        blank: bool = False,
        source: FiveSealsState | None = None,
        scratch: bool = False,
    ) -> None:
        super().__init__(game, seed)
        if source is not None:  # a copy (``_copy``, ``scratch``): every field from ``source``
            self._copy_from(source, scratch)
            return
        self.board = game.board
        self.comp = game.comp
        self.codec = game.codec
        self.node_base = game.node_base
        self.n = game.players
        options = game.options
        self.stall_limit = int(options["stall_limit"])
        self.refill_now = options["dice_refill"] == "immediate"
        self.speed_moves = bool(options["speed_second_move"])
        self.mayday = options["edition"] == "mayday"
        size = len(self.board)
        self.ph = SETUP
        self.phase = "setup"  # setup, draft, play, over
        self.token = [-1] * size
        self.card = [-1] * size
        self.token_shared = self.card_shared = self.box_shared = self.hands_shared = False
        self.mage = [self.board.hall] * self.n
        self.familiar = [-1] * self.n
        self.guardian = [-1] * 5
        self.occ = 0
        self.cardsig = 0
        self.regions = [None] * self.n
        self.caches = for_board(self.board)
        self.field = None
        self._sums_seat = -1
        self._sums = []
        self._brk_seat = -1
        self._brk = []
        self.round = 1
        self.setup_i = 0
        self.box = []
        self.die_owner = [-2] * NUM_DICE
        self.die_val = [0] * NUM_DICE
        self.turn = -1
        self.stack = []
        self.rolls = []
        self.stall = 0
        self.broke = False
        self.decisions = 0
        if blank:  # an empty shell that position.load fills in
            self.circle = 0
            self.first = -1
            self.hands = []
            self.over = []
            return
        circle = options["circle"]
        first = options["first_player"]
        self.circle = 0 if circle == "random" else int(circle)
        self.first = -1 if first == "random" else int(first)
        in_game = self.n + self.comp.supply_extra
        for die in range(NUM_DICE):
            if die % 6 < in_game:
                self.die_owner[die] = -1
        self.hands = [[[BINDING, 1, -1]] for _ in range(self.n)]
        self.over = [False] * self.n
        self.turns = 0  # turns started (None in a loaded position: its count is not stored)
        flow.advance(self)

    def _copy_from(self, src: FiveSealsState, scratch: bool) -> None:
        """Every field of ``src``: values as they are, lists copied, regions and the field
        shared (they are replaced, never changed, when the board changes). A ``scratch`` copy
        also shares ``token``, ``card``, ``box`` and ``hands`` until either state writes one of
        them (the setters, ``to_box`` and ``own_hands`` copy them first)."""
        self.board = src.board
        self.comp = src.comp
        self.codec = src.codec
        self.node_base = src.node_base
        self.n = src.n
        self.stall_limit = src.stall_limit
        self.refill_now = src.refill_now
        self.speed_moves = src.speed_moves
        self.mayday = src.mayday
        self.ph = src.ph
        self.phase = src.phase
        self.turns = src.turns
        if scratch:
            self.token = src.token
            self.card = src.card
            self.box = src.box
            self.hands = src.hands
            self.token_shared = self.card_shared = self.box_shared = self.hands_shared = True
            src.token_shared = src.card_shared = src.box_shared = src.hands_shared = True
        else:
            self.token = src.token[:]
            self.card = src.card[:]
            self.box = src.box[:]
            self.hands = [[entry[:] for entry in hand] for hand in src.hands]  # three levels
            self.token_shared = self.card_shared = self.box_shared = self.hands_shared = False
        self.mage = src.mage[:]
        self.familiar = src.familiar[:]
        self.guardian = src.guardian[:]
        self.occ = src.occ
        self.cardsig = src.cardsig
        self.regions = src.regions
        self.caches = src.caches
        self.field = src.field
        self._sums_seat = -1
        self._sums = NOTHING  # replaced, never written, when computed
        self._brk_seat = -1
        self._brk = NOTHING
        self.circle = src.circle
        self.first = src.first
        self.round = src.round
        self.setup_i = src.setup_i
        self.die_owner = src.die_owner[:]
        self.die_val = src.die_val[:]
        self.over = src.over[:]
        self.turn = src.turn
        self.stack = copy_stack(src.stack)
        self.rolls = src.rolls[:]
        self.stall = src.stall
        self.broke = src.broke
        self.decisions = src.decisions

    # ------------------------------------------------------------------ the board, written
    def set_phase(self, ph: int) -> None:
        self.ph = ph
        self.phase = PHASES[ph]

    def own_hands(self) -> list[list[list[int]]]:
        """``hands``, to write: this state's own (copied first if it may be shared)."""
        if self.hands_shared:
            self.hands = [[entry[:] for entry in hand] for hand in self.hands]
            self.hands_shared = False
        return self.hands

    def to_box(self, code: int) -> None:
        """Token ``code`` goes back to the game box."""
        if self.box_shared:
            self.box = self.box[:]
            self.box_shared = False
        self.box.append(code)

    def set_token(self, node: int, code: int) -> None:
        if self.token_shared:
            self.token = self.token[:]
            self.token_shared = False
        self.token[node] = code
        self._occupancy(node)

    def set_card(self, node: int, card: int) -> None:
        if self.card_shared:
            self.card = self.card[:]
            self.card_shared = False
        old = self.card[node]
        self.card[node] = card
        was = strength(old) - 1 if old >= 0 else 0
        now = strength(card) - 1 if card >= 0 else 0
        if was != now:
            self.cardsig += (now - was) << (3 * node)
            self.field = None
        self._occupancy(node)

    def _occupancy(self, node: int) -> None:
        held = self.token[node] >= 0 or self.card[node] >= 0
        bit = 1 << node
        if held != bool(self.occ & bit):
            self.occ ^= bit
            self.regions = [None] * self.n

    def set_mage(self, seat: int, node: int) -> None:
        if self.mage[seat] != node:
            self.mage[seat] = node
            self.regions = [None] * self.n

    def set_familiar(self, seat: int, node: int) -> None:
        if self.familiar[seat] != node:
            self.familiar[seat] = node
            self.regions = [None] * self.n

    def set_guardian(self, colour: int, node: int) -> None:
        if self.guardian[colour] != node:
            self.guardian[colour] = node
            self.regions = [None] * self.n

    def board_changed(self) -> None:
        """After ``token``, ``card`` or the figures were written directly (a position being
        loaded, a test's edit): recompute ``occ`` and ``cardsig``, drop the derived facts."""
        occ = sig = 0
        for node in range(len(self.board)):
            card = self.card[node]
            if self.token[node] >= 0 or card >= 0:
                occ |= 1 << node
            if card >= 0:
                sig |= (strength(card) - 1) << (3 * node)
        self.occ, self.cardsig = occ, sig
        self.regions = [None] * self.n
        self.field = None
        self.token_shared = self.card_shared = self.box_shared = False  # edited in place
        self.hands_shared = False
        self.forget()

    def forget(self) -> None:
        """Drop what was derived from dice and frames (after a change): the memo, the dice
        sums and the breakable seals."""
        if self.memo:
            self.memo.clear()
        self._sums_seat = -1
        self._brk_seat = -1

    # ------------------------------------------------------------------ dice and hands
    def dice_of(self, seat: int, colour: int) -> list[int]:
        """Values of ``seat``'s dice of ``colour``, highest first."""
        base = 6 * colour
        vals = [self.die_val[d] for d in range(base, base + 6) if self.die_owner[d] == seat]
        vals.sort(reverse=True)
        return vals

    def dice_sums(self, seat: int) -> list[int]:
        """The sum of ``seat``'s dice of each colour (do not modify)."""
        if self._sums_seat == seat:
            return self._sums
        sums = [0, 0, 0, 0]
        owner, val = self.die_owner, self.die_val
        for die in range(NUM_DICE):
            if owner[die] == seat:
                sums[die // 6] += val[die]
        self._sums_seat, self._sums = seat, sums
        return sums

    def dice_count(self, seat: int) -> int:
        return self.die_owner.count(seat)

    def has_dice(self, seat: int, colour: int) -> bool:
        """Whether ``seat`` holds a die of ``colour``."""
        owner = self.die_owner
        return any(owner[die] == seat for die in range(6 * colour, 6 * colour + 6))

    def supply(self, colour: int) -> int:
        base = 6 * colour
        count = 0
        for d in range(base, base + 6):
            if self.die_owner[d] == -1:
                count += 1
        return count

    def pick_dice(self, seat: int, colour: int, values: list[int]) -> list[int]:
        """Distinct physical dice of ``seat`` showing ``values`` (lowest ids first)."""
        chosen: list[int] = []
        for value in values:
            for die in range(6 * colour, 6 * colour + 6):
                if self.die_owner[die] == seat and self.die_val[die] == value and die not in chosen:
                    chosen.append(die)
                    break
            else:
                raise AssertionError(f"seat {seat} has no {colour}/{value} die left")
        return chosen

    def supply_die(self, colour: int) -> int:
        for die in range(6 * colour, 6 * colour + 6):
            if self.die_owner[die] == -1:
                return die
        raise AssertionError(f"no die of colour {colour} in the supply")

    def up_cards(self, seat: int) -> list[tuple[int, int]]:
        """(index, card) of ``seat``'s face-up scrolls."""
        return [(i, entry[0]) for i, entry in enumerate(self.hands[seat]) if entry[1]]

    def find_up(self, seat: int, card: int) -> int:
        """Index of ``seat``'s first face-up copy of ``card``."""
        for i, entry in enumerate(self.hands[seat]):
            if entry[0] == card and entry[1]:
                return i
        raise AssertionError(f"seat {seat} holds no face-up {card}")

    def opponents(self, seat: int) -> list[int]:
        """Players a Conflict spell of ``seat`` may target: their round is not over."""
        return [s for s in range(self.n) if s != seat and not self.over[s]]

    # ------------------------------------------------------------------ engine hooks
    @property
    def current_player(self) -> Actor:
        ph = self.ph
        if ph == SETUP or self.rolls:
            return CHANCE
        if ph == OVER:
            return TERMINAL
        return self.stack[-1].s  # every frame is a seat's decision

    def to_act(self) -> int:
        """``current_player`` as an int: the seat to decide, ``CHANCE`` or ``TERMINAL``."""
        ph = self.ph
        if ph == SETUP or self.rolls:
            return CHANCE
        if ph == OVER:
            return TERMINAL
        return self.stack[-1].s

    def _legal_actions(self, seat: int) -> list[int]:
        return rules.legal_actions(self, seat)

    def _apply(self, actor: int, action: int) -> None:
        rules.apply(self, actor, action)

    def chance_weights(self) -> list[tuple[int, int]]:
        return chance.weights(self)

    def _end_by_decision_limit(self) -> None:
        self.set_phase(OVER)  # ruling 22
        self.stack, self.rolls = [], []

    def scores(self) -> list[float]:
        return [float(s) for s in scoring.scores(self)]

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.ph == OVER else []

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _position(self) -> dict[str, Any]:
        return position.to_json(self)

    def _copy(self) -> FiveSealsState:
        # not __new__ (mypyc's runs __init__): the constructor copies ``self`` when given it
        return FiveSealsState(cast("FiveSealsGame", self.game), self.seed, source=self)

    def scratch(self) -> FiveSealsState:
        """A copy to try actions on through the rules (``rules.apply``): no history, step or
        seed of its own, and the board and hands shared until one of the two states writes
        them. Write ``token``, ``card``, ``box``, the figures and ``hands`` only through the
        rules (the ``set_*`` methods, ``to_box`` and ``own_hands``) while such a copy lives."""
        game = cast("FiveSealsGame", self.game)
        return FiveSealsState(game, self.seed, source=self, scratch=True)

    def _resample(self, seat: int, rng: random.Random) -> State:
        """Five Seals hides nothing but future dice: the position as it is, a ``scratch`` copy
        (the rules write the board and hands of either state only after copying them).
        ``resample`` then gives it the step, a fresh seed and an empty history, so the history
        is not copied."""
        return self.scratch()

    def chance_to_string(self, outcome: int) -> str:
        """The outcome's log line in the current language."""
        return chance_text(self, outcome)

    def parse_action(self, text: str) -> int:
        """The codec's parser; at a chance node an outcome's English log line also reads in
        any language (besides its text as shown)."""
        if self.is_chance():
            found = chance.parse(self, text)
            if found is not None:
                return found
        return super().parse_action(text)

    def _why_illegal(self, actor: int, action: int) -> str:
        if actor >= 0 and self.stack and 0 <= action < self.game.num_actions:
            from grimoire.games.five_seals.explain import refusal

            return refusal(self, actor, action, State._phase_hint(self, actor))
        return super()._why_illegal(actor, action)

    # ------------------------------------------------------------------ derived facts
    def scrolls_on_board(self, of_strength: int) -> int:
        return sum(1 for c in self.card if c >= 0 and strength(c) == of_strength)
