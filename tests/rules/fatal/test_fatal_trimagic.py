"""Trimagics (end of turn B): type from the 1st card, a second player and 1 or 2 cards from the
2nd and 3rd (only the tip stars on the 3rd), all four types, the Elemental Shield window."""

from __future__ import annotations

from typing import Any

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
    top,
    treasures,
)

from grimoire.games.fatal.state import FatalState


def cast(rows0: list[list[str]], **fields: Any) -> FatalState:
    """Seat 0 at the end of its turn (step B) with row 1 (and 2) as given, 3 players."""
    doc: dict[str, Any] = {
        "rows": [rows0, [[], []], [[], []]],
        "hands": [["V49"], ["V50", "V51"], ["V52", "V48"]],
        "stack": [{"k": "turn", "s": 0, "at": 4}],
    }
    doc.update(fields)
    options = doc.pop("options", {})
    return position(make(3, **options), **doc)


def test_trimagic_type_targets_and_count_come_from_the_three_cards() -> None:
    """Card 1 (straight) gives the type; card 2 (reversed) ONE or SECOND; 2 cards per target
    when card 2's foot stars plus card 3's tip stars make 2 or more (PROPOSED anatomy)."""
    one = cast([["V27", "V28", "V29"], []])  # STEAL; foot 1 + tip 2: 2 cards
    assert top(one, 2)["ty"] == "STEAL" and top(one, 2)["n"] == 2
    assert not top(one, 2)["two"]
    two = cast([["V40", "V47", "V02"], []])  # DISCARD; SECOND, foot 0 + tip 1: 1 card
    tri = top(two, 2)
    assert tri["ty"] == "DISCARD" and tri["n"] == 1 and tri["two"]
    # the head stars of card 3 do not count (only the tip): V01 has a head star, tip 1
    only_tip = cast([["V14", "V18", "V01"], []])
    assert top(only_tip, 2)["n"] == 1


def test_two_complete_rows_the_caster_picks_the_order_and_both_are_discarded() -> None:
    """Up to two trimagics a turn, both mandatory; with two complete rows the caster picks
    the order (ruling 14); each row is discarded once resolved."""
    state = cast(
        [["V27", "V31", "V35"], ["V14", "V18", "V22"]],
        treasures=[[], ["Y2"], []],
        display=["R3", "Y3", "B3"],
    )
    assert frame(state) == "cast" and texts(state) == ["cast row 1", "cast row 2"]
    do(state, "cast row 2")  # TAKE first
    do(state, "seat 1")  # to himself: no Shield window
    do(state, "slot 1")
    chance(state, "B2")
    assert treasures(state, 0) == ["R3"] and row(state, 0, 1) == []
    do(state, "seat 2")  # then the STEAL
    do(state, "allow", 1)
    chance(state, "Y2")
    assert treasures(state, 0) == ["R3", "Y2"] and row(state, 0, 0) == []
    assert discard(state) == ["V14", "V18", "V22", "V27", "V31", "V35"]


def test_draw_shielded_cards_are_discarded() -> None:
    """Ruling 10: a DRAW gift may be shielded; the shielded cards are discarded."""
    state = cast(
        [["V01", "V02", "V03"], []],  # DRAW, ONE, 2 cards
        hands=[["V20"], ["Elemental Shield", "V21"], ["V22"]],
    )
    chance(state, "V30")
    chance(state, "V31")
    do(state, "seat 2")
    do(state, "shield", 1)
    chance(state, "V44")
    assert "V30" in discard(state) and "V31" in discard(state)
    assert hand(state, 1) == ["V21", "V44"]  # the replacement joined at the end of the turn


def test_option_shield_gifts_false_draw_and_take_are_not_shielded() -> None:
    """Option shield_gifts = false: only STEAL and DISCARD target a player; gifts open no
    Shield window."""
    state = cast(
        [["V14", "V18", "V22"], []],
        hands=[["V20"], ["Elemental Shield", "V21"], ["V23"]],
        options={"shield_gifts": False},
    )
    do(state, "seat 2")
    assert frame(state) == "slot"


def test_take_shielded_treasure_stays_in_the_display() -> None:
    """Ruling 10: a shielded TAKE takes nothing; the treasures stay on display."""
    state = cast(
        [["V14", "V18", "V22"], []],
        hands=[["V20"], ["Elemental Shield"], ["V23"]],
        display=["R-1", "Y3", "B3"],
    )
    do(state, "seat 2")
    do(state, "shield", 1)
    chance(state, "V50")
    assert display(state) == ["R-1", "Y3", "B3"] and treasures(state, 1) == []
    # shielding with the last card in hand is no elimination (ruling 9): the replacement joins
    assert hand(state, 1) == ["V50"] and not state.out[1]


def test_steal_takes_random_face_down_treasures_and_others_forget() -> None:
    """STEAL: random treasures of the target go to the caster. The caster and the victim see
    which; every other seat forgets what it knew of the victim's treasures (design review
    2.2: otherwise its list of known treasures would tell which one moved)."""
    state = cast([["V27", "V31", "V35"], []], treasures=[[], ["Y2", ["Y1", 39], "B1"], []])
    assert state.view(2)["seats"][1]["known_treasures"] == ["Y1"]
    do(state, "seat 2")
    do(state, "allow", 1)
    chance(state, "B1")
    assert treasures(state, 0) == ["B1"] and treasures(state, 1) == ["Y1", "Y2"]
    assert state.view(2)["seats"][1]["known_treasures"] == []
    assert state.view(2)["seats"][0]["known_treasures"] == []
    assert state.view(1)["seats"][0]["known_treasures"] == ["B1"]


def test_steal_cannot_touch_face_up_own_colour_treasures() -> None:
    """Second round: a revealed player's own-colour treasures lie face up and are safe from
    theft; a revealed thief keeps a stolen treasure of its colour face up."""
    state = cast(
        [["V27", "V28", "V29"], []],  # 2 cards
        round=2,
        round1=[0, 0, 0],
        revealed=[True, True, False],
        face_up=[[], ["Y2"], []],
        treasures=[[], ["R2"], []],
    )
    do(state, "seat 2")
    do(state, "allow", 1)
    chance(state, "R2")  # one face-down treasure only: one steal
    assert face_up(state, 0) == ["R2"] and face_up(state, 1) == ["Y2"]
    assert frame(state) != "rsteal"


def test_no_shield_window_for_an_effect_that_does_nothing() -> None:
    """Ruling 24: the window opens for every targeted seat unless the effect on it is void by
    public counts (a STEAL from a seat with no face-down treasure)."""
    state = cast([["V27", "V31", "V35"], []])
    do(state, "seat 2")
    assert state.current_player == 1 and frame(state) == "act1"


def test_discard_in_round_one_empties_a_hand_and_the_player_draws_one() -> None:
    """Eliminating, first round: a player reduced to zero cards draws one card, the game goes
    on (ruling 5)."""
    state = cast([["V40", "V41", "V42"], []], hands=[["V20"], ["V21", "V22"], ["V23"]])
    do(state, "seat 2")
    do(state, "allow", 1)
    chance(state, "V21")
    chance(state, "V22")
    chance(state, "V50")
    assert hand(state, 1) == ["V50"] and not state.out[1]


def test_queen_drawn_mid_take_ends_the_round_and_the_take_resumes() -> None:
    """End of the round: the Queen ends round 1 at once, even mid-effect; after the tally,
    the reveals and the new deck, play resumes exactly there (ruling 13): the TAKE's second
    treasure comes from the new display."""
    state = cast(
        [["V14", "V15", "V16"], []],  # TAKE, ONE, 2 treasures
        display=["R1", "Y3", "B3"],
        t_mid=0,
    )
    do(state, "seat 2")
    do(state, "allow", 1)
    do(state, "slot 1")
    chance(state, "Queen")
    assert state.round1 is not None and state.current_player == frozenset({0, 1, 2})
    for seat in (0, 1, 2):
        do(state, "hide", seat)
    assert state.round == 2
    for name in ("R2", "Y2", "B2"):
        chance(state, name)
    assert display(state) == ["R2", "Y2", "B2"]
    assert frame(state) == "slot" and state.current_player == 0  # the TAKE goes on
    do(state, "slot 2")
    chance(state, "B1")
    assert treasures(state, 1) == ["Y2"]  # the round-1 R1 was discarded with the rest
    assert state.turn == 1 or frame(state) == "act1"


def test_every_targeted_seat_gets_its_own_shield_window() -> None:
    """Ruling 11: "Every targeted seat is asked whether to shield, holding a Shield or not
    ('allow' is always legal)"; the Shield cancels "only the part aimed at you" (components
    table). A TAKE of 2 treasures for each of two players: seat 1 allows and gets its two, seat
    2 shields and gets nothing; the display keeps the rest."""
    state = cast(
        [["V14", "V17", "V16"], []],  # TAKE; SECOND; foot 0 + tip 2: 2 treasures per player
        hands=[["V20"], ["Elemental Shield", "V21"], ["Elemental Shield", "V22"]],
        display=["R1", "Y2", "B3"],
    )
    assert texts(state) == ["seat 1", "seat 2", "seat 3"]
    do(state, "seat 2")
    assert state.current_player == 1 and texts(state, 1) == ["shield", "allow"]
    do(state, "allow", 1)
    do(state, "slot 3")
    chance(state, "R2")
    do(state, "slot 2")
    chance(state, "R3")
    assert treasures(state, 1) == ["B3", "Y2"]
    assert texts(state) == ["seat 1", "seat 3"]  # a second, different player
    do(state, "seat 3")
    assert state.current_player == 2 and texts(state, 2) == ["shield", "allow"]
    do(state, "shield", 2)
    chance(state, "V30")  # its replacement, set aside
    assert treasures(state, 2) == [] and display(state) == ["R1", "R3", "R2"]
    assert hand(state, 2) == ["V22", "V30"] and "Elemental Shield" in discard(state)


def test_draw_with_one_target_gives_both_cards_to_that_player() -> None:
    """Ruling 12: "DRAW: the caster looks at each card, then picks its recipient (Example 1);
    with one target and 2 cards, both go to that one player." The caster sees the cards before
    choosing; nobody else does."""
    state = cast([["V01", "V02", "V03"], []])  # DRAW, ONE, foot 1 + tip 2: 2 cards
    chance(state, "V30")
    chance(state, "V31")
    assert frame(state) == "target"
    assert state.view(0)["looking"]["cards"] == ["V30", "V31"]
    assert state.view(2)["looking"]["cards"] is None
    do(state, "seat 3")
    do(state, "allow", 2)
    assert hand(state, 2) == ["V30", "V31", "V48", "V52"]
    assert state.view(0)["seats"][2]["known_hand"] == ["V30", "V31"]
    assert state.view(1)["seats"][2]["known_hand"] == []


def test_steal_and_discard_aim_at_another_player_draw_and_take_at_anyone() -> None:
    """Trimagic types: DRAW and TAKE add cards or treasures to "any player (including
    yourself)"; STEAL takes treasures "and add them to your treasures", DISCARD draws from a
    hand to discard, so both aim at another player (ruling 22)."""
    for rows, targets in (
        ([["V01", "V02", "V03"], []], ["seat 1", "seat 2", "seat 3"]),
        ([["V14", "V18", "V22"], []], ["seat 1", "seat 2", "seat 3"]),
        ([["V27", "V31", "V35"], []], ["seat 2", "seat 3"]),
        ([["V40", "V44", "V41"], []], ["seat 2", "seat 3"]),
    ):
        state = cast(rows, treasures=[["B1"], ["Y2"], ["R2"]])
        while state.is_chance():  # a DRAW looks at its card first
            state.apply(state.sample_chance())
        assert frame(state) == "target" and texts(state) == targets
