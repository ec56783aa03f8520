"""Ciúb odds: the exact chance of meeting each card's requirement this turn, for the aids
beside the cards (``aids``: the terminal, the web page and ``grimoire analyse``).

``card_odds`` and ``turn_odds`` ask the best-play solver (``solver.py``: every roll, re-roll,
adjust, swap and choice of dice to set aside, chosen for that one card); ``roll_chance`` is
what the next roll alone does, quick for any number of dice; ``glance`` is what the display
shows. Positions mid-turn start where the turn is. ``exact=True`` gives ``Fraction``s; the
default floats are the same numbers rounded.
"""

from __future__ import annotations

import contextlib
import time
from fractions import Fraction
from typing import Any

from grimoire.games.ciub import rules
from grimoire.games.ciub.components import Card
from grimoire.games.ciub.requirements import meets
from grimoire.games.ciub.solver import ACTIONS, BLANK, INACTIVE, Model, Need, Number, OddsTimeout
from grimoire.games.ciub.state import CiubState
from grimoire.games.ciub.turn import SUPPLY, held
from grimoire.games.ciub.view import check_seat

__all__ = ["OddsTimeout", "aids", "card_odds", "glance", "roll_chance", "turn_odds"]
TURN_PHASES = frozenset({"mark", "draw", "roll", "actions", "set_aside", "claim"})


def aids(st: CiubState, seat: int | None, seconds: float | None = None) -> dict[str, Any]:
    """The ``Game.aids`` hook. ``cards``: the odds beside the cards (``glance``) for ``seat``,
    or for the seat whose turn it is when ``seat`` is a spectator (every die is face up:
    nothing hidden). With ``seconds``, ``odds``: every face-up card's best-play chance this
    turn (``turn_odds``) during the dice part of the seat's turn ([] at other moments, None
    when not found in time). IllegalAction for a seat the game does not have."""
    check_seat(st, seat)
    if st.is_terminal():
        return {}
    who = st.turn if seat is None else seat
    out: dict[str, Any] = {"seat": who, "cards": glance(st, who)}
    if seconds is not None:
        out["odds"] = _timed_odds(st, who, seconds)
    return out


def _timed_odds(st: CiubState, seat: int, seconds: float) -> list[dict[str, Any]] | None:
    if not in_turn(st, seat):
        return []
    try:
        rows = turn_odds(st, seat, deadline=time.monotonic() + seconds)
    except OddsTimeout:
        return None
    return [row | {"odds": float(row["odds"])} for row in rows]


_MODELS: dict[tuple[Any, ...], Model] = {}
MEMO_LIMIT = 400_000  # positions remembered per requirement before the memory is cleared


def _model(st: CiubState, card: Card, exact: bool) -> Model:
    options = st.game.options
    key = (st.game.data_hash, card.need, options["self_adjust"], options["skulls_wild"], exact)
    model = _MODELS.get(key)
    if model is None:
        model = _MODELS[key] = _fresh_model(st, card, exact)
    elif len(model.memo) > MEMO_LIMIT:
        model.memo.clear()
    return model


def _fresh_model(st: CiubState, card: Card, exact: bool) -> Model:
    options = st.game.options
    faces = tuple(colour.faces for colour in st.c.colours)
    allowed = rules.SELF_ADJUST_FACES[options["self_adjust"]]
    return Model(card, faces, allowed, bool(options["skulls_wild"]), exact)


def _symbol(st: CiubState, die: int) -> str:
    if st.face[die] < 0:
        return INACTIVE
    symbol = st.c.face_symbol(die, st.face[die])
    if symbol in ACTIONS and st.spent[die]:
        return BLANK
    return symbol


def in_turn(st: CiubState, seat: int) -> bool:
    """Whether ``seat`` is in the dice part of its turn (before its claim)."""
    if st.turn != seat or st.phase not in TURN_PHASES:
        return False
    return st.phase != "draw" or st.after_draw == "roll"


def card_odds(
    st: CiubState,
    card_id: int,
    seat: int | None = None,
    *,
    exact: bool = False,
    deadline: float | None = None,
    nodes: int | None = None,
) -> Number:
    """The chance that ``seat`` (default: the seat whose turn it is) meets card ``card_id``'s
    requirement this turn with the best play for it. For a seat whose dice part of the turn
    has not begun or is over, the chance on its next turn: all its dice rolled afresh with the
    supply as it is now. ``OddsTimeout`` past ``deadline`` (``time.monotonic()``), or once
    ``nodes`` positions have been expanded: with ``nodes`` a fresh solver is used, so whether
    it answers depends on the position alone, never on what was asked before (and the answer,
    or the timeout, is remembered for that question)."""
    seat = st.turn if seat is None else seat
    card = st.c.cards[card_id]
    if card.kind == "opus":
        return Fraction(0) if exact else 0.0
    question = _question(st, seat, _stock(st))
    if nodes is not None:
        key = (*_model_key(st, card_id, exact), nodes, question)
        if key in _BOUNDED:
            answer = _BOUNDED[key]
        else:
            try:
                answer = _ask(_fresh_model(st, card, exact), question, deadline, nodes)
            except OddsTimeout:
                answer = None  # remembered too: the same question runs out again
            if deadline is None:  # past a deadline the answer depends on the clock: not kept
                _remember(_BOUNDED, key, answer)
        if answer is None:
            raise OddsTimeout
        return answer
    return _ask(_model(st, card, exact), question, deadline, None)


_BOUNDED: dict[tuple[Any, ...], Number | None] = {}  # card_odds with ``nodes``: question ->
# answer (None: it ran out of nodes)
_ROLLS: dict[tuple[Any, ...], Number | None] = {}  # roll_chance: question -> answer
ANSWERS_KEPT = 50_000  # answers each of those keeps before it starts again


def _remember(
    memo: dict[tuple[Any, ...], Number | None], key: tuple[Any, ...], value: Number | None
) -> None:
    # The display asks the same questions at every payload of a turn (every viewer, every
    # move of the other seats); answers depend on the question alone, so they are kept.
    if len(memo) >= ANSWERS_KEPT:
        memo.clear()
    memo[key] = value


def _model_key(st: CiubState, card_id: int, exact: bool) -> tuple[Any, ...]:
    options = st.game.options
    return (st.game.data_hash, card_id, options["self_adjust"], options["skulls_wild"], exact)


def _stock(st: CiubState) -> tuple[int, ...]:
    supply = [0] * len(st.c.colours)
    for die, where in enumerate(st.loc):
        if where == SUPPLY:
            supply[st.c.die_colour[die]] += 1
    return tuple(supply)


Question = tuple[Any, ...]


def _question(st: CiubState, seat: int, stock: tuple[int, ...]) -> Question:
    """What the solver is asked for ``seat`` in this position, as a hashable tuple: the
    recursion to enter and its arguments (``_ask`` asks it)."""
    colour = st.c.die_colour
    mine = held(st, seat)
    if not in_turn(st, seat):
        return ("roll", (), (), tuple(colour[d] for d in mine), False, stock)
    tray = tuple(_symbol(st, d) for d in mine if st.tray[d] and st.face[d] >= 0)
    free = [d for d in mine if not st.tray[d]]
    phase, cycle_ok = st.phase, st.cycle_ok
    if phase == "claim":
        return ("claim", tray)
    if phase in ("mark", "draw"):
        return ("roll", tray, (), tuple(colour[d] for d in free), False, stock)
    if phase == "roll":
        rolling = set(st.to_roll)
        kept = tuple((colour[d], _symbol(st, d)) for d in free if d not in rolling)
        colours = tuple(colour[d] for d in free if d in rolling)
        return ("roll", tray, kept, colours, cycle_ok, stock)
    dice = tuple((colour[d], _symbol(st, d)) for d in free)
    return ("act" if phase == "actions" else "aside", tray, dice, cycle_ok, stock)


def _ask(model: Model, question: Question, deadline: float | None, nodes: int | None) -> Number:
    kind, tray = question[0], list(question[1])
    need = model.start_need(tray)
    if kind == "claim":
        return model.one if model.met(need) else model.zero
    model.deadline = deadline  # OddsTimeout once time.monotonic() passes it
    model.nodes_left = nodes
    try:
        if kind == "roll":
            _, _, kept, colours, cycle_ok, stock = question
            return model.solve(lambda: model.roll(need, list(kept), list(colours), cycle_ok, stock))
        _, _, dice, cycle_ok, stock = question
        step = model.act if kind == "act" else model.aside
        return model.solve(lambda: step(need, list(dice), cycle_ok, stock))
    finally:
        model.deadline = None
        model.nodes_left = None


def claimable_rows(st: CiubState, seat: int) -> list[int]:
    """Face-up cards ``seat`` could claim this (or its next) turn if its tray met them: the
    bottom row (either row in the final turns), without another player's marker."""
    rows = st.bottom + st.top if st.opus_holder is not None else st.bottom
    blocked = {m for other, m in enumerate(st.marker) if other != seat and m is not None}
    return [card for card in rows if card not in blocked]


def turn_odds(
    st: CiubState,
    seat: int | None = None,
    *,
    exact: bool = False,
    deadline: float | None = None,
) -> list[dict[str, Any]]:
    """For every face-up card: its requirement, VP, row, whether ``seat`` may claim it, and
    the chance (``card_odds``) of meeting it this turn; the claimable cards first, then by
    expected VP (chance x VP). ``OddsTimeout`` once ``time.monotonic()`` passes ``deadline``."""
    seat = st.turn if seat is None else seat
    allowed = set(claimable_rows(st, seat))
    rows = [(card, "bottom") for card in st.bottom] + [(card, "top") for card in st.top]
    out = []
    for card_id, row in rows:
        card = st.c.cards[card_id]
        chance = card_odds(st, card_id, seat, exact=exact, deadline=deadline)
        out.append(
            {
                "card": card_id,
                "need": card.need,
                "vp": card.vp,
                "row": row,
                "claimable": card_id in allowed,
                "odds": chance,
                "this_turn": in_turn(st, seat),
            }
        )
    out.sort(key=lambda e: (not e["claimable"], -float(e["odds"]) * e["vp"], e["card"]))
    return out


# ====================================================================== at a glance
GLANCE_NODES = 4_000  # positions the best-play solver may expand per card for the display
GLANCE_FREE_DICE = 3  # the most dice outside the tray for which the display asks the solver


def roll_chance(
    st: CiubState, card_id: int, seat: int | None = None, *, exact: bool = False
) -> Number:
    """The chance that one roll of every die ``seat`` holds outside its tray, added to its
    tray, meets card ``card_id`` (no dice actions, no further roll): what the next roll alone
    does. Outside the dice part of the seat's turn the tray is empty and every die it holds
    is rolled (its next turn's first roll). Exact, from each die's faces: a distribution over
    what is still missing, one die at a time, so it is quick for any number of dice."""
    seat = st.turn if seat is None else seat
    card = st.c.cards[card_id]
    if card.kind == "opus":
        return Fraction(0) if exact else 0.0
    mine = held(st, seat)
    playing = in_turn(st, seat)
    tray = tuple(_symbol(st, d) for d in mine if playing and st.tray[d] and st.face[d] >= 0)
    rolled = tuple(st.c.die_colour[d] for d in mine if not (playing and st.tray[d]))
    key = (*_model_key(st, card_id, exact), tray, rolled)
    known = _ROLLS.get(key)
    if known is None:
        known = _roll_chance(_fresh_model(st, card, exact), st, tray, rolled)
        _remember(_ROLLS, key, known)
    return known


def _roll_chance(
    model: Model, st: CiubState, tray: tuple[str, ...], rolled: tuple[int, ...]
) -> Number:
    missing: dict[Need, Number] = {model.start_need(list(tray)): model.one}
    for colour in rolled:
        faces = st.c.colours[colour].faces
        after: dict[Need, Number] = {}
        for need, p in missing.items():
            if model.met(need):
                after[need] = after.get(need, model.zero) + p
                continue
            for symbol in faces:
                key = model.add(need, symbol)
                after[key] = after.get(key, model.zero) + p * model.prob(1, 6)
        missing = after
    return sum((p for need, p in missing.items() if model.met(need)), model.zero)


def before_first_roll(st: CiubState, seat: int) -> bool:
    """Whether ``seat``'s next roll is the first of a turn: outside the dice part of its turn,
    or in it before any of its dice has been rolled."""
    if not in_turn(st, seat):
        return True
    mine = held(st, seat)
    if any(st.tray[d] for d in mine):
        return False
    if st.phase in ("mark", "draw"):
        return True
    return st.phase == "roll" and all(st.face[d] < 0 for d in mine)


def glance(st: CiubState, seat: int | None = None) -> list[dict[str, Any]]:
    """The odds shown beside the cards, for every face-up card ``seat`` (default: the seat
    whose turn it is) could claim. Before the first roll of its turn (and outside its turn):
    ``first_roll``, the chance that the first roll alone meets the card (``roll_chance``).
    Once it has rolled: ``turn``, the best-play chance of this turn (``card_odds``), when at
    most ``GLANCE_FREE_DICE`` dice are outside its tray and the solver finds it within
    ``GLANCE_NODES`` positions (None otherwise: many dice left). Both
    are exact and depend on the position alone. ``met``: the seat's tray meets the card now
    (in its turn), so stopping now claims it; a ``turn`` chance of 1 without ``met`` needs
    dice still to be set aside."""
    seat = st.turn if seat is None else seat
    first = before_first_roll(st, seat)
    # With more free dice the solver almost never finishes within the budget (docs/bots.md):
    # not trying keeps every render quick.
    few = sum(1 for d in held(st, seat) if not st.tray[d]) <= GLANCE_FREE_DICE
    playing = in_turn(st, seat)
    tray = [_symbol(st, d) for d in held(st, seat) if playing and st.tray[d] and st.face[d] >= 0]
    wild = bool(st.game.options["skulls_wild"])
    rows = []
    for card_id in claimable_rows(st, seat):
        if st.c.cards[card_id].kind == "opus":
            continue
        turn: float | None = None
        if not first and few:
            with contextlib.suppress(OddsTimeout):
                turn = float(card_odds(st, card_id, seat, nodes=GLANCE_NODES))
        rows.append(
            {
                "card": card_id,
                "first_roll": float(roll_chance(st, card_id, seat)) if first else None,
                "turn": turn,
                "met": bool(tray) and meets(st.c.cards[card_id], tray, wild),
            }
        )
    return rows
