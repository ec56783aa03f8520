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
def start_setup(s: CiubState) -> None:
    """Dice to their places; owl cards out for the short game; queue the random removals."""
    c, n = s.c, s.game.players
    white = c.white
    whites = [die for die in range(c.num_dice) if c.die_colour[die] == white]
    for die in range(c.num_dice):
        s.loc[die] = SUPPLY if c.die_colour[die] != white else BOX
    for seat in range(n):  # five white dice each; unused whites go back in the box
        for die in whites[seat * c.white_per_player : (seat + 1) * c.white_per_player]:
            s.loc[die] = seat
    _moved(s)
    short = s.game.options["length"] == "short"
    for card in c.cards.values():
        if short and card.owl:
            s.owl_out.append(card.id)  # owl cards are not used in the short game
        elif card.letter == "A":
            s.a_deck.append(card.id)
        else:
            s.pile[card.letter].append(card.id)
    table = c.remove_short if short else c.remove_normal
    a, b, cc = table[n]
    s.setup_queue = ["A"] * a + ["B"] * b + ["C"] * cc
    s.phase = "setup_remove"
    if not s.setup_queue:
        _queue_deal(s)


def _queue_deal(s: CiubState) -> None:
    half = (len(s.a_deck) + 1) // 2
    s.setup_queue = ["top"] * half + ["bottom"] * (len(s.a_deck) - half)
    s.phase = "setup_deal"


def _setup_done(s: CiubState) -> None:
    start = s.game.options["start_player"]
    if start == "random":
        s.phase = "setup_first"
    else:
        s.first = int(start)
        start_turn(s, s.first)


# ===================================================================== chance
def chance_weights(s: CiubState) -> list[tuple[int, int]]:
    """The outcomes of the chance node with integer weights (a card drawn: each card left
    weighs 1)."""
    phase = s.phase
    if phase == "roll":
        # Faces with the same symbol are one outcome (e.g. white's two swap faces: 2 of 6).
        return s.c.colours[s.c.die_colour[s.to_roll[0]]].roll_weights
    if phase == "setup_remove":
        letter = s.setup_queue[0]
        pool = s.a_deck if letter == "A" else s.pile[letter]
        return [(card, 1) for card in sorted(pool)]
    if phase == "setup_deal":
        return [(card, 1) for card in sorted(s.a_deck)]
    if phase == "draw":
        pool = s.pile["B"] or s.pile["C"]
        return [(card, 1) for card in sorted(pool)]
    if phase == "setup_first":
        return [(seat, 1) for seat in range(s.game.players)]
    return []


def apply_chance(s: CiubState, outcome: int) -> None:
    phase = s.phase
    if phase == "roll":
        die = s.to_roll.pop(0)
        s.face[die] = outcome
        s.spent[die] = False
        if not s.to_roll:
            enter_actions(s)
    elif phase == "setup_remove":
        letter = s.setup_queue.pop(0)
        (s.a_deck if letter == "A" else s.pile[letter]).remove(outcome)
        s.box_cards.append(outcome)
        s.box_cards.sort()
        if not s.setup_queue:
            _queue_deal(s)
    elif phase == "setup_deal":
        row = s.setup_queue.pop(0)
        s.a_deck.remove(outcome)
        (s.top if row == "top" else s.bottom).append(outcome)
        if not s.setup_queue:
            _setup_done(s)
    elif phase == "draw":
        letter = "B" if s.pile["B"] else "C"
        s.pile[letter].remove(outcome)
        s.top.insert(s.refill_at, outcome)
        if letter == "C" and not s.pile["C"]:
            s.triggered = True  # the last C card is revealed: the end begins
        s.refill_at = -1
        after, s.after_draw = s.after_draw, ""
        if after == "roll":
            begin_roll(s)
        else:
            enter_reduce(s)
    elif phase == "setup_first":
        s.first = outcome
        start_turn(s, outcome)


# ===================================================================== turn flow
def held(s: CiubState, seat: int) -> list[int]:
    """The dice ``seat`` holds, lowest first (a fresh list the caller may change)."""
    # Asked about twice per decision, each a scan of all the dice: kept in the memo, which the
    # core empties after every apply, and dropped here by every write to ``s.loc`` (_moved).
    cache = s.memo.get("held")
    if cache is None:
        cache = s.memo["held"] = {}
    dice = cache.get(seat)
    if dice is None:
        dice = cache[seat] = [die for die, where in enumerate(s.loc) if where == seat]
    return list(dice)


def _moved(s: CiubState) -> None:
    """A die changed hands: forget the cached ``held`` lists."""
    s.memo.pop("held", None)


def start_turn(s: CiubState, seat: int) -> None:
    s.turn = seat
    s.turns = (s.turns or 0) + 1
    for die in held(s, seat):
        s.face[die] = -1
        s.tray[die] = False
        s.spent[die] = False
    if not s.top and not s.bottom:
        s.phase = "over"  # ruling 13: no face-up card is left to claim
        return
    if s.opus_holder is not None:
        begin_roll(s)  # final turns skip phase 1
    else:
        s.phase = "mark"


def begin_roll(s: CiubState) -> None:
    """Roll every die not in the tray (rulebook: roll all; re-roll all remaining)."""
    s.to_roll = [die for die in held(s, s.turn) if not s.tray[die]]
    s.cycle_ok = False
    if s.to_roll:
        s.phase = "roll"
    else:
        enter_claim(s)


def _usable_dice(s: CiubState) -> list[int]:
    return [
        die
        for die in held(s, s.turn)
        if not s.tray[die]
        and s.face[die] >= 0
        and not s.spent[die]
        and s.c.face_symbol(die, s.face[die]) in ("swap", "reroll", "adjust")
    ]


def enter_actions(s: CiubState) -> None:
    s.phase = "actions"
    if not _usable_dice(s):
        enter_set_aside(s)


def enter_set_aside(s: CiubState) -> None:
    """Skulls must go to the tray; then the player sets aside, rolls again or stops."""
    s.phase = "set_aside"
    for die in held(s, s.turn):
        if not s.tray[die] and s.face[die] >= 0 and s.c.face_symbol(die, s.face[die]) == SKULL:
            s.tray[die] = True
            s.cycle_ok = True
    if all(s.tray[die] for die in held(s, s.turn)):
        enter_claim(s)


def enter_claim(s: CiubState) -> None:
    s.phase = "claim"
    s.pending = []


def claimable(s: CiubState) -> list[int]:
    """Cards the player to move may claim with the dice in the tray."""
    seat = s.turn
    faces = [
        s.c.face_symbol(die, s.face[die])
        for die in held(s, seat)
        if s.tray[die] and s.face[die] >= 0
    ]
    rows = s.bottom + s.top if s.opus_holder is not None else s.bottom
    blocked = {m for other, m in enumerate(s.marker) if other != seat and m is not None}
    wild = bool(s.game.options["skulls_wild"])
    return sorted(
        card for card in rows if card not in blocked and meets(s.c.cards[card], faces, wild)
    )


def enter_reduce(s: CiubState) -> None:
    if len(held(s, s.turn)) > HAND_AFTER_CLAIM:
        s.phase = "reduce"
    else:
        enter_trade(s)


def enter_trade(s: CiubState) -> None:
    s.phase = "trade"
    s.pending = []


def end_turn(s: CiubState) -> None:
    """Enforce the colour limits, then pass the turn (or end the game)."""
    seat, c = s.turn, s.c
    for colour in c.colours:
        limit = 5 if colour.index == c.white else 4
        mine = [die for die in held(s, seat) if c.die_colour[die] == colour.index]
        for die in mine[limit:]:
            _to_supply(s, die)
    for die in held(s, seat):
        s.face[die] = -1
        s.tray[die] = False
        s.spent[die] = False
    if s.opus_holder is not None and seat != s.opus_holder and s.final_left:
        s.final_left.pop(0)
    if s.opus_holder is not None and not s.final_left:
        s.phase = "over"
        return
    start_turn(s, (seat + 1) % s.game.players)


def _to_supply(s: CiubState, die: int) -> None:
    s.loc[die] = SUPPLY
    _moved(s)
    s.face[die] = -1
    s.tray[die] = False
    s.spent[die] = False


def _from_supply(s: CiubState, colour: int) -> int:
    """The lowest-numbered supply die of a colour (dice of a colour are interchangeable)."""
    die = next(
        d for d, where in enumerate(s.loc) if where == SUPPLY and s.c.die_colour[d] == colour
    )
    s.loc[die] = s.turn
    _moved(s)
    s.face[die] = -1
    s.tray[die] = False
    s.spent[die] = False
    return die


def supply_colours(s: CiubState) -> list[int]:
    return sorted({s.c.die_colour[d] for d, where in enumerate(s.loc) if where == SUPPLY})


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


def legal_actions(s: CiubState) -> list[int]:
    enc = s.g.codec.encode
    phase, seat, c = s.phase, s.turn, s.c
    out: list[int] = []
    if phase == "mark":
        out.append(enc("pass"))
        taken = {m for m in s.marker if m is not None}
        out += [enc("mark", card) for card in s.top + s.bottom if card not in taken]
        out += [enc("remove", card) for card in s.top if card not in taken]
    elif phase == "actions":
        if s.pending:
            out += _legal_pending(s)
        else:
            usable = _usable_dice(s)
            colour_of, face = c.die_colour, s.face
            for die in _first_of_each(usable, lambda d: (colour_of[d], face[d])):
                if c.face_symbol(die, face[die]) == "swap":
                    out += [enc("swap", die, k) for k in supply_colours(s)]
                else:
                    out.append(enc("use", die))
            out.append(enc("done"))
    elif phase == "set_aside":
        mine = held(s, seat)
        free = [die for die in mine if not s.tray[die]]
        active = [die for die in free if s.face[die] >= 0]
        out += [
            enc("set_aside", die)
            for die in _first_of_each(active, lambda d: (c.die_colour[d], s.face[d]))
        ]
        if s.cycle_ok and free:
            out.append(enc("roll"))
        out.append(enc("stop"))
    elif phase == "claim":
        out += [enc("claim", card) for card in claimable(s)]
        out.append(enc("no_claim"))
    elif phase == "move_down":
        out += [enc("move_down", card) for card in s.top]
    elif phase == "reduce":
        out += [enc("return", die) for die in _first_of_each(held(s, seat), _trade_class(s))]
    elif phase == "take":
        out += [enc("take", k) for k in supply_colours(s)]
    elif phase == "trade":
        if s.pending:
            frame = s.pending[-1]
            out += [enc("pick", k) for k in supply_colours(s) if k != frame["colour"]]
        else:
            mine = held(s, seat)
            klass = _trade_class(s)
            others = {k: 0 for k in range(len(c.colours))}
            for d, where in enumerate(s.loc):
                if where == SUPPLY:
                    others[c.die_colour[d]] += 1
            total = sum(others.values())
            tradeable = [
                die
                for die in mine
                if s.tray[die]
                and s.face[die] >= 0
                and c.face_symbol(die, s.face[die]) == TWO_FOR_ONE
                and total - others[c.die_colour[die]] >= 2
            ]
            out += [enc("trade", die) for die in _first_of_each(tradeable, klass)]
            if others[c.white]:
                whitenable = [die for die in mine if c.die_colour[die] != c.white]
                out += [enc("whiten", die) for die in _first_of_each(whitenable, klass)]
            out.append(enc("end_turn"))
    return sorted(out)


def _trade_class(s: CiubState) -> Callable[[int], Hashable]:
    """Dice that differ only in ways that no longer matter: colour, and whether the die is a
    2-for-1 die in the tray (the only face that still counts in phase 4)."""
    c = s.c

    def key(die: int) -> tuple[int, bool]:
        two_for_one = (
            s.tray[die] and s.face[die] >= 0 and c.face_symbol(die, s.face[die]) == TWO_FOR_ONE
        )
        return (c.die_colour[die], two_for_one)

    return key


def _legal_pending(s: CiubState) -> list[int]:
    enc, c = s.g.codec.encode, s.c
    frame = s.pending[-1]
    by = frame["by"]
    out = [enc("cancel")]
    if frame["kind"] == "target":
        free = [die for die in held(s, s.turn) if not s.tray[die]]
        out += [
            enc("target", die)
            for die in _first_of_each(
                free, lambda d: (c.die_colour[d], s.face[d], s.spent[d], d == by)
            )
        ]
    else:  # "face": which face to adjust the target to
        target = frame["target"]
        colour = c.colours[c.die_colour[target]]
        allowed = SELF_ADJUST_FACES[s.game.options["self_adjust"]]
        for face in colour.distinct_faces:
            if target == by and not allowed(colour.faces[face]):
                continue
            out.append(enc("face", face))
    return out


# ===================================================================== applying actions
def apply_action(s: CiubState, action: int) -> None:
    move = s.g.codec.decode(action)
    kind, arg = move.kind, move.arg
    seat = s.turn
    if kind == "pass":
        begin_roll(s)
    elif kind == "mark":
        s.marker[seat] = arg  # placing or shifting your marker
        begin_roll(s)
    elif kind == "remove":
        index = s.top.index(arg)
        s.top.pop(index)
        s.discard.append(arg)
        _refill_or(s, index, then="roll")
    elif kind == "swap":
        _to_supply_after_swap(s, arg, move.arg2)
    elif kind == "use":
        s.pending.append({"kind": "target", "by": arg})
    elif kind == "target":
        frame = s.pending.pop()
        by = frame["by"]
        if s.c.face_symbol(by, s.face[by]) == "reroll":
            if arg != by:
                s.spent[by] = True
            s.to_roll = [arg]
            s.phase = "roll"  # back to "actions" once the die has landed
        else:
            s.pending.append({"kind": "face", "by": by, "target": arg})
    elif kind == "face":
        frame = s.pending.pop()
        by, target = frame["by"], frame["target"]
        s.face[target] = arg
        s.spent[target] = False  # an adjusted die is active; a new action face may be used
        s.spent[by] = True
        s.tray[by] = True  # the adjust die must be set aside (it counts as set aside)
        s.cycle_ok = True
        enter_actions(s)
    elif kind == "cancel":
        s.pending.pop()
    elif kind == "done":
        enter_set_aside(s)
    elif kind == "set_aside":
        s.tray[arg] = True
        s.cycle_ok = True
        if all(s.tray[die] for die in held(s, seat)):
            enter_claim(s)
    elif kind == "roll":
        begin_roll(s)
    elif kind == "stop":
        enter_claim(s)
    elif kind == "claim":
        _claim(s, arg)
    elif kind == "no_claim":
        if supply_colours(s):
            s.phase = "take"  # compensation: one die of your choice
        else:
            enter_trade(s)
    elif kind == "move_down":
        index = s.top.index(arg)
        s.top.pop(index)
        s.bottom.insert(s.claim_gap, arg)
        s.claim_gap = -1
        _refill_or(s, index, then="reduce")
    elif kind == "return":
        _to_supply(s, arg)
        if len(held(s, seat)) <= HAND_AFTER_CLAIM:
            enter_trade(s)
    elif kind == "take":
        _from_supply(s, arg)
        enter_trade(s)
    elif kind == "trade":
        colour = s.c.die_colour[arg]
        _to_supply(s, arg)
        s.pending.append({"kind": "pick", "colour": colour, "left": 2})
    elif kind == "pick":
        _from_supply(s, arg)
        s.pending[-1]["left"] -= 1
        if s.pending[-1]["left"] == 0:
            s.pending.pop()
    elif kind == "whiten":
        _to_supply(s, arg)
        _from_supply(s, s.c.white)
    elif kind == "end_turn":
        end_turn(s)
    else:  # pragma: no cover - the codec only yields the kinds above
        raise AssertionError(kind)


def _to_supply_after_swap(s: CiubState, die: int, colour: int) -> None:
    """Swap: take the new die first (it is inactive), then the swap die goes to the supply."""
    new = _from_supply(s, colour)
    _to_supply(s, die)
    s.face[new] = -1
    s.cycle_ok = True
    enter_actions(s)


def _claim(s: CiubState, card: int) -> None:
    seat = s.turn
    from_bottom = card in s.bottom
    row = s.bottom if from_bottom else s.top
    index = row.index(card)
    row.pop(index)
    s.claimed[seat].append(card)
    if s.marker[seat] == card:
        s.marker[seat] = None  # your own marker comes back for next round
    if s.triggered and s.opus_holder is None:
        opus = s.c.opus.id
        s.pile["D"].remove(opus)
        s.claimed[seat].append(opus)
        s.opus_holder = seat
        n = s.game.players
        s.final_left = [(seat + k) % n for k in range(1, n)]
    if from_bottom and s.top:
        s.claim_gap = index
        s.phase = "move_down"
    elif not from_bottom:
        _refill_or(s, index, then="reduce")
    else:
        enter_reduce(s)


def _refill_or(s: CiubState, index: int, then: str) -> None:
    """Fill a top-row gap from the pile (a chance draw), then go on. Refills stop when only
    the D card is left (ruling 9)."""
    if s.pile["B"] or s.pile["C"]:
        s.refill_at = index
        s.after_draw = then
        s.phase = "draw"
    elif then == "roll":
        begin_roll(s)
    else:
        enter_reduce(s)
