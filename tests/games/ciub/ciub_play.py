"""Random play of whole Ciúb games, and the invariants every position must keep."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import compress

from grimoire.core.state import CHANCE
from grimoire.games.ciub.state import CiubState
from grimoire.games.ciub.turn import claimable

SUPPLY, BOX = -1, -2
OPUS = 33
CARDS = list(range(1, 34))
DICE_PER_COLOUR = {
    "white": 20,
    "yellow": 7,
    "orange": 7,
    "red": 7,
    "green": 7,
    "purple": 7,
    "blue": 7,
}
ROW = {2: 3, 3: 4, 4: 5}  # A cards per row after setup (rulebook removal table)


class Player:
    """Random legal actions. A claim is taken most of the time, so that games end; an eager
    player also removes top-row cards often and stops rolling once a claim is possible."""

    def __init__(self, seed: int, eager: bool) -> None:
        self.rng = random.Random(seed)
        self.eager = eager

    def __call__(self, state: CiubState) -> int:
        rng, codec = self.rng, state.game.codec
        actions = state.legal_actions()
        phase = state.phase
        if phase == "claim" and len(actions) > 1 and rng.random() < 0.8:
            return rng.choice(actions[:-1] if actions[-1] == codec.encode("no_claim") else actions)
        if self.eager:
            if phase == "mark" and rng.random() < 0.5:
                removes = [a for a in actions if a in codec.ids("remove")]
                if removes:
                    return rng.choice(removes)
            if phase == "set_aside" and claimable(state) and rng.random() < 0.7:
                return codec.encode("stop")
        return rng.choice(actions)


def play(
    state: CiubState,
    player: Callable[[CiubState], int],
    each_step: Callable[[CiubState], None] | None = None,
    max_steps: int = 100_000,
) -> CiubState:
    """Play to the end: seeded chance, ``player`` for the actions; ``each_step`` after every
    step."""
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        if state.is_chance():
            state.apply(state.sample_chance())
        else:
            state.apply(player(state))
        if each_step is not None:
            each_step(state)
    raise AssertionError(f"no end after {max_steps} steps")


def check_dice(state: CiubState) -> None:
    """Every die is in exactly one place (a seat, the supply or the box) and the colours keep
    their counts; the unused white dice never leave the box; only the seat to move has dice
    showing faces or in the tray."""
    c, n = state.c, state.game.players
    assert len(state.loc) == len(state.face) == len(state.tray) == c.num_dice == 62
    per_colour: Counter[str] = Counter()
    for d, where in enumerate(state.loc):
        assert where in (SUPPLY, BOX) or 0 <= where < n, (d, where)
        name = c.colours[c.die_colour[d]].name
        per_colour[name] += 1
        assert where != BOX or name == "white"
        if where != state.turn or state.phase == "over":
            assert state.face[d] == -1 and not state.tray[d], (d, where, state.phase)
    assert per_colour == DICE_PER_COLOUR
    assert state.loc.count(BOX) == 20 - 5 * n


def check_step(state: CiubState) -> None:
    """The cheap part, after every step: die locations valid, the box untouched, tray dice
    active and held by the seat to move."""
    n = state.game.players
    assert min(state.loc) >= BOX and max(state.loc) < n
    assert state.loc.count(BOX) == 20 - 5 * n
    tray_dice = list(compress(range(62), state.tray))
    assert all(state.loc[d] == state.turn and state.face[d] >= 0 for d in tray_dice)


def check_cards(state: CiubState) -> None:
    """Every card in exactly one place; markers on face-up cards, at most one per card; the
    Opus Magnum with its holder only."""
    places = (
        state.a_deck
        + state.box_cards
        + state.discard
        + state.owl_out
        + state.top
        + state.bottom
        + state.pile["B"]
        + state.pile["C"]
        + state.pile["D"]
        + [card for cards in state.claimed for card in cards]
    )
    assert sorted(places) == CARDS, Counter(places).most_common(3)
    markers = [m for m in state.marker if m is not None]
    assert len(markers) == len(set(markers))
    assert all(m in state.top or m in state.bottom for m in markers)
    holders = [seat for seat, cards in enumerate(state.claimed) if OPUS in cards]
    assert holders == ([] if state.opus_holder is None else [state.opus_holder])


def oracle_meets(need: str, faces: list[str], skulls_wild: bool) -> bool:
    """The rulebook's "How do I gain spell cards?", from the card's notation alone."""
    numbers = [int(face) for face in faces if face.isdigit()]
    skulls = faces.count("skull")
    if need.endswith("+"):  # the total of all number faces
        return sum(numbers) >= int(need[:-1])
    if need.endswith("="):  # that many equal numbers, or that many skulls
        k = int(need[:-1])
        best = max(Counter(numbers).values(), default=0)
        return best >= k or skulls >= k or (skulls_wild and best + skulls >= k)
    have = Counter(numbers)  # every listed number, with at least as many dice
    return all(
        have[value] >= count for value, count in Counter(int(x) for x in need.split(",")).items()
    )


ROLL_PHASES = frozenset({"roll", "actions", "set_aside", "claim"})
# Cards move only in these steps of a turn (phase 1, draws, claims); the watcher checks them
# there, and at every turn start.
CARD_PHASES = frozenset({"mark", "draw", "claim", "move_down", "reduce", "take", "over"})


class TurnWatcher:
    """Checks every step, and the rules that span turns, while a game is played."""

    def __init__(self, state: CiubState) -> None:
        self.n = state.game.players
        self.rows = ROW[self.n]
        self.turns = state.turns
        self.seats: list[int] = [state.turn]
        self.claimed = [len(cards) for cards in state.claimed]
        self.opus_turn: int | None = None  # index in self.seats of the Opus Magnum turn
        self.claims_this_turn = 0
        self.tray_at_roll = 0  # tray dice when the last roll of all free dice was made
        self.swapped = False  # a swap since that roll
        check_dice(state)
        check_step(state)
        check_cards(state)

    def __call__(self, state: CiubState) -> None:
        actor, action = state.history[-1]
        if actor != CHANCE:
            kind = state.game.codec.decode(action).kind
            if kind == "swap":
                self.swapped = True
            elif kind == "roll":
                self.tray_at_roll, self.swapped = sum(state.tray), False
        if not state.is_chance() and not state.is_terminal():
            if state.phase == "set_aside":
                self.check_set_aside(state)
            elif state.phase == "claim":
                self.check_claims(state)
        if actor == CHANCE and state.phase in ROLL_PHASES:
            return  # a die landed: only that die's face changed
        check_step(state)
        if state.phase in CARD_PHASES:
            check_cards(state)
        claimed = [len(cards) for cards in state.claimed]
        if claimed != self.claimed:
            # one spell card per turn (two with the Opus Magnum), by the seat to move
            seat = state.turn
            gained = [now - before for now, before in zip(claimed, self.claimed, strict=True)]
            self.claims_this_turn += 1
            assert self.claims_this_turn == 1
            assert gained[seat] in (1, 2) and sum(gained) == gained[seat]
            if gained[seat] == 2:  # a spell and the Opus Magnum, once, after the last C card
                assert state.claimed[seat][-1] == OPUS and state.triggered
                assert self.opus_turn is None
                self.opus_turn = len(self.seats) - 1
            self.claimed = claimed
        if state.turns != self.turns:
            self.turns = state.turns
            self.claims_this_turn = 0
            self.seats.append(state.turn)
            self.new_turn(state)
        elif state.is_terminal():
            check_dice(state)
            check_cards(state)

    def check_set_aside(self, state: CiubState) -> None:
        """Skulls are in the tray; rolling again needs a die set aside (any die put in the
        tray: chosen, a skull, an adjust die) or a swap since the last roll."""
        c, seat = state.c, state.turn
        free = [d for d, w in enumerate(state.loc) if w == seat and not state.tray[d]]
        for d in free:
            assert state.face[d] < 0 or c.face_symbol(d, state.face[d]) != "skull"
        may_roll = bool(free) and (sum(state.tray) > self.tray_at_roll or self.swapped)
        assert (state.game.codec.encode("roll") in state.legal_actions()) == may_roll

    def check_claims(self, state: CiubState) -> None:
        """The claimable cards: in the bottom row (either row in the final turns), without
        another player's marker, met by the tray dice."""
        c, seat = state.c, state.turn
        faces = [
            c.face_symbol(d, state.face[d])
            for d, w in enumerate(state.loc)
            if w == seat and state.tray[d]
        ]
        rows = state.bottom + (state.top if state.opus_holder is not None else [])
        blocked = {m for s, m in enumerate(state.marker) if s != seat and m is not None}
        wild = state.game.options["skulls_wild"]
        expected = {
            card
            for card in rows
            if card not in blocked and oracle_meets(c.cards[card].need, faces, wild)
        }
        claim = state.game.codec.base("claim")
        offered = {a - claim for a in state.legal_actions() if claim <= a < claim + 34}
        assert offered == expected, (faces, rows, offered, expected)

    def new_turn(self, state: CiubState) -> None:
        self.tray_at_roll, self.swapped = 0, False
        check_dice(state)
        check_cards(state)
        previous = self.seats[-2]
        assert state.turn == (previous + 1) % self.n  # "the player to your left goes next"
        for seat in range(self.n):  # the limits held at the end of every earlier turn
            held = Counter(state.c.die_colour[d] for d, w in enumerate(state.loc) if w == seat)
            assert all(k <= (5 if colour == 0 else 4) for colour, k in held.items())
        assert not any(state.tray)  # the tray empties between turns
        if state.opus_holder is None:
            assert state.phase == "mark"  # phase 1
            if state.pile["B"] or state.pile["C"]:
                assert len(state.top) == len(state.bottom) == self.rows  # rows refilled
            assert state.triggered == (not state.pile["B"] and not state.pile["C"])
        else:
            assert state.phase == "roll"  # final turns skip phase 1
            assert state.turn != state.opus_holder

    def finished(self, state: CiubState) -> None:
        assert state.is_terminal()
        assert state.opus_holder is not None and self.opus_turn is not None
        # every other player took exactly one more turn, then the game ended
        after = self.seats[self.opus_turn + 1 :]
        holder = state.opus_holder
        assert after == [(holder + k) % self.n for k in range(1, self.n)]
        vp = [sum(state.c.cards[card].vp for card in cards) for cards in state.claimed]
        dice = [state.loc.count(seat) for seat in range(self.n)]
        best = max(zip(vp, dice, strict=True))
        assert state.winners() == [s for s in range(self.n) if (vp[s], dice[s]) == best]
        assert state.scores() == [float(v) for v in vp]
