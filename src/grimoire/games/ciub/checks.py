"""The cross-checks of a Ciúb position document, after its declared shape (``position.py``):
each a ``require`` naming the field, so a loaded position is either refused with one line or
plays on safely. docs/rules/ciub.md ("What the loader checks") lists them.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, NoReturn

from grimoire.core.documents import require
from grimoire.games.ciub.frames import Face, Pick, Target
from grimoire.games.ciub.turn import HAND_AFTER_CLAIM, SUPPLY

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState

SETUP = ("setup_remove", "setup_deal", "setup_first")
LETTERS_IN = {  # the card letters a zone may hold (owl_out and claimed hold any)
    "a_deck": "A",
    "pile.B": "B",
    "pile.C": "C",
    "pile.D": "D",
    "top": "ABC",
    "bottom": "ABC",
    "discard": "ABC",
    "box_cards": "ABC",
}


def check(st: CiubState) -> None:
    """Every check, in order: sizes and seats, dice, cards, markers and the end, the step."""
    _sizes(st)
    _dice(st)
    _cards(st)
    _markers_and_end(st)
    _step(st)
    _frames(st)


def _sizes(st: CiubState) -> None:
    n, dice = st.game.players, st.c.num_dice
    for name in ("loc", "face", "tray", "spent"):
        value = getattr(st, name)
        if len(value) != dice:
            _fail(name, value, f"one entry per die ({dice})")
    for name in ("claimed", "marker"):
        value = getattr(st, name)
        if len(value) != n:
            _fail(name, value, f"one entry per seat ({n})")
    for name in ("turn", "first", "opus_holder"):
        value = getattr(st, name)
        if value is not None and value >= n:
            _fail(name, value, f"a seat 0..{n - 1}")
    if st.final_left and max(st.final_left) >= n:
        _fail("final_left", st.final_left, f"seats 0..{n - 1}")
    if max(st.loc) >= n:
        _fail("loc", st.loc, f"a seat 0..{n - 1}, -1 (supply) or -2 (box)")


def _dice(st: CiubState) -> None:
    """Faces are canonical; only the seat to act has active, set-aside or spent dice."""
    c, turn, face = st.c, st.turn, st.face
    for die in [die for die, shown in enumerate(face) if shown >= 0]:
        if st.loc[die] != turn:
            _fail(f"face[{die}]", face[die], "only the seat to act has rolled dice")
        first = c.colours[c.die_colour[die]].canonical_face(face[die])
        if face[die] != first:
            _fail(f"face[{die}]", face[die], f"the first index of the face shown ({first})")
    if any(st.tray) or any(st.spent):
        for die, (tray, spent) in enumerate(zip(st.tray, st.spent, strict=True)):
            if (tray or spent) and face[die] < 0:
                _fail(f"tray[{die}]", tray, "a die set aside or spent shows a face")
    if st.phase == "mark" or (st.phase == "draw" and st.after_draw == "roll"):
        require(max(st.face) < 0, "face", st.face, "no die is rolled before phase 2")


def _cards(st: CiubState) -> None:
    """Every card exactly once, each zone holding the letters it can hold."""
    c = st.c
    zones = {
        "a_deck": st.a_deck,
        "box_cards": st.box_cards,
        "discard": st.discard,
        "owl_out": st.owl_out,
        "top": st.top,
        "bottom": st.bottom,
        "pile.B": st.pile["B"],
        "pile.C": st.pile["C"],
        "pile.D": st.pile["D"],
    }
    zones.update({f"claimed[{s}]": cards for s, cards in enumerate(st.claimed)})
    every = sorted(card for cards in zones.values() for card in cards)
    if every != c.card_ids:
        _where_cards_differ(st, zones)
    letter = c.letter_of
    for name, letters in LETTERS_IN.items():
        for card in zones[name]:
            if letter[card] not in letters:
                _fail(name, zones[name], f"only {'/'.join(letters)} cards")
    short = st.game.options["length"] == "short"
    if sorted(st.owl_out) != (c.owl_ids if short else []):
        _fail("owl_out", st.owl_out, "every owl card in a short game, none in a normal one")


def _where_cards_differ(st: CiubState, zones: dict[str, list[int]]) -> None:
    """The refusal of a position whose cards are not each card once: the first fault."""
    seen: Counter[int] = Counter()
    for name, cards in zones.items():
        unknown = [card for card in cards if card not in st.c.cards]
        if unknown:
            _fail(name, cards, f"card {unknown[0]} does not exist")
        seen.update(cards)
    twice = sorted(card for card, count in seen.items() if count > 1)
    require(not twice, "cards", twice, "each card in exactly one place")
    missing = sorted(set(st.c.cards) - set(seen))
    _fail("cards", missing, "missing: every card must be somewhere")


def _fail(where: str, value: object, why: str) -> NoReturn:
    """Refuse the position: ``require`` whose condition does not hold."""
    require(False, where, value, why)
    raise AssertionError  # pragma: no cover - require raised


def _markers_and_end(st: CiubState) -> None:
    """Markers on distinct face-up cards; the Opus Magnum and the final turns."""
    rows = set(st.top) | set(st.bottom)
    placed = [card for card in st.marker if card is not None]
    require(all(card in rows for card in placed), "marker", st.marker, "on face-up cards only")
    require(len(set(placed)) == len(placed), "marker", st.marker, "one marker per card")
    opus, holder, n = st.c.opus.id, st.opus_holder, st.game.players
    if holder is None:
        require(opus in st.pile["D"], "pile.D", st.pile["D"], "the Opus Magnum until claimed")
        require(not st.final_left, "final_left", st.final_left, "no final turns before the end")
    else:
        mine = st.claimed[holder]
        require(opus in mine, f"claimed[{holder}]", mine, "the opus_holder's: the Opus Magnum")
        require(st.triggered, "triggered", False, "the Opus Magnum is taken only after the end")
        order = [(holder + k) % n for k in range(1, n)]
        left = st.final_left
        require(left == order[len(order) - len(left) :], "final_left", left, f"a tail of {order}")
        if st.phase != "over":
            on = (st.turn == holder and left == order) or (bool(left) and st.turn == left[0])
            require(on, "turn", st.turn, "the opus_holder's turn or the next final turn")
    if st.triggered:
        piles = st.pile["B"] + st.pile["C"]
        require(not piles, "triggered", True, "the end begins when the last C card is drawn")
    if st.phase != "over":
        limit = st.game.options["decision_limit"]
        require(st.decisions < limit, "decisions", st.decisions, f"below the limit ({limit})")


def _step(st: CiubState) -> None:
    """The step of the turn (``phase``) and the fields only a step uses."""
    phase, queue = st.phase, st.setup_queue
    if phase in SETUP:
        _setup(st)
    else:
        require(not st.a_deck, "a_deck", st.a_deck, "empty once the A cards are dealt")
        require(not queue, "setup_queue", queue, "empty after the setup")
    busy = phase == "over"  # a game cut off by the decision limit keeps its last step's fields
    if phase == "roll":
        roll = st.to_roll
        free = all(_free(st, die) for die in roll)
        require(bool(roll) and free, "to_roll", roll, "free dice of the seat to act")
        require(len(set(roll)) == len(roll), "to_roll", roll, "each die once")
    elif not busy:
        require(not st.to_roll, "to_roll", st.to_roll, "empty but while dice are rolled")
    if phase == "draw":
        require(bool(st.pile["B"] or st.pile["C"]), "pile", "B, C", "a card to draw")
        top = len(st.top)
        require(0 <= st.refill_at <= top, "refill_at", st.refill_at, f"a gap 0..{top}")
        require(st.after_draw != "", "after_draw", "", "'roll' or 'reduce' while drawing")
    elif not busy:
        require(st.refill_at == -1, "refill_at", st.refill_at, "-1 but while drawing")
        require(st.after_draw == "", "after_draw", st.after_draw, "'' but while drawing")
    if phase == "move_down":
        require(bool(st.top), "top", st.top, "a card to move down")
        bottom = len(st.bottom)
        require(0 <= st.claim_gap <= bottom, "claim_gap", st.claim_gap, f"a gap 0..{bottom}")
    elif not busy:
        require(st.claim_gap == -1, "claim_gap", st.claim_gap, "-1 but while moving down")
    held = sum(1 for where in st.loc if where == st.turn)
    if phase == "reduce":
        require(held > HAND_AFTER_CLAIM, "phase", phase, f"more than {HAND_AFTER_CLAIM} dice held")
    if phase == "take":
        require(SUPPLY in st.loc, "phase", phase, "a die in the supply to take")
    if phase == "mark":
        require(st.opus_holder is None, "phase", phase, "the final turns skip phase 1")


def _setup(st: CiubState) -> None:
    """Setup: cards removed by letter, then the A cards dealt to the rows."""
    phase, queue = st.phase, st.setup_queue
    dealt = [("claimed", [c for cards in st.claimed for c in cards]), ("discard", st.discard)]
    for name, cards in dealt:
        require(not cards, name, cards, "nothing before the first turn")
    if phase == "setup_remove":
        pools = {"A": st.a_deck, "B": st.pile["B"], "C": st.pile["C"]}
        enough = all(queue.count(letter) <= len(pool) for letter, pool in pools.items())
        fits = bool(queue) and enough and all(entry in pools for entry in queue)
        require(fits, "setup_queue", queue, "letters A/B/C, no more than each pile holds")
        require(len(st.a_deck) > queue.count("A"), "a_deck", st.a_deck, "A cards left to deal")
        require(not st.top and not st.bottom, "top", st.top, "dealt after the removals")
    elif phase == "setup_deal":
        rows = bool(queue) and all(entry in ("top", "bottom") for entry in queue)
        require(rows, "setup_queue", queue, "the rows the A cards are dealt to")
        require(len(queue) == len(st.a_deck), "setup_queue", queue, "one row per A card left")
    else:
        require(not queue and not st.a_deck, "setup_queue", queue, "empty once dealt")


def _frames(st: CiubState) -> None:
    """At most one decision frame, of the step's kind, naming dice that fit it."""
    stack, c = st.stack, st.c
    require(len(stack) <= 1, "pending", len(stack), "one decision frame at most")
    if not stack:
        return
    frame = stack[0]
    assert isinstance(frame, Target | Face | Pick)
    require(frame.s == st.turn, "pending[0].s", frame.s, "the seat whose turn it is")
    if isinstance(frame, Pick):
        colour = frame.colour
        require(st.phase == "trade", "pending[0]", frame.kind, "a pick only in phase 4")
        require(0 <= colour < len(c.colours), "pending[0].colour", colour, "a colour")
        require(1 <= frame.left <= 2, "pending[0].left", frame.left, "1 or 2 dice to pick")
        others = [d for d, w in enumerate(st.loc) if w == SUPPLY and c.die_colour[d] != colour]
        require(len(others) >= frame.left, "pending[0]", frame.left, "dice to pick in the supply")
        return
    require(st.phase == "actions", "pending[0]", frame.kind, "a dice action only in phase 2")
    by = frame.by
    face = c.face_symbol(by, st.face[by]) if _free(st, by) and st.face[by] >= 0 else ""
    acts = face == "adjust" if isinstance(frame, Face) else face in ("adjust", "reroll")
    acts = acts and not st.spent[by]
    require(acts, "pending[0].by", by, "a free die of the seat to act showing re-roll or adjust")
    if isinstance(frame, Face):
        target = frame.target
        require(_free(st, target), "pending[0].target", target, "a free die of the seat to act")


def _free(st: CiubState, die: int) -> bool:
    """``die`` is a die of the seat to act, not in its tray."""
    return 0 <= die < st.c.num_dice and st.loc[die] == st.turn and not st.tray[die]
