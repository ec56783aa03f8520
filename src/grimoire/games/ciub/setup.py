"""Ciúb's setup: the dice to their places, then chance removes cards face down, deals the A
cards to the two rows and (with ``start_player`` random) picks the first player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.ciub.turn import BOX, SUPPLY, moved, start_turn

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState


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
    moved(st)
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
        queue_deal(st)


def queue_deal(st: CiubState) -> None:
    half = (len(st.a_deck) + 1) // 2
    st.setup_queue = ["top"] * half + ["bottom"] * (len(st.a_deck) - half)
    st.phase = "setup_deal"


def setup_done(st: CiubState) -> None:
    start = st.game.options["start_player"]
    if start == "random":
        st.phase = "setup_first"
    else:
        st.first = int(start)
        start_turn(st, st.first)


def apply_chance(st: CiubState, outcome: int) -> None:
    """A setup chance outcome: a card removed face down, a card dealt, or the first player."""
    phase = st.phase
    if phase == "setup_remove":
        letter = st.setup_queue.pop(0)
        (st.a_deck if letter == "A" else st.pile[letter]).remove(outcome)
        st.box_cards.append(outcome)
        st.box_cards.sort()
        if not st.setup_queue:
            queue_deal(st)
    elif phase == "setup_deal":
        row = st.setup_queue.pop(0)
        st.a_deck.remove(outcome)
        (st.top if row == "top" else st.bottom).append(outcome)
        if not st.setup_queue:
            setup_done(st)
    else:  # "setup_first"
        st.first = outcome
        start_turn(st, outcome)
