"""Ciúb's turn flow: the steps of a turn, entered one after the other, and the dice moving
between the seats and the supply (docs/rules/ciub.md names the rule behind each).

``start_turn`` -> ``mark`` (phase 1) -> ``begin_roll`` (chance, one die at a time) ->
``enter_actions`` (swap, re-roll, adjust) -> ``enter_set_aside`` (skulls forced; then roll again
or stop) -> ``enter_claim`` (phase 3) -> ``move_down`` / ``draw`` -> ``enter_reduce`` (down to
5 dice) or ``take`` (no claim) -> ``enter_trade`` (phase 4) -> ``end_turn``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.ciub.components import ACTION_FACES, SKULL
from grimoire.games.ciub.requirements import meets

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState

SUPPLY = -1  # a die's place (``loc``) when nobody holds it ...
BOX = -2  # ... and when it is out of the game (the white dice of empty seats)
HAND_AFTER_CLAIM = 5


def held(st: CiubState, seat: int) -> list[int]:
    """The dice ``seat`` holds, lowest first (a fresh list the caller may change)."""
    # Asked about twice per decision, each a scan of all the dice: kept in the memo, which the
    # core empties after every apply, and dropped here by every write to ``st.loc`` (moved).
    cache = st.memo.get("held")
    if cache is None:
        cache = st.memo["held"] = {}
    dice = cache.get(seat)
    if dice is None:
        dice = cache[seat] = [die for die, where in enumerate(st.loc) if where == seat]
    return list(dice)


def moved(st: CiubState) -> None:
    """A die changed hands: forget the cached ``held`` lists."""
    st.memo.pop("held", None)


def start_turn(st: CiubState, seat: int) -> None:
    """``seat``'s turn begins: phase 1, or the roll in the final turns."""
    st.turn = seat
    st.turns = (st.turns or 0) + 1
    for die in held(st, seat):
        st.face[die] = -1
        st.tray[die] = False
        st.spent[die] = False
    if not st.top and not st.bottom:
        st.phase = "over"  # ruling 13: no face-up card is left to claim
        return
    if st.opus_holder is not None:
        begin_roll(st)  # final turns skip phase 1
    else:
        st.phase = "mark"


def begin_roll(st: CiubState) -> None:
    """Roll every die not in the tray (rulebook: roll all; re-roll all remaining)."""
    st.to_roll = [die for die in held(st, st.turn) if not st.tray[die]]
    st.cycle_ok = False
    if st.to_roll:
        st.phase = "roll"
    else:
        enter_claim(st)


def usable_dice(st: CiubState) -> list[int]:
    """The dice of the seat to act whose action face (swap, re-roll, adjust) may act now."""
    return [
        die
        for die in held(st, st.turn)
        if not st.tray[die]
        and st.face[die] >= 0
        and not st.spent[die]
        and st.c.face_symbol(die, st.face[die]) in ACTION_FACES
    ]


def enter_actions(st: CiubState) -> None:
    """Dice actions, unless no die shows an action face that may act."""
    st.phase = "actions"
    if not usable_dice(st):
        enter_set_aside(st)


def enter_set_aside(st: CiubState) -> None:
    """Skulls must go to the tray; then the player sets aside, rolls again or stops."""
    st.phase = "set_aside"
    for die in held(st, st.turn):
        if not st.tray[die] and st.face[die] >= 0 and st.c.face_symbol(die, st.face[die]) == SKULL:
            st.tray[die] = True
            st.cycle_ok = True
    if all(st.tray[die] for die in held(st, st.turn)):
        enter_claim(st)


def enter_claim(st: CiubState) -> None:
    """Phase 3: claim a card or take no claim."""
    st.phase = "claim"
    st.stack = []


def claimable(st: CiubState) -> list[int]:
    """Cards the player to move may claim with the dice in the tray."""
    seat = st.turn
    faces = [
        st.c.face_symbol(die, st.face[die])
        for die in held(st, seat)
        if st.tray[die] and st.face[die] >= 0
    ]
    rows = st.bottom + st.top if st.opus_holder is not None else st.bottom
    blocked = {m for other, m in enumerate(st.marker) if other != seat and m is not None}
    wild = bool(st.game.options["skulls_wild"])
    return sorted(
        card for card in rows if card not in blocked and meets(st.c.cards[card], faces, wild)
    )


def enter_reduce(st: CiubState) -> None:
    """Back down to five dice if the seat holds more, else phase 4."""
    if len(held(st, st.turn)) > HAND_AFTER_CLAIM:
        st.phase = "reduce"
    else:
        enter_trade(st)


def enter_trade(st: CiubState) -> None:
    """Phase 4: trades, then the end of the turn."""
    st.phase = "trade"
    st.stack = []


def end_turn(st: CiubState) -> None:
    """Enforce the colour limits, then pass the turn (or end the game)."""
    seat, c = st.turn, st.c
    for colour in c.colours:
        limit = 5 if colour.index == c.white else 4
        mine = [die for die in held(st, seat) if c.die_colour[die] == colour.index]
        for die in mine[limit:]:
            to_supply(st, die)
    for die in held(st, seat):
        st.face[die] = -1
        st.tray[die] = False
        st.spent[die] = False
    if st.opus_holder is not None and seat != st.opus_holder and st.final_left:
        st.final_left.pop(0)
    if st.opus_holder is not None and not st.final_left:
        st.phase = "over"
        return
    start_turn(st, (seat + 1) % st.game.players)


def to_supply(st: CiubState, die: int) -> None:
    """``die`` goes back to the supply, inactive."""
    st.loc[die] = SUPPLY
    moved(st)
    st.face[die] = -1
    st.tray[die] = False
    st.spent[die] = False


def from_supply(st: CiubState, colour: int) -> int:
    """The lowest-numbered supply die of a colour (dice of a colour are interchangeable)."""
    die = next(
        d for d, where in enumerate(st.loc) if where == SUPPLY and st.c.die_colour[d] == colour
    )
    st.loc[die] = st.turn
    moved(st)
    st.face[die] = -1
    st.tray[die] = False
    st.spent[die] = False
    return die


def supply_colours(st: CiubState) -> list[int]:
    """The colours of which the supply holds a die."""
    return sorted({st.c.die_colour[d] for d, where in enumerate(st.loc) if where == SUPPLY})


def swap(st: CiubState, die: int, colour: int) -> None:
    """Swap: take the new die first (it is inactive), then the swap die goes to the supply."""
    new = from_supply(st, colour)
    to_supply(st, die)
    st.face[new] = -1
    st.cycle_ok = True
    enter_actions(st)


def claim(st: CiubState, card: int) -> None:
    """The seat to act claims ``card`` (and the Opus Magnum with it once the end has begun)."""
    seat = st.turn
    from_bottom = card in st.bottom
    row = st.bottom if from_bottom else st.top
    index = row.index(card)
    row.pop(index)
    st.claimed[seat].append(card)
    if st.marker[seat] == card:
        st.marker[seat] = None  # your own marker comes back for next round
    if st.triggered and st.opus_holder is None:
        opus = st.c.opus.id
        st.pile["D"].remove(opus)
        st.claimed[seat].append(opus)
        st.opus_holder = seat
        n = st.game.players
        st.final_left = [(seat + k) % n for k in range(1, n)]
    if from_bottom and st.top:
        st.claim_gap = index
        st.phase = "move_down"
    elif not from_bottom:
        refill_or(st, index, then="reduce")
    else:
        enter_reduce(st)


def refill_or(st: CiubState, index: int, then: str) -> None:
    """Fill a top-row gap from the pile (a chance draw), then go on. Refills stop when only
    the D card is left (ruling 9)."""
    if st.pile["B"] or st.pile["C"]:
        st.refill_at = index
        st.after_draw = then
        st.phase = "draw"
    elif then == "roll":
        begin_roll(st)
    else:
        enter_reduce(st)
