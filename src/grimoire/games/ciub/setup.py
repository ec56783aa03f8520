"""Ciúb's setup: the dice to their places, then chance removes cards face down, deals the A
cards to the two rows and (with ``start_player`` random) picks the first player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.ciub.tables import P_SETUP_DEAL, P_SETUP_FIRST, P_SETUP_REMOVE
from grimoire.games.ciub.turn import BOX, SUPPLY, moved, set_phase, start_turn, without

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
    set_phase(st, P_SETUP_REMOVE)
    if not st.setup_queue:
        queue_deal(st)


def queue_deal(st: CiubState) -> None:
    half = (len(st.a_deck) + 1) // 2
    st.setup_queue = ["top"] * half + ["bottom"] * (len(st.a_deck) - half)
    set_phase(st, P_SETUP_DEAL)


def setup_done(st: CiubState) -> None:
    start = st.game.options["start_player"]
    if start == "random":
        set_phase(st, P_SETUP_FIRST)
    else:
        st.first = int(start)
        start_turn(st, st.first)


def apply_chance(st: CiubState, outcome: int) -> None:
    """A setup chance outcome: a card removed face down, a card dealt, or the first player."""
    # (the state's lists are shared with its copies: each change makes a new list)
    ph = st.ph
    if ph == P_SETUP_REMOVE:
        letter = st.setup_queue[0]
        st.setup_queue = st.setup_queue[1:]
        if letter == "A":
            st.a_deck = without(st.a_deck, outcome)
        else:
            st.pile[letter] = without(st.pile[letter], outcome)
        st.box_cards = sorted([*st.box_cards, outcome])
        if not st.setup_queue:
            queue_deal(st)
    elif ph == P_SETUP_DEAL:
        row = st.setup_queue[0]
        st.setup_queue = st.setup_queue[1:]
        st.a_deck = without(st.a_deck, outcome)
        if row == "top":
            st.top = [*st.top, outcome]
        else:
            st.bottom = [*st.bottom, outcome]
        if not st.setup_queue:
            setup_done(st)
    else:  # "setup_first"
        st.first = outcome
        start_turn(st, outcome)
