"""A Ciúb bot that plays like a sensible person.

It picks a target card (the best value times a rough chance of making it with the dice it
has), keeps dice that serve it, spends adjust and re-roll on dice that do not, swaps white dice
for colours that help, claims the best card it can, and at the end of the turn keeps, takes and
trades for the dice that serve the next target.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from grimoire.core.bot import Bot
from grimoire.core.state import State
from grimoire.games.ciub import turn
from grimoire.games.ciub.components import NUMBER_FACES, TWO_FOR_ONE, Card, Components
from grimoire.games.ciub.frames import Face, Target
from grimoire.games.ciub.state import CiubState

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


def face_probability(c: Components, colour: int, number: int) -> float:
    return c.colours[colour].faces.count(str(number)) / 6


def numbers(c: Components, colour: int) -> list[int]:
    return [int(face) for face in c.colours[colour].faces if face in NUMBER_FACES]


class CiubHeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        # The die a chosen re-roll or adjust is meant for, and the face wanted ("" for a
        # re-roll): decided when the action die is used, read at the next decision frames.
        self._plan: tuple[int, str] | None = None

    def choose(self, state: State, seat: int | None = None) -> int:
        assert isinstance(state, CiubState)
        st = state
        legal = st.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        decide = getattr(self, f"_{st.phase}", None)
        choice: int | None = decide(st, legal) if decide else None
        if choice is None or choice not in legal:
            return legal[-1] if st.phase == "trade" else legal[0]
        return choice

    # ------------------------------------------------------------------ helpers
    def enc(self, st: CiubState, kind: str, *args: int) -> int:
        return st.space.encode(kind, *args)

    def mine(self, st: CiubState) -> list[int]:
        return turn.held(st, st.turn)

    def tray_faces(self, st: CiubState) -> list[str]:
        return [
            st.c.face_symbol(d, st.face[d]) for d in self.mine(st) if st.tray[d] and st.face[d] >= 0
        ]

    def candidate_cards(self, st: CiubState, next_turn: bool = False) -> list[int]:
        seat = st.turn
        blocked = {m for o, m in enumerate(st.marker) if o != seat and m is not None}
        rows = st.bottom + st.top if (st.opus_holder is not None or next_turn) else st.bottom
        return [card for card in rows if card not in blocked]

    def chance_of(self, st: CiubState, card: Card, dice: list[int], tray: list[str]) -> float:
        """A rough chance of meeting ``card`` this turn with free ``dice`` and a ``tray``."""
        rate = CHANCE_OF_KIND.get(card.kind)
        return 0.0 if rate is None else rate(st, card, dice, Counter(tray))

    def target(self, st: CiubState, next_turn: bool = False) -> Card | None:
        free = [d for d in self.mine(st) if not st.tray[d]]
        tray = [] if next_turn else self.tray_faces(st)
        best, best_value = None, 0.0
        for card_id in self.candidate_cards(st, next_turn):
            card = st.c.cards[card_id]
            value = card.vp * self.chance_of(st, card, free, tray)
            if card_id in st.bottom and next_turn:
                value *= 1.2
            if value > best_value:
                best, best_value = card, value
        return best

    def useful_faces(self, st: CiubState, card: Card | None) -> Counter[str]:
        """The faces still missing from the tray for ``card`` (sums: any high number)."""
        if card is None:
            return Counter()
        counts = Counter(self.tray_faces(st))
        if card.kind == "faces":
            return Counter(str(f) for f in card.faces) - counts
        if card.kind == "same":
            free = [d for d in self.mine(st) if not st.tray[d] and st.face[d] >= 0]
            showing = Counter(st.c.face_symbol(d, st.face[d]) for d in free)
            number = max(
                (str(n) for n in range(1, 8)),
                key=lambda f: (counts[f] + showing[f], int(f)),
            )
            return Counter({number: max(0, card.amount - counts[number])})
        if card.kind == "sum":
            return Counter({str(n): 9 for n in range(4, 8)})
        return Counter()

    def split(self, st: CiubState, card: Card | None) -> tuple[list[int], list[int]]:
        """Free active dice that serve the target (greedy), and the other free dice."""
        want = self.useful_faces(st, card)
        keep, rest = [], []
        free = [d for d in self.mine(st) if not st.tray[d]]
        for d in sorted(free, key=lambda d: -st.face[d]):
            face = st.c.face_symbol(d, st.face[d]) if st.face[d] >= 0 else ""
            if face and want[face] > 0:
                want[face] -= 1
                keep.append(d)
            else:
                rest.append(d)
        return keep, rest

    # ------------------------------------------------------------------ phases
    def _mark(self, st: CiubState, legal: list[int]) -> int | None:
        card = self.target(st, next_turn=True)
        seat = st.turn
        if card is not None and st.marker[seat] != card.id:
            action = self.enc(st, "mark", card.id)
            if action in legal:
                return action
        return self.enc(st, "pass")

    def _actions(self, st: CiubState, legal: list[int]) -> int | None:
        """Phase 2's dice actions: done once the target can be claimed; else adjust, re-roll
        or swap towards the faces the target still misses; else done."""
        c = st.c
        if st.stack:
            return self._frame(st, legal)
        card = self.target(st)
        if card is not None and card.id in turn.claimable(st):
            return self.enc(st, "done")
        want = self.useful_faces(st, card)
        keep, rest = self.split(st, card)
        missing = want - Counter(c.face_symbol(d, st.face[d]) for d in keep)
        usable = {c.face_symbol(d, st.face[d]): d for d in reversed(turn.usable_dice(st))}
        for act in (self._try_adjust, self._try_reroll, self._try_swap):
            action = act(st, usable, missing, rest)
            if action is not None:
                return action
        return self.enc(st, "done")

    def _try_adjust(
        self, st: CiubState, usable: dict[str, int], missing: Counter[str], rest: list[int]
    ) -> int | None:
        """Adjust a die that does not serve the target to a missing face."""
        if "adjust" not in usable or not missing:
            return None
        for d in rest:
            colour = st.c.colours[st.c.die_colour[d]]
            if any(f in colour.faces for f in missing) and d != usable["adjust"]:
                self._plan = (d, next(f for f in missing if f in colour.faces))
                return self.enc(st, "use", usable["adjust"])
        return None

    def _try_reroll(
        self, st: CiubState, usable: dict[str, int], missing: Counter[str], rest: list[int]
    ) -> int | None:
        """Re-roll a die that does not serve the target but could."""
        if "reroll" not in usable or not missing:
            return None
        for d in sorted(rest, key=lambda d: st.face[d]):
            colour = st.c.colours[st.c.die_colour[d]]
            if any(f in colour.faces for f in missing) and d not in usable.values():
                self._plan = (d, "")
                return self.enc(st, "use", usable["reroll"])
        return None

    def _try_swap(
        self, st: CiubState, usable: dict[str, int], missing: Counter[str], rest: list[int]
    ) -> int | None:
        """Swap a white die for the supply colour that best serves what is missing, if it
        serves it better than the white die."""
        if "swap" not in usable:
            return None
        c = st.c
        best, best_score = None, 0.0
        for k in turn.supply_colours(st):
            colour = c.colours[k]
            score = sum(colour.faces.count(f) for f in missing) / 6 + BASE_VALUE[colour.name] / 20
            if score > best_score:
                best, best_score = k, score
        white_score = (
            BASE_VALUE["white"] / 20 + sum(c.colours[c.white].faces.count(f) for f in missing) / 6
        )
        if best is not None and best_score > white_score:
            return self.enc(st, "swap", usable["swap"], best)
        return None

    def _frame(self, st: CiubState, legal: list[int]) -> int | None:
        """The answer to a re-roll's or adjust's target or face, as planned when it was used."""
        frame = st.stack[-1]
        plan = self._plan
        if isinstance(frame, Target):
            if plan is not None:
                for action in legal:
                    move = st.space.decode(action)
                    if move.kind == "target" and (
                        move.arg == plan[0]
                        or (
                            st.c.die_colour[move.arg] == st.c.die_colour[plan[0]]
                            and st.face[move.arg] == st.face[plan[0]]
                            and move.arg != frame.by
                        )
                    ):
                        return action
            return self.enc(st, "cancel")
        assert isinstance(frame, Face)
        target = frame.target
        colour = st.c.colours[st.c.die_colour[target]]
        if plan is not None and plan[1] in colour.faces:
            action = self.enc(st, "face", colour.faces.index(plan[1]))
            if action in legal:
                return action
        faces = [a for a in legal if st.space.decode(a).kind == "face"]
        numeric = [a for a in faces if colour.faces[st.space.decode(a).arg] in NUMBER_FACES]
        if numeric:  # no plan: the highest number serves most cards
            return max(numeric, key=lambda a: int(colour.faces[st.space.decode(a).arg]))
        return faces[0] if faces else None

    def _set_aside(self, st: CiubState, legal: list[int]) -> int | None:
        c = st.c
        card = self.target(st)
        if card is not None and card.id in turn.claimable(st):
            return self.enc(st, "stop")
        keep, rest = self.split(st, card)
        for d in keep:
            action = self.enc(st, "set_aside", d)
            if action in legal:
                return action
        free = [d for d in self.mine(st) if not st.tray[d]]
        # 2-for-1 faces are worth a die next turn when we have dice to spare.
        for d in rest:
            if st.face[d] >= 0 and c.face_symbol(d, st.face[d]) == TWO_FOR_ONE and len(free) > 2:
                action = self.enc(st, "set_aside", d)
                if action in legal:
                    return action
        roll = self.enc(st, "roll")
        if roll in legal:
            return roll
        # Rolling again needs a die set aside: give up the least useful active one.
        if len(free) >= 2:
            active = [d for d in rest if st.face[d] >= 0]
            if active:
                worst = min(active, key=lambda d: BASE_VALUE[c.colours[c.die_colour[d]].name])
                action = self.enc(st, "set_aside", worst)
                if action in legal:
                    return action
        return self.enc(st, "stop")

    def _claim(self, st: CiubState, legal: list[int]) -> int | None:
        cards = turn.claimable(st)
        if not cards:
            return self.enc(st, "no_claim")
        return self.enc(st, "claim", max(cards, key=lambda i: (st.c.cards[i].vp, i)))

    def _move_down(self, st: CiubState, legal: list[int]) -> int | None:
        mine = st.marker[st.turn]
        if mine is not None and mine in st.top:
            return self.enc(st, "move_down", mine)
        return self.enc(st, "move_down", min(st.top, key=lambda i: (st.c.cards[i].vp, i)))

    def die_value(self, st: CiubState, die: int, card: Card | None) -> float:
        c = st.c
        colour = c.colours[c.die_colour[die]]
        value = BASE_VALUE[colour.name]
        if card is not None and card.kind == "faces":
            value += 6 * sum(colour.faces.count(str(f)) for f in set(card.faces)) / 6
        elif card is not None and card.kind == "sum":
            value += sum(numbers(c, colour.index)) / 6
        if st.tray[die] and st.face[die] >= 0 and c.face_symbol(die, st.face[die]) == TWO_FOR_ONE:
            value += 4
        return value

    def _reduce(self, st: CiubState, legal: list[int]) -> int | None:
        card = self.target(st, next_turn=True)
        options = [st.space.decode(a).arg for a in legal]
        worst = min(options, key=lambda d: self.die_value(st, d, card))
        return self.enc(st, "return", worst)

    def colour_value(self, st: CiubState, colour: int, card: Card | None) -> float:
        c = st.c
        name = c.colours[colour].name
        value = BASE_VALUE[name]
        if card is not None and card.kind == "faces":
            value += sum(c.colours[colour].faces.count(str(f)) for f in set(card.faces))
        held = sum(1 for d in self.mine(st) if c.die_colour[d] == colour)
        if held >= (5 if colour == c.white else 4):
            value -= 100  # over the limit it would go straight back
        return value

    def _take(self, st: CiubState, legal: list[int]) -> int | None:
        card = self.target(st, next_turn=True)
        options = [st.space.decode(a).arg for a in legal]
        return self.enc(st, "take", max(options, key=lambda k: self.colour_value(st, k, card)))

    def _trade(self, st: CiubState, legal: list[int]) -> int | None:
        card = self.target(st, next_turn=True)
        if st.stack:  # a 2-for-1 trade's picks
            options = [st.space.decode(a).arg for a in legal if st.space.decode(a).kind == "pick"]
            if options:
                return self.enc(
                    st, "pick", max(options, key=lambda k: self.colour_value(st, k, card))
                )
            return None
        for action in legal:
            if st.space.decode(action).kind == "trade":
                return action
        return self.enc(st, "end_turn")


# ---------------------------------------------------------------------- chance of a card
def _chance_of_faces(st: CiubState, card: Card, dice: list[int], counts: Counter[str]) -> float:
    """A card of given numbers: each number the tray lacks, rarest first, from the free die
    likeliest to show it within three rolls; each re-roll or adjust die showing helps."""
    c = st.c
    helpers = sum(
        1 for d in dice if st.face[d] >= 0 and c.face_symbol(d, st.face[d]) in ("adjust", "reroll")
    )
    missing = Counter(str(f) for f in card.faces) - counts
    need = sorted(
        missing.elements(),
        key=lambda f: sum(face_probability(c, c.die_colour[d], int(f)) for d in dice),
    )
    pool = list(dice)
    p = 1.0
    for face in need:
        best, best_q = _likeliest_to_show(st, pool, face)
        if best is None:
            return 0.0
        pool.remove(best)
        p *= min(1.0, best_q + 0.25 * helpers)
    return p


def _likeliest_to_show(st: CiubState, pool: list[int], face: str) -> tuple[int | None, float]:
    """The die of ``pool`` likeliest to show the number ``face`` within three rolls (a die
    showing it: certain), and that chance."""
    c = st.c
    best, best_q = None, 0.0
    for d in pool:
        shows = st.face[d] >= 0 and c.face_symbol(d, st.face[d]) == face
        q = 1.0 if shows else 1 - (1 - face_probability(c, c.die_colour[d], int(face))) ** 3
        if q > best_q:
            best, best_q = d, q
    return best, best_q


def _chance_of_sum(st: CiubState, card: Card, dice: list[int], counts: Counter[str]) -> float:
    """A sum card: how much of the missing sum the free dice's highest numbers reach."""
    c = st.c
    have = sum(int(f) * n for f, n in counts.items() if f in NUMBER_FACES)
    reach = sum(max(numbers(c, c.die_colour[d]), default=0) * 0.8 for d in dice)
    missing_sum = card.amount - have
    if missing_sum <= 0:
        return 1.0
    return min(1.0, reach / missing_sum) ** 4


def _chance_of_same(st: CiubState, card: Card, dice: list[int], counts: Counter[str]) -> float:
    """An equal-numbers card: the best number, the likeliest free dice showing the ones the
    tray lacks."""
    best_p = 0.0
    for number in range(1, 8):
        short = card.amount - counts[str(number)]
        if short <= 0:
            return 1.0
        chances = _chances_to_show(st, dice, number)
        if len(chances) < short:
            continue
        p = 1.0
        for q in chances[:short]:
            p *= q
        best_p = max(best_p, p)
    return best_p


def _chances_to_show(st: CiubState, dice: list[int], number: int) -> list[float]:
    """Each die's chance to show ``number`` within three rolls (showing it: 1), best first."""
    c = st.c
    return sorted(
        (
            1.0
            if st.face[d] >= 0 and c.face_symbol(d, st.face[d]) == str(number)
            else 1 - (1 - face_probability(c, c.die_colour[d], number)) ** 3
            for d in dice
        ),
        reverse=True,
    )


# the chance of meeting a card of each kind (the Opus Magnum: none, by the dice alone)
CHANCE_OF_KIND: dict[str, Callable[[CiubState, Card, list[int], Counter[str]], float]] = {
    "faces": _chance_of_faces,
    "sum": _chance_of_sum,
    "same": _chance_of_same,
}
