"""Random play side by side with OpenSpiel (and PettingZoo) in one process, as ratios.

    .venv/bin/python bench/compare.py [--seconds S] [--rounds N] [--json OUT]

Each workload plays whole random games (chance included) for about ``S`` CPU seconds and
counts player decisions per CPU second (``time.process_time``, so other processes on a loaded
machine cost less); the workloads alternate for ``N`` rounds and the best round is kept. The
ratios are grimoire's decisions/s over OpenSpiel's C++ backgammon and pig driven from Python
(the issue #10 target: at least 2x backgammon). Libraries that are not installed are skipped.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grimoire import registry
from grimoire.core.state import CHANCE


def grimoire_workload(name: str, players: int) -> Callable[[int], int]:
    game = registry.make(name, players)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_state(seed, resolve_chance=False)
        decisions = 0
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
                continue
            for seat in sorted(state.seats_to_act()):
                state.apply(rng.choice(state.legal_actions(seat)), seat)
                decisions += 1
        return decisions

    return run


def openspiel_workload(name: str) -> Callable[[int], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    if name.startswith("python_"):
        try:
            import open_spiel.python.games  # noqa: F401  (registers the Python games)
        except ImportError:
            return None
    game = pyspiel.load_game(name)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return run


def pettingzoo_workload() -> Callable[[int], int] | None:
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError:
        return None
    env = connect_four_v3.env()

    def run(seed: int) -> int:
        rng = random.Random(seed)
        env.reset(seed=seed)
        decisions = 0
        for agent in env.agent_iter():
            _obs, _reward, done, trunc, _info = env.last()
            if done or trunc:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"]
            env.step(rng.choice([i for i, ok in enumerate(mask) if ok]))
            decisions += 1
        return decisions

    return run


def measure(run: Callable[[int], int], seconds: float) -> float:
    """Decisions per CPU second over whole games for about ``seconds``."""
    decisions, seed = 0, 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds or seed == 0:
        decisions += run(seed)
        seed += 1
    return decisions / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    workloads: dict[str, Callable[[int], int]] = {}
    for name in ("backgammon", "pig", "python_tic_tac_toe", "python_kuhn_poker"):
        run = openspiel_workload(name)
        if run is not None:
            workloads[f"openspiel:{name}"] = run
    zoo = pettingzoo_workload()
    if zoo is not None:
        workloads["pettingzoo:connect_four"] = zoo
    for name in registry.games():
        cls = registry.game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            workloads[f"grimoire:{name}/{players}p"] = grimoire_workload(name, players)
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for label, run in workloads.items():
            best[label] = max(best.get(label, 0.0), measure(run, args.seconds))
    backgammon = best.get("openspiel:backgammon")
    pig = best.get("openspiel:pig")
    rows: list[dict[str, Any]] = []
    for label, rate in best.items():
        row: dict[str, Any] = {"workload": label, "decisions_per_cpu_s": round(rate)}
        if backgammon:
            row["vs_backgammon"] = round(rate / backgammon, 3)
        if pig:
            row["vs_pig"] = round(rate / pig, 3)
        rows.append(row)
        refs = (("bg", backgammon), ("pig", pig))
        ratios = "".join(f"  {rate / ref:6.2f}x {what}" for what, ref in refs if ref)
        print(f"{label:34} {rate:12,.0f} decisions/CPU s{ratios}")
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
