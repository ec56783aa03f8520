"""The nine enchantments of the PROPOSED table (Elemental Shield and Magical Swap are RULEBOOK
names). Each is played at step 1 of your own turn (Shield also out of turn), then discarded,
and draws a replacement that is set aside."""

from __future__ import annotations

from tests.rules.fatal.fatal_helpers import (
    chance,
    discard,
    display,
    do,
    frame,
    make,
    position,
    row,
    texts,
    top,
    treasures,
)


def test_magical_swap_exchanges_visions_in_the_same_position() -> None:
    """Magical Swap: one of your visions for another player's vision in the same position
    (1st with 1st, 2nd with 2nd); orientations stay."""
    state = position(
        make(3),
        hands=[["Magical Swap"], ["V21"], ["V22"]],
        rows=[[["V01", "V02"], []], [["V05"], []], [["V09", "V10"], ["V13"]]],
    )
    do(state, "enchant Magical Swap")
    assert texts(state) == ["mine row 1 card 1", "mine row 1 card 2"]
    do(state, "mine row 1 card 2")
    assert texts(state) == ["target seat 3 row 1"]  # only a row with a 2nd card
    do(state, "target seat 3 row 1")
    assert row(state, 0, 0) == ["V01", "V10"] and row(state, 2, 0) == ["V09", "V02"]
    assert state.current_player == -1 and top(state) == {"k": "draw", "s": 0, "to": "aside"}
    chance(state, "V40")  # set aside, it joins the hand at the end of the turn
    assert discard(state) == ["Magical Swap"] and state.view(0)["seats"][0]["hand"] == ["V40"]


def test_wind_of_oblivion_discards_the_last_card_of_any_row() -> None:
    """Wind of Oblivion: the last card of any one row on the table, yours included."""
    state = position(
        make(3),
        hands=[["Wind of Oblivion"], ["V21"], ["V22"]],
        rows=[[["V01"], []], [["V05", "V06"], []], [[], []]],
    )
    do(state, "enchant Wind of Oblivion")
    assert texts(state) == ["target seat 1 row 1", "target seat 2 row 1"]
    do(state, "target seat 2 row 1")
    # the effect first, then the card is discarded (RULEBOOK: when the effect ends)
    assert row(state, 1, 0) == ["V05"] and discard(state) == ["V06", "Wind of Oblivion"]


def test_unusable_enchantments_are_not_offered() -> None:
    """Ruling 21: an enchantment is playable only if its effect can do something: no Wind of
    Oblivion without a row on the table, no Magical Swap without a pair, no Fairy Trade
    without a treasure."""
    state = position(
        make(3), hands=[["Wind of Oblivion", "Magical Swap", "Fairy Trade", "Falling Star"], [], []]
    )
    assert texts(state) == ["done", "enchant Falling Star"]


def test_crystal_gaze_looks_at_and_orders_the_top_three() -> None:
    """Crystal Gaze: look at the top three treasures and put them back in any order; seeing the
    Queen does not end the round and she may be reordered (ruling 19). Only the gazer knows."""
    state = position(
        make(3),
        hands=[["Crystal Gaze"], ["V21"], ["V22"]],
        t_mid=1,  # one treasure above the Queen's pool: the gaze reaches into the pool
    )
    do(state, "enchant Crystal Gaze")
    chance(state, "R2")
    assert "Queen" in [
        state.comp.treasure_name(o) for o, _ in state.chance_weights()
    ]  # from the pool now
    chance(state, "Queen")
    chance(state, "Y1")
    assert not state.queen_shown and state.round1 is None
    assert state.view(0)["treasure_deck"]["known_top"] == [
        {"place": 1, "treasure": "R2"},
        {"place": 2, "treasure": "Queen"},
        {"place": 3, "treasure": "Y1"},
    ]
    assert state.view(1)["treasure_deck"]["known_top"] == []
    assert texts(state) == ["treasure R2", "treasure Y1", "treasure Queen"]
    assert state.describe(0, state.parse_action("treasure Y1"), 1).startswith("seat 1: puts")
    assert "Y1" in state.describe(0, state.parse_action("treasure Y1"), 0)
    do(state, "treasure Y1")
    do(state, "treasure R2")
    assert [state.comp.treasure_name(state.tkind(t)) for t in state.t_top] == ["Y1", "R2", "Queen"]
    chance(state, "V40")  # the replacement card, set aside
    assert state.t_top_bot == 2  # two of the top three came from the Queen's pool


def test_crystal_gaze_order_decides_the_next_display_treasure() -> None:
    """After a gaze the next treasure drawn is the first of the chosen order (one outcome)."""
    state = position(
        make(3),
        hands=[["Crystal Gaze"], ["V21"], ["V22"]],
        rows=[[["V01", "V02"], ["V05"]], [[], []], [[], []]],
    )
    do(state, "enchant Crystal Gaze")
    for name in ("R2", "Y2", "B2"):
        chance(state, name)
    do(state, "treasure B2")
    do(state, "treasure R2")
    chance(state, "V40")  # no card in hand to play: the star check
    do(state, "slot 1")
    do(state, "seat 1")
    assert [o for o, _ in state.chance_weights()] == [state.comp.treasure_by_name("B2")]
    chance(state, "B2")
    assert display(state) == ["B2", "Y3", "B3"]


def test_unmasking_shows_one_character_to_the_unmasker_only() -> None:
    """Unmasking: secretly look at another player's character card."""
    state = position(make(4), hands=[["Unmasking"], ["V21"], ["V22"], ["V23"]])
    do(state, "enchant Unmasking")
    assert texts(state) == ["seat 2", "seat 3", "seat 4"]
    do(state, "seat 3")
    assert state.view(0)["seats"][2]["character"] == "Aquate"
    assert state.view(1)["seats"][2]["character"] is None
    assert state.view(None)["seats"][2]["character"] is None


def test_fairy_trade_swaps_a_treasure_with_the_display() -> None:
    """Fairy Trade: one of your treasures for one face-up treasure of the display; yours goes
    face up on the display, so everyone sees it."""
    state = position(
        make(3),
        hands=[["Fairy Trade"], ["V21"], ["V22"]],
        treasures=[["R-1", "Y1"], [], []],
    )
    do(state, "enchant Fairy Trade")
    assert texts(state) == ["treasure R-1", "treasure Y1"]
    do(state, "treasure R-1")
    do(state, "slot 2")
    assert display(state) == ["R3", "R-1", "B3"]
    assert treasures(state, 0) == ["Y1", "Y3"]
    assert state.view(1)["seats"][0]["known_treasures"] == ["Y3"]
    assert frame(state) == "draw"


def test_a_second_crystal_gaze_sees_the_same_top_and_the_first_gazer_forgets_it() -> None:
    """Ruling 29 (engine): "if the top already holds looked-at treasures they are among the
    three ... Seats that had looked before lose their knowledge of the order (the gazer may have
    changed it)"."""
    state = position(
        make(3),
        hands=[["V20"], ["Crystal Gaze"], ["V22"]],
        t_top=[["R2", 1], ["Y2", 1]],  # seat 0 (mask 1) had looked at them
        turn=1,
    )
    assert len(state.view(0)["treasure_deck"]["known_top"]) == 2
    do(state, "enchant Crystal Gaze")
    chance(state, "B2")  # one more from the deck makes three
    top = state.view(1)["treasure_deck"]["known_top"]
    assert [k["treasure"] for k in top] == ["R2", "Y2", "B2"]
    assert state.view(0)["treasure_deck"]["known_top"] == []
