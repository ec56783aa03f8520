"""Every worked example of the rulebook, as a test from a position."""

from __future__ import annotations

from tests.rules.fatal.fatal_helpers import (
    chance,
    discard,
    display,
    do,
    face_up,
    frame,
    hand,
    make,
    position,
    row,
    texts,
    treasures,
)


def test_example_steals_of_andrew_bea_and_carl() -> None:
    """Steal One Vision, example: Andrew's magic stone lets him steal Bea's straight multiblade
    (into his empty second row) or Carl's reversed multiblade (into his stone row, since it
    stays reversed); not Bea's parchment (no multiblade of his own), not Carl's symbol-less
    card."""
    andrew, bea, carl = 0, 1, 2
    state = position(
        make(3),
        rows=[
            [["V01"], []],  # Andrew: a magic stone, straight
            [["V05"], ["V09"]],  # Bea: a multiblade and a parchment, straight
            [["V10", "V06"], ["V13"]],  # Carl: a reversed multiblade; a card without symbol
        ],
        hands=[["V20"], ["V21"], ["V22"]],
        stack=[{"k": "turn", "s": andrew, "at": 1}],
    )
    assert frame(state) == "steal"
    assert texts(state) == ["done", f"steal seat {bea + 1} row 1", f"steal seat {carl + 1} row 1"]
    do(
        state, f"steal seat {carl + 1} row 1"
    )  # only Andrew's row 1 (one card) takes a reversed card
    assert row(state, andrew, 0) == ["V01", "V06"]
    assert row(state, carl, 0) == ["V10"]
    assert frame(state) == "play"  # stealing draws no set-aside card (ruling 15)
    assert state.aside[andrew] == []

    other = position(
        make(3),
        rows=[[["V01"], []], [["V05"], ["V09"]], [["V10", "V06"], ["V13"]]],
        hands=[["V20"], ["V21"], ["V22"]],
        stack=[{"k": "turn", "s": andrew, "at": 1}],
    )
    do(other, f"steal seat {bea + 1} row 1")  # a straight card starts Andrew's empty second row
    assert row(other, andrew, 1) == ["V05"] and row(other, bea, 0) == []


def test_example_andrew_two_target_trimagic_with_bea_shield() -> None:
    """Play One Enchantment, example: Andrew's trimagic draws a random card from one player's
    hand, then from a different second player's. Bea cancels her part with Elemental Shield;
    Andrew then draws his second card from Carl."""
    andrew, bea, carl = 0, 1, 2
    state = position(
        make(3),
        # DISCARD head, SECOND foot (0 stars) and a 1-star tip: 1 card from each of 2 players
        rows=[[["V40", "V43", "V01"], []], [[], []], [[], []]],
        hands=[["V20"], ["Elemental Shield", "V21"], ["V30", "V31"]],
        stack=[{"k": "turn", "s": andrew, "at": 4}],
    )
    assert frame(state) == "target"
    assert texts(state) == [f"seat {bea + 1}", f"seat {carl + 1}"]
    do(state, f"seat {bea + 1}")
    assert state.current_player == bea and texts(state, bea) == ["shield", "allow"]
    do(state, "shield", bea)
    chance(state, "V35")  # Bea's replacement card is set aside (ruling 9)
    assert hand(state, bea) == ["V21"] and len(state.aside[bea]) == 1
    assert texts(state) == [f"seat {carl + 1}"]  # a different second player
    do(state, f"seat {carl + 1}")
    assert state.current_player == carl and texts(state, carl) == ["allow"]  # asked anyway
    do(state, "allow", carl)
    chance(state, "V31")  # a random card of Carl's hand is discarded
    assert hand(state, carl) == ["V30"]
    assert discard(state) == ["Elemental Shield", "V31", "V40", "V43", "V01"]
    assert row(state, andrew, 0) == []
    # step C: Bea's set-aside replacement joins her hand at the end of Andrew's turn
    assert state.current_player == 1 and frame(state) == "act1"
    assert hand(state, bea) == ["V21", "V35"]


def test_example_su_draw_to_himself_and_frensisca() -> None:
    """Trimagic example 1: draw a card, look at it, give it to any player; then again for a
    different player. Su draws a Magical Swap and keeps it; then draws a vision and gives it to
    Frensisca, who has one card left."""
    su, frensisca, other = 0, 1, 2
    state = position(
        make(3),
        rows=[[["V01", "V08", "V02"], []], [[], []], [[], []]],  # DRAW, SECOND, 1 card each
        hands=[["V20"], ["V21"], ["V22", "V23"]],
        stack=[{"k": "turn", "s": su, "at": 4}],
    )
    chance(state, "Magical Swap")
    assert state.view(su)["looking"]["cards"] == ["Magical Swap"]
    assert state.view(frensisca)["looking"] == {"seat": su, "count": 1, "cards": None}
    assert texts(state) == ["seat 1", "seat 2", "seat 3"]  # himself included
    do(state, f"seat {su + 1}")
    assert "Magical Swap" in hand(state, su)
    chance(state, "V30")
    assert texts(state) == ["seat 2", "seat 3"]  # a different player
    do(state, f"seat {frensisca + 1}")
    do(state, "allow", frensisca)  # a gift may be shielded too (ruling 10): she allows
    assert hand(state, frensisca) == ["V21", "V30"]
    # Su remembers the card he gave; the third player does not know it
    assert state.view(su)["seats"][frensisca]["known_hand"] == ["V30"]
    assert state.view(other)["seats"][frensisca]["known_hand"] == []
    assert state.view(None)["seats"][frensisca]["known_hand"] == []


def test_example_albert_take_with_the_refill() -> None:
    """Trimagic example 2: take 2 display treasures for a player. Albert gives an opponent a
    yellow -1, draws a replacement (a green -1), chooses it as the second treasure and gives it
    to the same opponent."""
    albert, opponent = 0, 1
    state = position(
        make(4),
        # TAKE head; ONE foot with 1 star + a 2-star tip: 2 treasures for one player
        rows=[[["V14", "V15", "V16"], []], [[], []], [[], []], [[], []]],
        hands=[["V20"], ["V21"], ["V22"], ["V23"]],
        display=["Y-1", "R3", "B2"],
        stack=[{"k": "turn", "s": albert, "at": 4}],
    )
    do(state, f"seat {opponent + 1}")
    do(state, "allow", opponent)
    assert texts(state) == ["slot 1", "slot 2", "slot 3"]
    do(state, "slot 1")
    chance(state, "G-1")  # the refill, turned face up
    assert display(state) == ["G-1", "R3", "B2"]
    do(state, "slot 1")
    chance(state, "G2")
    assert treasures(state, opponent) == ["G-1", "Y-1"]
    # taken from the display: everyone knows what the opponent got
    assert state.view(3)["seats"][opponent]["known_treasures"] == ["G-1", "Y-1"]


def test_example_bea_exchange() -> None:
    """Special option: Bea, with five cards, plays no enchantment; she gives up a green 1 to
    exchange three cards: she discards three, draws four, keeps three and discards the last."""
    bea = 1
    state = position(
        make(4),
        hands=[["V01"], ["V02", "V03", "V04", "V05", "Pickpocket"], ["V06"], ["V07"]],
        treasures=[[], ["G1", "R2"], [], []],
        turn=bea,
        stack=[{"k": "turn", "s": bea, "at": 0}],
    )
    assert "exchange" in texts(state)
    do(state, "exchange")
    assert texts(state) == ["treasure R2", "treasure G1"]  # valued 1, 2 or 3
    do(state, "treasure G1")
    for card in ("V02", "V03", "V04"):
        do(state, f"card {card}")
    do(state, "done")
    for card in ("V30", "V31", "V32", "V33"):
        chance(state, card)
    assert state.view(bea)["looking"]["cards"] == ["V30", "V31", "V32", "V33"]
    assert texts(state) == ["card V30", "card V31", "card V32", "card V33"]
    for card in ("V30", "V31", "V33"):
        do(state, f"card {card}")
    assert hand(state, bea) == ["Pickpocket", "V05", "V30", "V31", "V33"]
    assert discard(state) == ["V02", "V03", "V04", "V32"]
    assert treasures(state, bea) == ["R2"]
    assert state.view(0)["treasure_deck"]["under"] == ["G1"]  # shown, under the deck
    assert state.aside[bea] == []  # the exchange plays no card: no set-aside draw
    assert frame(state) == "steal" or frame(state) == "play"


def test_example_six_point_tally() -> None:
    """End of the Round, example: the values of all your treasures, here 3 + 2 + 1 + 1 - 1 = 6.
    The Queen revealed by the star treasure's refill ends the round at once."""
    state = position(
        make(3),
        rows=[[["V01", "V02"], ["V05"]], [[], []], [[], []]],  # 1 + 1 + 1 = 3 stars
        hands=[["V20"], ["V21"], ["V22"]],
        treasures=[["R3", "R2", "R1", "R1"], ["Y3"], []],
        display=["R-1", "Y2", "B3"],
        t_mid=0,  # the next treasure comes from the Queen's pool
        stack=[{"k": "turn", "s": 0, "at": 3}],
    )
    do(state, "slot 1")
    do(state, "seat 1")
    chance(state, "Queen")
    assert state.round1 == [6, 3, 0]
    assert state.current_player == frozenset({0, 1, 2})  # the reveal, all at once
    assert state.view(1)["seats"][0]["known_treasures"] == ["R-1", "R1", "R1", "R2", "R3"]


def test_example_red_player_special_victory() -> None:
    """Special victory: the red player (Flambeaux) wins at once by reducing the yellow player
    (Lichtenborn, his opposing sign) to zero cards in round 2."""
    red, yellow = 0, 1
    state = position(
        make(3),
        round=2,
        round1=[4, 9, 2],
        rows=[[["V40", "V44", "V01"], []], [[], []], [[], []]],  # DISCARD, ONE, 1 card
        hands=[["V20"], ["V21"], ["V22"]],
        treasures=[[], ["Y2", "Y1"], []],
        stack=[{"k": "turn", "s": red, "at": 4}],
    )
    do(state, f"seat {yellow + 1}")
    do(state, "allow", yellow)
    chance(state, "V21")
    assert state.is_terminal()
    assert state.winners() == [red]
    assert state.out[yellow] and state.view(2)["seats"][yellow]["character"] == "Lichtenborn"
    assert state.view(2)["special_victory"] == red
    assert face_up(state, red) == []
