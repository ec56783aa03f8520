"""A Ciúb bot that plays like a sensible person.

It picks a target card (the best value times a rough chance of making it with the dice it
has), keeps dice that serve it, spends adjust and re-roll on dice that do not, swaps white dice
for colours that help, claims the best card it can, and at the end of the turn keeps, takes and
trades for the dice that serve the next target.

Everything is read as ints: symbols, colours and cards through the game's tables
(``tables.py``), and the dice odds from the per-colour tables that depend on the dice alone
(``Tables.face_prob``, ``three_rolls``, ...), so a decision costs a few passes over the dice.
The arithmetic is the same, in the same order, as the first version's (which counted symbol
strings), so the bot's choices are the same bit for bit.
"""

from __future__ import annotations

from typing import ClassVar, Final

from grimoire.core.bot import Bot
from grimoire.core.state import State
from grimoire.games.ciub.frames import Face, Target
from grimoire.games.ciub.state import CiubState
from grimoire.games.ciub.tables import (
    C_FACES,
    C_SAME,
    C_SUM,
    K_CANCEL,
    K_CLAIM,
    K_DONE,
    K_END_TURN,
    K_FACE,
    K_MARK,
    K_MOVE_DOWN,
    K_NO_CLAIM,
    K_PASS,
    K_PICK,
    K_RETURN,
    K_ROLL,
    K_SET_ASIDE,
    K_STOP,
    K_TAKE,
    K_TARGET,
    K_TRADE,
    K_USE,
    P_ACTIONS,
    P_CLAIM,
    P_MARK,
    P_MOVE_DOWN,
    P_REDUCE,
    P_SET_ASIDE,
    P_TAKE,
    P_TRADE,
    S_ADJUST,
    S_PHANTOM,
    S_REROLL,
    S_SWAP,
    S_TWO,
    SYMBOLS,
    Tables,
)
from grimoire.games.ciub.turn import claimable, hands, supply_colours, tray_counts, usable_dice

# How much a die of a colour is worth to keep for a turn, before the target is known.
BASE_VALUE = {
    "blue": 5.0,
    "purple": 4.2,
    "red": 3.6,
    "green": 3.2,
    "orange": 3.0,
    "yellow": 3.0,
    "white": 2.4,
}
NO_CARD: Final = -1


def base_value(t: Tables, colour: int) -> float:
    """BASE_VALUE of a colour (KeyError for a colour of one's own components it does not
    name)."""
    return BASE_VALUE[t.colour_name[colour]]


class Want:
    """The faces a target card still misses, in the order a ``Counter`` of them would list
    them (``order``, each symbol once; ``count`` by symbol, 0 or less: not missing)."""

    def __init__(self) -> None:
        self.order: list[int] = []
        self.count: list[int] = [0] * SYMBOLS

    def missing(self) -> list[int]:
        """The symbols with a positive count, in order."""
        return [s for s in self.order if self.count[s] > 0]

    def minus(self, symbols: list[int]) -> Want:
        """What is left once dice showing ``symbols`` serve it (only positive counts)."""
        left = Want()
        taken = [0] * SYMBOLS
        for s in symbols:
            taken[s] += 1
        for s in self.order:
            count = self.count[s] - taken[s]
            if count > 0:
                left.order.append(s)
                left.count[s] = count
        return left


class CiubHeuristicBot(Bot):
    name = "heuristic"
    # It reads the faces, rows, markers and trays, all face up, never the piles' contents,
    # the cards removed face down or the copy's seed (core.bot.Dealer)
    reads_hidden: ClassVar[bool] = False

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        # The die a chosen re-roll or adjust is meant for, and the face wanted (0 for a
        # re-roll): decided when the action die is used, read at the next decision frames.
        self.plan_die = -1
        self.plan_face = 0
        # ``DiceOdds`` rarity sums met so far, by free dice's colours and number
        self.odds_memo: dict[int, float] = {}

    def choose(self, state: State, seat: int | None = None) -> int:
        assert isinstance(state, CiubState)
        st = state
        legal = st.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        choice = self.decide(st, legal)
        if choice < 0 or choice not in legal:
            return legal[-1] if st.ph == P_TRADE else legal[0]
        return choice

    def decide(self, st: CiubState, legal: list[int]) -> int:
        """The choice of the step being played (-1: none)."""
        ph = st.ph
        if ph == P_ACTIONS:
            return self.actions(st, legal)
        if ph == P_SET_ASIDE:
            return self.set_aside(st, legal)
        if ph == P_MARK:
            return self.mark(st, legal)
        if ph == P_CLAIM:
            return self.claim(st)
        if ph == P_TRADE:
            return self.trade(st, legal)
        if ph == P_MOVE_DOWN:
            return self.move_down(st)
        if ph == P_REDUCE:
            return self.reduce(st, legal)
        if ph == P_TAKE:
            return self.take(st, legal)
        return -1

    # ------------------------------------------------------------------ helpers
    def free_dice(self, st: CiubState) -> list[int]:
        tray = st.tray
        return [d for d in hands(st)[st.turn] if not tray[d]]

    def candidate_cards(self, st: CiubState, next_turn: bool = False) -> list[int]:
        seat = st.turn
        marker = st.marker
        rows = st.bottom + st.top if (st.opus_holder is not None or next_turn) else st.bottom
        out = []
        for card in rows:
            blocked = False
            for other in range(st.n):
                if other != seat and marker[other] == card:
                    blocked = True
            if not blocked:
                out.append(card)
        return out

    def target(self, st: CiubState, next_turn: bool = False) -> int:
        """The card worth most (VP times ``chance_of``), NO_CARD if none is worth anything:
        the first of the candidates among equals.

        A chance is at most 1, so a card is worth at most its VP (times 1.2 for a bottom-row
        card next turn): the cards are weighed most VP first, and one that cannot beat the
        best so far (or tie it from further down the candidates) is not weighed at all."""
        t = st.t
        cards = self.candidate_cards(st, next_turn)
        if not cards:
            return NO_CARD
        vp = t.card_vp
        # most VP first (a bottom-row card's VP x 1.2 next turn: x6 against x5), then the
        # candidates' order: ``key << 8 | (255 - index)``, highest first
        order: list[int] = []
        bottom = st.bottom
        for i, card in enumerate(cards):
            key = vp[card] * (6 if next_turn and card in bottom else 5)
            order.append(key << 8 | (255 - i))
        order.sort(reverse=True)
        free = self.free_dice(st)
        counts = [0] * SYMBOLS if next_turn else tray_counts(st, st.turn)
        odds = DiceOdds(st, free, self.odds_memo)
        best, best_at, best_value = NO_CARD, len(cards), 0.0
        for item in order:
            i = 255 - (item & 255)
            card = cards[i]
            raised = next_turn and card in bottom
            bound = vp[card] * 1.0
            if raised:
                bound *= 1.2
            if bound < best_value or (bound == best_value and i > best_at):
                continue  # it cannot be the first worth most
            value = vp[card] * odds.chance(card, counts)
            if raised:
                value *= 1.2
            if value > best_value or (value == best_value and best != NO_CARD and i < best_at):
                best, best_at, best_value = card, i, value
        return best

    def useful_faces(self, st: CiubState, card: int) -> Want:
        """The faces still missing from the tray for ``card`` (sums: any high number)."""
        want = Want()
        if card == NO_CARD:
            return want
        t = st.t
        kind = t.card_kind[card]
        if kind == C_FACES:
            counts = tray_counts(st, st.turn)
            need = t.card_need[card]
            for number in t.card_numbers[card]:
                want.order.append(number)
                want.count[number] = need[number] - counts[number]
            if need[0]:  # numbers no die shows: always missing, never served
                want.order.append(S_PHANTOM)
                want.count[S_PHANTOM] = need[0]
            return want
        if kind == C_SAME:
            counts = tray_counts(st, st.turn)
            showing = [0] * SYMBOLS
            face, sym = st.face, t.sym
            for d in self.free_dice(st):
                if face[d] >= 0:
                    showing[sym[d * 6 + face[d]]] += 1
            number = 1
            for n in range(2, 8):  # the most dice shown, the highest number among equals
                if counts[n] + showing[n] >= counts[number] + showing[number]:
                    number = n
            want.order.append(number)
            want.count[number] = max(0, t.card_amount[card] - counts[number])
            return want
        if kind == C_SUM:
            for n in range(4, 8):
                want.order.append(n)
                want.count[n] = 9
        return want

    def split(self, st: CiubState, card: int) -> tuple[list[int], list[int]]:
        """Free active dice that serve the target (greedy), and the other free dice."""
        want = self.useful_faces(st, card)
        keep: list[int] = []
        rest: list[int] = []
        face, sym = st.face, st.t.sym
        free = self.free_dice(st)
        for shown in range(5, -2, -1):  # highest face index first, in die order among equals
            for d in free:
                if face[d] != shown:
                    continue
                symbol = sym[d * 6 + shown] if shown >= 0 else 0
                if symbol and want.count[symbol] > 0:
                    want.count[symbol] -= 1
                    keep.append(d)
                else:
                    rest.append(d)
        return keep, rest

    # ------------------------------------------------------------------ phases
    def mark(self, st: CiubState, legal: list[int]) -> int:
        card = self.target(st, next_turn=True)
        base = st.t.base
        if card != NO_CARD and st.marker[st.turn] != card:
            action = base[K_MARK] + card
            if action in legal:
                return action
        return base[K_PASS]

    def actions(self, st: CiubState, legal: list[int]) -> int:
        """Phase 2's dice actions: done once the target can be claimed; else adjust, re-roll
        or swap towards the faces the target still misses; else done."""
        if st.stack:
            return self.frame(st, legal)
        t = st.t
        card = self.target(st)
        if card != NO_CARD and card in claimable(st):
            return t.base[K_DONE]
        want = self.useful_faces(st, card)
        keep, rest = self.split(st, card)
        missing = want.minus([t.sym[d * 6 + st.face[d]] for d in keep]).order
        usable = [-1] * SYMBOLS  # the first usable die of each action symbol
        for d in usable_dice(st):
            symbol = t.sym[d * 6 + st.face[d]]
            if usable[symbol] < 0:
                usable[symbol] = d
        action = self.try_adjust(st, usable, missing, rest)
        if action < 0:
            action = self.try_reroll(st, usable, missing, rest)
        if action < 0:
            action = self.try_swap(st, usable, missing)
        return t.base[K_DONE] if action < 0 else action

    def try_adjust(
        self, st: CiubState, usable: list[int], missing: list[int], rest: list[int]
    ) -> int:
        """Adjust a die that does not serve the target to a missing face."""
        adjust = usable[S_ADJUST]
        if adjust < 0 or not missing:
            return -1
        t = st.t
        for d in rest:
            shows = t.colour_shows[t.die_colour[d]]
            if d == adjust:
                continue
            for f in missing:
                if shows >> f & 1:
                    self.plan_die, self.plan_face = d, f
                    return t.base[K_USE] + adjust
        return -1

    def try_reroll(
        self, st: CiubState, usable: list[int], missing: list[int], rest: list[int]
    ) -> int:
        """Re-roll a die that does not serve the target but could."""
        reroll = usable[S_REROLL]
        if reroll < 0 or not missing:
            return -1
        t = st.t
        face = st.face
        for shown in range(-1, 6):  # lowest face index first, in die order among equals
            for d in rest:
                if face[d] != shown:
                    continue
                if d == usable[S_SWAP] or d == reroll or d == usable[S_ADJUST]:
                    continue
                shows = t.colour_shows[t.die_colour[d]]
                for f in missing:
                    if shows >> f & 1:
                        self.plan_die, self.plan_face = d, 0
                        return t.base[K_USE] + reroll
        return -1

    def try_swap(self, st: CiubState, usable: list[int], missing: list[int]) -> int:
        """Swap a white die for the supply colour that best serves what is missing, if it
        serves it better than the white die."""
        swap = usable[S_SWAP]
        if swap < 0:
            return -1
        t = st.t
        best, best_score = -1, 0.0
        for k in supply_colours(st):
            score = t.faces_showing(k, missing) / 6 + base_value(t, k) / 20
            if score > best_score:
                best, best_score = k, score
        white_score = base_value(t, t.white) / 20 + t.faces_showing(t.white, missing) / 6
        if best >= 0 and best_score > white_score:
            return t.swap_id(swap, best)
        return -1

    def frame(self, st: CiubState, legal: list[int]) -> int:
        """The answer to a re-roll's or adjust's target or face, as planned when it was used."""
        t = st.t
        frame = st.stack[-1]
        if isinstance(frame, Target):
            plan = self.plan_die
            if plan >= 0:
                target = t.base[K_TARGET]
                for action in legal:
                    if t.kind_of[action] != K_TARGET:
                        continue
                    die = action - target
                    if die == plan or (
                        t.die_colour[die] == t.die_colour[plan]
                        and st.face[die] == st.face[plan]
                        and die != frame.by
                    ):
                        return action
            return t.base[K_CANCEL]
        assert isinstance(frame, Face)
        colour = t.die_colour[frame.target]
        faces = t.colour_faces[colour]
        if self.plan_die >= 0 and self.plan_face and self.plan_face in faces:
            action = t.base[K_FACE] + faces.index(self.plan_face)
            if action in legal:
                return action
        first_face = -1
        best, best_number = -1, 0
        for action in legal:
            if t.kind_of[action] != K_FACE:
                continue
            if first_face < 0:
                first_face = action
            number = faces[t.arg_of[action]]
            if 1 <= number <= 7 and number > best_number:  # no plan: the highest number
                best, best_number = action, number
        return best if best >= 0 else first_face

    def set_aside(self, st: CiubState, legal: list[int]) -> int:
        t = st.t
        base = t.base
        card = self.target(st)
        if card != NO_CARD and card in claimable(st):
            return base[K_STOP]
        keep, rest = self.split(st, card)
        for d in keep:
            action = base[K_SET_ASIDE] + d
            if action in legal:
                return action
        free = len(self.free_dice(st))
        # 2-for-1 faces are worth a die next turn when we have dice to spare.
        face = st.face
        for d in rest:
            if face[d] >= 0 and t.sym[d * 6 + face[d]] == S_TWO and free > 2:
                action = base[K_SET_ASIDE] + d
                if action in legal:
                    return action
        if base[K_ROLL] in legal:
            return base[K_ROLL]
        # Rolling again needs a die set aside: give up the least useful active one.
        if free >= 2:
            worst, worst_value = -1, 0.0
            for d in rest:
                if face[d] >= 0:
                    value = base_value(t, t.die_colour[d])
                    if worst < 0 or value < worst_value:
                        worst, worst_value = d, value
            if worst >= 0:
                action = base[K_SET_ASIDE] + worst
                if action in legal:
                    return action
        return base[K_STOP]

    def claim(self, st: CiubState) -> int:
        t = st.t
        cards = claimable(st)
        if not cards:
            return t.base[K_NO_CLAIM]
        best = cards[0]
        for card in cards:  # the most VP, the highest id among equals
            vp, best_vp = t.card_vp[card], t.card_vp[best]
            if vp > best_vp or (vp == best_vp and card > best):
                best = card
        return t.base[K_CLAIM] + best

    def move_down(self, st: CiubState) -> int:
        t = st.t
        mine = st.marker[st.turn]
        if mine is not None and mine in st.top:
            return t.base[K_MOVE_DOWN] + mine
        best = st.top[0]
        for card in st.top:  # the fewest VP, the lowest id among equals
            vp, best_vp = t.card_vp[card], t.card_vp[best]
            if vp < best_vp or (vp == best_vp and card < best):
                best = card
        return t.base[K_MOVE_DOWN] + best

    def die_value(self, st: CiubState, die: int, card: int) -> float:
        t = st.t
        colour = t.die_colour[die]
        value = base_value(t, colour)
        kind = t.card_kind[card] if card != NO_CARD else 0
        if kind == C_FACES:
            value += 6 * t.card_faces_count(card, colour) / 6
        elif kind == C_SUM:
            value += t.number_sum[colour] / 6
        shown = st.face[die]
        if st.tray[die] and shown >= 0 and t.sym[die * 6 + shown] == S_TWO:
            value += 4
        return value

    def reduce(self, st: CiubState, legal: list[int]) -> int:
        t = st.t
        card = self.target(st, next_turn=True)
        worst, worst_value = -1, 0.0
        for action in legal:
            die = t.arg_of[action]
            value = self.die_value(st, die, card)
            if worst < 0 or value < worst_value:
                worst, worst_value = die, value
        return t.base[K_RETURN] + worst

    def colour_value(self, st: CiubState, colour: int, card: int) -> float:
        t = st.t
        value = base_value(t, colour)
        if card != NO_CARD and t.card_kind[card] == C_FACES:
            value += t.card_faces_count(card, colour)
        held = 0
        for d in hands(st)[st.turn]:
            if t.die_colour[d] == colour:
                held += 1
        if held >= (5 if colour == t.white else 4):
            value -= 100  # over the limit it would go straight back
        return value

    def best_colour(self, st: CiubState, colours: list[int], card: int) -> int:
        """The colour of most value (the first among equals)."""
        best, best_value = -1, 0.0
        for k in colours:
            value = self.colour_value(st, k, card)
            if best < 0 or value > best_value:
                best, best_value = k, value
        return best

    def take(self, st: CiubState, legal: list[int]) -> int:
        t = st.t
        card = self.target(st, next_turn=True)
        colours = [t.arg_of[action] for action in legal]
        return t.base[K_TAKE] + self.best_colour(st, colours, card)

    def trade(self, st: CiubState, legal: list[int]) -> int:
        t = st.t
        if st.stack:  # a 2-for-1 trade's picks
            card = self.target(st, next_turn=True)
            colours = [t.arg_of[a] for a in legal if t.kind_of[a] == K_PICK]
            if colours:
                return t.base[K_PICK] + self.best_colour(st, colours, card)
            return -1
        for action in legal:
            if t.kind_of[action] == K_TRADE:
                return action
        return t.base[K_END_TURN]


# ---------------------------------------------------------------------- chance of a card
def chance_of(st: CiubState, card: int, dice: list[int], counts: list[int]) -> float:
    """A rough chance of meeting ``card`` this turn with free ``dice`` and a tray showing
    ``counts`` (dice by symbol). The Opus Magnum: none, by the dice alone."""
    return DiceOdds(st, dice, {}).chance(card, counts)


class DiceOdds:
    """The odds of free ``dice`` (``chance_of``), worked out once for every card a decision
    weighs: what each die shows, how many re-roll and adjust faces show, and by number the
    chance of each die showing it within three rolls (each number on first use). The summed
    chance of one face of each die, which orders a card's numbers rarest first, depends on
    the dice's colours alone: ``memo`` keeps it from one decision to the next (the bot's)."""

    def __init__(self, st: CiubState, dice: list[int], memo: dict[int, float]) -> None:
        t = st.t
        self.t = t
        self.dice = dice
        self.memo = memo
        face, sym, colour_of = st.face, t.sym, t.die_colour
        helpers = 0
        shows: list[int] = []  # the symbol each die shows (0: inactive)
        colours: list[int] = []
        code = 1  # the dice's colours in order, 4 bits each, under a leading 1
        for d in dice:
            shown = face[d]
            symbol = sym[d * 6 + shown] if shown >= 0 else 0
            if symbol in (S_ADJUST, S_REROLL):
                helpers += 1
            shows.append(symbol)
            colour = colour_of[d]
            colours.append(colour)
            code = code << 4 | colour
        self.helpers = helpers
        self.shows = shows
        self.colours = colours
        self.code = code if t.num_colours <= 16 else -1  # -1: not kept in ``memo``
        # by number: its chances die by die (``number * len(dice) + i``)
        self.known = [False] * 8
        self.q: list[float] = [0.0] * (8 * len(dice))

    def learn(self, number: int) -> None:
        """Work out the chances of ``number`` (once)."""
        self.known[number] = True
        t, q, at = self.t, self.q, number * len(self.dice)
        shows = self.shows
        for i, colour in enumerate(self.colours):
            q[at + i] = 1.0 if shows[i] == number else t.three_rolls[colour * 8 + number]

    def rarity(self, number: int) -> float:
        """The summed chance of one face of each die showing ``number``."""
        code = self.code
        if code >= 0:
            key = code << 3 | number
            found = self.memo.get(key)
            if found is not None:
                return found
        t = self.t
        # (builtin sum: the same float sum as the first version's on every Python)
        total = sum([t.face_prob[colour * 8 + number] for colour in self.colours])
        if code >= 0:
            self.memo[code << 3 | number] = total
        return total

    def chance(self, card: int, counts: list[int]) -> float:
        """``chance_of`` ``card`` with a tray showing ``counts``."""
        kind = self.t.card_kind[card]
        if kind == C_FACES:
            return self.faces(card, counts)
        if kind == C_SUM:
            return self.total(card, counts)
        if kind == C_SAME:
            return self.same(card, counts)
        return 0.0

    def faces(self, card: int, counts: list[int]) -> float:
        """A card of given numbers: each number the tray lacks, rarest first, from the free
        die likeliest to show it within three rolls; each re-roll or adjust die showing
        helps."""
        t = self.t
        if t.card_need[card][0]:
            return 0.0  # a number no die shows (one's own components): no die is ever likely
        # the numbers missing (with how many of each), in the card's order; then rarest first
        # (``rarity``), the card's order among equals
        numbers: list[int] = []
        shorts: list[int] = []
        need_count = t.card_need[card]
        for number in t.card_numbers[card]:
            short = need_count[number] - counts[number]
            if short > 0:
                numbers.append(number)
                shorts.append(short)
        if len(numbers) > 1:
            keys: list[float] = []
            for k, number in enumerate(numbers[:]):
                key = self.rarity(number)
                at = k
                while at > 0 and keys[at - 1] > key:
                    at -= 1
                keys.insert(at, key)
                if at < k:
                    short = shorts[k]
                    del numbers[k], shorts[k]
                    numbers.insert(at, number)
                    shorts.insert(at, short)
        size = len(self.dice)
        used = [False] * size
        known, q = self.known, self.q
        boost = 0.25 * self.helpers
        p = 1.0
        for k, number in enumerate(numbers):
            if not known[number]:
                self.learn(number)
            at = number * size
            for _ in range(shorts[k]):
                best, best_q = -1, 0.0
                for i in range(size):  # the first likeliest among the dice not used yet
                    if not used[i] and q[at + i] > best_q:
                        best, best_q = i, q[at + i]
                if best < 0:
                    return 0.0
                used[best] = True
                p *= min(1.0, best_q + boost)
        return p

    def total(self, card: int, counts: list[int]) -> float:
        """A sum card: how much of the missing sum the free dice's highest numbers reach."""
        t = self.t
        have = 0
        for n in range(1, 8):
            have += n * counts[n]
        reach = sum([t.reach[colour] for colour in self.colours])
        missing_sum = t.card_amount[card] - have
        if missing_sum <= 0:
            return 1.0
        return min(1.0, reach / missing_sum) ** 4

    def same(self, card: int, counts: list[int]) -> float:
        """An equal-numbers card: the best number, the likeliest free dice showing the ones
        the tray lacks."""
        t = self.t
        size = len(self.dice)
        best_p = 0.0
        for number in range(1, 8):
            short = t.card_amount[card] - counts[number]
            if short <= 0:
                return 1.0
            if size < short:
                continue
            if not self.known[number]:
                self.learn(number)
            at = number * size
            chances = self.q[at : at + size]
            chances.sort(reverse=True)
            p = 1.0
            for q in chances[:short]:
                p *= q
            if p > best_p:
                best_p = p
        return best_p
