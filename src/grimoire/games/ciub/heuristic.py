"""A Ciúb bot that plays like a sensible person.

It picks a target card (the best value times a rough chance of making it with the dice it
has), keeps dice that serve it, spends adjust and re-roll on dice that do not, swaps white dice
for colours that help, claims the best card it can, and at the end of the turn keeps, takes and
trades for the dice that serve the next target.
"""

from __future__ import annotations

from collections import Counter

from grimoire.core.bot import Bot
from grimoire.core.state import State
from grimoire.games.ciub import rules
from grimoire.games.ciub.components import NUMBER_FACES, TWO_FOR_ONE, Card, Components
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
        s = state
        legal = s.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        decide = getattr(self, f"_{s.phase}", None)
        choice: int | None = decide(s, legal) if decide else None
        if choice is None or choice not in legal:
            return legal[-1] if s.phase == "trade" else legal[0]
        return choice

    # ------------------------------------------------------------------ helpers
    def enc(self, s: CiubState, kind: str, arg: int = 0, arg2: int = 0) -> int:
        return s.g.codec.encode(kind, arg, arg2)

    def mine(self, s: CiubState) -> list[int]:
        return rules.held(s, s.turn)

    def tray_faces(self, s: CiubState) -> list[str]:
        return [s.c.face_symbol(d, s.face[d]) for d in self.mine(s) if s.tray[d] and s.face[d] >= 0]

    def candidate_cards(self, s: CiubState, next_turn: bool = False) -> list[int]:
        seat = s.turn
        blocked = {m for o, m in enumerate(s.marker) if o != seat and m is not None}
        rows = s.bottom + s.top if (s.opus_holder is not None or next_turn) else s.bottom
        return [card for card in rows if card not in blocked]

    def chance_of(self, s: CiubState, card: Card, dice: list[int], tray: list[str]) -> float:
        """A rough chance of meeting ``card`` this turn with free ``dice`` and a ``tray``."""
        c = s.c
        counts = Counter(tray)
        helpers = sum(
            1
            for d in dice
            if s.face[d] >= 0 and c.face_symbol(d, s.face[d]) in ("adjust", "reroll")
        )
        if card.kind == "faces":
            missing = Counter(str(f) for f in card.faces) - counts
            need = sorted(
                missing.elements(),
                key=lambda f: sum(face_probability(c, c.die_colour[d], int(f)) for d in dice),
            )
            pool = list(dice)
            p = 1.0
            for face in need:
                best, best_q = None, 0.0
                for d in pool:
                    shows = s.face[d] >= 0 and c.face_symbol(d, s.face[d]) == face
                    q = (
                        1.0
                        if shows
                        else 1 - (1 - face_probability(c, c.die_colour[d], int(face))) ** 3
                    )
                    if q > best_q:
                        best, best_q = d, q
                if best is None:
                    return 0.0
                pool.remove(best)
                p *= min(1.0, best_q + 0.25 * helpers)
            return p
        if card.kind == "sum":
            have = sum(int(f) * n for f, n in counts.items() if f in NUMBER_FACES)
            reach = sum(max(numbers(c, c.die_colour[d]), default=0) * 0.8 for d in dice)
            missing_sum = card.amount - have
            if missing_sum <= 0:
                return 1.0
            return min(1.0, reach / missing_sum) ** 4
        if card.kind == "same":
            best_p = 0.0
            for number in range(1, 8):
                have = counts[str(number)]
                chances = sorted(
                    (
                        1.0
                        if s.face[d] >= 0 and c.face_symbol(d, s.face[d]) == str(number)
                        else 1 - (1 - face_probability(c, c.die_colour[d], number)) ** 3
                        for d in dice
                    ),
                    reverse=True,
                )
                short = card.amount - have
                if short <= 0:
                    return 1.0
                if len(chances) < short:
                    continue
                p = 1.0
                for q in chances[:short]:
                    p *= q
                best_p = max(best_p, p)
            return best_p
        return 0.0

    def target(self, s: CiubState, next_turn: bool = False) -> Card | None:
        free = [d for d in self.mine(s) if not s.tray[d]]
        tray = [] if next_turn else self.tray_faces(s)
        best, best_value = None, 0.0
        for card_id in self.candidate_cards(s, next_turn):
            card = s.c.cards[card_id]
            value = card.vp * self.chance_of(s, card, free, tray)
            if card_id in s.bottom and next_turn:
                value *= 1.2
            if value > best_value:
                best, best_value = card, value
        return best

    def useful_faces(self, s: CiubState, card: Card | None) -> Counter[str]:
        """The faces still missing from the tray for ``card`` (sums: any high number)."""
        if card is None:
            return Counter()
        counts = Counter(self.tray_faces(s))
        if card.kind == "faces":
            return Counter(str(f) for f in card.faces) - counts
        if card.kind == "same":
            free = [d for d in self.mine(s) if not s.tray[d] and s.face[d] >= 0]
            showing = Counter(s.c.face_symbol(d, s.face[d]) for d in free)
            number = max(
                (str(n) for n in range(1, 8)),
                key=lambda f: (counts[f] + showing[f], int(f)),
            )
            return Counter({number: max(0, card.amount - counts[number])})
        if card.kind == "sum":
            return Counter({str(n): 9 for n in range(4, 8)})
        return Counter()

    def split(self, s: CiubState, card: Card | None) -> tuple[list[int], list[int]]:
        """Free active dice that serve the target (greedy), and the other free dice."""
        want = self.useful_faces(s, card)
        keep, rest = [], []
        free = [d for d in self.mine(s) if not s.tray[d]]
        for d in sorted(free, key=lambda d: -s.face[d]):
            face = s.c.face_symbol(d, s.face[d]) if s.face[d] >= 0 else ""
            if face and want[face] > 0:
                want[face] -= 1
                keep.append(d)
            else:
                rest.append(d)
        return keep, rest

    # ------------------------------------------------------------------ phases
    def _mark(self, s: CiubState, legal: list[int]) -> int | None:
        card = self.target(s, next_turn=True)
        seat = s.turn
        if card is not None and s.marker[seat] != card.id:
            action = self.enc(s, "mark", card.id)
            if action in legal:
                return action
        return self.enc(s, "pass")

    def _actions(self, s: CiubState, legal: list[int]) -> int | None:
        c = s.c
        if s.pending:
            return self._pending(s, legal)
        card = self.target(s)
        if card is not None and card.id in rules.claimable(s):
            return self.enc(s, "done")
        want = self.useful_faces(s, card)
        keep, rest = self.split(s, card)
        missing = want - Counter(c.face_symbol(d, s.face[d]) for d in keep)
        usable = {c.face_symbol(d, s.face[d]): d for d in reversed(rules._usable_dice(s))}
        # Adjust a die that does not serve the target to a missing face.
        if "adjust" in usable and missing:
            for d in rest:
                colour = c.colours[c.die_colour[d]]
                if any(f in colour.faces for f in missing) and d != usable["adjust"]:
                    self._plan = (d, next(f for f in missing if f in colour.faces))
                    return self.enc(s, "use", usable["adjust"])
        # Re-roll a die that does not serve the target but could.
        if "reroll" in usable and missing:
            for d in sorted(rest, key=lambda d: s.face[d]):
                colour = c.colours[c.die_colour[d]]
                if any(f in colour.faces for f in missing) and d not in usable.values():
                    self._plan = (d, "")
                    return self.enc(s, "use", usable["reroll"])
        # Swap a white die for the supply colour that best serves what is missing.
        if "swap" in usable:
            best, best_score = None, 0.0
            for k in rules.supply_colours(s):
                colour = c.colours[k]
                score = (
                    sum(colour.faces.count(f) for f in missing) / 6 + BASE_VALUE[colour.name] / 20
                )
                if score > best_score:
                    best, best_score = k, score
            white_score = (
                BASE_VALUE["white"] / 20
                + sum(c.colours[c.white].faces.count(f) for f in missing) / 6
            )
            if best is not None and best_score > white_score:
                return self.enc(s, "swap", usable["swap"], best)
        return self.enc(s, "done")

    def _pending(self, s: CiubState, legal: list[int]) -> int | None:
        frame = s.pending[-1]
        plan = self._plan
        if frame["kind"] == "target":
            if plan is not None:
                for action in legal:
                    move = s.g.codec.decode(action)
                    if move.kind == "target" and (
                        move.arg == plan[0]
                        or (
                            s.c.die_colour[move.arg] == s.c.die_colour[plan[0]]
                            and s.face[move.arg] == s.face[plan[0]]
                            and move.arg != frame["by"]
                        )
                    ):
                        return action
            return self.enc(s, "cancel")
        target = frame["target"]
        colour = s.c.colours[s.c.die_colour[target]]
        if plan is not None and plan[1] in colour.faces:
            action = self.enc(s, "face", colour.faces.index(plan[1]))
            if action in legal:
                return action
        faces = [a for a in legal if s.g.codec.decode(a).kind == "face"]
        numeric = [a for a in faces if colour.faces[s.g.codec.decode(a).arg] in NUMBER_FACES]
        if numeric:  # no plan: the highest number serves most cards
            return max(numeric, key=lambda a: int(colour.faces[s.g.codec.decode(a).arg]))
        return faces[0] if faces else None

    def _set_aside(self, s: CiubState, legal: list[int]) -> int | None:
        c = s.c
        card = self.target(s)
        if card is not None and card.id in rules.claimable(s):
            return self.enc(s, "stop")
        keep, rest = self.split(s, card)
        for d in keep:
            action = self.enc(s, "set_aside", d)
            if action in legal:
                return action
        free = [d for d in self.mine(s) if not s.tray[d]]
        # 2-for-1 faces are worth a die next turn when we have dice to spare.
        for d in rest:
            if s.face[d] >= 0 and c.face_symbol(d, s.face[d]) == TWO_FOR_ONE and len(free) > 2:
                action = self.enc(s, "set_aside", d)
                if action in legal:
                    return action
        roll = self.enc(s, "roll")
        if roll in legal:
            return roll
        # Rolling again needs a die set aside: give up the least useful active one.
        if len(free) >= 2:
            active = [d for d in rest if s.face[d] >= 0]
            if active:
                worst = min(active, key=lambda d: BASE_VALUE[c.colours[c.die_colour[d]].name])
                action = self.enc(s, "set_aside", worst)
                if action in legal:
                    return action
        return self.enc(s, "stop")

    def _claim(self, s: CiubState, legal: list[int]) -> int | None:
        cards = rules.claimable(s)
        if not cards:
            return self.enc(s, "no_claim")
        return self.enc(s, "claim", max(cards, key=lambda i: (s.c.cards[i].vp, i)))

    def _move_down(self, s: CiubState, legal: list[int]) -> int | None:
        mine = s.marker[s.turn]
        if mine is not None and mine in s.top:
            return self.enc(s, "move_down", mine)
        return self.enc(s, "move_down", min(s.top, key=lambda i: (s.c.cards[i].vp, i)))

    def die_value(self, s: CiubState, die: int, card: Card | None) -> float:
        c = s.c
        colour = c.colours[c.die_colour[die]]
        value = BASE_VALUE[colour.name]
        if card is not None and card.kind == "faces":
            value += 6 * sum(colour.faces.count(str(f)) for f in set(card.faces)) / 6
        elif card is not None and card.kind == "sum":
            value += sum(numbers(c, colour.index)) / 6
        if s.tray[die] and s.face[die] >= 0 and c.face_symbol(die, s.face[die]) == TWO_FOR_ONE:
            value += 4
        return value

    def _reduce(self, s: CiubState, legal: list[int]) -> int | None:
        card = self.target(s, next_turn=True)
        options = [s.g.codec.decode(a).arg for a in legal]
        worst = min(options, key=lambda d: self.die_value(s, d, card))
        return self.enc(s, "return", worst)

    def colour_value(self, s: CiubState, colour: int, card: Card | None) -> float:
        c = s.c
        name = c.colours[colour].name
        value = BASE_VALUE[name]
        if card is not None and card.kind == "faces":
            value += sum(c.colours[colour].faces.count(str(f)) for f in set(card.faces))
        held = sum(1 for d in self.mine(s) if c.die_colour[d] == colour)
        if held >= (5 if colour == c.white else 4):
            value -= 100  # over the limit it would go straight back
        return value

    def _take(self, s: CiubState, legal: list[int]) -> int | None:
        card = self.target(s, next_turn=True)
        options = [s.g.codec.decode(a).arg for a in legal]
        return self.enc(s, "take", max(options, key=lambda k: self.colour_value(s, k, card)))

    def _trade(self, s: CiubState, legal: list[int]) -> int | None:
        card = self.target(s, next_turn=True)
        if s.pending:
            options = [s.g.codec.decode(a).arg for a in legal if s.g.codec.decode(a).kind == "pick"]
            if options:
                return self.enc(
                    s, "pick", max(options, key=lambda k: self.colour_value(s, k, card))
                )
            return None
        for action in legal:
            if s.g.codec.decode(action).kind == "trade":
                return action
        return self.enc(s, "end_turn")
