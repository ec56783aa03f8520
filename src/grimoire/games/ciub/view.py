"""What a Ciúb seat may know: everything but which unseen card is where (the cards in the
piles, the A cards not yet dealt and the cards removed face down at setup) and the seed.

``view`` is the seat's picture, ``resample`` re-deals the unseen cards for a bot's copy, and
``describe`` words a setup removal without naming the card.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING, Any

from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import engine_text
from grimoire.core.state import CHANCE
from grimoire.games.ciub import text
from grimoire.games.ciub.components import PILES
from grimoire.games.ciub.frames import frames_to_json
from grimoire.games.ciub.turn import SUPPLY

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState


def check_seat(st: CiubState, seat: int | None) -> None:
    """IllegalAction unless ``seat`` is None (a spectator) or a seat of this game."""
    players = st.game.players
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
        raise IllegalAction(
            engine_text("there is no seat {seat} in a {players}-player game").format(
                seat=seat + 1 if isinstance(seat, int) else seat, players=players
            )
        )


def unseen_cards(st: CiubState) -> list[int]:
    """Cards no player has seen: in the draw pile or removed face down (not which)."""
    return sorted(st.a_deck + st.box_cards + st.pile["B"] + st.pile["C"])


def view(st: CiubState, seat: int | None) -> dict[str, Any]:
    """The game's part of ``seat``'s view (the same for every seat: only the unseen cards are
    hidden, from everyone)."""
    c = st.c

    def card(card_id: int) -> dict[str, Any]:
        info = c.cards[card_id]
        owner = next((s for s, m in enumerate(st.marker) if m == card_id), None)
        return {
            "id": card_id,
            "letter": info.letter,
            "need": info.need,
            "vp": info.vp,
            "owl": info.owl,
            "name": info.name,
            "marker": owner,
        }

    supply = {colour.name: 0 for colour in c.colours}
    for die, where in enumerate(st.loc):
        if where == SUPPLY:
            supply[c.colours[c.die_colour[die]].name] += 1
    seats = []
    for s in range(st.game.players):
        dice = [
            {
                "id": die,
                "label": c.die_label[die],
                "colour": c.colours[c.die_colour[die]].name,
                "face": None if st.face[die] < 0 else c.face_symbol(die, st.face[die]),
                "active": st.face[die] >= 0,
                "tray": st.tray[die],
                "spent": st.spent[die],
            }
            for die, where in enumerate(st.loc)
            if where == s
        ]
        seats.append(
            {
                "seat": s,
                "dice": dice,
                "claimed": [card(i) for i in st.claimed[s]],
                "vp": st.vp(s),
                "marker": st.marker[s],
            }
        )
    return {
        "phase": st.phase,
        "phase_help": text.phase_help(st),
        "turn": st.turn,
        "first_player": st.first,
        "turns": st.turns,
        "decisions": st.decisions,
        "top": [card(i) for i in st.top],
        "bottom": [card(i) for i in st.bottom],
        "pile": {letter: len(st.pile[letter]) for letter in PILES},
        "removed_face_down": len(st.box_cards),
        "discard": [card(i) for i in st.discard],
        "owl_out": list(st.owl_out),
        "unseen_cards": unseen_cards(st),
        "supply": supply,
        "seats": seats,
        "pending": frames_to_json(st.stack),
        "may_roll_again": st.cycle_ok,
        "endgame": {
            "triggered": st.triggered,
            "opus_holder": st.opus_holder,
            "final_turns_left": list(st.final_left),
        },
    }


def resample(st: CiubState, seat: int, rng: random.Random) -> CiubState:
    """A copy with the unseen cards re-dealt: which are in the pile (or the A cards not yet
    dealt) and which were removed face down. Every zone keeps its size and letters.

    For each letter, the cards removed face down are drawn afresh from all the unseen cards
    of that letter (a partial shuffle: one draw per removed card, every choice of them as
    likely), and the pile keeps the rest, sorted as ever (its order tells nothing)."""
    # ``_copy``, not ``clone``: the core's ``resample`` forgets the history anyway
    copy = st._copy()
    box = st.box_cards
    if not box:  # no card removed face down: nothing unseen can be elsewhere
        return copy
    letter_of = st.t.card_letter
    for letter in ("A", "B", "C"):
        in_pile = copy.a_deck if letter == "A" else copy.pile[letter]
        if not in_pile:
            continue
        pool = [card for card in box if letter_of[card] == letter]
        boxed = len(pool)
        if not boxed:  # no unseen card of this letter can be elsewhere
            continue
        others = [card for card in box if letter_of[card] != letter]
        was_boxed = pool[:]
        pool += in_pile  # a new list: the copy shares its lists with ``st``
        size = len(pool)
        for i in range(boxed):  # the first ``boxed`` places: a uniform choice of the pool
            j = i + int(rng.random() * (size - i))
            pool[i], pool[j] = pool[j], pool[i]
        # the pile, sorted: the pile's cards drawn into the box leave it, the boxed cards not
        # drawn join it (a few moves in a sorted list, not a sort)
        dealt = sorted(in_pile)  # (sorted already: one pass)
        chosen = pool[:boxed]
        for card in chosen:
            if card not in was_boxed:
                dealt.remove(card)
        for card in was_boxed:
            if card not in chosen:
                insort(dealt, card)
        if letter == "A":
            copy.a_deck = dealt
        else:
            copy.pile[letter] = dealt
        box = sorted(others + pool[:boxed])
    copy.box_cards = box
    return copy


def describe(st: CiubState, actor: int, action: int, viewer: int | None) -> str:
    """The log line: a setup removal names its letter only, everything else is public."""
    if actor == CHANCE and st.phase == "setup_remove":
        letter = st.setup_queue[0]
        if letter in "AEFHILMNORSX":  # letter names: "an A card"
            return text._("an {letter} card is removed from the game face down").format(
                letter=letter
            )
        return text._("a {letter} card is removed from the game face down").format(letter=letter)
    return st.action_to_string(action)
