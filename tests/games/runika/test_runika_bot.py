"""The heuristic bot: it beats random play in 2-player games, and it plays every variant
(solo included) to the end choosing only legal actions on its own seat's copy of the state,
which it leaves unchanged."""

from __future__ import annotations

import os
from typing import Any

import pytest
from tests.rules.runika.rk_helpers import new_state

from grimoire.bots import RandomBot
from grimoire.games.runika.game import RunikaGame
from grimoire.games.runika.heuristic import RunikaHeuristicBot
from grimoire.sim.play import play_game

# The 200 games (RUNIKA_BOT_GAMES=200: 200 of 200 won, measured again for the issue 9
# audit) are too long for every run; 40 seeded games keep the suite lean. The games are seeded,
# so the figure is exact for these seeds; the bound is the 80%.
GAMES = int(os.environ.get("RUNIKA_BOT_GAMES", "40"))


@pytest.mark.slow
def test_heuristic_wins_at_least_80_percent_of_two_player_games_against_random() -> None:
    game = RunikaGame(2)
    wins = 0.0
    for seed in range(GAMES):
        seat = seed % 2  # both seats equally often
        bots: list[Any] = [RandomBot(10 * seed + s) for s in range(2)]
        bots[seat] = RunikaHeuristicBot(seed)
        result = play_game(game, bots, seed, keep_record=False)
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / GAMES >= 0.8, f"heuristic won {wins / GAMES:.1%}"


VARIANTS: list[Any] = [
    (1, {"solo_professor": "kobataan"}),
    (2, {"secret_runes": True, "interaction": True}),
    pytest.param(3, {"simultaneous": True, "luniorn": True}, marks=pytest.mark.slow),
    (4, {"quick_draft": True, "goal": 15, "starting_rune_end": True}),
    pytest.param(5, {"charm": True, "flame_target": "red"}, marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_heuristic_plays_every_variant_to_the_end_legally(
    players: int, options: dict[str, Any]
) -> None:
    game = RunikaGame(players, options)
    state = new_state(game, seed=players)
    bots = [RunikaHeuristicBot(s) for s in range(players)]
    moves = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        seat = min(state.seats_to_act())
        mine = state.for_seat(seat, state.step)
        before = mine.to_json()
        action = bots[seat].choose(mine, seat)
        assert mine.to_json() == before
        assert action in state.legal_actions(seat)
        state.apply(action, seat)
        moves += 1
    assert moves <= game.max_game_length
    assert state.ended != "limit"
