"""Ciúb's turn flow: the steps of a turn, entered one after the other, and the dice moving
between the seats and the supply (docs/rules/ciub.md names the rule behind each).

``start_turn`` -> ``mark`` (phase 1) -> ``begin_roll`` (chance, one die at a time) ->
``enter_actions`` (swap, re-roll, adjust) -> ``enter_set_aside`` (skulls forced; then roll again
or stop) -> ``enter_claim`` (phase 3) -> ``move_down`` / ``draw`` -> ``enter_reduce`` (down to
5 dice) or ``take`` (no claim) -> ``enter_trade`` (phase 4) -> ``end_turn``.

The state's rarely changed lists (rows, piles, claimed cards, markers, ...) are shared between
copies, so every change here replaces such a list instead of changing it in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from grimoire.games.ciub.tables import (
    P_ACTIONS,
    P_CLAIM,
    P_DRAW,
    P_MARK,
    P_MOVE_DOWN,
    P_OVER,
    P_REDUCE,
    P_ROLL,
    P_SET_ASIDE,
    P_TRADE,
    PHASE_NAMES,
    S_ADJUST,
    S_SKULL,
    S_SWAP,
    SYMBOLS,
)

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState

SUPPLY: Final = -1  # a die's place (``loc``) when nobody holds it ...
BOX: Final = -2  # ... and when it is out of the game (the white dice of empty seats)
HAND_AFTER_CLAIM: Final = 5


def set_phase(st: CiubState, phase: int) -> None:
    """Enter a step of the game: its int (``ph``) and its name (``phase``)."""
    st.ph = phase
    st.phase = PHASE_NAMES[phase]


def hands(st: CiubState) -> list[list[int]]:
    """The dice each seat holds, lowest first. Shared: never change these lists."""
    cache = st.hands_cache
    if cache is None:
        cache = [[] for _ in range(st.n)]
        for die, where in enumerate(st.loc):
            if where >= 0:
                cache[where].append(die)
        st.hands_cache = cache
    return cache


def held(st: CiubState, seat: int) -> list[int]:
    """The dice ``seat`` holds, lowest first (a fresh list the caller may change)."""
    return hands(st)[seat][:]


def without(cards: list[int], card: int) -> list[int]:
    """A new list: ``cards`` without the first ``card`` (ValueError if it holds none)."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def moved(st: CiubState) -> None:
    """A die changed hands (a write to ``st.loc``): forget the seats' dice."""
    st.hands_cache = None


def start_turn(st: CiubState, seat: int) -> None:
    """``seat``'s turn begins: phase 1, or the roll in the final turns."""
    st.turn = seat
    st.turns = (st.turns or 0) + 1
    _reset_dice(st, seat)
    if not st.top and not st.bottom:
        set_phase(st, P_OVER)  # ruling 13: no face-up card is left to claim
        return
    if st.opus_holder is not None:
        begin_roll(st)  # final turns skip phase 1
    else:
        set_phase(st, P_MARK)


def _reset_dice(st: CiubState, seat: int) -> None:
    face, tray, spent = st.face, st.tray, st.spent
    for die in hands(st)[seat]:
        face[die] = -1
        tray[die] = False
        spent[die] = False


def begin_roll(st: CiubState) -> None:
    """Roll every die not in the tray (rulebook: roll all; re-roll all remaining)."""
    tray = st.tray
    st.to_roll = [die for die in hands(st)[st.turn] if not tray[die]]
    st.cycle_ok = False
    if st.to_roll:
        set_phase(st, P_ROLL)
    else:
        enter_claim(st)


def usable_dice(st: CiubState) -> list[int]:
    """The dice of the seat to act whose action face (swap, re-roll, adjust) may act now."""
    sym, face, tray, spent = st.t.sym, st.face, st.tray, st.spent
    out = []
    for die in hands(st)[st.turn]:
        shown = face[die]
        if not tray[die] and shown >= 0 and not spent[die]:
            symbol = sym[die * 6 + shown]
            if S_SWAP <= symbol <= S_ADJUST:
                out.append(die)
    return out


def has_usable_die(st: CiubState) -> bool:
    """Whether ``usable_dice`` would name a die."""
    sym, face, tray, spent = st.t.sym, st.face, st.tray, st.spent
    for die in hands(st)[st.turn]:
        shown = face[die]
        if not tray[die] and shown >= 0 and not spent[die]:
            symbol = sym[die * 6 + shown]
            if S_SWAP <= symbol <= S_ADJUST:
                return True
    return False


def enter_actions(st: CiubState) -> None:
    """Dice actions, unless no die shows an action face that may act."""
    set_phase(st, P_ACTIONS)
    if not has_usable_die(st):
        enter_set_aside(st)


def enter_set_aside(st: CiubState) -> None:
    """Skulls must go to the tray; then the player sets aside, rolls again or stops."""
    set_phase(st, P_SET_ASIDE)
    sym, face, tray = st.t.sym, st.face, st.tray
    mine = hands(st)[st.turn]
    for die in mine:
        if not tray[die] and face[die] >= 0 and sym[die * 6 + face[die]] == S_SKULL:
            tray[die] = True
            st.cycle_ok = True
    if all_in_tray(st, mine):
        enter_claim(st)


def all_in_tray(st: CiubState, dice: list[int]) -> bool:
    tray = st.tray
    return all(tray[die] for die in dice)


def enter_claim(st: CiubState) -> None:
    """Phase 3: claim a card or take no claim."""
    set_phase(st, P_CLAIM)
    st.stack = []


def tray_counts(st: CiubState, seat: int) -> list[int]:
    """How many dice of ``seat``'s tray show each symbol (tables.S_*)."""
    sym, face, tray = st.t.sym, st.face, st.tray
    counts = [0] * SYMBOLS
    for die in hands(st)[seat]:
        if tray[die] and face[die] >= 0:
            counts[sym[die * 6 + face[die]]] += 1
    return counts


def claimable(st: CiubState) -> list[int]:
    """Cards the player to move may claim with the dice in the tray."""
    seat = st.turn
    counts = tray_counts(st, seat)
    rows = st.bottom + st.top if st.opus_holder is not None else st.bottom
    marker = st.marker
    t = st.t
    out = []
    for card in rows:
        if not t.meets(card, counts):
            continue
        blocked = False
        for other in range(st.n):
            if other != seat and marker[other] == card:
                blocked = True
        if not blocked:
            out.append(card)
    out.sort()
    return out


def enter_reduce(st: CiubState) -> None:
    """Back down to five dice if the seat holds more, else phase 4."""
    if len(hands(st)[st.turn]) > HAND_AFTER_CLAIM:
        set_phase(st, P_REDUCE)
    else:
        enter_trade(st)


def enter_trade(st: CiubState) -> None:
    """Phase 4: trades, then the end of the turn."""
    set_phase(st, P_TRADE)
    st.stack = []


def end_turn(st: CiubState) -> None:
    """Enforce the colour limits, then pass the turn (or end the game)."""
    seat, t = st.turn, st.t
    for colour in range(t.num_colours):
        limit = 5 if colour == t.white else 4
        mine = [die for die in hands(st)[seat] if t.die_colour[die] == colour]
        for die in mine[limit:]:
            to_supply(st, die)
    _reset_dice(st, seat)
    if st.opus_holder is not None and seat != st.opus_holder and st.final_left:
        st.final_left = st.final_left[1:]
    if st.opus_holder is not None and not st.final_left:
        set_phase(st, P_OVER)
        return
    start_turn(st, (seat + 1) % st.n)


def to_supply(st: CiubState, die: int) -> None:
    """``die`` goes back to the supply, inactive."""
    st.loc[die] = SUPPLY
    st.hands_cache = None
    st.face[die] = -1
    st.tray[die] = False
    st.spent[die] = False


def from_supply(st: CiubState, colour: int) -> int:
    """The lowest-numbered supply die of a colour (dice of a colour are interchangeable)."""
    die_colour = st.t.die_colour
    loc = st.loc
    die = 0
    while loc[die] != SUPPLY or die_colour[die] != colour:
        die += 1
    loc[die] = st.turn
    st.hands_cache = None
    st.face[die] = -1
    st.tray[die] = False
    st.spent[die] = False
    return die


def supply_mask(st: CiubState) -> int:
    """The colours of which the supply holds a die, a bit per colour."""
    die_colour = st.t.die_colour
    mask = 0
    for die, where in enumerate(st.loc):
        if where == SUPPLY:
            mask |= 1 << die_colour[die]
    return mask


def supply_colours(st: CiubState) -> list[int]:
    """The colours of which the supply holds a die."""
    mask = supply_mask(st)
    return [k for k in range(st.t.num_colours) if mask >> k & 1]


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
    row = row[:index] + row[index + 1 :]
    if from_bottom:
        st.bottom = row
    else:
        st.top = row
    gained = [card]
    if st.marker[seat] == card:
        marker = st.marker[:]
        marker[seat] = None  # your own marker comes back for next round
        st.marker = marker
    if st.triggered and st.opus_holder is None:
        opus = st.t.opus
        st.pile["D"] = without(st.pile["D"], opus)
        gained.append(opus)
        st.opus_holder = seat
        n = st.n
        st.final_left = [(seat + k) % n for k in range(1, n)]
    claimed = st.claimed[:]
    claimed[seat] = claimed[seat] + gained
    st.claimed = claimed
    if from_bottom and st.top:
        st.claim_gap = index
        set_phase(st, P_MOVE_DOWN)
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
        set_phase(st, P_DRAW)
    elif then == "roll":
        begin_roll(st)
    else:
        enter_reduce(st)
