"""A self-play league over PettingZoo: fictitious self-play with a scripted member, MaskablePPO.

    .venv/bin/pip install -e ".[train]"          # torch, sb3-contrib, matplotlib
    nice -n 10 .venv/bin/python examples/selfplay_league.py --setup fatal
    .venv/bin/python examples/selfplay_league.py --report       # curve PNG + table

The recipe (docs/rl.md, "Self-play baseline"):

1. **Warm start by imitation.** ``--bc-games`` games of the game's heuristic bot against
   itself (``grimoire.sim.play_game``, so every heuristic is asked on ``state.for_seat(seat)``
   as every bot is) are recorded as (observation, mask, action, seat) at every decision, the
   observation and mask being exactly what ``grimoire.bots.from_policy`` hands a policy (the
   environments' encoder and ``progress_actions`` mask of that ``for_seat`` copy). The policy
   network is fitted to the heuristic's actions (cross-entropy over the legal actions) and the
   value network to each seat's discounted end reward (behaviour cloning).
2. **The league.** The learner plays one seat (drawn at every episode) of the PettingZoo AEC
   environment (``grimoire.envs.pettingzoo``, ``observation="box"``, the mask in the infos);
   every other seat is played by a member drawn from a pool: frozen past snapshots of the
   learner itself (fictitious self-play; a snapshot is added every ``--snapshot-every`` steps,
   the oldest dropped past ``--pool-size``) and the game's heuristic bot, a scripted league
   member as in AlphaStar's leagues, drawn with probability ``--heuristic-share``. A
   snapshot samples its actions from its own masked policy; the heuristic is asked on
   ``state.for_seat(seat)``. sb3-contrib's MaskablePPO trains the learner through this
   single-agent view (``LeagueEnv``: its ``step`` plays the other seats until the learner is
   to act again or the game ends), with the win reward (``reward="win"``).
3. **Measurement.** Every ``--eval-every`` steps the deterministic policy, seated through
   ``grimoire.bots.from_policy``, plays ``--eval-games`` ``play_game`` games against the
   heuristic and as many against random bots (seeds ``EVAL_SEED + i``, seat ``i % players``):
   the curve. At the end the saved model is loaded again (``MaskablePPO.load``) and plays
   ``--final-games`` games against each through ``from_policy`` on seeds ``FINAL_SEED + i``,
   used by nothing else (not training, not the curve, not any choice of model or setting);
   win rates with Wilson 95% intervals. A shared win counts as the share.

CPU, one torch thread, seeded: the same command gives the same curve and the same figures.
"""

from __future__ import annotations

import argparse
import copy
import csv
import json
import os
import random
import sys
import time
from dataclasses import asdict, dataclass, field
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

import grimoire
from grimoire.bots import from_policy, make_bot
from grimoire.core.bot import Bot
from grimoire.core.state import State
from grimoire.envs import common
from grimoire.envs import pettingzoo as gz
from grimoire.envs.observation import encoder_for
from grimoire.sim import play_game
from grimoire.sim.stats import wilson

# Seeds. Training (the league's environments, the imitation games) uses seeds below
# EVAL_SEED only; the curve's games start at EVAL_SEED and the final measurement's at
# FINAL_SEED, which nothing else ever plays.
EVAL_SEED = 1_000_000
FINAL_SEED = 2_000_000
BC_SEED = 500_000  # the imitation games: BC_SEED + run seed * 10_000 + i


@dataclass(frozen=True)
class Setup:
    """A game and how long to train on it."""

    game: str
    players: int
    steps: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.game}-{self.players}p"


SETUPS = {
    "fatal": Setup("fatal", 3, 150_000),
    "ciub": Setup("ciub", 2, 200_000, {"length": "short"}),
}


def make_game(setup: Setup) -> Any:
    return grimoire.make(setup.game, setup.players, **setup.options)


# ----------------------------------------------------------------------------- imitation
class Recorder(Bot):
    """A bot that plays as ``bot`` and records what a policy in its place would have seen."""

    def __init__(self, bot: Bot, sink: list[tuple[Any, ...]]) -> None:
        super().__init__(0)
        self.bot, self.sink, self.name = bot, sink, bot.name
        self._encoder: Any = None

    def choose(self, state: State, seat: int | None = None) -> int:
        (me,) = state.seats_to_act() if seat is None else (seat,)
        action = self.bot.choose(state, me)
        if self._encoder is None:
            self._encoder = encoder_for(state.game)
        mask = common.progress_mask(state, me)
        if mask[action]:  # a back-out (which the mask leaves out) teaches nothing
            observation = self._encoder.observe(state, me).astype(np.float16)
            self.sink.append((observation, np.packbits(mask), action, me))
        return action


def imitation_data(
    setup: Setup, games: int, seed: int, gamma: float, reward: str, scale: float
) -> dict[str, np.ndarray]:
    """``games`` heuristic games recorded at every seat: observations, masks, actions, value
    targets (each seat's end reward, discounted by its later decisions)."""
    game = make_game(setup)
    n = setup.players
    rows: list[tuple[Any, ...]] = []
    returns: list[float] = []
    for index in range(games):
        start = len(rows)
        game_seed = BC_SEED + seed * 10_000 + index
        bots = [Recorder(make_bot("heuristic", game, game_seed * n + s), rows) for s in range(n)]
        result = play_game(game, bots, seed=game_seed, keep_record=False)
        returns.extend(discounted(rows[start:], end_rewards(result, n, reward, scale), gamma))
    return stack(rows, returns, game.num_actions)


class Apprentice(Bot):
    """DAgger: the policy plays (its argmax), the expert labels every position it meets."""

    def __init__(self, model: MaskablePPO, expert: Bot, sink: list[tuple[Any, ...]]) -> None:
        super().__init__(0)
        self.player = from_policy(model, name="apprentice")
        self.expert, self.sink, self.name = expert, sink, "apprentice"
        self._encoder: Any = None

    def choose(self, state: State, seat: int | None = None) -> int:
        (me,) = state.seats_to_act() if seat is None else (seat,)
        label = self.expert.choose(state, me)
        if self._encoder is None:
            self._encoder = encoder_for(state.game)
        mask = common.progress_mask(state, me)
        if mask[label]:
            observation = self._encoder.observe(state, me).astype(np.float16)
            self.sink.append((observation, np.packbits(mask), label, me))
        return self.player.choose(state, me)


def dagger_data(
    setup: Setup,
    model: MaskablePPO,
    games: int,
    seed: int,
    gamma: float,
    round_: int,
    reward: str,
    scale: float,
) -> tuple[dict[str, np.ndarray], float]:
    """The policy at one seat (rotated) against heuristics, labelled by a heuristic of its
    own seat (asked on the same ``for_seat`` copy); returns the data and its win share."""
    game = make_game(setup)
    n = setup.players
    rows: list[tuple[Any, ...]] = []
    returns: list[float] = []
    wins = 0.0
    for index in range(games):
        start = len(rows)
        game_seed = BC_SEED + seed * 10_000 + 2_000 * (round_ + 1) + index
        bots = [make_bot("heuristic", game, game_seed * n + s) for s in range(n)]
        seat = index % n
        bots[seat] = Apprentice(model, make_bot("heuristic", game, game_seed * n + n), rows)
        result = play_game(game, bots, seed=game_seed, keep_record=False)
        returns.extend(discounted(rows[start:], end_rewards(result, n, reward, scale), gamma))
        wins += 1.0 / len(result.winners) if seat in result.winners else 0.0
    return stack(rows, returns, game.num_actions), wins / games


def discounted(rows: list[tuple[Any, ...]], reward: list[float], gamma: float) -> list[float]:
    """Each recorded decision's value target: its seat's end reward, discounted by the
    decisions that seat still made after it."""
    later = [0] * len(reward)
    values = [0.0] * len(rows)
    for k in range(len(rows) - 1, -1, -1):
        seat = rows[k][3]
        values[k] = reward[seat] * gamma ** later[seat]
        later[seat] += 1
    return values


def stack(rows: list[tuple[Any, ...]], returns: list[float], actions: int) -> dict[str, Any]:
    return {
        "observations": np.stack([row[0] for row in rows]),
        "masks": np.stack([row[1] for row in rows]),
        "actions": np.array([row[2] for row in rows], dtype=np.int64),
        "returns": np.array(returns, dtype=np.float32),
        "num_actions": actions,
    }


def merge(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    return {
        key: value if key == "num_actions" else np.concatenate([value, second[key]])
        for key, value in first.items()
    }


def end_rewards(result: Any, n: int, reward: str, scale: float) -> list[float]:
    """What the league environment pays each seat of a finished game (``--reward``)."""
    if reward == "margin":
        scores = result.scores
        return [
            scale * (scores[s] - max(x for t, x in enumerate(scores) if t != s)) for s in range(n)
        ]
    return win_rewards(result.winners, n)


def win_rewards(winners: list[int], n: int) -> list[float]:
    """The environments' ``reward="win"``: a sole winner +1, a loser -1/(n-1), shares split."""
    if not winners:
        return [0.0] * n
    share = 1.0 / len(winners)
    return [(n * share - 1) / (n - 1) if s in winners else -1.0 / (n - 1) for s in range(n)]


def clone_behaviour(
    model: MaskablePPO, data: dict[str, Any], epochs: int, seed: int, weight_decay: float
) -> list[dict[str, float]]:
    """Fit the policy network to the recorded actions (cross-entropy over the legal actions)
    and the value network to the value targets; 5% of the decisions (drawn with ``seed``) are
    held out to report how often the policy's argmax agrees with the heuristic at a real
    choice (two legal actions or more) it was not fitted on."""
    policy = model.policy
    optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-3, weight_decay=weight_decay)
    actions = data["num_actions"]
    generator = np.random.default_rng(seed)
    order = generator.permutation(len(data["actions"]))
    held = order[: len(order) // 20]
    train = order[len(order) // 20 :]
    log: list[dict[str, float]] = []

    def batch_of(index: np.ndarray) -> tuple[Any, np.ndarray, Any, Any]:
        observations = torch.as_tensor(data["observations"][index].astype(np.float32))
        masks = np.unpackbits(data["masks"][index], axis=1, count=actions).astype(bool)
        target = torch.as_tensor(data["actions"][index])
        returns = torch.as_tensor(data["returns"][index])
        return observations, masks, target, returns

    for epoch in range(epochs):
        policy.set_training_mode(True)
        generator.shuffle(train)
        total = value_total = 0.0
        for start in range(0, len(train), 256):
            observations, masks, target, returns = batch_of(train[start : start + 256])
            values, log_prob, _ = policy.evaluate_actions(observations, target, action_masks=masks)
            value_loss = torch.nn.functional.mse_loss(values.flatten(), returns)
            loss = -log_prob.mean() + 0.5 * value_loss
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
            total += float(-log_prob.detach().sum())
            value_total += float(value_loss.detach()) * len(target)
        policy.set_training_mode(False)
        agree = choices = 0
        with torch.no_grad():
            for start in range(0, len(held), 1024):
                observations, masks, target, _returns = batch_of(held[start : start + 1024])
                distribution = policy.get_distribution(observations, action_masks=masks)
                chosen = distribution.distribution.probs.argmax(dim=1)
                real = torch.as_tensor(masks.sum(axis=1) > 1)
                agree += int(((chosen == target) & real).sum())
                choices += int(real.sum())
        row = {
            "epoch": epoch + 1,
            "nll": total / len(train),
            "value_mse": value_total / len(train),
            "held_out_agreement": agree / max(1, choices),
        }
        log.append(row)
        print(
            f"  imitation epoch {epoch + 1}: nll {row['nll']:.3f}, value mse "
            f"{row['value_mse']:.3f}; at held-out choices the policy agrees with the "
            f"heuristic {row['held_out_agreement']:.3f}",
            flush=True,
        )
    return log


# ----------------------------------------------------------------------------- the league
class League:
    """The opponents' pool: frozen snapshots of the learner and the game's heuristic bot."""

    def __init__(self, heuristic_share: float, size: int) -> None:
        self.heuristic_share = heuristic_share
        self.size = size
        self.snapshots: list[tuple[int, Any]] = []  # (steps when frozen, policy)
        self.added = 0
        self.results: dict[str, list[float]] = {}  # member -> the learner's win shares

    def add(self, policy: Any, steps: int) -> None:
        self.snapshots.append((steps, Frozen(policy)))
        self.snapshots = self.snapshots[-self.size :]
        self.added += 1

    def draw(self, rng: np.random.Generator) -> tuple[str, Any]:
        if not self.snapshots or rng.random() < self.heuristic_share:
            return "heuristic", None
        steps, policy = self.snapshots[int(rng.integers(len(self.snapshots)))]
        return f"snapshot@{steps}", policy

    def record(self, member: str, share: float) -> None:
        self.results.setdefault(member, []).append(share)


class Frozen:
    """A snapshot of the learner's acting network (features, policy layers, action head):
    samples from its masked softmax with the league environment's generator."""

    def __init__(self, policy: Any) -> None:
        self.net = torch.nn.Sequential(
            copy.deepcopy(policy.features_extractor),
            copy.deepcopy(policy.mlp_extractor.policy_net),
            copy.deepcopy(policy.action_net),
        ).eval()
        for parameter in self.net.parameters():
            parameter.requires_grad_(False)

    def act(self, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
        with torch.no_grad():
            logits = self.net(torch.as_tensor(observation[None])).numpy()[0].astype(np.float64)
        legal = np.flatnonzero(mask)
        weights = np.exp(logits[legal] - logits[legal].max())
        return int(legal[rng.choice(len(legal), p=weights / weights.sum())])


class LeagueEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of the PettingZoo AEC game for the learner; the league plays the others."""

    def __init__(
        self, setup: Setup, league: League, reward: str = "win", scale: float = 1.0
    ) -> None:
        self.setup, self.league, self.scale = setup, league, scale
        self.aec = gz.raw_env(
            setup.game, setup.players, observation="box", reward=reward, **setup.options
        )
        self.observation_space = self.aec.observation_space("player_0")
        self.action_space = self.aec.action_space("player_0")
        self.learner = "player_0"
        self.members: dict[str, tuple[str, Any]] = {}
        self._bot_rng = random.Random(0)
        self._snapshot_rng = np.random.default_rng(0)
        self._mask = np.ones(self.action_space.n, dtype=bool)
        self.episodes = 0

    def action_masks(self) -> np.ndarray:
        return self._mask

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        agents = self.aec.possible_agents
        self.learner = agents[int(rng.integers(len(agents)))]
        self.members = {}
        game = self.aec.game
        for agent in agents:
            if agent != self.learner:
                name, policy = self.league.draw(rng)
                if policy is None:
                    policy = make_bot("heuristic", game, int(rng.integers(2**62)))
                self.members[agent] = (name, policy)
        self._bot_rng = random.Random(int(rng.integers(2**62)))
        self._snapshot_rng = np.random.default_rng(int(rng.integers(2**62)))
        self.aec.reset(seed=int(rng.integers(EVAL_SEED)))
        observation, _reward, done, info = self._advance()
        assert not done, "the game ended before the learner's first decision"
        return observation, info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.aec.step(int(action))
        observation, reward, done, info = self._advance()
        truncated = done and bool(self.aec.truncations.get(self.learner, False))
        if done:
            self.episodes += 1
            state = self.aec.game_state
            winners = sorted(state.winners()) if state is not None else []
            seat = agents_seat(self.learner)
            share = 1.0 / len(winners) if seat in winners else 0.0
            for name, _policy in self.members.values():
                self.league.record(name, share)
            info = {**info, "win_share": share}
        reward *= self.scale
        return observation, reward, done and not truncated, truncated, info

    def _advance(self) -> tuple[np.ndarray, float, bool, dict[str, Any]]:
        """Play the league's seats until the learner is to act or its game is over."""
        aec = self.aec
        while True:
            agent = aec.agent_selection
            observation, reward, termination, truncation, info = aec.last()
            if agent == self.learner:
                if termination or truncation:
                    self._mask = np.ones(self.action_space.n, dtype=bool)
                    return observation, float(reward), True, info
                self._mask = info["action_mask"].astype(bool)
                return observation, float(reward), False, info
            if termination or truncation:
                aec.step(None)
                continue
            _name, member = self.members[agent]
            seat = agents_seat(agent)
            if isinstance(member, Bot):  # the heuristic: on the state made for its seat
                state = aec.game_state.for_seat(seat, self._bot_rng)
                action = member.choose(state, seat)
            else:  # a snapshot samples from its own masked policy
                mask = info["action_mask"].astype(bool)
                action = member.act(observation, mask, self._snapshot_rng)
            aec.step(int(action))


def agents_seat(agent: str) -> int:
    return int(agent.rsplit("_", 1)[1])


# ----------------------------------------------------------------------------- measuring
def match(game: Any, policy: Any, opponents: str, games: int, first_seed: int) -> dict[str, float]:
    """``policy`` seated through ``from_policy`` in ``games`` ``play_game`` games against
    ``opponents`` bots at every other seat (game ``i``: seed ``first_seed + i``, the policy at
    seat ``i % players``)."""
    n = game.players
    wins = margins = 0.0
    for index in range(games):
        seed = first_seed + index
        seat = index % n
        bots = [make_bot(opponents, game, seed * n + s) for s in range(n)]
        bots[seat] = from_policy(policy, name="selfplay")
        result = play_game(game, bots, seed=seed, keep_record=False)
        if seat in result.winners:
            wins += 1.0 / len(result.winners)
        others = [score for s, score in enumerate(result.scores) if s != seat]
        margins += result.scores[seat] - max(others)
    low, high = wilson(wins, games) or [0.0, 1.0]
    return {
        "games": games,
        "win_rate": wins / games,
        "win_low": low,
        "win_high": high,
        "mean_margin": margins / games,
    }


class Curve(BaseCallback):
    """At every rollout start: a snapshot into the league every ``snapshot_every`` steps, and
    a curve point every ``eval_every`` steps (and at step 0)."""

    def __init__(
        self, setup: Setup, league: League, args: argparse.Namespace, env: LeagueEnv
    ) -> None:
        super().__init__()
        self.setup, self.league, self.args, self.env = setup, league, args, env
        self.game = make_game(setup)
        self.rows: list[dict[str, float]] = []
        self.next_eval = 0
        self.next_snapshot = args.snapshot_every
        self.eval_cpu = 0.0
        self.started = time.process_time()
        self.seen = 0  # league results already counted in a curve row

    def point(self) -> None:
        start = time.process_time()
        games = self.args.eval_games
        heuristic = match(self.game, self.model, "heuristic", games, EVAL_SEED)
        rand = match(self.game, self.model, "random", games, EVAL_SEED)
        self.eval_cpu += time.process_time() - start
        train_cpu = time.process_time() - self.started - self.eval_cpu
        shares = self.league.results.get("heuristic", [])
        recent = shares[self.seen :]
        self.seen = len(shares)
        row = {
            "steps": self.num_timesteps,
            "train_cpu_s": round(train_cpu, 1),
            "pool": len(self.league.snapshots),
            "episodes": self.env.episodes,
            "train_vs_heuristic": round(float(np.mean(recent)), 4) if recent else float("nan"),
            **{f"heuristic_{k}": v for k, v in heuristic.items() if k != "games"},
            **{f"random_{k}": v for k, v in rand.items() if k != "games"},
        }
        self.rows.append(row)
        print(
            f"  {self.num_timesteps:>7} steps  vs heuristic {heuristic['win_rate']:.3f} "
            f"[{heuristic['win_low']:.2f}, {heuristic['win_high']:.2f}]  vs random "
            f"{rand['win_rate']:.3f}  pool {row['pool']}  training vs heuristic "
            f"{row['train_vs_heuristic']:.3f}  ({train_cpu / 60:.1f} CPU min training)",
            flush=True,
        )
        self.next_eval += self.args.eval_every

    def _on_training_start(self) -> None:
        self.point()

    def _on_rollout_start(self) -> None:
        if self.num_timesteps >= self.next_snapshot:
            self.league.add(self.model.policy, self.num_timesteps)
            self.next_snapshot += self.args.snapshot_every
        if self.num_timesteps >= self.next_eval:
            self.point()

    def _on_step(self) -> bool:
        return True


# ----------------------------------------------------------------------------- a run
def run(setup: Setup, args: argparse.Namespace) -> dict[str, Any]:
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    out, models = Path(args.out), Path(args.models)
    out.mkdir(parents=True, exist_ok=True)
    models.mkdir(parents=True, exist_ok=True)
    name = setup.name
    print(f"{name}: {setup.steps} league steps after {args.bc_games} imitation games", flush=True)
    started, wall = time.process_time(), time.monotonic()
    league = League(args.heuristic_share, args.pool_size)
    env = LeagueEnv(setup, league, args.reward, args.reward_scale)
    width = args.width
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.n_epochs,
        gamma=args.gamma,
        gae_lambda=args.gae_lambda,
        ent_coef=args.ent_coef,
        learning_rate=args.learning_rate,
        clip_range=args.clip_range,
        policy_kwargs={"net_arch": {"pi": [width, width], "vf": [width, width]}},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    imitation: list[dict[str, float]] = []
    bc_cpu = 0.0
    if args.bc_games:
        data = imitation_data(
            setup, args.bc_games, args.seed, args.gamma, args.reward, args.reward_scale
        )
        print(f"  {len(data['actions'])} recorded decisions", flush=True)
        imitation = clone_behaviour(model, data, args.bc_epochs, args.seed, args.weight_decay)
        for round_ in range(args.dagger_rounds):
            more, share = dagger_data(
                setup,
                model,
                args.dagger_games,
                args.seed,
                args.gamma,
                round_,
                args.reward,
                args.reward_scale,
            )
            print(
                f"  DAgger round {round_ + 1}: the policy won {share:.3f} of its "
                f"{args.dagger_games} games vs the heuristic; {len(more['actions'])} labels",
                flush=True,
            )
            data = merge(data, more)
            log = clone_behaviour(
                model, data, args.dagger_epochs, args.seed + round_ + 1, args.weight_decay
            )
            imitation.extend(
                {**row, "dagger_round": round_ + 1, "dagger_share": share} for row in log
            )
        del data
        bc_cpu = time.process_time() - started
        bc_path = models / f"{name}-imitation.zip"
        model.save(bc_path)
    league.add(model.policy, 0)  # the starting policy is the pool's first snapshot
    curve = Curve(setup, league, args, env)
    model.learn(total_timesteps=setup.steps, callback=curve)
    if curve.rows[-1]["steps"] < model.num_timesteps:
        curve.point()
    train_cpu = time.process_time() - started - curve.eval_cpu
    model_path = models / f"{name}.zip"
    model.save(model_path)
    with open(out / f"{name}.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(curve.rows[0]))
        writer.writeheader()
        writer.writerows(curve.rows)

    final = final_measurement(setup, model_path, args.final_games)
    reference = {}
    if args.bc_games and args.final_reference:
        reference = final_measurement(setup, bc_path, args.final_games)
    summary = {
        "setup": {**asdict(setup), "name": name},
        "command": " ".join(["examples/selfplay_league.py", *sys.argv[1:]]),
        "settings": {k: v for k, v in vars(args).items() if k not in ("setup", "report")},
        "steps": int(model.num_timesteps),
        "imitation": imitation,
        "pool_added": league.added,
        "pool_final": [steps for steps, _ in league.snapshots],
        "league_games": {k: len(v) for k, v in league.results.items()},
        "imitation_cpu_min": round(bc_cpu / 60, 2),
        "train_cpu_min": round(train_cpu / 60, 2),  # the imitation included
        "total_cpu_min": round((time.process_time() - started) / 60, 2),
        "wall_min": round((time.monotonic() - wall) / 60, 2),
        "final": final,
        "imitation_only": reference,
        "torch": torch.__version__,
    }
    (out / f"{name}.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps(final, indent=1))
    if reference:
        print("imitation alone:", json.dumps(reference, indent=1))
    print(f"  {summary['train_cpu_min']} CPU min training, {summary['wall_min']} min wall")
    return summary


def final_measurement(setup: Setup, path: Path, games: int) -> dict[str, Any]:
    """The saved model, loaded and seated through ``from_policy``, on the held-out games."""
    model = MaskablePPO.load(path, device="cpu")
    game = make_game(setup)
    start = time.process_time()
    results = {
        kind: match(game, model, kind, games, FINAL_SEED) for kind in ("heuristic", "random")
    }
    print(f"  final measurement of {path.name}: {(time.process_time() - start) / 60:.1f} CPU min")
    return {"model": str(path), "fair_share": 1.0 / setup.players, **results}


# ----------------------------------------------------------------------------- report
def report(out: Path) -> None:
    """A table of every run in ``out`` and each run's curve, ``out/<name>.png``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    print(
        "| game | players | league steps | CPU min (imitation / league / all) "
        "| vs heuristic (95%) | vs random (95%) | imitation alone vs heuristic | games |"
    )
    print("| --- | --- | ---: | --- | --- | --- | --- | ---: |")

    def rate(result: dict[str, float]) -> str:
        return f"{result['win_rate']:.3f} [{result['win_low']:.3f}, {result['win_high']:.3f}]"

    for path in sorted(out.glob("*.json")):
        summary = json.loads(path.read_text())
        setup, final = summary["setup"], summary["final"]
        only = summary.get("imitation_only") or {}
        print(
            f"| {setup['game']} | {setup['players']} | {summary['steps']:,} "
            f"| {summary['imitation_cpu_min']:.1f} / "
            f"{summary['train_cpu_min'] - summary['imitation_cpu_min']:.1f} / "
            f"{summary['total_cpu_min']:.1f} | {rate(final['heuristic'])} "
            f"| {rate(final['random'])} "
            f"| {rate(only['heuristic']) if only else '-'} | {final['heuristic']['games']} |"
        )
        with open(out / f"{setup['name']}.csv") as handle:
            rows = [{k: float(v) for k, v in row.items()} for row in csv.DictReader(handle)]
        steps = [row["steps"] for row in rows]
        figure, axis = plt.subplots(figsize=(6, 3.5), dpi=80)
        for kind, colour in (("heuristic", "tab:red"), ("random", "tab:blue")):
            axis.fill_between(
                steps,
                [row[f"{kind}_win_low"] for row in rows],
                [row[f"{kind}_win_high"] for row in rows],
                alpha=0.2,
                color=colour,
            )
            axis.plot(
                steps,
                [row[f"{kind}_win_rate"] for row in rows],
                marker="o",
                color=colour,
                label=f"vs {kind} bots",
            )
        axis.axhline(1 / setup["players"], color="grey", linestyle=":", label="fair share")
        axis.set_ylim(0, 1)
        axis.set_xlabel("league steps (after the imitation warm start)")
        axis.set_ylabel("win rate (95% Wilson band)")
        axis.set_title(
            f"{setup['game']}, {setup['players']} players: self-play league "
            f"({summary['settings']['eval_games']} games a point)",
            fontsize=9,
        )
        axis.legend(fontsize=8, loc="center right")
        figure.tight_layout()
        figure.savefig(out / f"{setup['name']}.png")
        plt.close(figure)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--setup", choices=sorted(SETUPS), help="a named setup")
    parser.add_argument("--game", help="any game (instead of --setup)")
    parser.add_argument("--players", type=int)
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument("--steps", type=int, help="league (PPO) steps; default: the setup's")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bc-games", type=int, default=1500, help="imitation games; 0: none")
    parser.add_argument("--bc-epochs", type=int, default=8)
    parser.add_argument("--weight-decay", type=float, default=1e-4, help="imitation (AdamW)")
    parser.add_argument(
        "--dagger-rounds",
        type=int,
        default=0,
        help="DAgger rounds after cloning: the policy plays, the heuristic labels",
    )
    parser.add_argument("--dagger-games", type=int, default=200)
    parser.add_argument("--dagger-epochs", type=int, default=3)
    parser.add_argument(
        "--heuristic-share",
        type=float,
        default=0.6,
        help="chance that a seat's league member is the heuristic bot",
    )
    parser.add_argument(
        "--reward",
        choices=["win", "margin"],
        default="win",
        help="the learner's end reward: win (+1, -1/(n-1)) or margin (own - best other score)",
    )
    parser.add_argument("--reward-scale", type=float, default=1.0, help="rewards times this")
    parser.add_argument("--pool-size", type=int, default=8, help="snapshots kept")
    parser.add_argument("--snapshot-every", type=int, default=10_000)
    parser.add_argument("--eval-every", type=int, default=25_000)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--final-games", type=int, default=600)
    parser.add_argument(
        "--final-reference",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also measure the imitation-only model",
    )
    parser.add_argument("--width", type=int, default=256, help="hidden units, two layers")
    parser.add_argument("--n-steps", type=int, default=2048, help="PPO rollout length")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--n-epochs", type=int, default=4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--ent-coef", type=float, default=0.003)
    parser.add_argument("--learning-rate", type=float, default=1e-4)
    parser.add_argument("--clip-range", type=float, default=0.1)
    parser.add_argument("--out", default="bench/results/selfplay", help="CSV, JSON, PNG")
    parser.add_argument("--models", default="build/selfplay", help="saved models (.zip)")
    parser.add_argument("--report", action="store_true", help="table + curves from --out")
    args = parser.parse_args(argv)
    if args.report:
        report(Path(args.out))
        return
    if args.setup:
        base = SETUPS[args.setup]
        setup = Setup(base.game, base.players, args.steps or base.steps, base.options)
    elif args.game:
        options = {k: json_value(v) for k, v in (o.split("=", 1) for o in args.option)}
        players = args.players or grimoire.make(args.game).players
        setup = Setup(args.game, players, args.steps or 100_000, options)
    else:
        parser.error("give --setup or --game (or --report)")
    run(setup, args)


def json_value(text: str) -> Any:
    """``15`` is a number and ``true`` a flag, anything else the string itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


if __name__ == "__main__":
    main()
