"""A turn (rulebook "Game Play"): an enchantment or the exchange, a steal, one or two visions,
a set-aside draw per card played; then the star check, the trimagics and the set-aside cards
to hand up to six."""

from __future__ import annotations

from tests.rules.fatal.fatal_helpers import (
    ENCHANTMENTS,
    chance,
    discard,
    display,
    do,
    frame,
    hand,
    make,
    position,
    row,
    texts,
    treasures,
)

from grimoire.core.state import CHANCE


def test_step_one_is_asked_even_without_an_enchantment() -> None:
    """Step 1 is optional; it is asked whenever the player holds a card or a treasure, so
    being asked tells nobody what the hand holds (public sequencing)."""
    state = position(make(3), hands=[["V01", "V02"], ["V03"], ["V04"]])
    assert frame(state) == "act1" and texts(state) == ["done"]


def test_elemental_shield_cannot_be_played_at_step_one() -> None:
    """Ruling 10: Elemental Shield has nothing to cancel at step 1 of your own turn."""
    state = position(make(3), hands=[["Elemental Shield", "Double Vision"], ["V03"], ["V04"]])
    assert texts(state) == ["done", "enchant Double Vision"]


def test_visions_are_played_straight_then_reversed_then_sideways() -> None:
    """Vision orientation: the 1st card of a row is straight, the 2nd reversed, the 3rd
    sideways; each card played draws a card set aside face down."""
    state = position(
        make(3),
        hands=[["V01", "V02", "V03"], ["V04"], ["V05"]],
        rows=[[["V06"], []], [[], []], [[], []]],
    )
    do(state, "done")
    assert frame(state) == "play"
    assert "play V01 row 1" in texts(state) and "play V01 row 2" in texts(state)
    do(state, "play V02 row 1")
    assert state.current_player == CHANCE
    chance(state, "V30")
    view = state.view(0)["seats"][0]
    assert [c["orientation"] for c in view["rows"][0]] == ["straight", "reversed"]
    assert view["aside_count"] == 1
    assert state.view(0)["seats"][0]["hand"] == ["V01", "V03"]  # the set-aside card is unseen


def test_at_most_two_visions_per_turn() -> None:
    """Step 3: one or two visions; then the turn goes on to the end of turn steps."""
    state = position(make(3), hands=[["V01", "V02", "V03", "V04"], ["V05"], ["V06"]])
    do(state, "done")
    do(state, "play V01 row 1")
    chance(state, "V30")
    do(state, "play V02 row 2")
    chance(state, "V31")
    # no third play: the end of the turn adds the two set-aside cards to the hand
    assert state.current_player == 1
    assert hand(state, 0) == ["V03", "V04", "V30", "V31"]


def test_double_vision_allows_three_visions() -> None:
    """Double Vision (PROPOSED): this turn up to three visions; it draws its own set-aside
    card like any card played."""
    state = position(make(3), hands=[["Double Vision", "V01", "V02", "V03"], ["V05"], ["V06"]])
    do(state, "enchant Double Vision")
    chance(state, "V40")
    for card, drawn in (("V01", "V41"), ("V02", "V42"), ("V03", "V44")):
        do(state, f"play {card} row 1")
        chance(state, drawn)
    assert row(state, 0, 0) == ["V01", "V02", "V03"]
    assert state.view(1)["in_effect"] == ["Double Vision"] and discard(state) == []


def test_an_enchantment_is_discarded_when_its_effect_ends() -> None:
    """Play One Enchantment: "The enchantment takes effect immediately ... When the effect of
    the enchantment ends, the card is discarded. After you play an enchantment, draw a card
    from the draw pile and set it aside." Double Vision lasts the turn: it lies in front of
    its player, out of the discard pile (so a reshuffle cannot bring it back this turn), until
    the turn ends."""
    hands = [["Double Vision", "V01", "V02", "V03"], ["V05"], ["V06"]]
    placed = {"V01", "V02", "V03", "V05", "V06", "V40", "V41", "V42"}
    rest = [f"V{i:02d}" for i in range(1, 53) if f"V{i:02d}" not in placed]
    rest += [name for name in ENCHANTMENTS for _ in range(2)]
    rest.remove("Double Vision")
    state = position(
        make(3, aside_leftovers="keep"),  # so that seat 2's pile stays out of the way
        hands=hands,
        deck=["V40"],
        discard=["V41", "V42"],
        aside=[[], [], rest],  # every other card
    )
    do(state, "enchant Double Vision")
    assert state.view(0)["in_effect"] == ["Double Vision"]
    chance(state, "V40")  # its replacement, set aside; the deck is empty now
    do(state, "play V01 row 1")
    # the deck is rebuilt from the discard pile, which does not hold Double Vision
    assert sorted(state.comp.card_name(o) for o, _ in state.chance_weights()) == ["V41", "V42"]
    chance(state, "V41")
    do(state, "play V02 row 1")
    chance(state, "V42")
    assert state.view(0)["in_effect"] == ["Double Vision"] and discard(state) == []
    do(state, "play V03 row 2")  # the third vision; nothing left to draw, the turn ends
    assert state.turn == 1
    assert state.view(0)["in_effect"] == [] and discard(state) == ["Double Vision"]


def test_set_aside_cards_join_the_hand_up_to_six_the_rest_are_discarded() -> None:
    """Step C and ruling 8: set-aside cards go to the hand blind up to six; any left over go
    face up to the discard pile."""
    state = position(
        make(3),
        hands=[["V01", "V02", "V03", "V04", "V05"], ["V06"], ["V07"]],
        stack=[{"k": "turn", "s": 0, "at": 2}],
    )
    do(state, "play V01 row 1")
    chance(state, "V30")
    do(state, "play V02 row 2")
    chance(state, "V31")
    assert state.current_player == 1  # 3 in hand + 2 set aside: all fit
    assert hand(state, 0) == ["V03", "V04", "V05", "V30", "V31"]
    crowded = position(
        make(3),
        hands=[["V01", "V02", "V03", "V04", "V05", "V06"], ["V07"], ["V08"]],
        aside=[["V40", "V41"], [], []],
        stack=[{"k": "turn", "s": 0, "at": 2}],
    )
    do(crowded, "play V01 row 1")
    chance(crowded, "V42")
    do(crowded, "done")
    assert len(crowded.hands[0]) == 6
    assert len(discard(crowded)) == 2  # 5 in hand + 3 set aside: one fits, two discarded


def test_option_aside_leftovers_keep() -> None:
    """Option aside_leftovers = keep: leftovers stay set aside instead of being discarded."""
    state = position(
        make(3, aside_leftovers="keep"),
        hands=[["V01", "V02", "V03", "V04", "V05", "V06"], ["V07"], ["V08"]],
        aside=[["V40", "V41"], [], []],
        stack=[{"k": "turn", "s": 0, "at": 2}],
    )
    do(state, "done")
    assert len(state.hands[0]) == 6 and len(state.aside[0]) == 2 and discard(state) == []


def test_star_check_takes_a_display_treasure_to_keep_or_give() -> None:
    """End of turn A: 3 or more stars in your rows: take a face-up treasure, keep it or give it
    to any player, and refill the display from the deck."""
    state = position(
        make(3),
        rows=[[["V01", "V02"], ["V05"]], [[], []], [[], []]],  # 1 + 1 + 1 stars
        hands=[["V20"], ["V21"], ["V22"]],
        stack=[{"k": "turn", "s": 0, "at": 3}],
    )
    assert texts(state) == ["slot 1", "slot 2", "slot 3"]  # mandatory (ruling 18)
    do(state, "slot 2")
    assert texts(state) == ["seat 1", "seat 2", "seat 3"]
    do(state, "seat 3")
    assert treasures(state, 2) == ["Y3"]
    chance(state, "R2")
    assert display(state) == ["R3", "R2", "B3"]
    assert state.view(1)["seats"][2]["known_treasures"] == ["Y3"]


def test_fewer_than_three_stars_take_nothing_and_falling_star_adds_two() -> None:
    """End of turn A needs 3 stars; Falling Star (PROPOSED) counts 2 more this turn."""
    state = position(
        make(3),
        rows=[[["V01"], []], [[], []], [[], []]],
        hands=[["V20", "Falling Star"], ["V21"], ["V22"]],
    )
    do(state, "done")
    do(state, "done")
    assert state.current_player == 1  # 1 star: no treasure
    boosted = position(
        make(3),
        rows=[[["V01"], []], [[], []], [[], []]],
        hands=[["V20", "Falling Star"], ["V21"], ["V22"]],
    )
    do(boosted, "enchant Falling Star")
    chance(boosted, "V30")
    do(boosted, "done")
    assert frame(boosted) == "slot"


def test_option_star_treasure_optional() -> None:
    """Option star_treasure = optional: the star player may decline the display treasure."""
    state = position(
        make(3, star_treasure="optional"),
        rows=[[["V01", "V02"], ["V05"]], [[], []], [[], []]],
        hands=[["V20"], ["V21"], ["V22"]],
        stack=[{"k": "turn", "s": 0, "at": 3}],
    )
    assert texts(state)[0] == "done"
    do(state, "done")
    assert state.current_player == 1


def test_a_steal_into_either_row_asks_which() -> None:
    """Steal: when both your rows could take the stolen card in its orientation, you choose."""
    state = position(
        make(3),
        rows=[[["V01"], ["V02"]], [["V05", "V06"], []], [[], []]],
        hands=[["V20"], ["V21"], ["V22"]],
        stack=[{"k": "turn", "s": 0, "at": 1}],
    )
    assert texts(state) == ["done", "steal seat 2 row 1"]
    do(state, "steal seat 2 row 1")
    assert texts(state) == ["to row 1", "to row 2"]
    do(state, "to row 2")
    assert row(state, 0, 1) == ["V02", "V06"]


def test_the_turn_passes_to_the_left() -> None:
    """After step C, play passes to the player on the left (the next seat)."""
    state = position(make(4), hands=[["V01"], ["V02"], ["V03"], ["V04"]], turn=3)
    assert state.current_player == 3
    do(state, "done")
    do(state, "done")
    assert state.current_player == 0 and state.turn == 0


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    """If the draw pile runs out, the discard pile becomes the new deck (no chance node: it
    was face up); with both empty no card is drawn (ruling 6)."""
    cards = [f"V{i:02d}" for i in range(1, 53)]
    rest = cards[6:] + [e for e in ENCHANTMENTS for _ in range(2)]
    state = position(
        make(3),
        hands=[["V01", "V02"], ["V03"], ["V04"]],
        discard=["V05", "V06"],
        aside=[rest, [], []],
        deck=[],
        stack=[{"k": "turn", "s": 0, "at": 2}],
    )
    do(state, "play V01 row 1")
    assert state.current_player == CHANCE and sorted(w for w, _ in state.chance_weights()) == [4, 5]
    assert state.view(1)["known_deck"] == ["V05", "V06"]  # the pile was public
    chance(state, "V06")
    assert state.view(1)["known_deck"] == []  # which one is left is unknown now
    do(state, "play V02 row 2")
    chance(state, "V05")
    # now the deck and the discard pile are empty: the turn ends without drawing
    assert state.current_player != CHANCE


def test_hand_limit_discards_down_to_six_first() -> None:
    """Step C: with more than six cards (after a DRAW to yourself) you discard down to six
    before the set-aside cards, which then do not fit and are discarded."""
    state = position(
        make(3),
        rows=[[["V01", "V02", "V03"], []], [[], []], [[], []]],  # DRAW, ONE, 2 cards
        hands=[["V10", "V11", "V12", "V13", "V14", "V15"], ["V21"], ["V22"]],
        aside=[["V40"], [], []],
        stack=[{"k": "turn", "s": 0, "at": 4}],
    )
    chance(state, "V30")
    chance(state, "V31")
    do(state, "seat 1")
    assert frame(state) == "discard" and len(state.hands[0]) == 8
    do(state, "card V10")
    do(state, "card V11")
    assert len(state.hands[0]) == 6 and "V40" in discard(state)
    assert state.current_player == 1


def test_other_players_over_six_discard_at_the_end_of_the_turn() -> None:
    """Ruling 4: a DRAW that pushes another hand over six: the owner discards down to six at
    the end of the caster's turn."""
    state = position(
        make(3),
        rows=[[["V01", "V02", "V03"], []], [[], []], [[], []]],
        hands=[["V20"], ["V10", "V11", "V12", "V13", "V14", "V15"], ["V22"]],
        stack=[{"k": "turn", "s": 0, "at": 4}],
    )
    chance(state, "V30")
    chance(state, "V31")
    do(state, "seat 2")
    do(state, "allow", 1)
    assert state.current_player == 1 and frame(state) == "discard"
    do(state, "card V30", 1)
    do(state, "card V31", 1)
    assert hand(state, 1) == ["V10", "V11", "V12", "V13", "V14", "V15"]
    assert state.turn == 1 and frame(state) == "act1"


def steal_position(mine: list[list[str]], theirs: list[list[str]]) -> list[str]:
    """The steal step of seat 0 with rows ``mine`` against seat 1's rows ``theirs``."""
    state = position(
        make(3),
        rows=[mine, theirs, [[], []]],
        hands=[["V20"], ["V21"], ["V22"]],
        stack=[{"k": "turn", "s": 0, "at": 1}],
    )
    return texts(state) if frame(state) == "steal" else []


def test_steal_symbol_beats_symbol_stone_multiblade_parchment() -> None:
    """Steal One Vision, condition 1: "You have, at the end of one of your rows, a vision card
    whose symbol beats the symbol of the vision you want to steal. Magic stone beats multiblade,
    multiblades beat parchment, parchment beats magic stone." Never the other way round."""
    stone, multiblade, parchment = "V01", "V05", "V09"
    for mine, victim in ((stone, "V07"), (multiblade, "V11"), (parchment, "V03")):
        # the victim card lies 2nd (reversed) in its row, so it fits my one-card row
        assert steal_position([[mine], []], [["V13", victim], []]) == [
            "done",
            "steal seat 2 row 1",
        ]
    for mine, victim in ((stone, "V11"), (multiblade, "V03"), (parchment, "V07")):
        assert steal_position([[mine], []], [["V13", victim], []]) == []  # beaten, not beating


def test_steal_only_the_last_card_of_a_row() -> None:
    """Ruling 15: "Only the last card of a row can be stolen." Bea's multiblade lies under her
    parchment: Andrew's magic stone cannot take it (and the parchment beats his stone)."""
    assert steal_position([["V01"], []], [["V05", "V10"], []]) == []
    assert steal_position([["V01"], []], [["V10", "V06"], []]) == ["done", "steal seat 2 row 1"]


def test_symbol_less_visions_neither_steal_nor_are_stolen() -> None:
    """Steal One Vision: "Vision cards without a symbol may not be stolen, nor used to steal
    other visions." A symbol-less card at the end of your row gives no steal."""
    assert steal_position([["V13"], []], [["V05"], []]) == []  # V13 has no symbol
    assert steal_position([["V01"], []], [["V05", "V26"], []]) == []  # V26 has none either


def test_steal_keeps_the_orientation_so_a_row_must_fit() -> None:
    """Steal One Vision, condition 2: "You can add the stolen vision card to one of your rows,
    without changing its orientation." A reversed (2nd) card needs a row of one card, a
    sideways (3rd) one a row of two; with no such row it cannot be stolen."""
    assert steal_position([["V01", "V02"], []], [["V13", "V06"], []]) == []  # rows of 2 and 0
    assert steal_position([["V01", "V02"], ["V03"]], [["V13", "V06"], []]) == [
        "done",
        "steal seat 2 row 1",
    ]


def test_exchange_needs_a_treasure_valued_one_to_three() -> None:
    """Special Option: "First you must discard one of your treasures valued 1, 2, or 3 to the
    bottom of the deck." A -1 treasure does not pay for an exchange."""
    state = position(make(3), hands=[["V01"], ["V21"], ["V22"]], treasures=[["R-1"], [], []])
    assert texts(state) == ["done"]


def test_exchange_discarding_no_card_keeps_none_of_the_four() -> None:
    """Ruling 16: "discarding 0 cards is allowed; unkept cards go face up to the discard pile."
    The rulebook: draw four cards "even if you discarded less than four", keep as many as you
    discarded, discard the rest."""
    state = position(
        make(3), hands=[["V01", "V02"], ["V21"], ["V22"]], treasures=[["R2", "R-1"], [], []]
    )
    do(state, "exchange")
    assert texts(state) == ["treasure R2"]  # the -1 cannot be given up
    do(state, "treasure R2")
    do(state, "done")  # no card discarded
    for card in ("V30", "V31", "V32", "V33"):
        chance(state, card)
    assert hand(state, 0) == ["V01", "V02"]
    assert discard(state) == ["V30", "V31", "V32", "V33"]
    assert treasures(state, 0) == ["R-1"] and state.view(1)["treasure_deck"]["under"] == ["R2"]


def test_the_discard_pile_is_face_up_and_public() -> None:
    """Ruling 20: "The discard pile is face up and public": every seat and a spectator see the
    cards discarded, in order."""
    state = position(make(3), hands=[["V01"], ["V21"], ["V22"]], discard=["V40", "Pickpocket"])
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer)["discard"] == ["V40", "Pickpocket"]
