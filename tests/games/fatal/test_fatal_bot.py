"""The heuristic bot plays like a sensible person: it beats random play, never chooses an
illegal action, leaves the state alone, and its games against itself end."""

from __future__ import annotations

import pytest

from grimoire.bots import RandomBot
from grimoire.core.bot import Bot
from grimoire.games.fatal.game import FatalGame
from grimoire.games.fatal.heuristic import FatalHeuristicBot
from grimoire.sim.play import play_game

GAMES = 300


def test_heuristic_wins_at_least_60_percent_of_300_three_player_games_against_random() -> None:
    game = FatalGame(3)
    wins = 0.0
    for seed in range(GAMES):
        seat = seed % 3  # every seat equally often
        bots: list[Bot] = [RandomBot(10 * seed + s) for s in range(3)]
        bots[seat] = FatalHeuristicBot(seed)
        result = play_game(game, bots, seed, keep_record=False)
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / GAMES >= 0.6, f"heuristic won {wins / GAMES:.1%}"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_chooses_legal_actions_on_for_seat_states_and_changes_nothing(
    players: int,
) -> None:
    game = FatalGame(players)
    state = game.new_state(seed=players)
    bots = [FatalHeuristicBot(s) for s in range(players)]
    while not state.is_terminal():
        seat = min(state.seats_to_act())
        mine = state.for_seat(seat, state.step)
        before = mine.to_json()
        action = bots[seat].choose(mine, seat)
        assert mine.to_json() == before
        assert action in state.legal_actions(seat)
        state.play(action, seat)
    assert state.decisions < game.max_game_length  # heuristic games end by the rules


def test_heuristic_games_against_itself_end_by_the_rules() -> None:
    for players in (3, 4, 5):
        game = FatalGame(players)
        for seed in range(5):
            bots = [FatalHeuristicBot(seed + s) for s in range(players)]
            result = play_game(game, bots, seed, keep_record=False)
            assert result.decisions < game.max_game_length
