"""Chance nodes: the additional circle and first player (when "random"), the random filling of
every seal circle and scroll box at setup, and every single die roll.

Setup draws are one node per board slot, in board order, over the *distinct kinds* still in the
pile for that printed strength, weighted by how many copies remain: a seal circle draws a token
colour (outcome = colour 0..3), a scroll box draws a card (outcome = card id). A die roll has
outcomes 0..5 for faces 1..6. The circle node's outcomes are 1..4, the first player's 0..n-1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from grimoire.core.action_declaration import normalise
from grimoire.games.five_seals.components import cards_in_play, token

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def node_kind(st: FiveSealsState) -> str:
    """Which chance node this is: circle, first, seal, scroll or roll."""
    if st.rolls:
        return "roll"
    if st.circle == 0:
        return "circle"
    if st.first < 0:
        return "first"
    return "seal" if st.setup_i < len(st.board.seals) else "scroll"


def _slot(st: FiveSealsState) -> int:
    seals = st.board.seals
    return (
        seals[st.setup_i] if st.setup_i < len(seals) else st.board.scrolls[st.setup_i - len(seals)]
    )


ROLL: Final = [(face, 1) for face in range(6)]
CIRCLES: Final = [(circle, 1) for circle in range(1, 5)]


def weights(st: FiveSealsState) -> list[tuple[int, int]]:
    """The outcomes of the chance node with integer weights (copies left, for setup draws)."""
    kind = node_kind(st)
    if kind == "roll":
        return ROLL
    if kind == "circle":
        return CIRCLES
    if kind == "first":
        return [(seat, 1) for seat in range(st.n)]
    node = _slot(st)
    need = st.board.nodes[node].strength
    if kind == "seal":
        left = [st.comp.tokens_of_strength(need)] * 4
        for placed in st.board.seals[: st.setup_i]:
            code = st.token[placed]
            if code % 10 == need:
                left[code // 10] -= 1
        pile = {col: count for col, count in enumerate(left) if count > 0}
    else:
        pile = dict(cards_in_play(st.circle)[need])
        for placed in st.board.scrolls[: st.setup_i - len(st.board.seals)]:
            card = st.card[placed]
            if card in pile:
                pile[card] -= 1
        pile = {card: count for card, count in pile.items() if count > 0}
    return sorted(pile.items())


def apply(st: FiveSealsState, outcome: int) -> None:
    kind = node_kind(st)
    if kind == "roll":
        st.die_val[st.rolls.pop(0)] = outcome + 1
    elif kind == "circle":
        st.circle = outcome
    elif kind == "first":
        st.first = outcome
    elif kind == "seal":
        node = _slot(st)
        st.set_token(node, token(outcome, st.board.nodes[node].strength))
        st.setup_i += 1
    else:
        st.set_card(_slot(st), outcome)
        st.setup_i += 1


def parse(st: FiveSealsState, text: str) -> int | None:
    """The outcome whose English log line (``describe``) is ``text`` (any case and spacing),
    in any language; None if none is."""
    wanted = normalise(text)
    for outcome, _weight in weights(st):
        if normalise(describe(st, outcome)) == wanted:
            return outcome
    return None


def describe(st: FiveSealsState, outcome: int) -> str:
    kind = node_kind(st)
    if kind == "roll":
        die = st.rolls[0]
        return f"{st.comp.letters[die // 6]}{die % 6 + 1} rolls {outcome + 1}"
    if kind == "circle":
        return f"circle {ROMAN.get(outcome, outcome)}"
    if kind == "first":
        return f"first player seat {outcome + 1}"
    node = st.board.node_id(_slot(st))
    if kind == "seal":
        return f"{node} gets a {st.comp.colour_names[outcome]} token"
    return f"{node} gets {st.comp.card_name(outcome)}"
