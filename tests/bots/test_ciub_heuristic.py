"""The Ciúb heuristic bot plays like a sensible person: it beats random play."""

from __future__ import annotations

import pytest

import grimoire
from grimoire.bots import RandomBot, make_bot
from grimoire.sim.play import play_game

GAMES = 200


def test_heuristic_wins_at_least_80_percent_of_200_two_player_games_against_random() -> None:
    game = grimoire.make("ciub", players=2)
    wins = 0.0
    for seed in range(GAMES):
        heuristic_seat = seed % 2  # both seats equally often
        bots = [RandomBot(seed), make_bot("heuristic", game, seed)]
        if heuristic_seat == 0:
            bots.reverse()
        result = play_game(game, bots, seed)
        if heuristic_seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / GAMES >= 0.8, f"heuristic won {wins / GAMES:.1%}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_never_chooses_an_illegal_action_and_leaves_the_state_alone(
    players: int,
) -> None:
    game = grimoire.make("ciub", players=players, length="short")
    state = game.new_state(seed=players)
    bot = make_bot("heuristic", game, seed=1)
    while not state.is_terminal():
        before = state.to_json()
        action = bot.choose(state)
        assert state.to_json() == before
        assert action in state.legal_actions()
        state.play(action)
