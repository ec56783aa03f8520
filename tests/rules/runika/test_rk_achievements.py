"""Runika achievements (rules, "Achievements and runes" -> Achievement; ruling 6)."""

from __future__ import annotations

from tests.rules.runika.rk_helpers import chance_texts, do, outcome, pos, position, seat_doc

from grimoire.core.state import State

THREE = {"simza": {"tokens": [0]}, "ainfean": {"tokens": [0, 1]}, "kobataan": {"tokens": [0]}}


def _tokens(state: State) -> dict[str, list[int]]:
    return {k: v["tokens"] for k, v in pos(state)["professors"].items()}


def test_all_four_tokens_placed_gives_top_achievement_and_tokens_back() -> None:
    """Achievement: "if all 4 professors hold one of your prestige tokens, take all 4 back and
    take the top card of the achievement deck face up" (ruling 6: all 4 tokens come back)."""
    state = position(seats={0: {"store": ["Ye"]}, 1: {"store": ["G?"]}}, professors=THREE)
    do(state, "resolve Ye", "professor Ekamu", "orient G")
    assert all(t.startswith("achievement") for t in chance_texts(state))
    outcome(state, "achievement scroll_of_honour")
    assert [a["id"] for a in seat_doc(state)["achievements"]] == ["scroll_of_honour"]
    tokens = _tokens(state)
    assert all(0 not in seats for seats in tokens.values())
    assert tokens["ainfean"] == [1]  # the other player's token stays
    assert state.scores()[0] == 4  # the card's points count


def test_achievement_card_leaves_the_achievement_deck() -> None:
    """Achievement: the card is taken from the achievement deck."""
    state = position(seats={0: {"store": ["Ye"]}, 1: {"store": ["G?"]}}, professors=THREE)
    before = len(pos(state)["achievement_deck"])
    do(state, "resolve Ye", "professor Ekamu", "orient G")
    outcome(state, "achievement scroll_of_study")
    assert len(pos(state)["achievement_deck"]) == before - 1


def test_three_professors_give_no_achievement() -> None:
    """Achievement: only when all 4 professors hold your token."""
    state = position(
        seats={0: {"store": ["G1"]}, 1: {"store": ["G?"]}},
        professors={"simza": {"tokens": [0]}, "ainfean": {"tokens": [0]}, "ekamu": {"tokens": [0]}},
    )
    do(state, "resolve G1", "enter top 1")
    assert not any(t.startswith("achievement") for t in chance_texts(state))
    assert seat_doc(state)["achievements"] == []
    assert _tokens(state)["simza"] == [0]


def test_achievement_checked_at_end_of_turn_not_at_placement() -> None:
    """Achievement: "at the end of the turn": placing the 4th token with dice left to resolve
    does not yet return the tokens."""
    state = position(seats={0: {"store": ["Ye", "B1"]}, 1: {"store": ["G?"]}}, professors=THREE)
    do(state, "resolve Ye", "professor Ekamu", "orient G")
    assert not state.is_chance()
    assert all(0 in seats for name, seats in _tokens(state).items() if name != "luniorn")
    do(state, "resolve B1", "enter left 1")
    assert all(t.startswith("achievement") for t in chance_texts(state))
