"""A heuristic bot: one-decision lookahead with a hand-made value of the position.

At a turn, a spell or a choice of seal, each legal action is tried on a copy and the rest of
that small sequence is finished with quick defaults (``_default``); the resulting position is
valued by ``value``: points first, then dice left for more breaks this round, then the best seal
in reach (scrolls by strength, tokens by how close they lead to good scrolls). Dice to pay with
are chosen as the cheapest minimal set; drafted dice follow the colours of the seals in reach.

The copies are the rules' own (``FiveSealsState._copy``: no history, no core bookkeeping) and
the actions tried are applied by the rules directly (``rules.apply``): every one of them is
legal, so the core's check, history and step would only cost time. A copy shares the reach
regions and the attraction field of the position it was made from until it changes the board.
"""

from __future__ import annotations

import random
from typing import Final

from grimoire.core.bot import Bot
from grimoire.core.state import PausedGC, State
from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals import rules
from grimoire.games.five_seals.board import Board
from grimoire.games.five_seals.components import BINDING, DICE_COLOURS, P, strength
from grimoire.games.five_seals.flow import OVER
from grimoire.games.five_seals.frames import Absorb, Decision, Dice, Give, Pick, Take, Turn
from grimoire.games.five_seals.reach import seal_of, targets
from grimoire.games.five_seals.scoring import total
from grimoire.games.five_seals.state import FiveSealsState

DECAY: Final = 0.75  # worth of a scroll one step further away
LOOKAHEAD_LIMIT: Final = 12  # default moves used to finish a sequence before valuing it


class HeuristicBot(Bot):
    name = "heuristic"
    # Five Seals hides nothing but future dice, and the bot never plays chance on its copy
    # (``_finish`` stops at chance): its choice depends only on the position its seat sees
    reads_hidden = False

    def choose(self, st: State, seat: int | None = None) -> int:
        assert isinstance(st, FiveSealsState)
        legal = st.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        frame = st.stack[-1]
        me = frame.s
        if isinstance(frame, Dice):
            return _pay(st, frame, legal)
        if isinstance(frame, Take):
            return _take(st, me, legal)
        if isinstance(frame, Give):
            return min(legal, key=lambda a: (a - A.DIE) % 6)  # the lowest die
        if isinstance(frame, Absorb):
            return _absorb(st, frame, legal)
        with PausedGC():  # the copies make no cycles: no collection walks them
            return _best(st, me, legal, self.rng)


def _best(st: FiveSealsState, me: int, legal: list[int], rng: random.Random) -> int:
    """The candidate of the best ``value`` once tried on a copy and finished by defaults."""
    hands = st.hands  # shared by each copy until it writes a hand: its scores are these
    points = [total(hand) for hand in hands]
    best, best_value = legal[0], float("-inf")
    for action in legal:
        child = st.scratch()
        rules.apply(child, me, action)
        _finish(child, me)
        known = points if child.hands is hands else None
        score = value(child, me, known) + rng.random() * 1e-6  # break ties at random
        if score > best_value:
            best, best_value = action, score
    return best


# ---------------------------------------------------------------------- valuing a position
def value(st: FiveSealsState, me: int, points: list[int] | None = None) -> float:
    """``me``'s worth of the position (``points``: every seat's score, if known)."""
    if points is None:
        points = [total(hand) for hand in st.hands]
    mine = points[me]
    others = -(1 << 30)
    for s in range(st.n):
        if s != me and points[s] > others:
            others = points[s]
    lead = mine - others
    if st.ph == OVER:
        return 1000.0 * (1 if me in st.winners() else -1) + lead
    result = 3.0 * lead
    if not st.over[me]:  # dice still to spend this round: each may break one more seal
        owner, val = st.die_owner, st.die_val
        for die in range(len(owner)):
            if owner[die] == me:
                pips = val[die]
                result += 1.5 + 0.25 * (float(pips) if pips else 3.5)
    best = best_in_reach(st, me, attraction(st))
    return result + (0.8 if not st.over[me] else 0.4) * best


def best_in_reach(st: FiveSealsState, me: int, field: list[float]) -> float:
    """The worth of the best seal in ``me``'s reach: its scroll's strength, else half the
    board's ``attraction`` there; 40% of that if ``me`` cannot pay for it with its dice now."""
    best = 0.0
    sums = st.dice_sums(me)
    card, token = st.card, st.token
    most = max(sums)  # what the dice of the best colour pay (a Mind seal takes any one)
    for node in targets(st, me):
        held = card[node]
        power = 1 if held == BINDING else held // 5 % 5 + 2  # ``strength`` (of a scroll)
        worth = float(power) if held >= 0 else 0.5 * field[node]
        code = token[node]  # what it takes to break (``_can_pay``, inlined)
        if code >= 0:
            col, need = code // 10, code % 10
        else:
            col, need = (P if held == BINDING else held % 5), power
        if (most if col == P else sums[col]) < need:
            worth = 0.4 * worth
        if worth > best:
            best = worth
    return best


def attraction(st: FiveSealsState) -> list[float]:
    """For each node, the best scroll strength reachable from it, decayed by distance. Shared
    between states: do not modify."""
    field = st.field
    if field is None:
        caches = st.caches  # by the strength of the scroll on each node: all _field reads
        field = caches.fields.get(st.cardsig)
        if field is None:
            field = _field(st.board, st.card)
            caches.keep_field(st.cardsig, field)
        st.field = field
    return field


def _field(board: Board, cards: list[int]) -> list[float]:
    """The best of ``strength x DECAY ** distance`` over the scrolls, for each node.

    A scroll's worth d steps away is its strength multiplied by DECAY d times, one step after
    the other, whatever the path: so each node's value is the best over the strengths of that
    product at the distance of the nearest scroll of the strength. One breadth-first pass per
    strength, strongest first, each going on only where it betters what the stronger scrolls
    gave (beyond such a node, they give at least as much)."""
    adj = board.adj
    size = len(board)
    field = [0.0] * size
    scrolls: list[list[int]] = [[], [], [], [], [], [], []]  # the nodes by scroll strength
    for n in range(size):
        held = cards[n]
        if held >= 0:
            scrolls[strength(held)].append(n)
    for power in range(6, 1, -1):
        frontier = scrolls[power]
        worth = float(power)
        while frontier:
            ahead: list[int] = []
            for node in frontier:
                if worth > field[node]:
                    field[node] = worth
                    ahead.extend(adj[node])
            frontier = ahead
            worth = worth * DECAY
    return field


# ---------------------------------------------------------------------- quick defaults
def _finish(st: FiveSealsState, me: int) -> None:
    """Play quick defaults until ``me`` is back at a turn decision (or not to act)."""
    for _ in range(LOOKAHEAD_LIMIT):
        if st.to_act() != me:  # another seat, chance or the end
            return
        frame = st.stack[-1]
        if isinstance(frame, Turn):
            return
        rules.apply(st, me, _default(st, frame))


def _default(st: FiveSealsState, frame: Decision) -> int:
    if isinstance(frame, Dice):  # the cheapest set's highest die is always legal
        return _pay(st, frame, None)
    legal = rules.legal_actions(st, frame.s)
    if isinstance(frame, Take):
        return _take(st, frame.s, legal)
    if isinstance(frame, Absorb):
        return _absorb(st, frame, legal)
    if isinstance(frame, Pick):
        return max(legal, key=lambda a: _target_worth(st, a - A.BREAK))
    return legal[0]


def _target_worth(st: FiveSealsState, node: int) -> float:
    if st.card[node] >= 0:
        return float(strength(st.card[node]))
    return 0.5 * attraction(st)[node]


def _pay(st: FiveSealsState, frame: Dice, legal: list[int] | None) -> int:
    """The next die of the cheapest minimal set (fewest dice, then lowest total, then the
    lowest action): its highest die. ``legal``: the legal actions (None: not computed).

    That die is always legal (``rules.dice_legal``): it is not above the last die paid, and
    with the set's other dice, all as low or lower, it reaches the seal's strength. And such a
    set exists whenever a die is legal: the legal die and the dice not above it reach the
    strength, and the lowest of them can be dropped until the set is minimal."""
    need = seal_of(st, frame.n)[1] - sum(frame.v)
    seat, fixed = frame.s, frame.c
    last = frame.v[-1] if frame.v else 6
    best = -1  # the best set so far as (size, total, action) in one int (-1: none)
    for col in [fixed] if fixed >= 0 else list(DICE_COLOURS):
        vals = st.dice_of(seat, col)
        if fixed >= 0:
            for paid in frame.v:
                vals.remove(paid)
        vals = [v for v in vals if v <= last]
        if sum(vals) < need:
            continue  # every set of these dice falls short
        count = len(vals)
        for subset in range(1, 1 << count):  # every set of these dice
            size = total = high = 0
            low = 7
            for i in range(count):
                if subset >> i & 1:
                    v = vals[i]
                    size += 1
                    total += v
                    low = min(low, v)
                    high = max(high, v)
            if total < need or total - low >= need:
                continue  # short of the seal, or not minimal
            key = (size << 40) | (total << 20) | A.die(col, high)  # compared as that triple
            if best < 0 or key < best:
                best = key
    if legal is None:
        legal = rules.legal_actions(st, seat) if best < 0 else [best & 0xFFFFF]
    if best >= 0 and (best & 0xFFFFF) in legal:
        return best & 0xFFFFF
    return legal[0]


def _take(st: FiveSealsState, me: int, legal: list[int]) -> int:
    """Draft the colour of the seals in reach, preferring colours already held."""
    weight = [0.0] * 4
    for node in targets(st, me):
        col, _ = seal_of(st, node)
        worth = _target_worth(st, node)
        for c in DICE_COLOURS if col == P else [col]:
            weight[c] += worth
    held = [0, 0, 0, 0]
    for die, owner in enumerate(st.die_owner):
        if owner == me:
            held[die // 6] += 1
    return max(legal, key=lambda a: weight[a - A.TAKE] + 2.0 * held[a - A.TAKE])


def _absorb(st: FiveSealsState, frame: Absorb, legal: list[int]) -> int:
    """Keep the stronger token."""
    new = frame.t % 10
    for action in legal:
        if action != A.DONE:
            entry = st.hands[frame.s][st.find_up(frame.s, action - A.SCROLL)]
            if entry[2] < 0 or entry[2] % 10 < new:
                return action
    return A.DONE
