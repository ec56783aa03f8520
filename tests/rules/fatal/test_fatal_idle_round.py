"""Ruling 31 (PROPOSED, option ``idle_round``): when every player still in the game has, one
after the other, had a turn in which nothing changed, the game ends, scored as it stands
(docs/rules/fatal.md). Found by the ladder of issue 28: a search bot leading in round 2 passed
turn after turn against a player with nothing playable, and the game ran 3,800 decisions of
``done`` to the safeguard of ruling 26."""

from __future__ import annotations

from tests.rules.fatal.fatal_helpers import (
    chance,
    do,
    hand,
    make,
    new_state,
    position,
    row,
    texts,
)

from grimoire.games.fatal.state import FatalState
from grimoire.games.fatal.text import prompt


def only_seat_0_holds_a_card(**options: object) -> FatalState:
    """Seat 0 holds one vision, seats 1 and 2 nothing: their turns pass without a question."""
    return position(make(3, **options), hands=[["V01"], [], []])


def pass_turn(state: FatalState) -> None:
    """Seat 0 answers ``done`` at the two steps of its turn it is asked (1: an enchantment or
    the exchange; 3: a vision to play); seats 1 and 2 are never asked."""
    for step in ("step 1", "step 3"):
        assert state.current_player == 0 and f"{step}:" in prompt(state), prompt(state)
        assert "done" in texts(state)
        do(state, "done")


def test_a_round_of_done_ends_the_game_as_it_stands() -> None:
    state = only_seat_0_holds_a_card()
    assert state.current_player == 0 and state.idle_turns == 0
    # a loaded position starts a fresh count: its first turn counts as a change
    # (``turn_changed`` defaults to true); then seats 1 and 2 pass without a question
    pass_turn(state)
    assert not state.is_terminal() and state.idle_turns == 2
    pass_turn(state)  # seat 0 passes again: a whole round in which nothing changed
    assert state.is_terminal()
    assert state.idle_turns == 3
    assert state.decisions == 4  # step 1 and step 3, both `done`, twice
    assert sorted(state.winners()) == [0, 1, 2]  # nobody holds a treasure: a tie at 0


def test_doing_something_starts_the_count_again() -> None:
    state = only_seat_0_holds_a_card()
    pass_turn(state)
    assert state.idle_turns == 2  # seats 1 and 2 passed
    do(state, "done")  # step 1
    do(state, "play V01 row 1")  # step 3: the turn changed the game, the count starts again
    chance(state, "V02")  # the card drawn for the vision played, set aside, then to the hand
    assert row(state, 0, 0) == ["V01"] and hand(state, 0) == ["V02"]
    assert not state.is_terminal() and state.idle_turns == 2  # seats 1 and 2 passed again
    pass_turn(state)  # seat 0 keeps V02: a whole round in which nothing changed
    assert state.is_terminal() and state.idle_turns == 3


def test_the_view_shows_the_count_and_a_position_keeps_it() -> None:
    state = only_seat_0_holds_a_card()
    pass_turn(state)
    assert state.view(1)["idle_turns"] == 2  # seats 1 and 2 passed
    again = state.game.state_from_json(state.to_json())
    assert isinstance(again, FatalState)
    assert (again.idle_turns, again.changed) == (state.idle_turns, state.changed)


def test_the_play_on_reading_keeps_asking() -> None:
    state = only_seat_0_holds_a_card(idle_round=False)
    for _ in range(5):  # five rounds of `done`: the game goes on (to the safeguard, ruling 26)
        pass_turn(state)
        assert not state.is_terminal() and state.current_player == 0
    assert state.idle_turns == 14  # the loaded position's first turn counted as a change
    again = state.game.state_from_json(state.to_json())  # a long count saves and loads
    assert isinstance(again, FatalState) and again.idle_turns == 14 and not again.is_terminal()


def test_from_the_deal_it_takes_n_plus_1_turns_of_done_and_round_1_scores_its_treasures() -> None:
    """Ruling 31 as written: the deal belongs to the first turn of the round (a change), so from
    the start of a game n + 1 turns of ``done`` end it, not n; scored as it stands, which in
    round 1 is each player's round-1 treasures (``facts.total`` before the tally)."""
    from grimoire.games.fatal import facts

    for players in (3, 4, 5):
        state = new_state(make(players), 11)
        turns = 0
        while not state.is_terminal():
            assert not state.is_chance()  # nobody draws: the deal was resolved at the start
            seat = state.current_player
            assert isinstance(seat, int)
            turn_before = state.turn
            do(state, "done", seat)
            if state.is_terminal() or state.turn != turn_before:
                turns += 1
        assert turns == players + 1, (players, turns)
        assert state.round == 1 and state.round1 is None  # no tally: round 1 never ended
        assert state.scores() == [float(facts.treasure_points(state, s)) for s in range(players)]
