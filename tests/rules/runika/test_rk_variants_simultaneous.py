"""Runika optional rule: simultaneous play (rules, "Other optional rules" -> Simultaneous play;
ruling 12)."""

from __future__ import annotations

from typing import Any

from tests.rules.runika.rk_helpers import (
    chance_texts,
    grid,
    pos,
    position,
    runes_shown,
    seat_doc,
    start,
    texts,
)

from grimoire.core.state import State

SIM = {"simultaneous": True}
GGG = ["G1 G1 Ge ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
EMPTY = [".. .. .. .."] * 4


def _main(seat: int, stage: str = "resolve") -> list[dict[str, Any]]:
    return [{"k": "main", "s": seat, "st": stage}]


def _both(stage: str, seat0: dict[str, Any], seat1: dict[str, Any], **fields: Any) -> State:
    """A simultaneous-play position: both seats mid-turn at ``stage`` (a seat's own ``st``
    overrides it)."""
    seats = {}
    for s, doc in ((0, dict(seat0)), (1, dict(seat1))):
        own = doc.pop("st", stage)
        seats[s] = {**doc, "stack": _main(s, own)}
    return position(options=SIM, seats=seats, **fields)


def _act(state: State, seat: int, *actions: str) -> None:
    for text in actions:
        state.apply_text(text, seat)


def test_everyone_takes_their_turn_at_the_same_time_after_the_draft() -> None:
    """Simultaneous play: "all players take their turns at the same time": after the draft every
    seat rolls and decides at once (one simultaneous decision), and "initiative then only sets
    the draft order"."""
    state = start(3, seed=5, simultaneous=True, first_player=1)
    assert state.current_player == 1  # the draft still starts with the initiative holder
    while pos(state)["phase"] == "draft":
        state.apply_text(texts(state)[0])
    state.resolve_chance()  # every seat's four dice are rolled
    assert state.seats_to_act() == frozenset({0, 1, 2})
    assert all(len(seat_doc(state, s)["store"]) == 4 for s in range(3))
    assert all("?" not in die for s in range(3) for die in seat_doc(state, s)["store"])


def test_each_professor_once_per_player_per_round_even_if_occupied() -> None:
    """Simultaneous play: "each professor can be used once per player per round (even if
    someone already placed a die there)"."""
    rows = ["B1 .. .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = _both("resolve", {"store": ["Ge", "Ge"], "grid": rows}, {"store": ["Ge"], "grid": rows})
    _act(state, 0, "resolve Ge", "professor Simza", "cell a1", "dir right")
    _act(state, 1, "resolve Ge")
    assert "professor Simza" in texts(state, 1)  # a die lies there already
    _act(state, 1, "professor Simza", "cell a1", "dir down")
    assert pos(state)["professors"]["simza"]["dice"] == ["Ge", "Ge"]
    assert sorted(pos(state)["professors"]["simza"]["tokens"]) == [0, 1]
    _act(state, 0, "resolve Ge")
    assert "professor Simza" not in texts(state, 0)  # seat 0 used Simza this round


def test_a_rune_is_gained_only_at_the_round_end() -> None:
    """Simultaneous play: "rune cards are gained only at round end": a claim is sealed, the
    card stays on display and the dice in the grid until the round ends; then the claimer
    takes the card, discards the pattern's dice and scores (card 1 + two 1s)."""
    state = _both(
        "claims",
        {"grid": GGG},
        {"store": ["Y1"], "st": "resolve"},
        **runes_shown("sweep", "pivot", "spark"),
    )
    _act(state, 0, "claim sweep")
    assert seat_doc(state)["claims"][0][0] == "sweep"
    assert seat_doc(state)["runes"] == []
    assert grid(state) == GGG
    assert ["sweep"] in pos(state)["display"]
    assert seat_doc(state)["tokens"] == 0
    _act(state, 1, "resolve Y1", "enter bottom 1")
    assert chance_texts(state)[0].startswith("rune")  # round end: the display is refilled
    doc = pos(state)
    assert [r["id"] for r in doc["seats"][0]["runes"]] == ["sweep"]
    assert doc["seats"][0]["grid"] == EMPTY
    assert doc["seats"][0]["tokens"] == 2
    assert state.scores()[0] == 3
    assert ["sweep"] not in doc["display"]


def test_a_basic_rune_claimed_by_two_scores_for_both_and_is_discarded() -> None:
    """Simultaneous play: "if several players gain the same rune, each gains its points (as
    tokens) but nobody gains the ability, and the card is discarded" (ruling 12)."""
    fields = runes_shown("sweep", "pivot", "spark")
    state = _both("claims", {"grid": GGG}, {"grid": GGG}, **fields)
    _act(state, 0, "claim sweep")
    _act(state, 1, "claim sweep")
    doc = pos(state)
    for seat in doc["seats"]:
        assert seat["runes"] == []
        assert seat["tokens"] == 1 + 2  # the card's points as tokens + the two 1 faces
        assert seat["grid"] == EMPTY
    assert doc["display"][0] == []  # discarded, not given to anyone
    assert "sweep" not in doc["deck"]
    assert chance_texts(state)[0].startswith("rune")  # and the space is refilled


def test_a_mastery_rune_claimed_by_two_scores_for_both_and_stays_unowned() -> None:
    """Ruling 12: "two players completing the same rune at round end each score its points ...
    a mastery rune card stays unowned"; each has completed it (once per player)."""
    wind = ["G1 .. G1 ..", ".. Ge .. ..", ".. .. .. ..", ".. .. .. .."]
    state = _both(
        "claims", {"grid": wind}, {"grid": wind}, **runes_shown("pivot", "spark", "blaze")
    )
    _act(state, 0, "claim wind_walk")
    _act(state, 1, "claim wind_walk")
    doc = pos(state)
    assert {"rune": "wind_walk", "owner": None} in doc["mastery"]
    for seat in doc["seats"]:
        assert seat["runes"] == []
        assert seat["mastered"] == ["wind_walk"]
        assert seat["tokens"] == 5 + 2


def test_a_lone_mastery_claim_takes_the_card_at_round_end() -> None:
    """Simultaneous play: a rune gained by one player alone is that player's at round end."""
    wind = ["G1 .. G1 ..", ".. Ge .. ..", ".. .. .. ..", ".. .. .. .."]
    state = _both(
        "claims", {"grid": wind}, {"grid": EMPTY}, **runes_shown("pivot", "spark", "blaze")
    )
    _act(state, 0, "claim wind_walk")
    doc = pos(state)
    assert {"rune": "wind_walk", "owner": 0} in doc["mastery"]
    assert [r["id"] for r in doc["seats"][0]["runes"]] == ["wind_walk"]
    assert doc["seats"][0]["tokens"] == 2


def test_sealed_claims_hidden_from_the_other_seats() -> None:
    """Simultaneous play / ruling 12 ("claims are sealed until the round end"): another seat
    sees that a claim was made, never which rune or which cells, nor the sealed decision frames
    or what is claimable; the claimer sees it all."""
    four = ["G1 G1 G1 G1", "Y1 Y1 .. ..", "Y1 .. .. ..", ".. .. .. .."]
    state = _both(
        "claims",
        {"grid": four},
        {"store": ["Y1"], "st": "resolve"},
        **runes_shown("sweep", "pivot", "spark"),
    )
    assert state.describe(0, state.parse_action("claim pivot"), 1) == (
        "seat 1 makes a sealed claim choice"
    )
    _act(state, 0, "claim pivot")
    _act(state, 0, "claim sweep")  # GGG lies in two places: an open "at" frame
    mine, theirs = state.view(0)["seats"][0], state.view(1)["seats"][0]
    assert mine["claims"] == ["pivot"]
    assert mine["frames"] and mine["claimable"]
    assert theirs["claims"] == [None]
    assert theirs["claim_cells"] == [None]
    assert theirs["frames"] == []
    assert theirs["claimable"] == []
    assert "pivot" not in str(theirs) and "sweep" not in str(theirs)
    spectator = state.view(None)["seats"][0]
    assert spectator["claims"] == [None] and spectator["frames"] == []


def test_a_sealed_claim_uses_dice_the_next_claim_cannot() -> None:
    """Ruling 7 with sealed claims: each claim must be possible with the dice left after the
    earlier claims of the turn, though the dice leave the grid only at round end (Bedrock YYY
    and Pivot YY/Y. share two dice)."""
    rows = ["Y1 Y1 Y1 ..", "Y1 .. .. ..", ".. .. .. ..", ".. .. .. .."]
    fields = runes_shown("bedrock", "pivot", "spark")
    state = _both("claims", {"grid": rows}, {"store": ["G1"], "st": "resolve"}, **fields)
    assert {"claim bedrock", "claim pivot"} <= set(texts(state, 0))
    _act(state, 0, "claim bedrock")
    assert 0 not in state.seats_to_act()  # Pivot is no longer possible: the turn is over
    assert grid(state) == rows
    assert [c[0] for c in seat_doc(state)["claims"]] == ["bedrock"]


def test_points_of_sealed_claims_count_for_the_round_end_goal() -> None:
    """Simultaneous play with the game end (ruling 8): the runes gained at the round end count
    towards the 20 points checked at that same round end (18 + Sweep 1 + two 1s = 21)."""
    fields = runes_shown("sweep", "pivot", "spark")
    state = _both(
        "claims", {"grid": GGG, "tokens": 18}, {"store": ["Y1"], "st": "resolve"}, **fields
    )
    _act(state, 0, "claim sweep")
    assert state.scores()[0] == 18  # sealed: nothing scored yet
    _act(state, 1, "resolve Y1", "enter bottom 1")
    state.resolve_chance()
    assert state.is_terminal()
    assert pos(state)["ended"] == "goal"
    assert state.scores()[0] == 21
    assert state.winners() == [0]
