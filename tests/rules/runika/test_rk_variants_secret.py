"""Runika optional rule: secret runes, with the optional player interaction (rules, "Other
optional rules" -> Secret runes; ruling 13)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import (
    chance_texts,
    do,
    game,
    grid,
    outcome,
    pos,
    position,
    seat_doc,
    start,
    texts,
)

from grimoire.core.state import State

SECRET = {"secret_runes": True}
INTERACT = {"secret_runes": True, "interaction": True}
WIND = ["G1 .. G1 ..", ".. Ge .. ..", ".. .. .. ..", ".. .. .. .."]
MINE = ["sweep", "spark", "wind_walk"]
THEIRS = ["pivot", "blaze", "thunderbolt"]


def _kind(rune: str) -> tuple[bool, bool]:
    """(starting rune, mastery rune) of a rune id."""
    comp = game(2).comp
    card = next(r for r in comp.runes if r.id == rune)
    return card.start, card.mastery


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_a_starting_an_elemental_and_a_mastery_rune_to_each(players: int) -> None:
    """Secret runes: "deal each player, face down, 1 starting rune ..., 1 elemental rune (a rune
    with a colour condition) and 1 mastery rune"; all different cards."""
    state = start(players, seed=players, secret_runes=True)
    dealt = []
    for seat in pos(state)["seats"]:
        assert len(seat["secret"]) == 3
        assert [_kind(r) for r in seat["secret"]] == [(True, False), (False, False), (False, True)]
        assert seat["secret_got"] == [False, False, False]
        dealt += seat["secret"]
    assert len(set(dealt)) == 3 * players


def test_dealt_runes_are_hidden_from_the_other_players() -> None:
    """Secret runes: "keep them secret": a seat's view shows its own three runes, only the count
    of the others' (not the names), and a spectator sees none."""
    state = start(3, seed=4, secret_runes=True)
    secret = pos(state)["seats"]
    for viewer in range(3):
        view = state.view(viewer)
        for s, seat in enumerate(view["seats"]):
            names = [e["rune"]["id"] if e["rune"] else None for e in seat["secret"]]
            assert names == (secret[s]["secret"] if s == viewer else [None] * 3)
        others = {r for s in range(3) if s != viewer for r in secret[s]["secret"]}
        text = str({k: v for k, v in view.items() if k != "seats"})
        assert not any(f"'{rune}'" in text for rune in others)
        assert view["deck_runes"] is None  # the deck's contents would tell the dealt ones
    assert all(e["rune"] is None for seat in state.view(None)["seats"] for e in seat["secret"])


def _claiming(seat0: dict[str, Any], seat1: dict[str, Any] | None = None, **fields: Any) -> State:
    """Seat 0 at its rune claims, seat 1 (who plays after it this round) with one die."""
    main = [{"k": "main", "s": 0, "st": "claims"}]
    seats = {
        0: {"secret": MINE, "stack": main, **seat0},
        1: {"secret": THEIRS, "store": ["G?"], **(seat1 or {})},
    }
    return position(options=SECRET, seats=seats, **fields)


def test_only_the_runes_dealt_to_you_can_be_gained() -> None:
    """Secret runes: "a player can only gain the runes dealt to them": Pivot's pattern (dealt
    to seat 1) cannot be claimed by seat 0; seat 0's own Sweep can."""
    rows = ["G1 G1 G1 ..", "Y1 Y1 .. ..", "Y1 .. .. ..", ".. .. .. .."]
    state = _claiming({"grid": rows})
    assert texts(state) == ["done", "claim sweep"]
    do(state, "claim sweep")
    doc = seat_doc(state)
    assert doc["secret_got"] == [True, False, False]
    assert [r["id"] for r in doc["runes"]] == ["sweep"]
    assert doc["tokens"] == 3  # the three 1 faces (the card's point counts while owned)
    assert state.scores()[0] == 4


def test_a_gained_secret_rune_is_shown_to_everyone() -> None:
    """Secret runes: a gained rune lies on the board (face up); only the ungained stay secret."""
    state = _claiming({"grid": ["G1 G1 G1 ..", *[".. .. .. .."] * 3]})
    do(state, "claim sweep")
    shown = state.view(1)["seats"][0]["secret"]
    assert [e["rune"]["id"] if e["rune"] else None for e in shown] == ["sweep", None, None]
    assert [e["gained"] for e in shown] == [True, False, False]


def _third_rune_then_round_end(seat1_tokens: int) -> State:
    """Seat 0 gains its third secret rune on the first turn of the round; seat 1 then plays
    its turn and the round ends."""
    seat0 = {
        "grid": WIND,
        "runes": ["sweep", "spark"],
        "secret_got": [True, True, False],
    }
    state = _claiming(seat0, {"tokens": seat1_tokens})
    do(state, "claim wind_walk", "done")
    assert seat_doc(state)["secret_got"] == [True, True, True]
    assert not state.is_terminal()  # checked at the round end, not at once
    outcome(state, "roll G1")  # seat 1's turn goes on
    do(state, "resolve G1", "enter top 1")
    assert not state.is_terminal()
    assert texts(state) == ["done"]  # secret runes: the claims step is always asked
    do(state, "done")
    return state


def test_first_to_gain_all_three_wins_at_the_round_end() -> None:
    """Secret runes: "the first player to gain all 3 of their runes wins"; ruling 13: "wins at
    round end" (the others finish the round), whatever the points (seat 1 has more)."""
    state = _third_rune_then_round_end(seat1_tokens=15)
    assert state.is_terminal()
    assert pos(state)["ended"] == "secret"
    assert state.scores()[1] > state.scores()[0]
    assert state.winners() == [0]


def test_two_secret_runes_do_not_end_the_game() -> None:
    """Secret runes: all 3 are needed; with 2 gained the round end starts a new round."""
    seat0 = {"grid": WIND, "runes": ["sweep"], "secret_got": [True, False, False]}
    state = _claiming(seat0)
    do(state, "claim wind_walk", "done")
    outcome(state, "roll G1")
    do(state, "resolve G1", "enter top 1", "done")
    assert not state.is_terminal()
    assert pos(state)["round"] == 2


def test_the_points_end_still_applies_with_secret_runes() -> None:
    """Ruling 13: "the points end still applies": 20 points end the game at the round end;
    without three secret runes, most points wins."""
    state = _claiming({"tokens": 20, "grid": [".. .. .. .."] * 4})
    do(state, "done")
    outcome(state, "roll G1")
    do(state, "resolve G1", "enter top 1", "done")
    assert state.is_terminal()
    assert pos(state)["ended"] == "goal"
    assert state.winners() == [0]


def test_secret_runes_refused_with_five_players() -> None:
    """Ruling 13: secret runes are "refused with 5 players (only 4 mastery runes)"."""
    from grimoire.core.errors import InvalidOptions

    with pytest.raises(InvalidOptions, match="secret_runes"):
        game(5, secret_runes=True)


# ---------------------------------------------------------------------- player interaction
ROWS0 = ["B1 .. .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
ROWS1 = ["R1 Y1 .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]


def _professor(options: dict[str, Any], die: str, prof: str) -> State:
    seats = {
        0: {"store": [die], "grid": ROWS0, "secret": MINE},
        1: {"grid": ROWS1, "secret": THEIRS},
    }
    state = position(options=options, seats=seats)
    do(state, f"resolve {die}", f"professor {prof}")
    return state


@pytest.mark.parametrize(("die", "prof"), [("Ge", "Simza"), ("Re", "Ainfean")])
def test_interaction_grid_abilities_may_act_on_another_players_grid(die: str, prof: str) -> None:
    """Player interaction: "when using a professor's ability, you may apply it to another
    player's spell grid" (ruling 13: Simza's and Ainfean's)."""
    state = _professor(INTERACT, die, prof)
    assert texts(state) == ["seat 1", "seat 2"]


@pytest.mark.parametrize(("die", "prof"), [("Ge", "Simza"), ("Re", "Ainfean")])
def test_without_interaction_grid_abilities_act_on_your_own_grid(die: str, prof: str) -> None:
    """Player interaction is optional ("you may also use"): with secret runes alone the
    abilities act on "your spell grid" only."""
    state = _professor(SECRET, die, prof)
    assert texts(state) == ["cell a1"]


@pytest.mark.parametrize(("die", "prof"), [("Ye", "Ekamu"), ("Be", "Ko'bataan")])
def test_interaction_only_for_the_grid_abilities(die: str, prof: str) -> None:
    """Ruling 13: "only the grid abilities (Simza, Ainfean) may target another player's grid":
    Ekamu turns your own disc, Ko'bataan fills your own storage."""
    state = _professor(INTERACT, die, prof)
    if prof == "Ekamu":
        assert texts(state) == ["orient G", "orient R", "orient B", "orient Y"]
    else:
        assert all(t.startswith("bag ") for t in chance_texts(state))


def test_interaction_ainfean_discards_from_the_other_grid() -> None:
    """Player interaction with Ainfean: the die is discarded from the other player's grid; the
    point for a 1 goes to the player using the ability ("gain 1 point")."""
    state = _professor(INTERACT, "Re", "Ainfean")
    do(state, "seat 2", "cell a1")
    assert grid(state, 1)[0] == ".. Y1 .. .."
    assert grid(state, 0) == ROWS0
    assert (seat_doc(state, 0)["tokens"], seat_doc(state, 1)["tokens"]) == (1, 0)


def test_interaction_simza_pushes_a_die_of_the_other_grid() -> None:
    """Player interaction with Simza: one die of the other grid moves to an adjacent space,
    pushing the dice ahead."""
    state = _professor(INTERACT, "Ge", "Simza")
    do(state, "seat 2", "cell a1", "dir right")
    assert grid(state, 1)[0] == ".. R1 Y1 .."
    assert grid(state, 0) == ROWS0
