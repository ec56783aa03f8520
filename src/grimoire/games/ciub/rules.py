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

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Literal, get_args

from grimoire.core.state import CHANCE
from grimoire.games.ciub import setup
from grimoire.games.ciub.components import SKULL, TWO_FOR_ONE
from grimoire.games.ciub.frames import Face, Pick, Target
from grimoire.games.ciub.turn import (
    HAND_AFTER_CLAIM,
    SUPPLY,
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
    held,
    refill_or,
    supply_colours,
    swap,
    to_supply,
    usable_dice,
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
    # argument (``ActionSpace``'s layout), so the lists add to ``base(kind)``.
    if st.stack:
        return sorted(_legal_in_frame(st))
    step = LEGAL_IN_STEP.get(st.phase)
    return [] if step is None else sorted(step(st, seat))


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
    phase = st.phase
    if phase == "roll":
        # Faces with the same symbol are one outcome (e.g. white's two swap faces: 2 of 6).
        return st.c.colours[st.c.die_colour[st.to_roll[0]]].roll_weights
    if phase == "setup_remove":
        letter = st.setup_queue[0]
        pool = st.a_deck if letter == "A" else st.pile[letter]
        return [(card, 1) for card in sorted(pool)]
    if phase == "setup_deal":
        return [(card, 1) for card in sorted(st.a_deck)]
    if phase == "draw":
        pool = st.pile["B"] or st.pile["C"]
        return [(card, 1) for card in sorted(pool)]
    if phase == "setup_first":
        return [(seat, 1) for seat in range(st.game.players)]
    return []


# ===================================================================== legal actions
def _legal_marks(st: CiubState, seat: int) -> list[int]:
    """Phase 1: pass, place or shift the marker onto a face-up card without a marker, or
    remove an unmarked top-row card (docs/rules/ciub.md, "Phase 1")."""
    base = st.space.base
    taken = {m for m in st.marker if m is not None}
    mark, remove = base("mark"), base("remove")
    out = [base("pass")]
    out += [mark + card for card in st.top + st.bottom if card not in taken]
    out += [remove + card for card in st.top if card not in taken]
    return out


def _legal_dice_actions(st: CiubState, seat: int) -> list[int]:
    """Phase 2, dice actions: swap a die showing swap for a supply colour, use a re-roll or
    adjust die (one die of each colour and face), or done."""
    c, face, space = st.c, st.face, st.space
    use = space.base("use")
    out: list[int] = []
    for die in _first_of_each(usable_dice(st), lambda d: (c.die_colour[d], face[d])):
        if c.face_symbol(die, face[die]) == "swap":
            out += [space.encode("swap", die, k) for k in supply_colours(st)]
        else:
            out.append(use + die)
    out.append(space.base("done"))
    return out


def _legal_set_aside(st: CiubState, seat: int) -> list[int]:
    """Phase 2, after the dice actions: set an active die aside (one of each colour and
    face), roll again once a die went into the tray or was swapped since the last roll, or
    stop."""
    base, c = st.space.base, st.c
    free = [die for die in held(st, seat) if not st.tray[die]]
    active = [die for die in free if st.face[die] >= 0]
    aside = base("set_aside")
    out = [aside + die for die in _first_of_each(active, lambda d: (c.die_colour[d], st.face[d]))]
    if st.cycle_ok and free:
        out.append(base("roll"))
    out.append(base("stop"))
    return out


def _legal_claims(st: CiubState, seat: int) -> list[int]:
    """Phase 3: claim a card the tray meets, or no claim (always allowed)."""
    claim_ = st.space.base("claim")
    return [claim_ + card for card in claimable(st)] + [st.space.base("no_claim")]


def _legal_moves_down(st: CiubState, seat: int) -> list[int]:
    """Phase 3, after a claim: the top-row card moved down into the gap."""
    down = st.space.base("move_down")
    return [down + card for card in st.top]


def _legal_returns(st: CiubState, seat: int) -> list[int]:
    """Phase 3, down to five dice: one die of each class to return."""
    back = st.space.base("return")
    return [back + die for die in _first_of_each(held(st, seat), _trade_class(st))]


def _legal_takes(st: CiubState, seat: int) -> list[int]:
    """Phase 3, after no claim: a die of any colour the supply holds."""
    take = st.space.base("take")
    return [take + k for k in supply_colours(st)]


def _first_of_each(dice: list[int], key: Callable[[int], Hashable]) -> list[int]:
    """One die of each class: dice that differ only in their number are interchangeable."""
    seen: set[Hashable] = set()
    chosen = []
    for die in dice:
        k = key(die)
        if k not in seen:
            seen.add(k)
            chosen.append(die)
    return chosen


def _trade_class(st: CiubState) -> Callable[[int], Hashable]:
    """Dice that differ only in ways that no longer matter: colour, and whether the die is a
    2-for-1 die in the tray (the only face that still counts in phase 4)."""
    c = st.c

    def key(die: int) -> tuple[int, bool]:
        two_for_one = (
            st.tray[die] and st.face[die] >= 0 and c.face_symbol(die, st.face[die]) == TWO_FOR_ONE
        )
        return (c.die_colour[die], two_for_one)

    return key


def _legal_trades(st: CiubState, seat: int) -> list[int]:
    """Phase 4 without a pending pick: 2-for-1 trades, whitening, or the end of the turn."""
    base, c = st.space.base, st.c
    mine = held(st, seat)
    klass = _trade_class(st)
    others = {k: 0 for k in range(len(c.colours))}
    for d, where in enumerate(st.loc):
        if where == SUPPLY:
            others[c.die_colour[d]] += 1
    total = sum(others.values())
    tradeable = [
        die
        for die in mine
        if st.tray[die]
        and st.face[die] >= 0
        and c.face_symbol(die, st.face[die]) == TWO_FOR_ONE
        and total - others[c.die_colour[die]] >= 2
    ]
    trade, whiten = base("trade"), base("whiten")
    out = [trade + die for die in _first_of_each(tradeable, klass)]
    if others[c.white]:
        whitenable = [die for die in mine if c.die_colour[die] != c.white]
        out += [whiten + die for die in _first_of_each(whitenable, klass)]
    out.append(base("end_turn"))
    return out


def _legal_in_frame(st: CiubState) -> list[int]:
    """The answers to the decision frame on top of the stack."""
    enc, c = st.space.encode, st.c
    frame = st.stack[-1]
    if isinstance(frame, Pick):
        return [enc("pick", k) for k in supply_colours(st) if k != frame.colour]
    out = [enc("cancel")]
    if isinstance(frame, Target):
        by = frame.by
        free = [die for die in held(st, st.turn) if not st.tray[die]]
        out += [
            enc("target", die)
            for die in _first_of_each(
                free, lambda d: (c.die_colour[d], st.face[d], st.spent[d], d == by)
            )
        ]
    elif isinstance(frame, Face):  # which face to adjust the target to
        colour = c.colours[c.die_colour[frame.target]]
        allowed = SELF_ADJUST_FACES[st.game.options["self_adjust"]]
        for face in colour.distinct_faces:
            if frame.target == frame.by and not allowed(colour.faces[face]):
                continue
            out.append(enc("face", face))
    return out


# the legal actions of each step of a turn without a decision frame (phase 4: ``_legal_trades``)
LEGAL_IN_STEP: dict[str, Callable[[CiubState, int], list[int]]] = {
    "mark": _legal_marks,
    "actions": _legal_dice_actions,
    "set_aside": _legal_set_aside,
    "claim": _legal_claims,
    "move_down": _legal_moves_down,
    "reduce": _legal_returns,
    "take": _legal_takes,
    "trade": _legal_trades,
}


# ===================================================================== applying
def apply_chance(st: CiubState, outcome: int) -> None:
    """A die rolled, a card drawn to the top row, or a setup outcome."""
    phase = st.phase
    if phase == "roll":
        die = st.to_roll.pop(0)
        st.face[die] = outcome
        st.spent[die] = False
        if not st.to_roll:
            enter_actions(st)
    elif phase == "draw":
        letter = "B" if st.pile["B"] else "C"
        st.pile[letter].remove(outcome)
        st.top.insert(st.refill_at, outcome)
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
    move = st.space.decode(action)
    kind, arg = move.kind, move.arg
    seat = st.turn
    if kind == "pass":
        begin_roll(st)
    elif kind == "mark":
        st.marker[seat] = arg  # placing or shifting your marker
        begin_roll(st)
    elif kind == "remove":
        index = st.top.index(arg)
        st.top.pop(index)
        st.discard.append(arg)
        refill_or(st, index, then="roll")
    elif kind == "swap":
        swap(st, arg, move.args[1])
    elif kind in ("use", "target", "face", "cancel"):
        _dice_action(st, kind, arg)
    elif kind == "done":
        enter_set_aside(st)
    elif kind == "set_aside":
        st.tray[arg] = True
        st.cycle_ok = True
        if all(st.tray[die] for die in held(st, seat)):
            enter_claim(st)
    elif kind == "roll":
        begin_roll(st)
    elif kind == "stop":
        enter_claim(st)
    elif kind == "claim":
        claim(st, arg)
    elif kind == "no_claim":
        if supply_colours(st):
            st.phase = "take"  # compensation: one die of your choice
        else:
            enter_trade(st)
    elif kind == "move_down":
        index = st.top.index(arg)
        st.top.pop(index)
        st.bottom.insert(st.claim_gap, arg)
        st.claim_gap = -1
        refill_or(st, index, then="reduce")
    elif kind == "return":
        to_supply(st, arg)
        if len(held(st, seat)) <= HAND_AFTER_CLAIM:
            enter_trade(st)
    elif kind == "take":
        from_supply(st, arg)
        enter_trade(st)
    else:
        _trade_action(st, kind, arg)


def _dice_action(st: CiubState, kind: str, arg: int) -> None:
    """``use`` a re-roll or adjust die, then its ``target`` and (adjust) the ``face``."""
    if kind == "use":
        st.stack.append(Target(s=st.turn, by=arg))
    elif kind == "cancel":
        st.stack.pop()
    elif kind == "target":
        frame = st.stack.pop()
        assert isinstance(frame, Target)
        by = frame.by
        if st.c.face_symbol(by, st.face[by]) == "reroll":
            if arg != by:
                st.spent[by] = True
            st.to_roll = [arg]
            st.phase = "roll"  # back to "actions" once the die has landed
        else:
            st.stack.append(Face(s=st.turn, by=by, target=arg))
    else:  # "face"
        frame = st.stack.pop()
        assert isinstance(frame, Face)
        st.face[frame.target] = arg
        st.spent[frame.target] = False  # an adjusted die is active: it may act again
        st.spent[frame.by] = True
        st.tray[frame.by] = True  # the adjust die must be set aside (it counts as set aside)
        st.cycle_ok = True
        enter_actions(st)


def _trade_action(st: CiubState, kind: str, arg: int) -> None:
    """Phase 4: a 2-for-1 ``trade`` and its two ``pick``s, ``whiten``, ``end_turn``."""
    if kind == "trade":
        colour = st.c.die_colour[arg]
        to_supply(st, arg)
        st.stack.append(Pick(s=st.turn, colour=colour, left=2))
    elif kind == "pick":
        from_supply(st, arg)
        frame = st.stack[-1]
        assert isinstance(frame, Pick)
        frame.left -= 1
        if frame.left == 0:
            st.stack.pop()
    elif kind == "whiten":
        to_supply(st, arg)
        from_supply(st, st.c.white)
    elif kind == "end_turn":
        end_turn(st)
    else:  # pragma: no cover - the action space only holds the kinds above
        raise AssertionError(kind)
