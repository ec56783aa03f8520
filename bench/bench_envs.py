"""RL environment step cost against the raw engine decision, for every registered game.

    .venv/bin/python bench/bench_envs.py [--games ciub,five-seals] [--players N] [--games-per 5]

Per game it plays the same seeded random games several ways and prints µs per player decision:

* **engine**: ``legal_actions`` + a random choice + ``apply`` + ``resolve_chance`` on a bare
  state (the raw engine decision, chance included);
* **pz raw step**: the same through ``GrimoireAECEnv`` (``legal_actions`` + choice +
  ``env.step``: validation, chance, agent selection, reward bookkeeping), and **pz step**
  through ``env(...)``, PettingZoo's usual wrappers;
* **observe**: one ``env.observe(agent)`` (encoding + mask; cached per seat and step), and
  **view** / **encode** alone (a new encoding: the game's own encoder reads the state, the
  generic one encodes ``view(seat)``): the observation is computed only when asked for;
* **pz loop**: a whole AEC iteration as a learner runs it (``last()`` with the observation,
  then ``step``; the policy's choice is not timed), and **loop ratio** = pz loop / engine
  (issue 23's target: at most 2);
* **gym step**: a Gymnasium step of the learner at seat 0 against random bots, per decision
  of the whole table (bots ask ``for_seat`` copies, so they cost more than a bare decision);
* **spiel apply** and **spiel clone**: OpenSpiel ``apply_action`` per decision (chance drawn by
  the caller) and ``clone()``, against the grimoire state's own ``clone()`` (**state clone**)
  and a ``copy.deepcopy`` of it (**deepcopy**, what OpenSpiel's Python states do by default).

The ratio column is pz raw step / engine: the issue's target is at most 2. CPU time of this
process (``time.process_time``); compare ratios, measured in one run.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import grimoire
from grimoire.core.game import Game
from grimoire.envs.observation import encoder_for, next_seat

# CPU time of this process (other work on a shared machine does not count)
CLOCK = time.process_time


def engine(game: Game, seeds: list[int]) -> tuple[float, int]:
    total = 0.0
    decisions = 0
    for seed in seeds:
        state = game.new_state(seed)
        rng = random.Random(seed)
        last = -1
        while not state.is_terminal():
            start = CLOCK()
            seat = next_seat(state.seats_to_act(), last, game.players)
            action = rng.choice(state.legal_actions(seat))
            state.apply(action, seat)
            state.resolve_chance()
            total += CLOCK() - start
            last = seat
            decisions += 1
    return total / decisions * 1e6, decisions


def pettingzoo_steps(env: Any, seeds: list[int]) -> float:
    """µs per decision of legal_actions + choice + step (no observation)."""
    raw = env.unwrapped
    total = 0.0
    decisions = 0
    for seed in seeds:
        env.reset(seed=seed)
        rng = random.Random(seed)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            start = CLOCK()
            action = rng.choice(raw.legal_actions(agent))
            env.step(action)
            total += CLOCK() - start
            decisions += 1
    return total / decisions * 1e6


def pettingzoo_loop(env: Any, seeds: list[int]) -> tuple[float, float, float, float]:
    """µs per decision of a learner's loop, ``last()`` + ``step`` (the policy's masked choice
    is not timed: it is the learner's); and of observe, view and the encoding alone."""
    raw = env.unwrapped
    encoder = encoder_for(raw.game)
    loop = observe = view = encode = 0.0
    decisions = 0
    for seed in seeds:
        env.reset(seed=seed)
        rng = random.Random(seed)
        for _ in env.agent_iter():
            start = CLOCK()
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            middle = CLOCK()
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            after = CLOCK()
            env.step(action)
            loop += middle - start + CLOCK() - after
            decisions += 1
            if decisions % 4 == 0 and env.agents:  # the parts, on some positions
                seat = raw._seat[env.agent_selection]
                state = raw.game_state
                start = CLOCK()
                raw.observe(env.agent_selection)
                middle = CLOCK()
                state.view(seat)
                after = CLOCK()
                state.memo.clear()  # the encoding is cached per seat and step: time a new one
                start_encode = CLOCK()
                encoder.observe(state, seat)
                end = CLOCK()
                observe += middle - start
                view += after - middle
                encode += end - start_encode
    parts = max(1, decisions // 4)
    return (
        loop / decisions * 1e6,
        observe / parts * 1e6,
        view / parts * 1e6,
        encode / parts * 1e6,
    )


def gymnasium_steps(name: str, players: int, seeds: list[int]) -> float:
    """µs per table decision of Gymnasium steps (learner + random bots, observation included)."""
    import grimoire.envs.gymnasium as gg

    env = gg.GrimoireEnv(name, players, seat=0, opponents="random")
    total = 0.0
    decisions = 0
    for seed in seeds:
        _, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            before = len([1 for actor, _ in env.game_state.history if actor >= 0])  # type: ignore[union-attr]
            start = CLOCK()
            _, _, terminated, truncated, info = env.step(action)
            total += CLOCK() - start
            after = len([1 for actor, _ in env.game_state.history if actor >= 0])  # type: ignore[union-attr]
            decisions += after - before
            done = terminated or truncated
    return total / max(1, decisions) * 1e6


def openspiel_costs(name: str, players: int, seeds: list[int]) -> tuple[float, float, float, float]:
    """µs per OpenSpiel apply_action (player decisions), per clone, per grimoire clone, and
    per deep copy of the grimoire state (what OpenSpiel's Python states do by default)."""
    from grimoire.envs import openspiel as gos

    game = gos.load(name, players=players)
    apply_total = clone_total = inner_total = deep_total = 0.0
    decisions = clones = deep = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                continue
            action = int(rng.choice(state.legal_actions()))
            start = CLOCK()
            state.apply_action(action)
            apply_total += CLOCK() - start
            decisions += 1
            if decisions % 8 == 0:
                start = CLOCK()
                state.clone()
                middle = CLOCK()
                state.grimoire_state.clone()
                clone_total += middle - start
                inner_total += CLOCK() - middle
                clones += 1
            if decisions % 64 == 0:
                start = CLOCK()
                copy.deepcopy(state.grimoire_state)
                deep_total += CLOCK() - start
                deep += 1
    return (
        apply_total / decisions * 1e6,
        clone_total / max(1, clones) * 1e6,
        inner_total / max(1, clones) * 1e6,
        deep_total / max(1, deep) * 1e6,
    )


def measure(name: str, players: int | None, games: int) -> dict[str, Any]:
    from grimoire.envs import pettingzoo as gz

    game = grimoire.make(name, players)
    encoder_for(game)  # derive the layout outside the timers
    seeds = list(range(1000, 1000 + games))
    row: dict[str, Any] = {"game": f"{name} {game.players}p"}
    row["engine"], row["decisions"] = engine(game, seeds)
    row["pz raw step"] = pettingzoo_steps(gz.raw_env(name, game.players), seeds)
    row["pz step"] = pettingzoo_steps(gz.env(name, game.players), seeds)
    loop, observe, view, encode = pettingzoo_loop(gz.env(name, game.players), seeds)
    row.update({"pz loop": loop, "observe": observe, "view": view, "encode": encode})
    row["gym step"] = gymnasium_steps(name, game.players, seeds[:2])
    try:
        apply, clone, inner, deep = openspiel_costs(name, game.players, seeds[:2])
        row.update(
            {"spiel apply": apply, "spiel clone": clone, "state clone": inner, "deepcopy": deep}
        )
    except ImportError:
        row.update({"spiel apply": None, "spiel clone": None, "state clone": None})
        row["deepcopy"] = None
    row["ratio"] = row["pz raw step"] / row["engine"]
    row["loop ratio"] = row["pz loop"] / row["engine"]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(grimoire.game_names()))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games-per", type=int, default=5, help="random games per measure")
    args = parser.parse_args()
    columns: list[tuple[str, Callable[[Any], str]]] = [
        ("game", str),
        ("decisions", str),
        ("engine", lambda v: f"{v:.0f}"),
        ("pz raw step", lambda v: f"{v:.0f}"),
        ("pz step", lambda v: f"{v:.0f}"),
        ("ratio", lambda v: f"{v:.2f}"),
        ("observe", lambda v: f"{v:.0f}"),
        ("view", lambda v: f"{v:.0f}"),
        ("encode", lambda v: f"{v:.0f}"),
        ("pz loop", lambda v: f"{v:.0f}"),
        ("loop ratio", lambda v: f"{v:.2f}"),
        ("gym step", lambda v: f"{v:.0f}"),
        ("spiel apply", lambda v: "-" if v is None else f"{v:.0f}"),
        ("spiel clone", lambda v: "-" if v is None else f"{v:.0f}"),
        ("state clone", lambda v: "-" if v is None else f"{v:.0f}"),
        ("deepcopy", lambda v: "-" if v is None else f"{v:.0f}"),
    ]
    rows = [measure(name, args.players, args.games_per) for name in args.games.split(",")]
    print("µs per player decision (decisions: how many were timed)")
    widths = [max(len(title), *(len(show(row[title])) for row in rows)) for title, show in columns]
    print("  ".join(title.rjust(width) for (title, _), width in zip(columns, widths, strict=True)))
    for row in rows:
        cells = [show(row[title]) for title, show in columns]
        print("  ".join(cell.rjust(width) for cell, width in zip(cells, widths, strict=True)))


if __name__ == "__main__":
    main()
