"""Self-play with a masked policy: a small numpy policy-gradient learner on one grimoire game.

    .venv/bin/pip install -e ".[rl]"
    .venv/bin/python examples/selfplay_pg.py --game ciub --players 2 -o length=short \\
        --episodes 600 --eval-every 50 --eval-games 60 --csv curve.csv

The policy is linear and softmax over the legal actions only (the ``action_mask`` of the
PettingZoo observation): ``logits = observation @ W[:, legal] + b[legal]``. Every seat of a
self-play game (``grimoire.envs.pettingzoo``) uses the same policy; at the end each decision of
a seat is reinforced by that seat's return (REINFORCE, +1 for a sole winner, -1/(n-1) for each
loser) less a running baseline. Every ``--eval-every`` episodes the current policy plays
``--eval-games`` games against bots (``--opponents``, random by default) through
``grimoire/<Game>-v1`` (Gymnasium, a random seat each game) and the win rate is printed: the
learning curve. Random play wins about 1/n of them against random bots.

It is a demonstration of the interfaces, not a strong agent: a linear policy on the generic
observation encoding learns which actions tend to pay (docs/rl.md shows a curve).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from typing import Any

import gymnasium
import numpy as np

import grimoire.envs.gymnasium  # noqa: F401  (registers grimoire/<Game>-v1)
from grimoire.envs import pettingzoo as gz
from grimoire.envs.common import gym_id


class MaskedLinearPolicy:
    def __init__(self, size: int, actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((size, actions), dtype=np.float32)
        self.b = np.zeros(actions, dtype=np.float32)
        self.rng = rng

    def probabilities(self, observation: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = observation @ self.w[:, legal] + self.b[legal]
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()

    def act(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, Any]:
        legal = np.flatnonzero(mask)
        probabilities = self.probabilities(observation, legal)
        index = int(self.rng.choice(len(legal), p=probabilities))
        return int(legal[index]), (observation, legal, probabilities, index)

    def reinforce(self, steps: list[Any], advantage: float, rate: float) -> None:
        for observation, legal, probabilities, index in steps:
            delta = -probabilities
            delta[index] += 1.0
            step = rate * advantage
            self.w[:, legal] += step * np.outer(observation, delta).astype(np.float32)
            self.b[legal] += step * delta.astype(np.float32)


def self_play_episode(env: Any, policy: MaskedLinearPolicy, seed: int) -> dict[str, Any]:
    env.reset(seed=seed)
    steps: dict[str, list[Any]] = {agent: [] for agent in env.possible_agents}
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        returns[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        action, record = policy.act(observation["observation"], observation["action_mask"])
        steps[agent].append(record)
        env.step(action)
    return {"steps": steps, "returns": returns}


def evaluate(
    game: str,
    players: int,
    options: dict[str, Any],
    policy: Any,
    games: int,
    opponents: str = "random",
) -> float:
    """The policy's share of wins in ``games`` games against bots, at a random seat (the
    same seeded games at every evaluation)."""
    env = gymnasium.make(
        gym_id(game), players=players, seat="random", opponents=opponents, **options
    )
    wins = 0.0
    for number in range(games):
        observation, info = env.reset(seed=10_000 + number)
        terminated = truncated = False
        while not (terminated or truncated):
            action, _ = policy.act(observation, info["action_mask"])
            observation, _, terminated, truncated, info = env.step(action)
        winners = info["winners"]
        if info["seat"] in winners:
            wins += 1.0 / len(winners)
    env.close()
    return wins / games


class RandomPolicy:
    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def act(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, None]:
        return int(self.rng.choice(np.flatnonzero(mask))), None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ciub")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("-o", "--option", action="append", default=[], help="key=value")
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--eval-every", type=int, default=50)
    parser.add_argument("--eval-games", type=int, default=60)
    parser.add_argument("--opponents", default="random", help="bot kind of the evaluation")
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--csv", default=None, help="write the learning curve here")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for pair in args.option:
        key, _, text = pair.partition("=")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text

    rng = np.random.default_rng(args.seed)
    env = gz.raw_env(args.game, args.players, **options)
    size = env.observation_space(env.possible_agents[0])["observation"].shape[0]
    policy = MaskedLinearPolicy(size, env.game.num_actions, rng)
    baseline = 0.0
    curve: list[dict[str, float]] = []
    start = time.perf_counter()
    print(f"{args.game} {args.players}p {options}: observation {size} slots", flush=True)
    games, against = args.eval_games, args.opponents
    random_rate = evaluate(args.game, args.players, options, RandomPolicy(rng), games, against)
    print(f"random policy vs {against} bots: win rate {random_rate:.3f}", flush=True)
    for episode in range(args.episodes + 1):
        if episode % args.eval_every == 0:
            rate = evaluate(args.game, args.players, options, policy, games, against)
            elapsed = time.perf_counter() - start
            curve.append({"episode": episode, "win_rate": rate, "seconds": round(elapsed, 1)})
            print(f"episode {episode:5d}  win rate vs {against} {rate:.3f}  ({elapsed:.0f} s)")
            sys.stdout.flush()
        if episode == args.episodes:
            break
        played = self_play_episode(env, policy, seed=args.seed * 1_000_003 + episode)
        for agent, steps in played["steps"].items():
            advantage = played["returns"][agent] - baseline
            policy.reinforce(steps, advantage, args.rate / max(1, len(steps)) ** 0.5)
        mean = sum(played["returns"].values()) / len(played["returns"])
        baseline = 0.95 * baseline + 0.05 * mean
    if args.csv:
        with open(args.csv, "w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=["episode", "win_rate", "seconds"])
            writer.writeheader()
            writer.writerows(curve)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
