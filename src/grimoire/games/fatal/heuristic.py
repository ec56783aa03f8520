"""A heuristic bot that plays like a sensible person.

It reads only what its seat may know (it is given ``for_seat`` states, and it looks only at its
own hand, treasures and character, the public table, and the objects its seat knows):

* it values a treasure by what it is worth to the receiver: face value, or the chart's gain for
  a revealed player's own colour; it keeps good display treasures and gives bad ones away, to
  the player it believes is its opposing sign;
* it believes a seat is its opposing sign from known characters (revealed, unmasked) and from
  the colours of the treasures that seat was seen keeping;
* it plays visions greedily for stars (3 stars earn a treasure every turn) and for trimagics
  it can use, steals visions that help it or break a threatening row;
* it aims DISCARD at the likely opposing sign (a round-2 elimination wins at once), STEAL at
  the richest opponent, keeps DRAW cards and good TAKE treasures for itself;
* it shields a DISCARD that could eliminate it, a STEAL of a rich pile and a bad TAKE gift;
* it reveals at the end of round 1 only when it holds a treasure of its colour (the face-up
  treasure starts its chart) and its hand is not thin; otherwise it stays hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from grimoire.core.bot import Bot
from grimoire.core.state import State
from grimoire.games.fatal import actions as A
from grimoire.games.fatal import facts
from grimoire.games.fatal.frames import (
    Act1,
    Cast,
    Decision,
    Discard,
    GazeOrder,
    Gift,
    Keep,
    Pick,
    Play,
    Reveal,
    Shield,
    SlotPick,
    Steal,
    SwapMine,
    SwapTheirs,
    Target,
    ToRow,
    Trade,
    Tri,
    Unmask,
    Wind,
    XDisc,
    XGive,
    XKeep,
)
from grimoire.games.fatal.frames import FatalFrame as Frame
from grimoire.games.fatal.state import FatalState
from grimoire.games.fatal.tables import DRAW, NO_SYMBOL, STEAL, TAKE
from grimoire.games.fatal.view import sign_weights

if TYPE_CHECKING:
    from grimoire.core.actions import Decoded

# a trimagic's usual worth, and the danger of a row of two of another seat, by the head's type
# (DRAW, TAKE, STEAL, DISCARD: tables.DRAW ...)
TYPICAL_OF_TYPE: Final = (1.0, 1.5, 1.3, 1.0)
DANGER_OF_TYPE: Final = (0.8, 1.0, 1.8, 2.0)
CYCLE: Final = 0.35  # a card played draws a replacement: worth something in itself
ENCHANT_KEEP: Final[
    dict[str, float]
] = {  # how much a card in hand is worth keeping (discards, exchange)
    "shield": 1.6,
    "pickpocket": 1.2,
    "double": 0.9,
    "star": 1.0,
    "trade": 1.0,
    "wind": 0.8,
    "unmask": 0.6,
    "gaze": 0.4,
    "swap": 0.4,
}


class FatalHeuristicBot(Bot):
    name = "heuristic"

    def choose(self, state: State, seat: int | None = None) -> int:
        assert isinstance(state, FatalState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        top = state.stack[-1]
        me = seat if seat is not None else top.s if isinstance(top, Decision) else -1
        if me < 0:
            me = min(state.seats_to_act())
        brain = _Brain(state, me)
        choice = brain.choose(legal)
        return choice if choice in legal else legal[0]


class _Brain:
    """One decision of one seat, from what that seat knows."""

    def __init__(self, st: FatalState, me: int) -> None:
        self.st = st
        self.me = me
        self.codec = st.codec
        self.ids = st.ids
        self.comp = st.comp
        self.tab = tab = st.tab
        self.bit = 1 << me
        self.sign = st.char[me]
        self.rival = tab.opposing[self.sign]  # the sign I hunt
        self.hunter = -1  # the sign that hunts me
        for sign in tab.signs:
            if tab.opposing[sign] == self.sign:
                self.hunter = sign
                break
        self.signs = len(tab.opposing)  # signs of the components (a row of ``belief``)
        self.belief = self._beliefs()

    # ------------------------------------------------------------------ beliefs
    def _beliefs(self) -> list[float]:
        """For every other seat: a distribution over the signs it may be (``belief[seat *
        signs + sign]``; 0 for a sign it cannot be, and for my own seat)."""
        st, tab, signs = self.st, self.tab, self.signs
        belief = [0.0] * (st.n * signs)
        free = list(tab.signs)
        unknown = []
        for s in range(st.n):
            sign = st.char[s]
            if st.ck_char[s] & self.bit:  # known: mine, revealed or unmasked
                if sign >= 0:  # (always, once dealt)
                    if sign in free:
                        free.remove(sign)
                    if s != self.me:
                        belief[s * signs + sign] = 1.0
            elif s != self.me:
                unknown.append(s)
        for s in unknown:
            weights = sign_weights(st, self.bit, s, free)
            total = sum(weights) or 1.0
            for c, w in zip(free, weights, strict=True):
                belief[s * signs + c] = w / total
        return belief

    def p_sign(self, seat: int, sign: int) -> float:
        if seat == self.me:
            return 1.0 if sign == self.sign else 0.0
        return self.belief[seat * self.signs + sign]

    def others(self) -> list[int]:
        return [s for s in self.st.live() if s != self.me]

    def threat(self, seat: int) -> float:
        """How much I want to hurt ``seat``: my opposing sign most, the leader next."""
        st = self.st
        score = 3.0 * self.p_sign(seat, self.rival) + 1.5 * self.p_sign(seat, self.hunter)
        score += 0.15 * (len(st.tre[seat]) + 2 * len(st.up[seat]))
        if st.round1 is not None:
            score += 0.05 * st.round1[seat]
        return score

    def enemy(self, seats: list[int]) -> int:
        return max(seats, key=lambda s: (self.threat(s), -s))

    # ------------------------------------------------------------------ values
    def tvalue(self, seat: int, t: int) -> float:
        """What treasure ``t`` is worth to ``seat`` (as far as I know)."""
        st, tab = self.st, self.tab
        value = float(tab.tre_value[t])
        colour = tab.tre_colour[t]
        if seat == self.me:
            if colour == self.sign:
                if st.revealed[seat]:
                    own = sum(1 for u in st.up[seat] if tab.tre_colour[u] == colour)
                    chart = tab.chart
                    return float(chart[min(own, len(chart) - 1)] - (chart[own - 1] if own else 0))
                return value + (0.8 if st.round == 1 else 0.3)
            return value
        if st.revealed[seat] and st.ck_char[seat] & self.bit and colour == st.char[seat]:
            return 2.0 + max(value, 0)
        return value

    def card_keep(self, kind: int) -> float:
        tab = self.tab
        if tab.is_vision(kind):
            stars = tab.stars
            return (
                0.5
                + 0.25 * (stars[3 * kind] + stars[3 * kind + 1] + stars[3 * kind + 2])
                + (0.2 if tab.symbol[kind] != NO_SYMBOL else 0)
            )
        return ENCHANT_KEEP.get(tab.effect[kind], 0.5)

    def trimagic_value(self, row: list[int]) -> float:
        """Rough value for me of casting a complete row (its card kinds)."""
        st, tab = self.st, self.tab
        c0, c1, c2 = row
        n = 2 if tab.stars[3 * c1 + 1] + tab.stars[3 * c2 + 2] >= 2 else 1
        two = tab.second[c1]
        head = tab.vtype[c0]
        others = self.others()
        if head == DRAW:
            return 0.7 * n + (-0.2 * n if two else 0.0)
        if head == TAKE:
            vals = sorted((self.tvalue(self.me, t) for t in st.display if t >= 0), reverse=True)
            gain = sum(vals[:n])
            if two:
                gain += 0.5 * max(0.0, -min(vals or [0.0]))
            return max(gain, 0.3)
        if not others:
            return 0.0
        if head == STEAL:
            rich = max(len(st.tre[s]) for s in others)
            return (1.1 * min(n, rich) + (0.8 if two else 0.0)) if rich else 0.0
        # DISCARD
        best = 0.0
        for s in others:
            value = 0.4 * min(n, len(st.hands[s]))
            if st.round == 2 and len(st.hands[s]) <= n:
                value += 25.0 * self.p_sign(s, self.rival) + 2.0
            best = max(best, value)
        return best + (0.4 if two else 0.0)

    def rows_value(self, rows: list[list[int]], bonus: int) -> float:
        """End of turn: the star treasure now, trimagics of complete rows, stars left."""
        tab = self.tab
        table, kind = tab.stars, tab.card_kind
        kinds = [[kind[c] for c in row] for row in rows]
        row_stars = [sum([table[3 * k + p] for p, k in enumerate(row)]) for row in kinds]
        value = 0.0
        if sum(row_stars) + bonus >= tab.stars_needed:
            best = max((self.tvalue(self.me, t) for t in self.st.display if t >= 0), default=0.0)
            value += 1.2 + max(best, 0.0)
        future = 0
        for r, row in enumerate(kinds):
            if len(row) == tab.row_length:
                value += self.trimagic_value(row)
            else:
                future += row_stars[r]
                if row:  # on its way to a trimagic
                    typical = TYPICAL_OF_TYPE[tab.vtype[row[0]]]
                    value += typical * (0.3 if len(row) == 1 else 0.6)
        if future >= tab.stars_needed:
            value += 1.0
        else:
            value += 0.2 * future
        return value

    # ------------------------------------------------------------------ decisions
    def choose(self, legal: list[int]) -> int:
        frame = self.st.stack[-1]
        decide = DECIDERS.get(type(frame))
        return legal[0] if decide is None else decide(self, legal, frame)

    def decode(self, action: int) -> Decoded:
        return self.codec.decode(action)

    def reveal_or_hide(self, legal: list[int], frame: Frame) -> int:
        st = self.st
        own = sum(1 for t in st.tre[self.me] if self.tab.tre_colour[t] == self.sign)
        return A.REVEAL if own >= 1 and len(st.hands[self.me]) >= 3 else A.HIDE

    def treasure_to_keep_face_up(self, legal: list[int], frame: Frame) -> int:
        options = [a for a in legal if a != A.DONE]
        if not options:
            return A.DONE
        return max(options, key=lambda a: (self.lay_value(a), a))

    def lay_value(self, action: int) -> int:
        kind = self.decode(action)[1][0]
        return self.comp.treasure_kinds[kind][1] if kind < self.comp.queen else 0

    def enchant_or_exchange(self, legal: list[int], frame: Frame) -> int:
        """Step 1: the first enchantment worth playing now, else the exchange if cheap, else
        done."""
        by_effect = {}
        for action in legal:
            name, args = self.decode(action)
            if name == "enchant":  # the argument counts the enchantment kinds
                by_effect[self.tab.effect[self.tab.num_visions + args[0]]] = action
        for wanted in (
            self._pickpocket_wanted,
            self._trade_wanted,
            self._wind_wanted,
            self._stars_wanted,
            self._unmask_wanted,
            self._any_enchantment_to_cycle,
        ):
            effect = wanted(by_effect)
            if effect is not None:
                return by_effect[effect]
        return A.EXCHANGE if A.EXCHANGE in legal and self._cheap_exchange() else A.DONE

    def _visions_in_hand(self) -> list[int]:
        st = self.st
        tab = self.tab
        return [c for c in st.hands[self.me] if tab.is_vision(tab.card_kind[c])]

    def _pickpocket_wanted(self, by_effect: dict[str, int]) -> str | None:
        """Pickpocket a thin hand that may be my opposing sign (round 2: empty it and win), or
        refill a thin hand of mine."""
        if "pickpocket" not in by_effect:
            return None
        st = self.st
        thin = [s for s in self.others() if len(st.hands[s]) == 1]
        if st.round == 2 and any(self.p_sign(s, self.rival) > 0.4 for s in thin):
            return "pickpocket"
        return "pickpocket" if len(st.hands[self.me]) <= 4 else None

    def _trade_wanted(self, by_effect: dict[str, int]) -> str | None:
        return "trade" if "trade" in by_effect and self._trade_plan() is not None else None

    def _wind_wanted(self, by_effect: dict[str, int]) -> str | None:
        return "wind" if "wind" in by_effect and self._wind_target() is not None else None

    def _stars_wanted(self, by_effect: dict[str, int]) -> str | None:
        """Falling Star when it completes the stars for a treasure; Double Vision with visions
        to play and room for them."""
        st, me = self.st, self.me
        mine = facts.stars(st, me)
        room = sum(3 - len(row) for row in st.rows[me])
        if "star" in by_effect and 1 <= mine <= 2 and not st.bonus:
            return "star"
        if "double" in by_effect and len(self._visions_in_hand()) >= 3 and room >= 3:
            return "double"
        return None

    def _unmask_wanted(self, by_effect: dict[str, int]) -> str | None:
        """Unmasking early, while two characters or more are unknown."""
        if "unmask" not in by_effect:
            return None
        st = self.st
        unknown = [s for s in self.others() if not st.ck_char[s] & self.bit]
        return "unmask" if len(unknown) >= 2 and st.round == 1 else None

    def _any_enchantment_to_cycle(self, by_effect: dict[str, int]) -> str | None:
        """Nothing to play: an enchantment at least draws a new card."""
        if self._visions_in_hand():
            return None
        for effect in ("double", "star", "unmask", "gaze", "wind", "trade", "swap"):
            if effect in by_effect and (effect != "trade" or self._trade_plan()):
                return effect
        return None

    def _cheap_exchange(self) -> bool:
        """A thin choice of visions and a treasure worth 1 or less to give up."""
        st, me = self.st, self.me
        if len(self._visions_in_hand()) > 1 or len(st.hands[me]) < 3:
            return False
        return any(self.tvalue(me, t) <= 1.0 for t in facts.exchangeable(st, me))

    def _trade_plan(self) -> tuple[int, int] | None:
        st, me = self.st, self.me
        mine = st.tre[me] + st.up[me]
        if not mine:
            return None
        worst = min(mine, key=lambda t: self.tvalue(me, t))
        slots = [i for i, t in enumerate(st.display) if t >= 0]
        if not slots:
            return None
        best = max(slots, key=lambda i: self.tvalue(me, st.display[i]))
        if self.tvalue(me, st.display[best]) - self.tvalue(me, worst) >= 2.0:
            return worst, best
        return None

    def _wind_target(self) -> tuple[int, int] | None:
        st = self.st
        best, target = 1.5, None
        for s in self.others():
            for r, row in enumerate(st.rows[s]):
                if len(row) == 2:
                    danger = DANGER_OF_TYPE[self.tab.vtype[st.kind(row[0])]]
                    danger *= 0.5 + self.threat(s)
                    if danger > best:
                        best, target = danger, (s, r)
        return target

    def vision_to_steal(self, legal: list[int], frame: Frame) -> int:
        st, me = self.st, self.me
        base = self.rows_value(st.rows[me], st.bonus)
        best, choice = 0.3, A.DONE
        for action in legal:
            if action == A.DONE:
                continue
            _, (x, r) = self.decode(action)
            card = st.rows[x][r][-1]
            p = len(st.rows[x][r]) - 1
            for mr, row in enumerate(st.rows[me]):
                if len(row) != p:
                    continue
                rows = [list(rw) for rw in st.rows[me]]
                rows[mr].append(card)
                gain = self.rows_value(rows, st.bonus) - base
                gain += 0.3 * self.threat(x) * (1 + p)
                if gain > best:
                    best, choice = gain, action
        return choice

    def row_for_the_stolen_vision(self, legal: list[int], frame: ToRow) -> int:
        st, me = self.st, self.me
        card = st.rows[frame.victim][frame.row][-1]

        def value(action: int) -> float:
            r = self.decode(action)[1][0]
            rows = [list(rw) for rw in st.rows[me]]
            rows[r].append(card)
            return self.rows_value(rows, st.bonus)

        return max(legal, key=value)

    def vision_to_play(self, legal: list[int], frame: Frame) -> int:
        st, me = self.st, self.me
        base = self.rows_value(st.rows[me], st.bonus)
        best, choice = 0.05, A.DONE
        for action in legal:
            if action == A.DONE:
                continue
            _, (v, r) = self.decode(action)
            card = next(c for c in st.hands[me] if st.kind(c) == v)
            rows = [list(rw) for rw in st.rows[me]]
            rows[r].append(card)
            gain = self.rows_value(rows, st.bonus) - base - 0.05 * self.card_keep(v)
            if len(st.hands[me]) + len(st.aside[me]) <= self.tab.hand_limit:
                gain += CYCLE
            if gain > best:
                best, choice = gain, action
        return choice

    def display_slot(self, legal: list[int], frame: SlotPick) -> int:
        st, me = self.st, self.me
        options = [a for a in legal if a != A.DONE]

        def display_of(action: int) -> int:
            return st.display[self.decode(action)[1][0]]

        mode = frame.mode
        if mode == "take":
            target = frame.receiver_or_kind
            if target == me:
                return max(options, key=lambda a: self.tvalue(me, display_of(a)))
            return min(options, key=lambda a: self.tvalue(target, display_of(a)))
        if mode == "trade":
            plan = self._trade_plan()
            if plan is not None and self.ids.slot + plan[1] in options:
                return self.ids.slot + plan[1]
            return max(options, key=lambda a: self.tvalue(me, display_of(a)))
        best = max(options, key=lambda a: self.tvalue(me, display_of(a)))
        if self.tvalue(me, display_of(best)) >= 0.5 or not self.others():
            return best
        if A.DONE in legal:
            return A.DONE
        return min(options, key=lambda a: self.tvalue(me, display_of(a)))

    def star_treasure_recipient(self, legal: list[int], frame: Gift) -> int:
        st, me = self.st, self.me
        t = st.display[frame.slot]
        others = [s for s in self.others() if self.ids.seat + s in legal]
        if self.tvalue(me, t) >= 0.5 or not others:
            return self.ids.seat + me
        if self.tvalue(me, t) < 0:
            return self.ids.seat + self.enemy(others)
        return self.ids.seat + me

    def trimagic_target(self, legal: list[int], frame: Frame) -> int:
        st, me = self.st, self.me
        tri = st.stack[-2]
        assert isinstance(tri, Tri)
        seats = [self.decode(a)[1][0] for a in legal]
        others = [s for s in seats if s != me]
        ty, n = tri.effect, tri.strength
        if ty == "DRAW":
            if me in seats:
                return self.ids.seat + me
            return self.ids.seat + min(others, key=lambda s: (self.threat(s), s))
        if ty == "TAKE":
            vals = sorted((self.tvalue(me, t) for t in st.display if t >= 0), reverse=True)
            if me in seats and sum(vals[:n]) > 0:
                return self.ids.seat + me
            return self.ids.seat + self.enemy(others or seats)
        if ty == "STEAL":
            rich = [s for s in others if st.tre[s]] or others
            return self.ids.seat + max(
                rich, key=lambda s: (len(st.tre[s]) + 2 * self.threat(s), -s)
            )

        def danger(s: int) -> float:
            value = self.threat(s) + 0.1 * len(st.hands[s])
            if st.round == 2 and len(st.hands[s]) <= n:
                value += 30.0 * self.p_sign(s, self.rival) + 3.0
            return value

        return self.ids.seat + max(others, key=lambda s: (danger(s), -s))

    def shield_or_allow(self, legal: list[int], frame: Frame) -> int:
        if A.SHIELD not in legal:
            return A.ALLOW
        st, me = self.st, self.me
        tri = st.stack[-2]
        assert isinstance(tri, Tri)
        ty, n = tri.effect, tri.strength
        if ty == "DISCARD":
            hand = len(st.hands[me]) - 1  # the Shield itself leaves the hand
            if st.round == 2 and hand <= n + 1:
                return A.SHIELD
            return A.SHIELD if hand <= 2 else A.ALLOW
        if ty == "STEAL":
            value = sum(max(self.tvalue(me, t), 0) for t in st.tre[me])
            return A.SHIELD if value >= 4 else A.ALLOW
        if ty == "TAKE":
            worst = sorted(self.tvalue(me, t) for t in st.display if t >= 0)[:n]
            return A.SHIELD if sum(worst) < -0.5 else A.ALLOW
        return A.ALLOW

    def row_to_cast_first(self, legal: list[int], frame: Frame) -> int:
        st, me = self.st, self.me

        def value(action: int) -> float:
            row = st.rows[me][self.decode(action)[1][0]]
            return self.trimagic_value([st.kind(c) for c in row])

        return max(legal, key=value)

    def _worst_card(self, legal: list[int]) -> int:
        cards = [a for a in legal if a != A.DONE]
        return min(cards, key=lambda a: (self.card_keep(self.decode(a)[1][0]), a))

    def card_to_discard(self, legal: list[int], frame: Frame) -> int:
        return self._worst_card(legal)

    def treasure_to_exchange(self, legal: list[int], frame: Frame) -> int:
        st, me = self.st, self.me
        kinds = {self.decode(a)[1][0]: a for a in legal}
        best_for = {
            k: max(
                (self.tvalue(me, t) for t in st.tre[me] + st.up[me] if st.tkind(t) == k),
                default=0.0,
            )
            for k in kinds
        }
        return kinds[min(kinds, key=lambda k: (best_for[k], k))]

    def exchange_discard(self, legal: list[int], frame: Frame) -> int:
        cards = [a for a in legal if a != A.DONE]
        if not cards:
            return A.DONE
        worst = self._worst_card(legal)
        return worst if self.card_keep(self.decode(worst)[1][0]) < 0.9 else A.DONE

    def card_to_keep(self, legal: list[int], frame: Frame) -> int:
        return max(legal, key=lambda a: (self.card_keep(self.decode(a)[1][0]), -a))

    def row_to_blow_away(self, legal: list[int], frame: Frame) -> int:
        target = self._wind_target()
        if target is not None and self.ids.a_row(*target) in legal:
            return self.ids.a_row(*target)
        theirs = [a for a in legal if self.decode(a)[1][0] != self.me]
        return max(theirs or legal, key=lambda a: self.threat(self.decode(a)[1][0]))

    def hand_to_pickpocket(self, legal: list[int], frame: Frame) -> int:
        st = self.st

        def value(action: int) -> float:
            s = self.decode(action)[1][0]
            v = 0.1 * len(st.hands[s]) + self.threat(s)
            if st.round == 2 and len(st.hands[s]) == 1:
                v += 30.0 * self.p_sign(s, self.rival) + 2.0
            return v

        return max(legal, key=value)

    def character_to_unmask(self, legal: list[int], frame: Frame) -> int:
        st = self.st
        unknown = [a for a in legal if not st.ck_char[self.decode(a)[1][0]] & self.bit]
        pool = unknown or legal
        return max(pool, key=lambda a: self.p_sign(self.decode(a)[1][0], self.rival))

    def treasure_to_trade(self, legal: list[int], frame: Frame) -> int:
        st, me = self.st, self.me
        plan = self._trade_plan()
        if plan is not None:
            action = self.ids.treasure + st.tkind(plan[0])
            if action in legal:
                return action
        kinds = {self.decode(a)[1][0]: a for a in legal}
        values = {
            k: min(self.tvalue(me, t) for t in st.tre[me] + st.up[me] if st.tkind(t) == k)
            for k in kinds
        }
        return kinds[min(kinds, key=lambda k: (values[k], k))]

    def gaze_treasure_order(self, legal: list[int], frame: Frame) -> int:
        st, me = self.st, self.me
        queen = self.ids.treasure + self.comp.queen
        known = st.public_scores(me)  # what this seat may know; others by their public counts
        totals = [
            score if score is not None else (st.round1 or [0] * st.n)[s] + len(st.tre[s])
            for s, score in enumerate(known)
        ]
        leading = totals[me] >= max(totals)
        if queen in legal:
            if leading and st.round == 2:
                return queen
            rest = [a for a in legal if a != queen]
            if rest:
                legal = rest

        def value(action: int) -> float:
            kind = self.decode(action)[1][0]
            t = next(u for u in st.t_top if st.tkind(u) == kind)
            return self.tvalue(me, t)

        return max(legal, key=value)

    def my_vision_to_swap(self, legal: list[int], frame: Frame) -> int:
        return legal[0]

    def their_row_to_swap(self, legal: list[int], frame: Frame) -> int:
        return max(legal, key=lambda a: self.threat(self.decode(a)[1][0]))


# the pending question (the top frame's kind) -> the method that answers it
DECIDERS: Final[dict[type[Frame], Callable[[_Brain, list[int], Any], int]]] = {
    Act1: _Brain.enchant_or_exchange,
    Reveal: _Brain.reveal_or_hide,
    Keep: _Brain.treasure_to_keep_face_up,
    Steal: _Brain.vision_to_steal,
    ToRow: _Brain.row_for_the_stolen_vision,
    Play: _Brain.vision_to_play,
    SlotPick: _Brain.display_slot,
    Gift: _Brain.star_treasure_recipient,
    Target: _Brain.trimagic_target,
    Shield: _Brain.shield_or_allow,
    Cast: _Brain.row_to_cast_first,
    Discard: _Brain.card_to_discard,
    XGive: _Brain.treasure_to_exchange,
    XDisc: _Brain.exchange_discard,
    XKeep: _Brain.card_to_keep,
    Wind: _Brain.row_to_blow_away,
    Pick: _Brain.hand_to_pickpocket,
    Unmask: _Brain.character_to_unmask,
    Trade: _Brain.treasure_to_trade,
    GazeOrder: _Brain.gaze_treasure_order,
    SwapMine: _Brain.my_vision_to_swap,
    SwapTheirs: _Brain.their_row_to_swap,
}
