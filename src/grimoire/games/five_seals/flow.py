"""The rulebook's game flow: setup's end, rounds and turns, and what ends a turn or a round.

``advance`` runs after every action until a player must decide (a frame on top of the stack),
chance must act (dice in ``rolls``, setup slots to fill) or the game is over. A turn ends with
``take_seal`` (turn steps 3-4, after the dice are paid); a player's round with
``finish_round`` (turn step 5); the round with ``end_round`` (the strength-6 end condition).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals.components import ABSORPTION, DICE_COLOURS, colour, family
from grimoire.games.five_seals.frames import Absorb, Decision, Give, Pick, Take, Turn
from grimoire.games.five_seals.reach import colour_ok, grown
from grimoire.games.five_seals.spells.base import release_familiars

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

# the phases as ``FiveSealsState.ph`` holds them (state.py's SETUP, DRAFT, PLAY, OVER)
SETUP: Final = 0
DRAFT: Final = 1
PLAY: Final = 2
OVER: Final = 3
PHASES: Final = ("setup", "draft", "play", "over")  # ``phase``, the name, by ``ph``


def advance(st: FiveSealsState) -> None:
    """Move on until a player must decide, chance must act, or the game is over."""
    while _step(st):
        pass


def _step(st: FiveSealsState) -> bool:
    """One step of the flow that needs no decision; False once one is needed (or chance must
    act, or the game is over)."""
    ph = st.ph
    if ph == SETUP:
        return _end_setup(st)
    if st.rolls or ph == OVER:
        return False
    if st.stack:
        return _settle(st, st.stack[-1])
    if ph == DRAFT:
        start_round(st)
        return True
    return _next_turn(st)


def _end_setup(st: FiveSealsState) -> bool:
    """Setup's end: once the circle, the first player and every slot are drawn, every player
    takes dice (the draft)."""
    if st.circle == 0 or st.first < 0:
        return False
    if st.setup_i < len(st.board.seals) + len(st.board.scrolls):
        return False
    st.set_phase(DRAFT)
    push_takes(st)
    return True


def _settle(st: FiveSealsState, top: Decision) -> bool:
    """Settle the top frame if it needs no decision: a finished turn, dice to take from an
    empty supply (ruling 3: take what there is), a robbed player with one die to give."""
    if isinstance(top, Turn) and top.end:
        st.stack.pop()
        if st.dice_count(top.s) == 0 and not st.over[top.s]:
            finish_round(st, top.s)
        return True
    if isinstance(top, Take) and -1 not in st.die_owner:  # no die in the supply
        st.stack.pop()
        return True
    if isinstance(top, Give):
        options = give_legal(st, top)
        if len(options) == 1:  # the robbed player has no real choice
            give(st, top, options[0])
            return True
    return False


def _next_turn(st: FiveSealsState) -> bool:
    """The next player clockwise takes a turn (a player without dice ends their round at
    once); the round ends when every player's round is over."""
    seat = next_seat(st)
    if seat is None:
        end_round(st)
        return True
    st.turn = seat
    if st.dice_count(seat) == 0:  # no dice at all: the round is over for this player
        finish_round(st, seat)
        return True
    st.stack.append(Turn(s=seat))
    st.turns = (st.turns or 0) + 1
    return False


# ---------------------------------------------------------------------- a turn's end
def take_seal(st: FiveSealsState, seat: int, node: int, mode: str, speed_colour: int) -> None:
    """Turn steps 3-4 for one broken seal (dice already paid), then the turn is over."""
    region = st.regions[seat]  # before the break
    code = st.token[node]
    if code >= 0:
        st.set_token(node, -1)
        release_familiars(st, node)
    else:
        st.own_hands()[seat].append([st.card[node], 1, -1])
        st.set_card(node, -1)
    st.broke = True
    if mode == "bind":  # Binding, option 2: the familiar takes the space, the mage stays
        st.set_familiar(seat, node)
    elif mode != "free" or st.speed_moves:
        st.set_mage(seat, node)  # ruling 4: every break moves the mage
    if region is not None and node in region[1]:  # a target: the area grows through it
        st.regions = st.regions[:]  # (its own list: the setters above made a new one)
        st.regions[seat] = grown(st, seat, region, node)
    close_turn(st, seat)
    if mode == "speed":
        st.stack.append(Pick(s=seat, m="free", c=speed_colour, x=-1))
    if code >= 0:
        if absorbers(st, seat, code):
            st.stack.append(Absorb(s=seat, t=code))
        else:
            st.to_box(code)


def absorbers(st: FiveSealsState, seat: int, code: int) -> list[int]:
    """Face-up Absorption scrolls of ``seat`` that may take token ``code``."""
    found: list[int] = []
    for entry in st.hands[seat]:
        card = entry[0]
        takes = entry[1] and family(card) == ABSORPTION and colour_ok(colour(card), code // 10)
        if takes and card not in found:
            found.append(card)
    found.sort()
    return found


def close_turn(st: FiveSealsState, seat: int) -> None:
    """Drop the frames above ``seat``'s turn frame and mark the turn as finished."""
    for index in range(len(st.stack) - 1, -1, -1):
        frame = st.stack[index]
        if isinstance(frame, Turn) and frame.s == seat:
            del st.stack[index + 1 :]
            frame.end = True
            return
    raise AssertionError(f"no turn of seat {seat} on the stack")


def give_legal(st: FiveSealsState, f: Give) -> list[int]:
    """The dice the robbed seat may hand over: any of the colour (any colour for Mind)."""
    cols = [f.c] if f.c >= 0 else DICE_COLOURS
    return sorted({A.die(c, v) for c in cols for v in st.dice_of(f.s, c)})


def give(st: FiveSealsState, f: Give, action: int) -> None:
    """Theft: the robbed seat hands die ``action`` to the thief (it keeps its value)."""
    st.stack.pop()
    code = action - A.DIE
    die = st.pick_dice(f.s, code // 6, [code % 6 + 1])[0]
    st.die_owner[die] = f.t  # the thief does not rotate it
    if st.dice_count(f.s) == 0:
        finish_round(st, f.s)  # robbed of the last die: round over at once


def finish_round(st: FiveSealsState, seat: int) -> None:
    """Turn step 5: remaining dice back, scrolls face up, familiar onto Binding, new dice."""
    for die, owner in enumerate(st.die_owner):
        if owner == seat:
            st.die_owner[die], st.die_val[die] = -1, 0
    for entry in st.hands[seat]:
        if not entry[1]:  # a scroll face down: the hands are written (copied first if shared)
            for own in st.own_hands()[seat]:
                own[1] = 1
            break
    st.set_familiar(seat, -1)
    st.over[seat] = True
    if st.refill_now:  # ruling 9
        st.stack.append(Take(s=seat, n=st.comp.dice_per_player))


# ---------------------------------------------------------------------- rounds
def turn_order(st: FiveSealsState) -> list[int]:
    return [(st.first + i) % st.n for i in range(st.n)]


def push_takes(st: FiveSealsState) -> None:
    """Every player takes 3 dice, the first player first."""
    for seat in reversed(turn_order(st)):
        st.stack.append(Take(s=seat, n=st.comp.dice_per_player))


def next_seat(st: FiveSealsState) -> int | None:
    """Clockwise from the last turn (from the first player at a round's start)."""
    order = turn_order(st) if st.turn < 0 else [(st.turn + i) % st.n for i in range(1, st.n + 1)]
    return next((seat for seat in order if not st.over[seat]), None)


def start_round(st: FiveSealsState) -> None:
    st.set_phase(PLAY)
    st.turn = -1
    st.rolls = [d for seat in turn_order(st) for d in range(24) if st.die_owner[d] == seat]
    for die in st.rolls:
        st.die_val[die] = 0


def end_round(st: FiveSealsState) -> None:
    """Round end: the strength-6 end condition (and the stall safeguard), else a new round."""
    st.stall = 0 if st.broke else st.stall + 1
    limit = st.stall_limit
    if st.scrolls_on_board(6) < st.comp.end_threshold[st.n] or (limit and st.stall >= limit):
        st.set_phase(OVER)
        return
    st.first = (st.first + 1) % st.n
    st.round += 1
    st.over = [False] * st.n
    for seat in range(st.n):
        st.set_familiar(seat, -1)
    st.turn = -1
    st.broke = False
    if not st.refill_now:  # dice_refill round-end
        st.set_phase(DRAFT)
        push_takes(st)
    else:
        start_round(st)
