"""The position loader's cross-checks: what the declared shape (``position.py``, ``frames.py``)
cannot say, each a ``require`` naming the field. A loaded position is either refused with one
line or one the rules can play on: every component where it can be (tokens on seal circles,
scrolls in boxes, no more copies than the game has), figures and dice consistent with the
phase, and every decision frame consistent with the board and with the frames around it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from grimoire.core.documents import require
from grimoire.games.five_seals import rules
from grimoire.games.five_seals.board import SCROLL, SEAL, Board
from grimoire.games.five_seals.components import (
    ABSORPTION,
    BINDING,
    GROWTH,
    REARRANGEMENT,
    SPEED,
    SWAP,
    SYNERGY,
    P,
    cards_in_play,
    colour,
    family,
)
from grimoire.games.five_seals.frames import Absorb, Decision, Dice, Give, Pick, Spell, Take, Turn
from grimoire.games.five_seals.reach import colour_ok, seal_of, speed_second
from grimoire.games.five_seals.spells.base import ColourChoice, Handler
from grimoire.games.five_seals.spells.book import HANDLERS
from grimoire.games.five_seals.spells.might import Change, DiceSelection, Strengthening
from grimoire.games.five_seals.spells.spaces import Absorption

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def check(st: FiveSealsState) -> None:
    _counters(st)
    _board(st)
    _figures(st)
    _hands(st)
    _components(st)
    _dice(st)
    if st.phase == "setup":
        _setup(st)
    else:
        _stack(st)


def _counters(st: FiveSealsState) -> None:
    n, options = st.n, st.game.options
    seats = f"a seat 0..{n - 1}"
    if options["circle"] != "random":
        require(st.circle == options["circle"], "circle", st.circle, "the game's circle option")
    require(st.circle > 0 or st.phase == "setup", "circle", st.circle, "drawn (1..4) by now")
    require(st.first < n, "first", st.first, seats)
    require(st.first >= 0 or st.phase == "setup", "first", st.first, seats + " by now")
    require(st.turn < n, "turn", st.turn, f"{seats}, or -1 at a round's start")
    if st.phase != "over":
        limit = options["decision_limit"]
        require(st.decisions < limit, "decisions", st.decisions, f"below the limit ({limit})")
        stall = options["stall_limit"]
        require(not stall or st.stall < stall, "stall", st.stall, f"below the limit ({stall})")


def _board(st: FiveSealsState) -> None:
    nodes = st.board.nodes
    for zone, held, kind, what in (
        ("tokens", st.token, SEAL, "a token lies on a seal circle"),
        ("scrolls", st.card, SCROLL, "a scroll lies in a scroll box"),
    ):
        wrong = [n for n in _other_nodes(st.board, kind) if held[n] >= 0]
        n = wrong[0] if wrong else 0
        require(not wrong, f"{zone}.{nodes[n].id}", held[n], f"{what}, not the {nodes[n].kind}")
    for col, node in enumerate(st.guardian):
        where = f"guardians.{st.comp.letters[col]}"
        fits = node >= 0 and st.card[node] >= 0 and colour(st.card[node]) == col
        require(node < 0 or fits, where, node, "a guardian stands on a scroll of its colour")


def _figures(st: FiveSealsState) -> None:
    hall = st.board.hall
    ids = st.board.node_id
    for seat, node in enumerate(st.mage):
        where = f"mages[{seat}]"
        require(st.token[node] < 0 and st.card[node] < 0, where, ids(node), "stands on a seal")
        others = [s for s, m in enumerate(st.mage) if m == node and s != seat]
        require(node == hall or not others, where, ids(node), "two mages on one space")
    for seat, node in enumerate(st.familiar):
        if node < 0:
            continue
        where = f"familiars[{seat}]"
        require(not st.over[seat], where, ids(node), "on its Binding once the round is over")
        require(st.card[node] < 0, where, ids(node), "never on a scroll")
        if node == st.board.hall:
            continue  # the hall holds any number of figures (ruling 2)
        mages = [s for s, m in enumerate(st.mage) if m == node and s != seat]
        require(not mages, where, ids(node), "not on another player's mage")
        twice = [s for s, f in enumerate(st.familiar) if f == node and s != seat]
        require(not twice, where, ids(node), "two familiars on one space")


def _hands(st: FiveSealsState) -> None:
    for seat, hand in enumerate(st.hands):
        where = f"seats[{seat}].scrolls"
        bindings = sum(1 for entry in hand if entry[0] == BINDING)
        require(bindings == 1, where, bindings, "every player holds exactly one Binding")
        for i, (card, up, held) in enumerate(hand):
            if held >= 0 and not (
                family(card) == ABSORPTION and colour_ok(colour(card), held // 10)
            ):
                require(False, f"{where}[{i}]", held, "a token on an Absorption of its colour")
            if st.over[seat] and not up:
                require(False, f"{where}[{i}]", "down", "face up once the round is over")


def _components(st: FiveSealsState) -> None:
    """No more tokens and scrolls than the game has, and only scrolls of the circles in play."""
    tokens = [code for code in st.token if code >= 0] + st.box
    tokens += [entry[2] for hand in st.hands for entry in hand if entry[2] >= 0]
    tokens += [f.t for f in st.stack if isinstance(f, Absorb)]
    limit = st.comp.tokens_per_colour.get
    counts = Counter(tokens)
    for code in sorted(code for code, k in counts.items() if k > limit(code % 10, 0)):
        col, strength = divmod(code, 10)
        require(0 <= col < 4 and 2 <= strength <= 6, "tokens", code, "no such token")
        name, most = f"{st.comp.letters[col]}{strength}", limit(strength, 0)
        require(False, "tokens", name, f"{counts[code]} in play, the game has {most}")
    cards = [c for c in st.card if c >= 0]
    cards += [entry[0] for hand in st.hands for entry in hand if entry[0] != BINDING]
    copies = copies_in_play(st.circle).get
    counts = Counter(cards)
    for card in sorted(card for card, k in counts.items() if k > copies(card, 0)):
        name, most = st.comp.card_name(card), copies(card, 0)
        require(most > 0, "scrolls", name, f"not in play with circle {st.circle}")
        require(False, "scrolls", name, f"{counts[card]} copies, the game has {most}")


@lru_cache(maxsize=16)
def _other_nodes(board: Board, kind: str) -> tuple[int, ...]:
    """The nodes of ``board`` that are not of ``kind``."""
    return tuple(n for n, node in enumerate(board.nodes) if node.kind != kind)


@lru_cache(maxsize=8)
def copies_in_play(circle: int) -> dict[int, int]:
    """card -> copies in a game with additional circle ``circle`` (do not change it)."""
    return {card: k for by in cards_in_play(circle).values() for card, k in by.items()}


def _dice(st: FiveSealsState) -> None:
    rolls = set(st.rolls)
    require(len(rolls) == len(st.rolls), "rolls", len(st.rolls), "each die rolled once")
    for die in st.rolls:
        owner = st.die_owner[die]
        ok = owner >= 0 and st.die_val[die] == 0 and not st.over[owner]
        require(ok, "rolls", die, "a die of a player in the round, not rolled yet (value 0)")
    require(not rolls or st.phase == "play", "rolls", len(rolls), "dice are rolled in play")
    if st.phase == "over":
        return
    for die, owner in enumerate(st.die_owner):
        if owner < 0:
            continue
        value = st.die_val[die]
        if st.phase != "play" or st.over[owner]:
            if value:
                require(False, f"seats[{owner}].dice", value, "not rolled before its round")
        elif not value and die not in rolls:
            require(False, f"seats[{owner}].dice", value, "rolled, or in rolls")


def _setup(st: FiveSealsState) -> None:
    """The setup: only the slots filled so far hold a component of their printed strength."""
    board = st.board
    seals, boxes = len(board.seals), len(board.scrolls)
    require(st.setup_i < seals + boxes, "setup", st.setup_i, f"below {seals + boxes} slots")
    drawn = st.circle > 0 and st.first >= 0
    require(drawn or st.setup_i == 0, "setup", st.setup_i, "0 before circle and first are drawn")
    for i, node in enumerate(board.seals):
        code, where = st.token[node], f"tokens.{board.node_id(node)}"
        if i < st.setup_i:
            require(code % 10 == board.nodes[node].strength, where, code, "its printed strength")
        else:
            require(code < 0, where, code, "not filled yet")
    for i, node in enumerate(board.scrolls):
        card, where = st.card[node], f"scrolls.{board.node_id(node)}"
        if i < st.setup_i - seals:
            fits = card >= 0 and card // 5 % 5 + 2 == board.nodes[node].strength
            require(fits, where, card, "a scroll of its printed strength")
        else:
            require(card < 0, where, card, "not filled yet")
    hall = board.hall
    require(not st.box, "box", st.box, "empty at setup")
    require(not st.stack, "stack", len(st.stack), "empty at setup")
    require(all(m == hall for m in st.mage), "mages", st.mage, "in the hall at setup")
    require(all(f < 0 for f in st.familiar), "familiars", st.familiar, "with the players")
    require(all(g < 0 for g in st.guardian), "guardians", st.guardian, "off the board")
    require(all(len(h) == 1 for h in st.hands), "seats", "scrolls", "only Binding at setup")
    require(all(o < 0 for o in st.die_owner), "seats", "dice", "no dice before the draft")
    require(not any(st.over), "seats", "over", "no round is over at setup")
    require(st.round == 1 and st.turn == -1, "round", st.round, "round 1, turn -1 at setup")


def _stack(st: FiveSealsState) -> None:
    """Frames that fit the phase, each other and the board."""
    if st.phase == "over":
        require(not st.stack, "stack", len(st.stack), "empty once the game is over")
        return
    _stack_in_phase(st)
    stack = st.stack
    turn = stack[0] if stack and isinstance(stack[0], Turn) else None
    for i, frame in enumerate(stack):
        where = f"stack[{i}]"
        assert isinstance(frame, Decision)
        require(frame.s < st.n, f"{where}.s", frame.s, f"a seat 0..{st.n - 1}")
        if isinstance(frame, Take):
            _take(st, frame, where)
            continue
        require((turn is not None and i > 0) or frame is turn, where, frame.kind, "above a turn")
        assert turn is not None
        if isinstance(frame, Turn):
            require(i == 0, where, frame.kind, "one turn, at the bottom of the stack")
            _turn(st, frame, where)
            continue
        _above_turn(st, frame, i, turn, where)
        _frame(st, frame, where)


def _stack_in_phase(st: FiveSealsState) -> None:
    """The draft waits for players to take dice; in play, a decision or dice to roll (and
    while dice roll, nothing but the turn they are rolled for)."""
    stack = st.stack
    if st.phase == "draft":
        require(bool(stack), "stack", 0, "the draft waits for players to take dice")
        require(st.turn == -1, "turn", st.turn, "-1 during the draft")
        return
    require(bool(stack or st.rolls), "stack", 0, "a decision to take or dice to roll")
    if st.rolls:
        alone = len(stack) == 1 and isinstance(stack[0], Turn) and not stack[0].end
        require(not stack or alone, "stack", len(stack), "only a turn while dice roll")
        require(bool(stack) or st.turn == -1, "turn", st.turn, "-1 at a round's start")


def _above_turn(st: FiveSealsState, frame: Decision, i: int, turn: Turn, where: str) -> None:
    """A decision above the turn: whose it is, and where it may stand (before the turn's
    break, or after it: Absorption at once, Speed's second seal)."""
    stack = st.stack
    above = len(stack) - 1 - i
    if isinstance(frame, Give):
        require(frame.t == turn.s and frame.s != turn.s, f"{where}.t", frame.t, "the thief")
        require(not st.over[frame.s], f"{where}.s", frame.s, "a player in the round")
    else:
        require(frame.s == turn.s, f"{where}.s", frame.s, f"seat {turn.s}'s turn")
    if isinstance(frame, Absorb):
        require(turn.end, where, frame.kind, "after the turn's break")
        require(frame.t % 10 in range(2, 7), f"{where}.t", frame.t, "a token code")
        require(above == 0, where, frame.kind, "decided at once")
    elif isinstance(frame, Pick) and frame.m == "free":
        require(turn.end, where, frame.kind, "Speed's second seal comes after the break")
        later = [f for f in stack[i + 1 :] if not isinstance(f, Absorb)]
        require(not later, where, frame.kind, "only an Absorption decision above it")
    else:
        require(not turn.end, where, frame.kind, "before the turn's break")
        require(i == 1 and above == 0, where, frame.kind, "the one decision above the turn")


def _frame(st: FiveSealsState, frame: Decision, where: str) -> None:
    """The checks of a frame's own fields."""
    if isinstance(frame, Dice):
        _pay(st, frame, where)
    elif isinstance(frame, Pick):
        _pick(st, frame, where)
    elif isinstance(frame, Spell):
        _spell(st, frame, where)


def _take(st: FiveSealsState, f: Take, where: str) -> None:
    most = st.comp.dice_per_player
    require(f.n <= most, f"{where}.n", f.n, f"at most {most} dice")
    if st.phase == "draft":
        require(not st.over[f.s], f"{where}.s", f.s, "everyone takes dice in the draft")
        seats = [g.s for g in st.stack if isinstance(g, Take)]
        require(seats.count(f.s) == 1, f"{where}.s", f.s, "one draft per seat")
    else:
        require(st.over[f.s], f"{where}.s", f.s, "a player whose round is over takes dice")
    others = [g for g in st.stack if not isinstance(g, Take | Turn)]
    require(not others, where, f.kind, "taking dice comes after every other decision")


def _turn(st: FiveSealsState, f: Turn, where: str) -> None:
    require(f.s == st.turn, f"{where}.s", f.s, f"the seat whose turn it is ({st.turn})")
    require(f.end or not st.over[f.s], f"{where}.s", f.s, "a player whose round is not over")
    above = st.stack[1:]
    if f.end:
        require(bool(above), where, "end", "an ended turn waits for a decision above it")


def _seal(st: FiveSealsState, node: int, where: str) -> tuple[int, int]:
    require(node < len(st.board), where, node, f"a node 0..{len(st.board) - 1}")
    held = st.token[node] >= 0 or st.card[node] >= 0
    require(held, where, st.board.node_id(node), "a seal (a token or a scroll) lies there")
    return seal_of(st, node)


def _values(st: FiveSealsState, seat: int, col: int, values: list[int], where: str) -> None:
    """``values`` picked highest first among ``seat``'s dice of colour ``col``."""
    require(values == sorted(values, reverse=True), where, values, "highest first")
    if not values:
        return
    require(col >= 0, where, values, "dice of a colour chosen first")
    held = not Counter(values) - Counter(st.dice_of(seat, col))
    require(held, where, values, f"dice seat {seat} holds (colour {col})")


def _pay(st: FiveSealsState, f: Dice, where: str) -> None:
    col, need = _seal(st, f.n, f"{where}.n")
    if col == P:
        require((f.c < 0) == (not f.v), f"{where}.c", f.c, "set by the first die for Mind")
    else:
        require(f.c == col, f"{where}.c", f.c, f"the seal's colour ({col})")
    _values(st, f.s, f.c, f.v, f"{where}.v")
    require(sum(f.v) < need, f"{where}.v", f.v, f"short of the seal's {need}")
    require((f.m == "speed") == (f.x >= 0), f"{where}.x", f.x, "Speed's colour, else -1")
    if f.m == "bind":
        require(st.token[f.n] >= 0, f"{where}.n", f.n, "Binding breaks a token")
    if f.m == "speed":
        second = speed_second(st, f.s, f.n, f.x)
        require(bool(second), f"{where}.n", f.n, "a second seal for Speed behind it")


def _pick(st: FiveSealsState, f: Pick, where: str) -> None:
    moves = f.m in ("leap", "tele")
    good = 0 <= f.x < len(st.board) if moves else f.x == -1
    require(good, f"{where}.x", f.x, "the node leapt over or moved through (else -1)")
    require(bool(rules.pick_targets(st, f)), where, f.m, "a seal to choose")


def _spell(st: FiveSealsState, f: Spell, where: str) -> None:
    """A spell being used: its scroll, its colour, and each field its handler uses."""
    _spell_scroll(st, f, where)
    fam = family(f.card)
    require(fam not in (SYNERGY, SPEED), f"{where}.card", f.card, "a spell with a decision")
    handler = HANDLERS[fam]
    _spell_colour(st, f, handler, where)
    if isinstance(handler, Absorption):
        entry = st.hands[f.src[0]][f.src[1]]
        require(entry[2] >= 0, f"{where}.src", f.src, "an Absorption holding a token")
    if isinstance(handler, DiceSelection):
        _values(st, f.s, f.c, f.v, f"{where}.v")
        if isinstance(handler, Strengthening):
            require(all(v < 6 for v in f.v), f"{where}.v", f.v, "no 6 is strengthened")
    if isinstance(handler, Change):
        _change(st, f, where)
    for field, check in FIELD_CHECKS:
        if field in handler.fields:
            check(st, f, where)


def _spell_scroll(st: FiveSealsState, f: Spell, where: str) -> None:
    """The scroll being used: held face down by the player using it (or by a player in the
    round)."""
    owner, index = f.src
    require(owner < st.n and index < len(st.hands[owner]), f"{where}.src", f.src, "a held scroll")
    entry = st.hands[owner][index]
    require(entry[0] == f.card and not entry[1], f"{where}.src", f.src, "that scroll, face down")
    require(owner == f.s or not st.over[owner], f"{where}.src", f.src, "a player in the round")


def _spell_colour(st: FiveSealsState, f: Spell, handler: Handler, where: str) -> None:
    """The scroll's colour, or for a Mind spell that chooses one, a dice colour (-1 until
    chosen) on which the spell acts."""
    if isinstance(handler, ColourChoice) and colour(f.card) == P:
        require(f.c <= 3, f"{where}.c", f.c, "a dice colour, or -1 until chosen")
        require(
            f.c < 0 or family(f.card) != GROWTH, f"{where}.c", f.c, "Growth resolves once chosen"
        )
    else:
        require(f.c == colour(f.card), f"{where}.c", f.c, "the scroll's colour")
    if isinstance(handler, ColourChoice) and f.c >= 0:
        require(handler.ok(st, f.s, f.c), f"{where}.c", f.c, "a colour the spell can act on")


def _change(st: FiveSealsState, f: Spell, where: str) -> None:
    """Change: another dice colour, chosen after the spell's and before the dice, and no more
    dice than the supply holds of it."""
    other = f.y < 0 or (f.c >= 0 and f.y != f.c)
    require(other, f"{where}.y", f.y, "another dice colour, chosen after the spell's")
    require(f.y >= 0 or not f.v, f"{where}.y", f.y, "chosen before the dice")
    if f.y >= 0:
        require(len(f.v) <= st.supply(f.y), f"{where}.v", f.v, "no more than the supply")


def _opponent(st: FiveSealsState, f: Spell, where: str) -> None:
    """The opponent chosen (``o``): in the round, or -1."""
    ok = f.o < 0 or (f.o < st.n and f.o != f.s and not st.over[f.o])
    require(ok, f"{where}.o", f.o, "an opponent in the round, or -1")


def _taken_die(st: FiveSealsState, f: Spell, where: str) -> None:
    """Deception: the die taken (``t``), one of the opponent's of the colour, or -1."""
    takes = f.t < 0 or (f.o >= 0 and colour_ok(f.c, f.t // 6))
    require(takes, f"{where}.t", f.t, "a die of the opponent's, of the colour, or -1")
    if f.t >= 0:
        _values(st, f.o, f.t // 6, [f.t % 6 + 1], f"{where}.t")


def _asked_scroll(st: FiveSealsState, f: Spell, where: str) -> None:
    """Transfer: the scroll asked for (``j``), face up with the opponent chosen, or -1."""
    require(f.j < 0 or f.o >= 0, f"{where}.j", f.j, "a scroll of the opponent chosen")
    if f.j >= 0:
        up = [card for _, card in st.up_cards(f.o)]
        require(f.j in up, f"{where}.j", f.j, "a face-up scroll the opponent holds")


def _alteration(st: FiveSealsState, f: Spell, where: str) -> None:
    """Alteration: step ``ph``; own dice raised (``up``, under 6), then an opponent's lowered
    (``dn``, over 1, at step 2), each highest first."""
    require((f.ph == 2) == (f.o >= 0), f"{where}.o", f.o, "chosen at step 2 only")
    require(f.ph == 2 or not f.dn, f"{where}.dn", f.dn, "lowered at step 2 only")
    require(f.c >= 0 or (f.ph == 0 and not f.up), f"{where}.c", f.c, "chosen first")
    raisable = [v for v in st.dice_of(f.s, max(f.c, 0)) if v < 6]
    require(not Counter(f.up) - Counter(raisable), f"{where}.up", f.up, "dice under 6")
    require(f.up == sorted(f.up, reverse=True), f"{where}.up", f.up, "highest first")
    if f.o >= 0:
        lowerable = [v for v in st.dice_of(f.o, max(f.c, 0)) if v > 1]
        require(not Counter(f.dn) - Counter(lowerable), f"{where}.dn", f.dn, "dice over 1")
        require(f.dn == sorted(f.dn, reverse=True), f"{where}.dn", f.dn, "highest first")


def _first_node(st: FiveSealsState, f: Spell, where: str) -> None:
    """Swap, Exchange, Rearrangement: the first node chosen (``a``), or -1: a scroll on the
    board for Rearrangement, else a token of the spell's colour."""
    if f.a < 0:
        return
    require(f.a < len(st.board), f"{where}.a", f.a, f"a node 0..{len(st.board) - 1}")
    fam = family(f.card)
    if fam == REARRANGEMENT:  # a scroll box holding a scroll
        require(st.card[f.a] >= 0, f"{where}.a", f.a, "a scroll on the board")
    else:
        code = st.token[f.a]
        fits = code >= 0 and ((fam == SWAP and colour_ok(f.c, code // 10)) or code // 10 == f.c)
        require(fits, f"{where}.a", f.a, "a token of the spell's colour")


def _raised(st: FiveSealsState, f: Spell, where: str) -> None:
    """Binding's Mayday option (``r``): a die raised only in that edition."""
    mayday = st.game.options["edition"] == "mayday"
    require(f.r == 0 or mayday, f"{where}.r", f.r, "a die raised (edition mayday only)")


# the Spell frame's fields a handler may use (``Handler.fields``) and their checks
FIELD_CHECKS: tuple[tuple[str, Callable[[FiveSealsState, Spell, str], None]], ...] = (
    ("o", _opponent),
    ("t", _taken_die),
    ("j", _asked_scroll),
    ("ph", _alteration),
    ("a", _first_node),
    ("r", _raised),
)
