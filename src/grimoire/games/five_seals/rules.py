"""The rulebook's game flow, as small decision frames on ``state.stack``.

Frames (JSON dicts; ``s`` is always the seat that decides):

* ``turn``   a player's turn: ``use`` a scroll, ``break`` a seal, or ``end round`` when no seal
  can be broken (turn steps 1-2). ``end: true`` once the turn's break is done.
* ``dice``   paying for a break on node ``n``: one ``die`` at a time, highest first, until the
  seal is broken; ``c`` is the colour (-1 for a Mind scroll until the first die), ``v`` the
  values so far, ``m`` what the break is for (turn, bind, leap, tele, speed).
* ``pick``   choosing the seal a spell lets you break (``m``: bind, leap, tele, speed, free).
* ``absorb`` after breaking token ``t``: put it on a face-up Absorption scroll, or ``done``.
* ``take``   taking ``n`` dice from the supply (setup, and when your round is over).
* ``give``   Theft: the robbed player ``s`` chooses which die the thief ``t`` gets.
* ``spell``  a scroll being used (see ``spells``).

Choosing dice highest-first and stopping as soon as the strength is reached yields exactly the
minimal sets (ruling 6): dropping any die, in particular the last and smallest, falls short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals import spells
from grimoire.games.five_seals.components import (
    ABSORPTION,
    DICE_COLOURS,
    SYNERGY,
    colour,
    family,
    strength,
)
from grimoire.games.five_seals.reach import (
    breakable,
    colour_ok,
    leap_targets,
    seal_of,
    speed_second,
    targets,
    teleport_targets,
)
from grimoire.games.five_seals.spells.base import release_familiars

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState, Frame


# ---------------------------------------------------------------------- legal actions
def legal(st: FiveSealsState, f: Frame) -> list[int]:
    kind, seat = f["k"], f["s"]
    if kind == "turn":
        return turn_legal(st, seat)
    if kind == "dice":
        return dice_legal(st, f)
    if kind == "pick":
        return [A.BREAK + n for n in pick_targets(st, f)]
    if kind == "take":
        return [A.TAKE + c for c in DICE_COLOURS if st.supply(c) > 0]
    if kind == "absorb":
        return [A.SCROLL + card for card in absorbers(st, seat, f["t"])] + [A.DONE]
    if kind == "give":
        return give_legal(st, f)
    return spells.legal(st, f)


def turn_legal(st: FiveSealsState, seat: int) -> list[int]:
    """Turn steps 1-3: any usable scroll; any breakable seal; ``end round`` only if none."""
    can_break = breakable(st, seat)
    acts = [A.BREAK + n for n in can_break]
    seen: set[int] = set()
    for index, card in st.up_cards(seat):
        if card not in seen:
            seen.add(card)
            if spells.usable(st, seat, card, (seat, index), {(seat, index)}):
                acts.append(A.USE + card)
    if not can_break:
        acts.append(A.END)
    return acts


def dice_legal(st: FiveSealsState, f: Frame) -> list[int]:
    """Next die of a minimal set: not higher than the last one, and the set can still reach
    the strength with the dice left that are not higher than it."""
    seat, chosen = f["s"], f["v"]
    need = seal_of(st, f["n"])[1]
    paid = sum(chosen)
    last = chosen[-1] if chosen else 6
    acts = []
    for col in [f["c"]] if f["c"] >= 0 else DICE_COLOURS:
        vals = st.dice_of(seat, col)
        for value in chosen:
            vals.remove(value)
        for i, value in enumerate(vals):
            if value > last or (i and vals[i - 1] == value):
                continue
            if paid + value + sum(vals[i + 1 :]) >= need:
                acts.append(A.die(col, value))
    return acts


def pick_targets(st: FiveSealsState, f: Frame) -> list[int]:
    seat, mode = f["s"], f["m"]
    if mode == "bind":  # Binding, option 2: a reachable token (never a scroll)
        return [n for n in breakable(st, seat) if st.token[n] >= 0]
    if mode == "leap":
        return leap_targets(st, seat, f["x"])
    if mode == "tele":
        return teleport_targets(st, seat, f["x"], f["c"])
    if mode == "speed":  # a dice break after which a second seal of the colour is in reach
        return [n for n in breakable(st, seat) if speed_second(st, seat, n, f["c"])]
    # "free": Speed's second seal, no dice
    return [n for n in targets(st, seat) if colour_ok(f["c"], seal_of(st, n)[0])]


def absorbers(st: FiveSealsState, seat: int, code: int) -> list[int]:
    """Face-up Absorption scrolls of ``seat`` that may take token ``code``."""
    return sorted(
        {
            card
            for _, card in st.up_cards(seat)
            if family(card) == ABSORPTION and colour_ok(colour(card), code // 10)
        }
    )


def give_legal(st: FiveSealsState, f: Frame) -> list[int]:
    cols = [f["c"]] if f["c"] >= 0 else DICE_COLOURS
    return sorted({A.die(c, v) for c in cols for v in st.dice_of(f["s"], c)})


# ---------------------------------------------------------------------- applying actions
def act(st: FiveSealsState, f: Frame, action: int) -> None:
    kind, seat = f["k"], f["s"]
    name, arg = st.codec.decode(action)
    if kind == "turn":
        if name == "break":
            col, _ = seal_of(st, arg)
            st.stack.append(
                {"k": "dice", "s": seat, "n": arg, "c": -1 if col == 4 else col, "v": []}
                | {"m": "turn", "x": -1}
            )
        elif name == "use":
            index = st.find_up(seat, arg)
            st.hands[seat][index][1] = 0  # turned face down now: it is committed
            spells.start(st, seat, arg, (seat, index))
        else:  # end round: no seal can be broken
            st.stack.pop()
            finish_round(st, seat)
    elif kind == "dice":
        if f["c"] < 0:
            f["c"] = arg // 6
        f["v"].append(arg % 6 + 1)
        if sum(f["v"]) >= seal_of(st, f["n"])[1]:
            for die in st.pick_dice(seat, f["c"], f["v"]):
                st.die_owner[die], st.die_val[die] = -1, 0
            take_seal(st, seat, f["n"], f["m"], f["x"])
    elif kind == "pick":
        if f["m"] == "free":
            take_seal(st, seat, arg, "free", -1)
        else:
            col, _ = seal_of(st, arg)
            st.stack[-1] = {"k": "dice", "s": seat, "n": arg, "c": -1 if col == 4 else col}
            st.stack[-1] |= {"v": [], "m": f["m"], "x": f["c"] if f["m"] == "speed" else -1}
    elif kind == "take":
        die = st.supply_die(arg)
        st.die_owner[die], st.die_val[die] = seat, 0
        f["n"] -= 1
        if f["n"] == 0:
            st.stack.pop()
    elif kind == "absorb":
        st.stack.pop()
        if name == "scroll":
            entry = st.hands[seat][st.find_up(seat, arg)]
            if entry[2] >= 0:
                st.box.append(entry[2])  # the token already there goes back to the box
            entry[2] = f["t"]
        else:
            st.box.append(f["t"])
    elif kind == "give":
        st.stack.pop()
        die = st.pick_dice(seat, arg // 6, [arg % 6 + 1])[0]
        st.die_owner[die] = f["t"]  # the thief does not rotate it
        if st.dice_count(seat) == 0:
            finish_round(st, seat)  # robbed of the last die: round over at once
    else:
        spells.act(st, f, action)


def take_seal(st: FiveSealsState, seat: int, node: int, mode: str, speed_colour: int) -> None:
    """Turn steps 3-4 for one broken seal (dice already paid), then the turn is over."""
    code = st.token[node]
    if code >= 0:
        st.token[node] = -1
        release_familiars(st, node)
    else:
        st.hands[seat].append([st.card[node], 1, -1])
        st.card[node] = -1
    st.broke = True
    if mode == "bind":  # Binding, option 2: the familiar takes the space, the mage stays
        st.familiar[seat] = node
    elif mode != "free" or st.game.options["speed_second_move"]:
        st.mage[seat] = node  # ruling 4: every break moves the mage
    close_turn(st, seat)
    if mode == "speed":
        st.stack.append({"k": "pick", "s": seat, "m": "free", "c": speed_colour, "x": -1})
    if code >= 0:
        if absorbers(st, seat, code):
            st.stack.append({"k": "absorb", "s": seat, "t": code})
        else:
            st.box.append(code)


def close_turn(st: FiveSealsState, seat: int) -> None:
    """Drop the frames above ``seat``'s turn frame and mark the turn as finished."""
    for index in range(len(st.stack) - 1, -1, -1):
        frame = st.stack[index]
        if frame["k"] == "turn" and frame["s"] == seat:
            del st.stack[index + 1 :]
            frame["end"] = True
            return
    raise AssertionError(f"no turn of seat {seat} on the stack")


def finish_round(st: FiveSealsState, seat: int) -> None:
    """Turn step 5: remaining dice back, scrolls face up, familiar onto Binding, new dice."""
    for die, owner in enumerate(st.die_owner):
        if owner == seat:
            st.die_owner[die], st.die_val[die] = -1, 0
    for entry in st.hands[seat]:
        entry[1] = 1
    st.familiar[seat] = -1
    st.over[seat] = True
    if st.game.options["dice_refill"] == "immediate":  # ruling 9
        st.stack.append({"k": "take", "s": seat, "n": st.comp.dice_per_player})


# ---------------------------------------------------------------------- flow
def advance(st: FiveSealsState) -> None:
    """Move on until a player must decide, chance must act, or the game is over."""
    while True:
        if st.phase == "setup":
            if st.circle == 0 or st.first < 0:
                return
            if st.setup_i < len(st.board.seals) + len(st.board.scrolls):
                return
            st.phase = "draft"
            push_takes(st)
            continue
        if st.rolls or st.phase == "over":
            return
        if st.stack:
            top = st.stack[-1]
            if top["k"] == "turn" and top.get("end"):
                st.stack.pop()
                if st.dice_count(top["s"]) == 0 and not st.over[top["s"]]:
                    finish_round(st, top["s"])
                continue
            if top["k"] == "take" and not any(st.supply(c) for c in DICE_COLOURS):
                st.stack.pop()  # ruling 3: take what there is
                continue
            if top["k"] == "give":
                options = give_legal(st, top)
                if len(options) == 1:  # the robbed player has no real choice
                    act(st, top, options[0])
                    continue
            return
        if st.phase == "draft":
            start_round(st)
            continue
        seat = next_seat(st)
        if seat is None:
            end_round(st)
            continue
        st.turn = seat
        if st.dice_count(seat) == 0:  # no dice at all: the round is over for this player
            finish_round(st, seat)
            continue
        st.stack.append({"k": "turn", "s": seat})
        return


def turn_order(st: FiveSealsState) -> list[int]:
    return [(st.first + i) % st.n for i in range(st.n)]


def push_takes(st: FiveSealsState) -> None:
    """Every player takes 3 dice, the first player first."""
    for seat in reversed(turn_order(st)):
        st.stack.append({"k": "take", "s": seat, "n": st.comp.dice_per_player})


def next_seat(st: FiveSealsState) -> int | None:
    """Clockwise from the last turn (from the first player at a round's start)."""
    order = turn_order(st) if st.turn < 0 else [(st.turn + i) % st.n for i in range(1, st.n + 1)]
    return next((seat for seat in order if not st.over[seat]), None)


def start_round(st: FiveSealsState) -> None:
    st.phase = "play"
    st.turn = -1
    st.rolls = [d for seat in turn_order(st) for d in range(24) if st.die_owner[d] == seat]
    for die in st.rolls:
        st.die_val[die] = 0


def end_round(st: FiveSealsState) -> None:
    """Round end: the strength-6 end condition (and the stall safeguard), else a new round."""
    st.stall = 0 if st.broke else st.stall + 1
    limit = st.game.options["stall_limit"]
    if st.scrolls_on_board(6) < st.comp.end_threshold[st.n] or (limit and st.stall >= limit):
        st.phase = "over"
        return
    st.first = (st.first + 1) % st.n
    st.round += 1
    st.over = [False] * st.n
    st.familiar = [-1] * st.n
    st.turn = -1
    st.broke = False
    if st.game.options["dice_refill"] == "round-end":
        st.phase = "draft"
        push_takes(st)
    else:
        start_round(st)


# ---------------------------------------------------------------------- scoring
def score_of(hand: list[list[int]]) -> tuple[int, int]:
    """(points for scrolls, Synergy bonus) of one player's scrolls."""
    cards = [entry[0] for entry in hand]
    points = sum(strength(card) for card in cards)
    bonus = 0
    for card in cards:
        if family(card) == SYNERGY:
            bonus += sum(1 for other in cards if colour(other) == colour(card))
    return points, bonus


def scores(st: FiveSealsState) -> list[int]:
    return [sum(score_of(hand)) for hand in st.hands]


def winners(st: FiveSealsState) -> list[int]:
    """Highest score wins; ties are shared (hobbyworld) or broken by the most strength-6
    scrolls, then strength-5, and so on (mayday, PROPOSED), otherwise shared."""
    totals = scores(st)
    best = [s for s in range(st.n) if totals[s] == max(totals)]
    if st.game.options["edition"] == "mayday" and len(best) > 1:

        def ladder(seat: int) -> tuple[int, ...]:
            return tuple(
                sum(1 for e in st.hands[seat] if strength(e[0]) == k) for k in range(6, 0, -1)
            )

        top = max(ladder(s) for s in best)
        best = [s for s in best if ladder(s) == top]
    return best


def prompt(st: FiveSealsState) -> dict[str, Any]:
    """What the pending decision is about, for views and renderers."""
    if st.phase == "over":
        return {"kind": "over"}
    if st.is_chance():
        return {"kind": "chance"}
    f = st.stack[-1]
    doc: dict[str, Any] = {"kind": f["k"], "seat": f["s"]}
    if f["k"] == "dice":
        doc["node"] = st.board.node_id(f["n"])
        doc["paid"] = list(f["v"])
    if f["k"] == "spell":
        doc["scroll"] = st.comp.card_name(f["card"])
        doc["step"] = f.get("st", "")
    if f["k"] == "pick":
        doc["mode"] = f["m"]
    if f["k"] == "take":
        doc["left"] = f["n"]
    return doc
