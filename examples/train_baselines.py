"""RL baselines: sb3-contrib's MaskablePPO on every grimoire game, one seat against bots.

    .venv/bin/pip install -e ".[train]"          # torch, sb3-contrib, matplotlib
    nice -n 10 .venv/bin/python examples/train_baselines.py --game ciub --players 2 \\
        -o length=short --opponents random --steps 40000
    .venv/bin/python examples/train_baselines.py --list     # the baseline setups of docs/rl.md
    nice -n 10 .venv/bin/python examples/train_baselines.py --setup ciub-random

The learner plays ``grimoire/<Game>-v1`` (Gymnasium) at a random seat against ``--opponents``
(``random`` or ``heuristic`` bots at every other seat), with the environment's own observation
(the game's encoder, a flat ``Box``) and mask (``action_masks()``, read by MaskablePPO). On the
CPU, one torch thread, seeded (``--seed``): the same command gives the same curve.

Rewards: the environment's own (``win``, ``share``, ``margin``, ``score``) or the script's
``margin-win`` (``MarginWin``: the learner's margin, own score minus the best other as it may
know them, paid step by step / ``--margin-scale``, plus the win reward at the end). PPO and
evaluation settings come from ``DEFAULTS``, then a named setup's own ``settings``, then the
command line.

Every ``--eval-every`` steps the current policy (deterministic) plays ``--eval-games`` held-out
games (environment seeds ``EVAL_SEED + i``, never a training seed; game ``i`` at seat
``i % players``, so every seat is played equally) against the same opponents: the win rate (a
shared win counts as the share), the mean return and the mean final score and margin (own
score minus the best other) make the learning curve, written to ``<out>/<name>.csv`` and drawn
to ``<out>/<name>.png``. With ``--select`` the curve is played on validation games instead
(seeds ``VALID_SEED + i``, neither training nor held out) and the checkpoint with the best
validation win rate (then margin) is kept as the model. At the end the (kept) policy plays
``--final-games`` held-out games, once, and a uniformly random masked policy the same games
(the reference a learner must beat); both rates get Wilson 95% intervals
(``<out>/<name>.json``).

Last, the saved model (``MaskablePPO.load``) is seated through ``grimoire.bots.from_policy``
under a registered bot name in a small ``grimoire.sim`` study against the game's heuristic
bot (``--study-games`` games, seats rotated): a trained SB3 model at a grimoire table.
"""

from __future__ import annotations

import argparse
import copy
import csv
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# one thread: the machine is shared, and a small MLP gains nothing from more
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor

import grimoire.envs.gymnasium  # registers grimoire/<Game>-v1
from grimoire.bots import from_policy, register_bot
from grimoire.envs.common import gym_id, win_returns
from grimoire.sim.stats import wilson
from grimoire.sim.study import StudySpec, run_study

EVAL_SEED = 1_000_000  # held-out environments' seeds start here; training uses --seed only
VALID_SEED = 2_000_000  # validation games (model selection): neither training nor held out

# PPO and evaluation settings: these defaults, then a setup's own ``settings``, then the command
# line (an option given there wins)
DEFAULTS: dict[str, Any] = {
    "n_steps": 1024,  # PPO rollout length
    "batch_size": 128,
    "n_epochs": 5,
    "gamma": 0.99,
    "gae_lambda": 0.95,
    "ent_coef": 0.01,
    "learning_rate": 3e-4,
    "anneal": False,  # the learning rate falls linearly to 0 over the run
    "net": [64, 64],  # hidden layers of the actor and of the critic (SB3's default MlpPolicy)
    "eval_every": 10_000,
    "eval_games": 30,
    "select": False,  # keep the checkpoint best on validation games (VALID_SEED + i)
    "margin_scale": 10.0,  # the margin-win reward: points per unit of reward
}

# the reward a script-side wrapper adds to the environment's own choices (common.REWARDS)
SCRIPT_REWARDS = ("margin-win",)


@dataclass(frozen=True)
class Setup:
    """One baseline row of docs/rl.md."""

    game: str
    players: int
    opponents: str
    steps: int
    reward: str = "win"
    options: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)  # over DEFAULTS

    @property
    def name(self) -> str:
        return f"{self.game}-{self.players}p-{self.opponents}-{self.reward}"


# The rows of docs/rl.md's baseline table, sized for a shared 2-core machine (a few CPU minutes
# each, evaluations included). Against random bots the reward is the win; against the heuristic
# a random policy wins almost nothing, so a win reward says nothing either: those runs learn
# from the shaped score reward (their win rate is still what is measured). Runika's win reward
# comes too late in a game of some 400 learner decisions (docs/rl.md): it is run with the score
# reward as well.
LONG_GAME = {
    "gamma": 0.995,
    "n_steps": 2048,
    "select": True,
    "eval_games": 50,
    "eval_every": 20_000,
}
SETUPS = {
    "ciub-random": Setup("ciub", 2, "random", 50_000, options={"length": "short"}),
    "fatal-random": Setup("fatal", 3, "random", 40_000),
    "five-seals-random": Setup(
        "five-seals", 2, "random", 200_000, "margin-win", settings=LONG_GAME | {"margin_scale": 20}
    ),
    "runika-random": Setup(
        "runika", 2, "random", 300_000, "margin-win", settings=LONG_GAME | {"anneal": True}
    ),
    "ciub-heuristic": Setup("ciub", 2, "heuristic", 30_000, "score", {"length": "short"}),
    "fatal-heuristic": Setup("fatal", 3, "heuristic", 30_000, "score"),
    "five-seals-heuristic": Setup("five-seals", 2, "heuristic", 30_000, "score"),
    "runika-heuristic": Setup("runika", 2, "heuristic", 30_000, "score"),
}


class MarginWin(gymnasium.Wrapper[Any, Any, Any, Any]):
    """The script's ``margin-win`` reward: at every learner step the change in its margin (own
    score minus the best other score, as the learner may know them: ``public_scores(seat)``),
    divided by ``scale``; at the end the rest of the true final margin, plus the win reward
    (+1 for a sole win, -1 / (players - 1) for a loss, as ``reward="win"``). An episode's
    rewards add up to ``final margin / scale + win reward``: points paid as they come, so the
    signal does not wait some 400 decisions for the end, and the win decides the last step."""

    def __init__(self, env: gymnasium.Env[Any, Any], scale: float) -> None:
        super().__init__(env)
        self.scale = float(scale)
        self.paid = 0.0

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        self.paid = 0.0
        return self.env.reset(**kwargs)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        if "illegal_action" in info:
            return observation, float(reward), terminated, truncated, info
        base = self.env.unwrapped
        state, seat = base.game_state, base.seat  # type: ignore[attr-defined]
        if terminated:
            scores = [float(score) for score in state.scores()]
        else:
            scores = state.public_scores(seat)  # what the learner may know, never more
        own = scores[seat]
        if own is None:
            return observation, 0.0, terminated, truncated, info
        others = [s for i, s in enumerate(scores) if i != seat and s is not None]
        margin = (own - max(others)) if others else own
        shaped = margin / self.scale - self.paid
        self.paid = margin / self.scale
        if terminated:
            shaped += win_returns(state)[seat]
        return observation, shaped, terminated, truncated, info


def make_env(
    setup: Setup, seat: int | str = "random", scale: float = DEFAULTS["margin_scale"]
) -> gymnasium.Env[Any, Any]:
    env = gymnasium.make(
        gym_id(setup.game),
        players=setup.players,
        seat=seat,
        opponents=setup.opponents,
        reward="win" if setup.reward in SCRIPT_REWARDS else setup.reward,
        **setup.options,
    )
    return MarginWin(env, scale) if setup.reward == "margin-win" else env


def win_share(info: dict[str, Any]) -> float:
    """The learner's share of the win (0 for a loss or a game cut before its end)."""
    winners = info.get("winners", [])
    return 1.0 / len(winners) if info["seat"] in winners else 0.0


def evaluate(
    policy: Any, envs: list[gymnasium.Env[Any, Any]], games: int, first_seed: int = EVAL_SEED
) -> dict[str, float]:
    """``policy(observation, mask) -> action`` over ``games`` games (environment seeds
    ``first_seed + i``: held out by default), seats rotated."""
    wins = returns = scores = margins = 0.0
    for index in range(games):
        env = envs[index % len(envs)]
        observation, info = env.reset(seed=first_seed + index)
        total, done = 0.0, False
        while not done:
            action = policy(observation, info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        wins += win_share(info)
        returns += total
        if "scores" in info:
            own = info["scores"][info["seat"]]
            others = [s for i, s in enumerate(info["scores"]) if i != info["seat"]]
            scores += own
            margins += own - max(others, default=0.0)
    low, high = wilson(wins, games) or [0.0, 1.0]
    return {
        "games": games,
        "win_rate": wins / games,
        "win_low": low,
        "win_high": high,
        "mean_return": returns / games,
        "mean_score": scores / games,
        "mean_margin": margins / games,
    }


def model_policy(model: MaskablePPO) -> Any:
    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    return act


def random_policy(seed: int) -> Any:
    rng = np.random.default_rng(seed)

    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return act


def _thousands(steps: float, _position: object) -> str:
    return f"{steps / 1000:g}k" if steps else "0"


class Curve(BaseCallback):
    """Evaluates the policy at step 0, then at the first rollout start (the policy changes only
    there, after an update) at least ``every`` steps after the last point; keeps the rows.
    With ``select``, the points are played on validation games (``VALID_SEED + i``, never a
    held-out or training seed) and the policy's parameters at the best point (highest win rate,
    then margin; the earliest of equals) are kept in ``best``."""

    def __init__(
        self, envs: list[gymnasium.Env[Any, Any]], every: int, games: int, select: bool
    ) -> None:
        super().__init__()
        self.envs, self.every, self.games, self.select = envs, every, games, select
        self.rows: list[dict[str, float]] = []
        self.next = 0
        self.eval_cpu = 0.0
        self.started = time.process_time()
        self.best: dict[str, Any] | None = None
        self.best_key: tuple[float, float] | None = None
        self.best_row: dict[str, float] | None = None

    def point(self) -> None:
        start = time.process_time()
        first = VALID_SEED if self.select else EVAL_SEED
        row = evaluate(model_policy(self.model), self.envs, self.games, first)  # type: ignore[arg-type]
        self.eval_cpu += time.process_time() - start
        train_cpu = time.process_time() - self.started - self.eval_cpu
        row = {"steps": self.num_timesteps, "train_cpu_s": round(train_cpu, 1), **row}
        self.rows.append(row)
        key = (row["win_rate"], row["mean_margin"])
        if self.select and (self.best_key is None or key > self.best_key):
            self.best_key, self.best_row = key, row
            self.best = copy.deepcopy(self.model.policy.state_dict())
        print(
            f"  {self.num_timesteps:>7} steps  win {row['win_rate']:.3f} "
            f"[{row['win_low']:.2f}, {row['win_high']:.2f}]  return {row['mean_return']:+.3f}  "
            f"score {row['mean_score']:.2f}  margin {row['mean_margin']:+.2f}  "
            f"({train_cpu / 60:.1f} CPU min training)",
            flush=True,
        )
        self.next += self.every

    def _on_training_start(self) -> None:
        self.point()

    def _on_rollout_start(self) -> None:
        if self.num_timesteps >= self.next:
            self.point()

    def _on_step(self) -> bool:
        return True


def draw(
    name: str,
    setup: Setup,
    rows: list[dict[str, float]],
    random_rate: float,
    path: Path,
    selected: dict[str, float] | None = None,
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    steps = [row["steps"] for row in rows]
    figure, (wins, margin) = plt.subplots(1, 2, figsize=(8, 3), dpi=80)
    wins.fill_between(
        steps, [r["win_low"] for r in rows], [r["win_high"] for r in rows], alpha=0.25
    )
    wins.plot(steps, [r["win_rate"] for r in rows], marker="o", label="MaskablePPO")
    wins.axhline(random_rate, color="grey", linestyle="--", label="random policy (held out)")
    if selected:
        wins.plot([selected["steps"]], [selected["win_rate"]], "k*", ms=12, label="kept")
    wins.set_ylim(0, 1)
    wins.set_xlabel("training steps")
    games = "validation games" if selected else "held-out games"
    wins.set_ylabel(f"win rate vs {setup.opponents}\n({games})", fontsize=8)
    wins.legend(loc="best", fontsize=7)
    margin.plot(steps, [r["mean_margin"] for r in rows], marker="o", color="tab:green")
    margin.set_xlabel("training steps")
    margin.set_ylabel("mean margin (own - best other)")
    for axis in (wins, margin):
        axis.xaxis.set_major_formatter(FuncFormatter(_thousands))
    figure.suptitle(f"{name}: {setup.reward} reward, 95% Wilson band", fontsize=10)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def study(model_path: Path, setup: Setup, games: int, seed: int) -> dict[str, Any]:
    """The saved model, loaded and seated by name in a grimoire.sim study vs the heuristic."""
    model = MaskablePPO.load(model_path, device="cpu")
    register_bot("ppo", lambda game, seed: from_policy(model, name="ppo"))
    lineup = ["ppo"] + ["heuristic"] * (setup.players - 1)
    spec = StudySpec(
        game=setup.game,
        players=[setup.players],
        games=games,
        seed=seed,
        lineups=[lineup],
        options=dict(setup.options),
    )
    ((_cell, stats),) = run_study(spec).cells
    played = stats.entrant_games["ppo"]
    wins = float(stats.entrant_wins["ppo"])
    low, high = wilson(wins, played) or [0.0, 1.0]
    return {"games": played, "win_rate": wins / played, "win_low": low, "win_high": high}


def report(out: Path) -> None:
    """Print docs/rl.md's baseline table from ``out``'s JSON files and draw every win-rate
    curve into ``out/curves.png`` (dotted: the random policy's rate)."""
    summaries = [json.loads(path.read_text()) for path in sorted(out.glob("*.json"))]
    order = {setup.name: i for i, setup in enumerate(SETUPS.values())}
    summaries.sort(key=lambda summary: order.get(summary["setup"]["name"], len(order)))

    def rate(result: dict[str, float] | None) -> str:
        if not result:
            return "-"
        return f"{result['win_rate']:.2f} [{result['win_low']:.2f}, {result['win_high']:.2f}]"

    def points(result: dict[str, float]) -> str:
        return f"{result['mean_score']:.1f} ({result['mean_margin']:+.1f})"

    print(
        "| game | players | opponents | reward | steps | CPU min (training / all) "
        "| win rate, trained (95%) | random policy (95%) "
        "| mean score (margin), trained / random | study via from_policy vs heuristic "
        "| command: `nice -n 10 .venv/bin/python examples/train_baselines.py ...` |"
    )
    print("| --- | --- | --- | --- | ---: | ---: | --- | --- | --- | --- | --- |")
    for summary in summaries:
        setup = summary["setup"]
        options = ", ".join(f"{k}={v}" for k, v in setup["options"].items())
        study_ = summary["study_vs_heuristic"]
        tuned = {  # the PPO and reward settings the run used, where not the defaults
            k: v
            for k, v in summary["ppo"].items()
            if k in DEFAULTS
            and k not in ("select", "eval_games", "eval_every")
            and v != DEFAULTS[k]
        }
        reward = setup["reward"] + (
            f" ({', '.join(f'{k}={v}' for k, v in tuned.items())})" if tuned else ""
        )
        steps = f"{summary['steps']:,}"
        if summary.get("selected_steps") is not None:
            steps += f" (kept: {summary['selected_steps']:,})"
        print(
            f"| {setup['game']}{f' ({options})' if options else ''} | {setup['players']} "
            f"| {setup['opponents']} | {reward} | {steps} "
            f"| {summary['train_cpu_min']:.1f} / {summary['total_cpu_min']:.1f} "
            f"| {rate(summary['final'])} ({summary['final']['games']} games) "
            f"| {rate(summary['random_policy'])} "
            f"| {points(summary['final'])} / {points(summary['random_policy'])} "
            f"| {rate(study_)} ({study_['games'] if study_ else 0} games) "
            f"| `{summary['command'].split(' ', 1)[1]}` |"
        )
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    games = list(dict.fromkeys(summary["setup"]["game"] for summary in summaries))
    figure, axes = plt.subplots(1, len(games), figsize=(3 * len(games), 3), dpi=80, sharey=True)
    for axis, game in zip(np.atleast_1d(axes), games, strict=True):
        for summary in summaries:
            setup = summary["setup"]
            if setup["game"] != game:
                continue
            with open(out / f"{setup['name']}.csv") as handle:
                rows = [{k: float(v) for k, v in row.items()} for row in csv.DictReader(handle)]
            steps = [row["steps"] for row in rows]
            line = axis.plot(
                steps,
                [row["win_rate"] for row in rows],
                marker="o",
                label=f"vs {setup['opponents']}, {setup['reward']}",
            )
            colour = line[0].get_color()
            axis.fill_between(
                steps,
                [row["win_low"] for row in rows],
                [row["win_high"] for row in rows],
                alpha=0.2,
                color=colour,
            )
            axis.axhline(summary["random_policy"]["win_rate"], color=colour, linestyle=":")
            if summary.get("selected_steps") is not None:  # the kept checkpoint, held out
                axis.plot(
                    [summary["selected_steps"]],
                    [summary["final"]["win_rate"]],
                    marker="*",
                    markersize=11,
                    color=colour,
                    markeredgecolor="black",
                )
        players = next(s["setup"]["players"] for s in summaries if s["setup"]["game"] == game)
        axis.set_title(f"{game}, {players} players: win rate", fontsize=9)
        axis.set_xlabel("training steps")
        axis.xaxis.set_major_formatter(FuncFormatter(_thousands))
        axis.set_ylim(0, 1)
        axis.legend(fontsize=7, loc="best")
    figure.tight_layout()
    figure.savefig(out / "curves.png")
    plt.close(figure)


def settings_of(setup: Setup, args: argparse.Namespace) -> dict[str, Any]:
    """DEFAULTS, then the setup's own settings, then what the command line gives."""
    chosen = {**DEFAULTS, **setup.settings}
    for key in DEFAULTS:
        value = getattr(args, key, None)
        if value is not None:
            chosen[key] = value
    return chosen


def run(setup: Setup, args: argparse.Namespace) -> dict[str, Any]:
    torch.set_num_threads(1)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    name = setup.name
    ppo = settings_of(setup, args)
    print(f"{name}: {setup.steps} steps, reward {setup.reward}, options {setup.options}, {ppo}")
    started, wall = time.process_time(), time.monotonic()
    env = Monitor(make_env(setup, scale=ppo["margin_scale"]))
    eval_envs = [make_env(setup, seat, ppo["margin_scale"]) for seat in range(setup.players)]
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=ppo["n_steps"],
        batch_size=ppo["batch_size"],
        n_epochs=ppo["n_epochs"],
        gamma=ppo["gamma"],
        gae_lambda=ppo["gae_lambda"],
        ent_coef=ppo["ent_coef"],
        learning_rate=(
            (lambda left: left * ppo["learning_rate"]) if ppo["anneal"] else ppo["learning_rate"]
        ),
        policy_kwargs={"net_arch": list(ppo["net"])},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    curve = Curve(eval_envs, ppo["eval_every"], ppo["eval_games"], ppo["select"])
    model.learn(total_timesteps=setup.steps, callback=curve)
    if curve.rows[-1]["steps"] < model.num_timesteps:
        curve.point()
    train_cpu = time.process_time() - started - curve.eval_cpu
    selected = None
    if curve.best is not None and curve.best_row is not None:
        model.policy.load_state_dict(curve.best)  # the checkpoint best on validation games
        selected = curve.best_row
        print(f"  selected on validation games: the policy at {int(selected['steps'])} steps")
    model_path = Path(args.models) / f"{name}.zip"
    model_path.parent.mkdir(parents=True, exist_ok=True)
    model.save(model_path)

    final = evaluate(model_policy(model), eval_envs, args.final_games)
    reference = evaluate(random_policy(args.seed), eval_envs, args.final_games)
    print(
        f"  final: win {final['win_rate']:.3f} [{final['win_low']:.3f}, {final['win_high']:.3f}]"
        f"; random policy {reference['win_rate']:.3f} "
        f"[{reference['win_low']:.3f}, {reference['win_high']:.3f}] ({args.final_games} games)",
        flush=True,
    )
    sim = study(model_path, setup, args.study_games, args.seed) if args.study_games else None
    if sim:
        print(f"  study vs heuristic (from_policy): {sim}", flush=True)

    with open(out / f"{name}.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(curve.rows[0]))
        writer.writeheader()
        writer.writerows(curve.rows)
    draw(name, setup, curve.rows, reference["win_rate"], out / f"{name}.png", selected)
    summary = {
        "setup": {**setup.__dict__, "name": name},
        "command": " ".join(["examples/train_baselines.py", *sys.argv[1:]]),
        "seed": args.seed,
        "ppo": ppo,
        "selected_steps": int(selected["steps"]) if selected else None,
        "steps": int(model.num_timesteps),
        "train_cpu_min": round(train_cpu / 60, 2),
        "total_cpu_min": round((time.process_time() - started) / 60, 2),
        "wall_min": round((time.monotonic() - wall) / 60, 2),
        "final": final,
        "random_policy": reference,
        "study_vs_heuristic": sim,
        "torch": torch.__version__,
    }
    (out / f"{name}.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(f"  {summary['train_cpu_min']} CPU min training, {summary['wall_min']} min wall")
    return summary


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setup", action="append", help="a named setup (--list), repeatable")
    parser.add_argument("--all", action="store_true", help="every named setup, one at a time")
    parser.add_argument("--list", action="store_true", help="list the named setups")
    parser.add_argument("--report", action="store_true", help="table + curves.png from --out")
    parser.add_argument("--game")
    parser.add_argument("--players", type=int)
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument("--opponents", default="random")
    parser.add_argument(
        "--reward", default=None, help="win, share, margin, score, or the script's margin-win"
    )
    parser.add_argument("--steps", type=int, default=None, help="training steps (env steps)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eval-every", type=int, help="steps between curve points (10 000)")
    parser.add_argument("--eval-games", type=int, help="games per curve point (30)")
    parser.add_argument("--final-games", type=int, default=100)
    parser.add_argument("--study-games", type=int, default=20)
    parser.add_argument("--n-steps", type=int, help="PPO rollout length (1024)")
    parser.add_argument("--batch-size", type=int, help="(128)")
    parser.add_argument("--n-epochs", type=int, help="(5)")
    parser.add_argument("--gamma", type=float, help="(0.99)")
    parser.add_argument("--gae-lambda", type=float, help="(0.95)")
    parser.add_argument("--ent-coef", type=float, help="(0.01)")
    parser.add_argument("--learning-rate", type=float, help="(3e-4)")
    parser.add_argument(
        "--anneal",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the learning rate falls linearly to 0 over the run (off)",
    )
    parser.add_argument(
        "--net",
        type=lambda text: [int(n) for n in text.split(",")],
        help="hidden layers, e.g. 128,128 (64,64)",
    )
    parser.add_argument(
        "--select",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="play the curve on validation games and keep the best checkpoint (off)",
    )
    parser.add_argument("--margin-scale", type=float, help="margin-win: points per unit (10)")
    parser.add_argument("--out", default="bench/results/baselines", help="CSV, PNG, JSON")
    parser.add_argument("--models", default="build/baselines", help="saved models (.zip)")
    args = parser.parse_args(argv)
    if args.list:
        for key, s in SETUPS.items():
            print(f"{key:24} {s.players}p vs {s.opponents}, {s.steps} steps, {s.reward} reward")
        return
    if args.report:
        report(Path(args.out))
        return
    setups: list[Setup] = []
    for key in list(SETUPS) if args.all else args.setup or []:
        base = SETUPS[key]
        setups.append(
            Setup(
                base.game,
                base.players,
                base.opponents,
                args.steps or base.steps,
                args.reward or base.reward,
                base.options,
                base.settings,
            )
        )
    if args.game:
        options = dict(option.split("=", 1) for option in args.option)
        players = args.players or grimoire.make(args.game).players
        setups.append(
            Setup(
                args.game,
                players,
                args.opponents,
                args.steps or 40_000,
                args.reward or "win",
                {k: json_value(v) for k, v in options.items()},
            )
        )
    if not setups:
        parser.error("give --game, --setup or --all")
    for setup in setups:
        run(setup, args)


def json_value(text: str) -> Any:
    """``15`` is a number and ``true`` a flag, anything else the string itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


if __name__ == "__main__":
    main()
