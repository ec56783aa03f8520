"""Runika dice draft (rules, Step 1; rulings 2 and 18)."""

from __future__ import annotations

import pytest
from tests.rules.runika.rk_helpers import do, pos, start, texts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_players_times_four_dice_from_the_bag(players: int) -> None:
    """Step 1: "the initiative holder draws (players x 4) dice from the bag and puts them in
    the middle of the table, unrolled"."""
    state = start(players, seed=11)
    doc = pos(state)
    assert doc["phase"] == "draft"
    assert len(doc["middle"]) == 4 * players
    assert sum(doc["bag"].values()) == 80 - 4 * players


@pytest.mark.parametrize(("players", "first"), [(2, 1), (3, 2), (4, 1)])
def test_draft_single_picks_clockwise_from_initiative_until_none_left(
    players: int, first: int
) -> None:
    """Step 1 and rulings 2, 18: "starting with the initiative holder and going clockwise, each
    player picks one die ... Repeat until every die has been picked" (repeated clockwise single
    picks, not a snake)."""
    state = start(players, seed=4, first_player=first)
    seen = []
    while pos(state)["phase"] == "draft" and not state.is_chance():
        seen.append(state.current_player)
        do(state, texts(state)[0])
    expected = [(first + i) % players for i in range(4 * players)]
    assert seen == expected
    assert pos(state)["middle"] == []


def test_draft_pick_goes_unrolled_to_the_pickers_storage() -> None:
    """Step 1: each player "puts it in the dice storage of their board" (not rolled yet)."""
    state = start(2, seed=2, first_player=0)
    colour = texts(state)[0].split()[1]
    do(state, f"draft {colour}")
    assert pos(state)["seats"][0]["store"] == [f"{colour}?"]
    assert pos(state)["seats"][1]["store"] == []


def test_draft_offers_only_colours_in_the_middle() -> None:
    """Step 1: a player picks one of the drawn dice lying in the middle."""
    state = start(3, seed=9)
    middle = set(pos(state)["middle"])
    assert set(texts(state)) == {f"draft {c}" for c in middle}


def test_each_player_ends_the_draft_with_four_dice() -> None:
    """Step 1: players x 4 dice picked singly in turn give each player 4 dice."""
    state = start(3, seed=5, first_player=0)
    while pos(state)["phase"] == "draft" and not state.is_chance():
        do(state, texts(state)[-1])
    doc = pos(state)
    # the first player's dice may already be in the air (its roll is pending chance)
    counts = [
        len(doc["seats"][s]["store"]) + sum(e.get("s") == s for e in doc["chance"])
        for s in range(3)
    ]
    assert counts == [4, 4, 4]
