"""Ciúb's rules: the legal actions in each step of a turn, and what every action does.

A turn runs through these phases (docs/rules/ciub.md names the rule behind each):
``mark`` (phase 1) -> ``roll`` (chance, one die at a time) -> ``actions`` (swap, re-roll,
adjust) -> ``set_aside`` (skulls forced; then roll again or stop) -> ``claim`` (phase 3) ->
``move_down`` / ``draw`` -> ``reduce`` (down to 5 dice) or ``take`` (no claim) -> ``trade``
(phase 4) -> next turn. Setup is chance: ``setup_remove``, ``setup_deal``, ``setup_first``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from grimoire.games.ciub.components import SKULL, TWO_FOR_ONE
from grimoire.games.ciub.requirements import meets

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState

SUPPLY = -1
BOX = -2
HAND_AFTER_CLAIM = 5
PHASES = frozenset(
    {
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
    }
)
SELF_ADJUST_FACES: dict[str, Callable[[str], bool]] = {
    # ruling 3 (default): a number or a skull
    "number_or_skull": lambda symbol: symbol == SKULL or symbol.isdigit(),
    # German rulebook: "nur auf eine Seite mit einer Zahl"
    "number": lambda symbol: symbol.isdigit(),
    # English rulebook: anything but swap, re-roll or adjust
    "not_action": lambda symbol: symbol not in ("swap", "reroll", "adjust"),
}


# ===================================================================== setup
def start_setup(st: CiubState) -> None:
    """Dice to their places; owl cards out for the short game; queue the random removals."""
    c, n = st.c, st.game.players
    white = c.white
    whites = [die for die in range(c.num_dice) if c.die_colour[die] == white]
    for die in range(c.num_dice):
        st.loc[die] = SUPPLY if c.die_colour[die] != white else BOX
    for seat in range(n):  # five white dice each; unused whites go back in the box
        for die in whites[seat * c.white_per_player : (seat + 1) * c.white_per_player]:
            st.loc[die] = seat
    _moved(st)
    short = st.game.options["length"] == "short"
    for card in c.cards.values():
        if short and card.owl:
            st.owl_out.append(card.id)  # owl cards are not used in the short game
        elif card.letter == "A":
            st.a_deck.append(card.id)
        else:
            st.pile[card.letter].append(card.id)
    table = c.remove_short if short else c.remove_normal
    a, b, cc = table[n]
    st.setup_queue = ["A"] * a + ["B"] * b + ["C"] * cc
    st.phase = "setup_remove"
    if not st.setup_queue:
        _queue_deal(st)


def _queue_deal(st: CiubState) -> None:
    half = (len(st.a_deck) + 1) // 2
    st.setup_queue = ["top"] * half + ["bottom"] * (len(st.a_deck) - half)
    st.phase = "setup_deal"


def _setup_done(st: CiubState) -> None:
    start = st.game.options["start_player"]
    if start == "random":
        st.phase = "setup_first"
    else:
        st.first = int(start)
        start_turn(st, st.first)


# ===================================================================== chance
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


def apply_chance(st: CiubState, outcome: int) -> None:
    phase = st.phase
    if phase == "roll":
        die = st.to_roll.pop(0)
        st.face[die] = outcome
        st.spent[die] = False
        if not st.to_roll:
            enter_actions(st)
    elif phase == "setup_remove":
        letter = st.setup_queue.pop(0)
        (st.a_deck if letter == "A" else st.pile[letter]).remove(outcome)
        st.box_cards.append(outcome)
        st.box_cards.sort()
        if not st.setup_queue:
            _queue_deal(st)
    elif phase == "setup_deal":
        row = st.setup_queue.pop(0)
        st.a_deck.remove(outcome)
        (st.top if row == "top" else st.bottom).append(outcome)
        if not st.setup_queue:
            _setup_done(st)
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
    elif phase == "setup_first":
        st.first = outcome
        start_turn(st, outcome)


# ===================================================================== turn flow
def held(st: CiubState, seat: int) -> list[int]:
    """The dice ``seat`` holds, lowest first (a fresh list the caller may change)."""
    # Asked about twice per decision, each a scan of all the dice: kept in the memo, which the
    # core empties after every apply, and dropped here by every write to ``s.loc`` (_moved).
    cache = st.memo.get("held")
    if cache is None:
        cache = st.memo["held"] = {}
    dice = cache.get(seat)
    if dice is None:
        dice = cache[seat] = [die for die, where in enumerate(st.loc) if where == seat]
    return list(dice)


def _moved(st: CiubState) -> None:
    """A die changed hands: forget the cached ``held`` lists."""
    st.memo.pop("held", None)


def start_turn(st: CiubState, seat: int) -> None:
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


def _usable_dice(st: CiubState) -> list[int]:
    return [
        die
        for die in held(st, st.turn)
        if not st.tray[die]
        and st.face[die] >= 0
        and not st.spent[die]
        and st.c.face_symbol(die, st.face[die]) in ("swap", "reroll", "adjust")
    ]


def enter_actions(st: CiubState) -> None:
    st.phase = "actions"
    if not _usable_dice(st):
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
    st.phase = "claim"
    st.pending = []


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
    if len(held(st, st.turn)) > HAND_AFTER_CLAIM:
        st.phase = "reduce"
    else:
        enter_trade(st)


def enter_trade(st: CiubState) -> None:
    st.phase = "trade"
    st.pending = []


def end_turn(st: CiubState) -> None:
    """Enforce the colour limits, then pass the turn (or end the game)."""
    seat, c = st.turn, st.c
    for colour in c.colours:
        limit = 5 if colour.index == c.white else 4
        mine = [die for die in held(st, seat) if c.die_colour[die] == colour.index]
        for die in mine[limit:]:
            _to_supply(st, die)
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


def _to_supply(st: CiubState, die: int) -> None:
    st.loc[die] = SUPPLY
    _moved(st)
    st.face[die] = -1
    st.tray[die] = False
    st.spent[die] = False


def _from_supply(st: CiubState, colour: int) -> int:
    """The lowest-numbered supply die of a colour (dice of a colour are interchangeable)."""
    die = next(
        d for d, where in enumerate(st.loc) if where == SUPPLY and st.c.die_colour[d] == colour
    )
    st.loc[die] = st.turn
    _moved(st)
    st.face[die] = -1
    st.tray[die] = False
    st.spent[die] = False
    return die


def supply_colours(st: CiubState) -> list[int]:
    return sorted({st.c.die_colour[d] for d, where in enumerate(st.loc) if where == SUPPLY})


# ===================================================================== legal actions
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


def legal_actions(st: CiubState) -> list[int]:
    enc = st.g.codec.encode
    phase, seat, c = st.phase, st.turn, st.c
    out: list[int] = []
    if phase == "mark":
        out.append(enc("pass"))
        taken = {m for m in st.marker if m is not None}
        out += [enc("mark", card) for card in st.top + st.bottom if card not in taken]
        out += [enc("remove", card) for card in st.top if card not in taken]
    elif phase == "actions":
        if st.pending:
            out += _legal_pending(st)
        else:
            usable = _usable_dice(st)
            colour_of, face = c.die_colour, st.face
            for die in _first_of_each(usable, lambda d: (colour_of[d], face[d])):
                if c.face_symbol(die, face[die]) == "swap":
                    out += [enc("swap", die, k) for k in supply_colours(st)]
                else:
                    out.append(enc("use", die))
            out.append(enc("done"))
    elif phase == "set_aside":
        mine = held(st, seat)
        free = [die for die in mine if not st.tray[die]]
        active = [die for die in free if st.face[die] >= 0]
        out += [
            enc("set_aside", die)
            for die in _first_of_each(active, lambda d: (c.die_colour[d], st.face[d]))
        ]
        if st.cycle_ok and free:
            out.append(enc("roll"))
        out.append(enc("stop"))
    elif phase == "claim":
        out += [enc("claim", card) for card in claimable(st)]
        out.append(enc("no_claim"))
    elif phase == "move_down":
        out += [enc("move_down", card) for card in st.top]
    elif phase == "reduce":
        out += [enc("return", die) for die in _first_of_each(held(st, seat), _trade_class(st))]
    elif phase == "take":
        out += [enc("take", k) for k in supply_colours(st)]
    elif phase == "trade":
        if st.pending:
            frame = st.pending[-1]
            out += [enc("pick", k) for k in supply_colours(st) if k != frame["colour"]]
        else:
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
            out += [enc("trade", die) for die in _first_of_each(tradeable, klass)]
            if others[c.white]:
                whitenable = [die for die in mine if c.die_colour[die] != c.white]
                out += [enc("whiten", die) for die in _first_of_each(whitenable, klass)]
            out.append(enc("end_turn"))
    return sorted(out)


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


def _legal_pending(st: CiubState) -> list[int]:
    enc, c = st.g.codec.encode, st.c
    frame = st.pending[-1]
    by = frame["by"]
    out = [enc("cancel")]
    if frame["kind"] == "target":
        free = [die for die in held(st, st.turn) if not st.tray[die]]
        out += [
            enc("target", die)
            for die in _first_of_each(
                free, lambda d: (c.die_colour[d], st.face[d], st.spent[d], d == by)
            )
        ]
    else:  # "face": which face to adjust the target to
        target = frame["target"]
        colour = c.colours[c.die_colour[target]]
        allowed = SELF_ADJUST_FACES[st.game.options["self_adjust"]]
        for face in colour.distinct_faces:
            if target == by and not allowed(colour.faces[face]):
                continue
            out.append(enc("face", face))
    return out


# ===================================================================== applying actions
def apply_action(st: CiubState, action: int) -> None:
    move = st.g.codec.decode(action)
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
        _refill_or(st, index, then="roll")
    elif kind == "swap":
        _to_supply_after_swap(st, arg, move.arg2)
    elif kind == "use":
        st.pending.append({"kind": "target", "by": arg})
    elif kind == "target":
        frame = st.pending.pop()
        by = frame["by"]
        if st.c.face_symbol(by, st.face[by]) == "reroll":
            if arg != by:
                st.spent[by] = True
            st.to_roll = [arg]
            st.phase = "roll"  # back to "actions" once the die has landed
        else:
            st.pending.append({"kind": "face", "by": by, "target": arg})
    elif kind == "face":
        frame = st.pending.pop()
        by, target = frame["by"], frame["target"]
        st.face[target] = arg
        st.spent[target] = False  # an adjusted die is active; a new action face may be used
        st.spent[by] = True
        st.tray[by] = True  # the adjust die must be set aside (it counts as set aside)
        st.cycle_ok = True
        enter_actions(st)
    elif kind == "cancel":
        st.pending.pop()
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
        _claim(st, arg)
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
        _refill_or(st, index, then="reduce")
    elif kind == "return":
        _to_supply(st, arg)
        if len(held(st, seat)) <= HAND_AFTER_CLAIM:
            enter_trade(st)
    elif kind == "take":
        _from_supply(st, arg)
        enter_trade(st)
    elif kind == "trade":
        colour = st.c.die_colour[arg]
        _to_supply(st, arg)
        st.pending.append({"kind": "pick", "colour": colour, "left": 2})
    elif kind == "pick":
        _from_supply(st, arg)
        st.pending[-1]["left"] -= 1
        if st.pending[-1]["left"] == 0:
            st.pending.pop()
    elif kind == "whiten":
        _to_supply(st, arg)
        _from_supply(st, st.c.white)
    elif kind == "end_turn":
        end_turn(st)
    else:  # pragma: no cover - the codec only yields the kinds above
        raise AssertionError(kind)


def _to_supply_after_swap(st: CiubState, die: int, colour: int) -> None:
    """Swap: take the new die first (it is inactive), then the swap die goes to the supply."""
    new = _from_supply(st, colour)
    _to_supply(st, die)
    st.face[new] = -1
    st.cycle_ok = True
    enter_actions(st)


def _claim(st: CiubState, card: int) -> None:
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
        _refill_or(st, index, then="reduce")
    else:
        enter_reduce(st)


def _refill_or(st: CiubState, index: int, then: str) -> None:
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
