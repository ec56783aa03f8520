"""Ciúb's rules: the legal actions in each step of a turn, what every action and chance outcome
does, and the chance nodes' weights.

The steps of a turn (``phase``; docs/rules/ciub.md names the rule behind each) are entered in
``turn.py``: ``mark`` (phase 1) -> ``roll`` (chance, one die at a time) -> ``actions`` (swap,
re-roll, adjust) -> ``set_aside`` (skulls forced; then roll again or stop) -> ``claim``
(phase 3) -> ``move_down`` / ``draw`` -> ``reduce`` (down to 5 dice) or ``take`` (no claim) ->
``trade`` (phase 4) -> next turn. Setup is chance (``setup.py``): ``setup_remove``,
``setup_deal``, ``setup_first``. A dice action or trade of several steps keeps a decision
frame on ``st.stack`` (``frames.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, get_args

from grimoire.core.state import CHANCE
from grimoire.games.ciub import setup
from grimoire.games.ciub.components import SKULL
from grimoire.games.ciub.frames import Face, Pick, Target
from grimoire.games.ciub.tables import (
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
    K_REMOVE,
    K_RETURN,
    K_ROLL,
    K_SET_ASIDE,
    K_STOP,
    K_SWAP,
    K_TAKE,
    K_TARGET,
    K_TRADE,
    K_USE,
    K_WHITEN,
    P_ACTIONS,
    P_CLAIM,
    P_DRAW,
    P_MARK,
    P_MOVE_DOWN,
    P_REDUCE,
    P_ROLL,
    P_SET_ASIDE,
    P_SETUP_DEAL,
    P_SETUP_FIRST,
    P_SETUP_REMOVE,
    P_TAKE,
    P_TRADE,
    S_REROLL,
    S_SWAP,
    S_TWO,
    Tables,
)
from grimoire.games.ciub.turn import (
    HAND_AFTER_CLAIM,
    SUPPLY,
    all_in_tray,
    begin_roll,
    claim,
    claimable,
    end_turn,
    enter_actions,
    enter_claim,
    enter_reduce,
    enter_set_aside,
    enter_trade,
    from_supply,
    hands,
    refill_or,
    set_phase,
    supply_colours,
    supply_mask,
    swap,
    to_supply,
    usable_dice,
    without,
)

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState

# the steps of the game (``st.phase``), declared once: the position's shape reads them too
Phase = Literal[
    "setup_remove",
    "setup_deal",
    "setup_first",
    "mark",
    "draw",
    "roll",
    "actions",
    "set_aside",
    "claim",
    "move_down",
    "reduce",
    "take",
    "trade",
    "over",
]
PHASES: frozenset[str] = frozenset(get_args(Phase))
CHANCE_PHASES = frozenset({"setup_remove", "setup_deal", "setup_first", "draw", "roll"})
SELF_ADJUST_FACES: dict[str, Callable[[str], bool]] = {
    # ruling 3 (default): a number or a skull
    "number_or_skull": lambda symbol: symbol == SKULL or symbol.isdigit(),
    # German rulebook: "nur auf eine Seite mit einer Zahl"
    "number": lambda symbol: symbol.isdigit(),
    # English rulebook: anything but swap, re-roll or adjust
    "not_action": lambda symbol: symbol not in ("swap", "reroll", "adjust"),
}


# ===================================================================== entry points
def legal_actions(st: CiubState, seat: int) -> list[int]:
    """The sorted legal actions of ``seat`` (the seat whose turn it is): the answers to the
    decision frame on top of the stack, else those of the step of the turn."""
    # The hot path of every game: the id of a one-argument kind is its first id plus the
    # argument (``ActionSpace``'s layout), so the lists add to ``t.base[kind]``.
    if st.stack:
        out = _legal_in_frame(st)
    else:
        ph = st.ph
        if ph == P_ACTIONS:
            out = _legal_dice_actions(st)
        elif ph == P_SET_ASIDE:
            out = _legal_set_aside(st, seat)
        elif ph == P_MARK:
            out = _legal_marks(st)
        elif ph == P_CLAIM:
            out = _legal_claims(st)
        elif ph == P_TRADE:
            out = _legal_trades(st, seat)
        elif ph == P_MOVE_DOWN:
            out = _legal_moves_down(st)
        elif ph == P_REDUCE:
            out = _legal_returns(st, seat)
        elif ph == P_TAKE:
            out = _legal_takes(st)
        else:
            return []
    out.sort()
    return out


def apply(st: CiubState, actor: int, action: int) -> None:
    """Apply a legal player action or chance outcome (the core counts the decisions towards
    the ``decision_limit`` safeguard, ruling 21)."""
    if actor == CHANCE:
        apply_chance(st, action)
        return
    apply_action(st, action)


def chance_weights(st: CiubState) -> list[tuple[int, int]]:
    """The outcomes of the chance node with integer weights (a card drawn: each card left
    weighs 1)."""
    ph = st.ph
    if ph == P_ROLL:
        # Faces with the same symbol are one outcome (e.g. white's two swap faces: 2 of 6).
        t = st.t
        return t.roll_weights[t.die_colour[st.to_roll[0]]]
    if ph == P_SETUP_REMOVE:
        letter = st.setup_queue[0]
        pool = st.a_deck if letter == "A" else st.pile[letter]
        return [(card, 1) for card in sorted(pool)]
    if ph == P_SETUP_DEAL:
        return [(card, 1) for card in sorted(st.a_deck)]
    if ph == P_DRAW:
        pool = st.pile["B"] or st.pile["C"]
        return [(card, 1) for card in sorted(pool)]
    if ph == P_SETUP_FIRST:
        return [(seat, 1) for seat in range(st.n)]
    return []


# ===================================================================== legal actions
def _legal_marks(st: CiubState) -> list[int]:
    """Phase 1: pass, place or shift the marker onto a face-up card without a marker, or
    remove an unmarked top-row card (docs/rules/ciub.md, "Phase 1")."""
    base = st.t.base
    marker = st.marker
    mark, remove = base[K_MARK], base[K_REMOVE]
    out = [base[K_PASS]]
    for card in st.top:
        if card not in marker:
            out.append(mark + card)
            out.append(remove + card)
    for card in st.bottom:
        if card not in marker:
            out.append(mark + card)
    return out


def _legal_dice_actions(st: CiubState) -> list[int]:
    """Phase 2, dice actions: swap a die showing swap for a supply colour, use a re-roll or
    adjust die (one die of each colour and face), or done."""
    t, face = st.t, st.face
    use = t.base[K_USE]
    out: list[int] = []
    seen = 0  # (colour, face) classes met, a bit each
    colours: list[int] | None = None
    for die in usable_dice(st):
        shown = face[die]
        bit = 1 << (t.die_colour[die] * 6 + shown)
        if seen & bit:
            continue
        seen |= bit
        if t.sym[die * 6 + shown] == S_SWAP:
            if colours is None:
                colours = supply_colours(st)
            out += [t.swap_id(die, k) for k in colours]
        else:
            out.append(use + die)
    out.append(t.base[K_DONE])
    return out


def _legal_set_aside(st: CiubState, seat: int) -> list[int]:
    """Phase 2, after the dice actions: set an active die aside (one of each colour and
    face), roll again once a die went into the tray or was swapped since the last roll, or
    stop."""
    t, face, tray = st.t, st.face, st.tray
    aside = t.base[K_SET_ASIDE]
    out: list[int] = []
    free = False
    seen = 0
    for die in hands(st)[seat]:
        if tray[die]:
            continue
        free = True
        shown = face[die]
        if shown < 0:
            continue
        bit = 1 << (t.die_colour[die] * 6 + shown)
        if not seen & bit:
            seen |= bit
            out.append(aside + die)
    if st.cycle_ok and free:
        out.append(t.base[K_ROLL])
    out.append(t.base[K_STOP])
    return out


def _legal_claims(st: CiubState) -> list[int]:
    """Phase 3: claim a card the tray meets, or no claim (always allowed)."""
    base = st.t.base
    claim_ = base[K_CLAIM]
    return [claim_ + card for card in claimable(st)] + [base[K_NO_CLAIM]]


def _legal_moves_down(st: CiubState) -> list[int]:
    """Phase 3, after a claim: the top-row card moved down into the gap."""
    down = st.t.base[K_MOVE_DOWN]
    return [down + card for card in st.top]


def _trade_class(st: CiubState, die: int) -> int:
    """Dice that differ only in ways that no longer matter: colour, and whether the die is a
    2-for-1 die in the tray (the only face that still counts in phase 4)."""
    t = st.t
    shown = st.face[die]
    two_for_one = st.tray[die] and shown >= 0 and t.sym[die * 6 + shown] == S_TWO
    return t.die_colour[die] * 2 + (1 if two_for_one else 0)


def _legal_returns(st: CiubState, seat: int) -> list[int]:
    """Phase 3, down to five dice: one die of each class to return."""
    back = st.t.base[K_RETURN]
    out = []
    seen = 0
    for die in hands(st)[seat]:
        bit = 1 << _trade_class(st, die)
        if not seen & bit:
            seen |= bit
            out.append(back + die)
    return out


def _legal_takes(st: CiubState) -> list[int]:
    """Phase 3, after no claim: a die of any colour the supply holds."""
    take = st.t.base[K_TAKE]
    return [take + k for k in supply_colours(st)]


def _legal_trades(st: CiubState, seat: int) -> list[int]:
    """Phase 4 without a pending pick: 2-for-1 trades, whitening, or the end of the turn."""
    t = st.t
    face, tray = st.face, st.tray
    mine = hands(st)[seat]
    others = [0] * t.num_colours
    total = 0
    for d, where in enumerate(st.loc):
        if where == SUPPLY:
            others[t.die_colour[d]] += 1
            total += 1
    trade, whiten = t.base[K_TRADE], t.base[K_WHITEN]
    out = []
    seen = 0
    for die in mine:
        shown = face[die]
        if (
            tray[die]
            and shown >= 0
            and t.sym[die * 6 + shown] == S_TWO
            and total - others[t.die_colour[die]] >= 2
        ):
            bit = 1 << _trade_class(st, die)
            if not seen & bit:
                seen |= bit
                out.append(trade + die)
    if others[t.white]:
        seen = 0
        for die in mine:
            if t.die_colour[die] != t.white:
                bit = 1 << _trade_class(st, die)
                if not seen & bit:
                    seen |= bit
                    out.append(whiten + die)
    out.append(t.base[K_END_TURN])
    return out


def _legal_in_frame(st: CiubState) -> list[int]:
    """The answers to the decision frame on top of the stack."""
    t = st.t
    frame = st.stack[-1]
    if isinstance(frame, Pick):
        pick = t.base[K_PICK]
        return [pick + k for k in supply_colours(st) if k != frame.colour]
    out = [t.base[K_CANCEL]]
    if isinstance(frame, Target):
        by = frame.by
        target = t.base[K_TARGET]
        face, tray, spent = st.face, st.tray, st.spent
        seen = 0
        for die in hands(st)[st.turn]:
            if tray[die]:
                continue
            # one die of each (colour, face, spent, is the die used)
            key = (t.die_colour[die] * 7 + face[die] + 1) * 4 + (2 if spent[die] else 0)
            key += 1 if die == by else 0
            bit = 1 << key
            if not seen & bit:
                seen |= bit
                out.append(target + die)
    elif isinstance(frame, Face):  # which face to adjust the target to
        colour = t.die_colour[frame.target]
        faces = t.colour_faces[colour]
        face_ = t.base[K_FACE]
        itself = frame.target == frame.by
        for shown in t.distinct[colour]:
            if itself and not t.self_adjust_ok[faces[shown]]:
                continue
            out.append(face_ + shown)
    return out


# ===================================================================== applying
def apply_chance(st: CiubState, outcome: int) -> None:
    """A die rolled, a card drawn to the top row, or a setup outcome."""
    ph = st.ph
    if ph == P_ROLL:
        die = st.to_roll[0]
        st.to_roll = st.to_roll[1:]
        st.face[die] = outcome
        st.spent[die] = False
        if not st.to_roll:
            enter_actions(st)
    elif ph == P_DRAW:
        letter = "B" if st.pile["B"] else "C"
        st.pile[letter] = without(st.pile[letter], outcome)
        top = st.top[:]
        top.insert(st.refill_at, outcome)
        st.top = top
        if letter == "C" and not st.pile["C"]:
            st.triggered = True  # the last C card is revealed: the end begins
        st.refill_at = -1
        after, st.after_draw = st.after_draw, ""
        if after == "roll":
            begin_roll(st)
        else:
            enter_reduce(st)
    else:
        setup.apply_chance(st, outcome)


def apply_action(st: CiubState, action: int) -> None:
    """A legal player action of the seat whose turn it is."""
    t = st.t
    kind, arg = t.kind_of[action], t.arg_of[action]
    seat = st.turn
    if kind <= K_REMOVE:
        _phase_one(st, kind, arg)
    elif kind == K_SWAP:
        swap(st, arg, t.arg2_of[action])
    elif kind <= K_CANCEL:
        _dice_action(st, t, kind, arg)
    elif kind == K_DONE:
        enter_set_aside(st)
    elif kind == K_SET_ASIDE:
        st.tray[arg] = True
        st.cycle_ok = True
        if all_in_tray(st, hands(st)[seat]):
            enter_claim(st)
    elif kind == K_ROLL:
        begin_roll(st)
    elif kind == K_STOP:
        enter_claim(st)
    elif kind <= K_TAKE:
        _phase_three(st, kind, arg)
    else:
        _trade_action(st, t, kind, arg)


def _phase_one(st: CiubState, kind: int, arg: int) -> None:
    """``pass``, ``mark`` or ``remove``."""
    if kind == K_PASS:
        begin_roll(st)
    elif kind == K_MARK:
        marker = st.marker[:]
        marker[st.turn] = arg  # placing or shifting your marker
        st.marker = marker
        begin_roll(st)
    else:  # K_REMOVE
        index = st.top.index(arg)
        st.top = st.top[:index] + st.top[index + 1 :]
        st.discard = [*st.discard, arg]
        refill_or(st, index, then="roll")


def _phase_three(st: CiubState, kind: int, arg: int) -> None:
    """``claim``, ``no_claim``, ``move_down``, ``return`` or ``take``."""
    if kind == K_CLAIM:
        claim(st, arg)
    elif kind == K_NO_CLAIM:
        if supply_mask(st):
            set_phase(st, P_TAKE)  # compensation: one die of your choice
        else:
            enter_trade(st)
    elif kind == K_MOVE_DOWN:
        index = st.top.index(arg)
        st.top = st.top[:index] + st.top[index + 1 :]
        bottom = st.bottom[:]
        bottom.insert(st.claim_gap, arg)
        st.bottom = bottom
        st.claim_gap = -1
        refill_or(st, index, then="reduce")
    elif kind == K_RETURN:
        to_supply(st, arg)
        if len(hands(st)[st.turn]) <= HAND_AFTER_CLAIM:
            enter_trade(st)
    else:  # K_TAKE
        from_supply(st, arg)
        enter_trade(st)


def _dice_action(st: CiubState, t: Tables, kind: int, arg: int) -> None:
    """``use`` a re-roll or adjust die, then its ``target`` and (adjust) the ``face``."""
    if kind == K_USE:
        st.stack.append(Target(st.turn, arg))
    elif kind == K_CANCEL:
        st.stack.pop()
    elif kind == K_TARGET:
        frame = st.stack.pop()
        assert isinstance(frame, Target)
        by = frame.by
        if t.symbol(by, st.face[by]) == S_REROLL:
            if arg != by:
                st.spent[by] = True
            st.to_roll = [arg]
            set_phase(st, P_ROLL)  # back to "actions" once the die has landed
        else:
            st.stack.append(Face(st.turn, by, arg))
    else:  # K_FACE
        frame = st.stack.pop()
        assert isinstance(frame, Face)
        st.face[frame.target] = arg
        st.spent[frame.target] = False  # an adjusted die is active: it may act again
        st.spent[frame.by] = True
        st.tray[frame.by] = True  # the adjust die must be set aside (it counts as set aside)
        st.cycle_ok = True
        enter_actions(st)


def _trade_action(st: CiubState, t: Tables, kind: int, arg: int) -> None:
    """Phase 4: a 2-for-1 ``trade`` and its two ``pick``s, ``whiten``, ``end_turn``."""
    if kind == K_TRADE:
        colour = t.die_colour[arg]
        to_supply(st, arg)
        st.stack.append(Pick(st.turn, colour, 2))
    elif kind == K_PICK:
        from_supply(st, arg)
        frame = st.stack[-1]
        assert isinstance(frame, Pick)
        frame.left -= 1
        if frame.left == 0:
            st.stack.pop()
    elif kind == K_WHITEN:
        to_supply(st, arg)
        from_supply(st, t.white)
    elif kind == K_END_TURN:
        end_turn(st)
    else:  # pragma: no cover - the action space only holds the kinds above
        raise AssertionError(kind)
