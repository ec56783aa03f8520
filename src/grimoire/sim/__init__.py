"""Simulation at scale: play seeded games between bots through the core contracts only.

``play_game`` plays one game; ``run_tournament`` plays many, with seat rotation, optional
worker processes and deterministic statistics; ``render``/``to_json_text`` present them.
See docs/simulation.md.
"""

from grimoire.sim.play import GameResult, SimulationError, play_game
from grimoire.sim.report import render, to_json_text, write_json
from grimoire.sim.stats import Summary, summarize
from grimoire.sim.tournament import (
    TOURNAMENT_FORMAT,
    BotStats,
    LengthStats,
    SeatStats,
    TournamentResult,
    bot_seed,
    expand_bots,
    game_seed,
    run_tournament,
    seating,
)

__all__ = [
    "TOURNAMENT_FORMAT",
    "BotStats",
    "GameResult",
    "LengthStats",
    "SeatStats",
    "SimulationError",
    "Summary",
    "TournamentResult",
    "bot_seed",
    "expand_bots",
    "game_seed",
    "play_game",
    "render",
    "run_tournament",
    "seating",
    "summarize",
    "to_json_text",
    "write_json",
]
