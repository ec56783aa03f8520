"""Gymnasium single-seat environments for every registered game (extra ``rl``).

    import gymnasium, grimoire.envs.gymnasium   # the import registers the ids
    env = gymnasium.make("grimoire/Ciub-v1", players=3, opponents="heuristic", length="short")
    observation, info = env.reset(seed=1)
    observation, reward, terminated, truncated, info = env.step(info["action_mask"].argmax())

Ids are ``grimoire/<Game>-v1`` (``grimoire/Ciub-v1``, ``grimoire/FiveSeals-v1``, one per
registered game; ``gymnasium.make("grimoire.envs.gymnasium:grimoire/Ciub-v1")`` imports and
makes in one go). The version is ``common.ENV_VERSION``; an older id such as
``grimoire/Ciub-v0`` is refused by Gymnasium's own check (``DeprecatedEnv``: "Environment
version v0 for `grimoire/Ciub` is deprecated. Please use `grimoire/Ciub-v1` instead.").

The learner plays ``seat`` (``"random"``, the default: a seat drawn at every reset from the
generator ``reset(seed=...)`` seeds; or a seat number); the other seats are played by bots
(``opponents``: a bot kind for all, or one per seat or per other seat, e.g. ``["heuristic",
"random"]``: any name ``grimoire.bots.make_bot`` reads, or ``Bot`` objects such as a trained
policy wrapped by ``grimoire.bots.from_policy``), each asked on ``state.for_seat(seat)``, never
on the true state.

The observation is the ``float32`` encoding of ``state.view(seat)`` (docs/rl.md), a ``Box``
(``observation="box"``, the default) or PettingZoo's ``Dict`` of it and the mask
(``observation="dict"``); the action is an action id of the game (``action_to_string``
names it). ``action_masks()`` (for masked algorithms such as sb3-contrib's MaskablePPO) and
``info["action_mask"]`` give the legal actions; once the episode is over they allow every
action (under Gymnasium's autoreset the next step only resets and ignores it, and a masked
sampler needs one allowed action). An illegal action ends the episode with
``illegal_reward`` (-1) and ``info["illegal_action"]``.

Episodes end (``terminated``) when the game does, and are cut (``truncated``, no end reward)
after ``max_episode_steps`` learner steps (default ``"auto"``: ``common.episode_bound``, a
margin over the longest measured random game), after ``max_turn_steps`` learner decisions in a
row with no chance and no other seat between them (the per-turn bound, default ``"auto"``:
``common.turn_bound``), or when the engine's ``decision_limit`` safeguard ends the game;
``info["truncated_by"]`` names which. Rewards: ``reward="win"``, ``"share"`` or ``"margin"``
at the end, ``"score"`` at every step (``common.REWARD_HELP``). At a simultaneous decision the bots
submit first (their choices stay hidden), then the learner.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import grimoire
from grimoire.bots import make_bot
from grimoire.core.bot import Bot
from grimoire.core.errors import IllegalAction
from grimoire.core.game import Game
from grimoire.core.state import State
from grimoire.envs import common
from grimoire.envs.observation import BOUND, encoder_for


class GrimoireEnv(gymnasium.Env[Any, np.int64]):
    """One seat of a grimoire game against bots (see the module doc)."""

    # every mode any game may offer; an instance lists its own (rgb_array needs a picture)
    metadata: dict[str, Any] = {  # noqa: RUF012 - an instance replaces it
        "render_modes": ["ansi", "human", "rgb_array"],
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        seat: int | str = "random",
        opponents: str | Bot | Sequence[str | Bot] = "random",
        reward: str = "win",
        illegal_reward: float = -1.0,
        max_episode_steps: int | str | None = "auto",
        max_turn_steps: int | str | None = "auto",
        observation: str = "box",
        render_mode: str | None = None,
        render_width: int = 800,
        **options: Any,
    ) -> None:
        self.game: Game = common.make_game(game, players, options)
        n = self.game.players
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', not {seat!r}")
        self.seat_option = seat
        kinds: list[str | Bot] = (
            [opponents] * n if isinstance(opponents, str | Bot) else list(opponents)
        )
        if len(kinds) not in (n, n - 1):
            raise ValueError(
                f"opponents: one bot kind, one per seat ({n}) or one per other seat ({n - 1})"
            )
        for kind in kinds:
            if not isinstance(kind, Bot):
                make_bot(kind, self.game, 0)  # unknown kinds fail here, not at reset
        self.opponent_kinds = kinds
        self.reward = common.check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        self.render_width = render_width
        modes = ["ansi", "human"] + (["rgb_array"] if common.rgb_available(self.game) else [])
        self.metadata = {"render_modes": modes, "render_fps": 1}
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {modes}, not {render_mode!r}")
        self.render_mode = render_mode
        self.observation_mode = common.check_observation(observation)
        self.max_episode_steps = common.steps_bound(self.game, max_episode_steps)
        self.max_turn_steps = common.turn_steps_bound(self.game, max_turn_steps)
        self._run = common.TurnRun()
        self._encoder = encoder_for(self.game)
        box = gymnasium.spaces.Box(-BOUND, BOUND, (self._encoder.size,), np.float32)
        self.observation_space: gymnasium.spaces.Space[Any] = box
        if observation == "dict":
            mask = gymnasium.spaces.Box(0, 1, (self.game.num_actions,), np.int8)
            self.observation_space = gymnasium.spaces.Dict(
                {"observation": box, "action_mask": mask}
            )
        self.action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self.game_state: State | None = None
        self.seat = seat if isinstance(seat, int) else 0
        self._bots: list[Bot | None] = []
        self._bot_rng = random.Random(0)
        self._last_seat = -1
        self._steps = 0
        self._done = False
        self._score = common.ScoreRewards(n)

    # ----------------------------------------------------------------- the game
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        if self.seat_option == "random":
            self.seat = int(rng.integers(0, self.game.players))
        others = [seat for seat in range(self.game.players) if seat != self.seat]
        kinds = self.opponent_kinds
        if len(kinds) < self.game.players:  # one kind per other seat, in seat order
            kinds = [*kinds[: self.seat], "-", *kinds[self.seat :]]
        self._bots = [None] * self.game.players
        for seat in others:
            kind = kinds[seat]
            seed = int(rng.integers(0, 2**63 - 1))
            self._bots[seat] = kind if isinstance(kind, Bot) else make_bot(kind, self.game, seed)
        self._bot_rng = random.Random(int(rng.integers(0, 2**63 - 1)))
        self.game_state = self.game.new_state(int(rng.integers(0, 2**63 - 1)))
        self._last_seat = -1
        self._steps = 0
        self._run = common.TurnRun()
        self._done = False
        self._score = common.ScoreRewards(self.game.players)
        self._play_bots()
        self._done = self._live_state().is_terminal()  # bots alone may finish a game
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        state = self._live_state()
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        self._run.before(state, self.seat)
        try:
            state.apply(int(action), self.seat)
        except IllegalAction as error:
            self._done = True
            info = self._info()
            info.update(illegal_action=int(action), reason=str(error))
            return self._observation(), self.illegal_reward, True, False, info
        self._run.after(state)
        state.resolve_chance()
        self._last_seat = self.seat
        self._steps += 1
        self._play_bots()
        terminated = truncated = False
        cut_by = ""
        if state.is_terminal():
            # the engine's decision_limit is a cut, not an ending of the rules
            truncated = common.cut_by_engine(state)
            terminated = not truncated
            cut_by = "decision_limit"
        elif self.max_episode_steps is not None and self._steps >= self.max_episode_steps:
            truncated, cut_by = True, "max_episode_steps"
        elif self.max_turn_steps is not None and self._run.length >= self.max_turn_steps:
            truncated, cut_by = True, "max_turn_steps"  # one seat's run with no end in sight
        reward = 0.0
        if self.reward == "score":
            reward = self._score.seat_step(state, self.seat)
        elif terminated:
            reward = common.final_rewards(state, self.reward)[self.seat]
        self._done = terminated or truncated
        info = self._info()
        if truncated:
            info["truncated_by"] = cut_by
        return self._observation(), reward, terminated, truncated, info

    def _play_bots(self) -> None:
        """Let the bots act until the learner's seat must act alone or the game ends."""
        state = self._live_state()
        while not state.is_terminal():
            seats = state.seats_to_act()
            others = seats - {self.seat}
            if not others:
                return
            seat = common.next_seat(others, self._last_seat, self.game.players)
            bot = self._bots[seat]
            assert bot is not None
            mine = state.for_seat(seat, self._bot_rng.getrandbits(63))
            state.apply(bot.choose(mine, seat), seat)
            state.resolve_chance()
            self._last_seat = seat

    def _live_state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return self.game_state

    def _observation(self) -> Any:
        vector = self._encoder.observe(self._live_state(), self.seat)
        if self.observation_mode == "dict":
            return {"observation": vector, "action_mask": self.action_masks().astype(np.int8)}
        return vector

    def _info(self) -> dict[str, Any]:
        state = self._live_state()
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.seat}
        if state.is_terminal():
            info["scores"] = [float(score) for score in state.scores()]
            info["winners"] = list(state.winners())
        return info

    def action_masks(self) -> np.ndarray:
        """Boolean mask of the learner's legal actions now. Once the episode is over every
        action is allowed: under Gymnasium's autoreset the next step resets and ignores its
        action, and a masked sampler needs something to sample (an all-False mask raises)."""
        state = self._live_state()
        if self._done:
            return np.ones(self.game.num_actions, dtype=bool)
        mask = np.zeros(self.game.num_actions, dtype=bool)
        if self.seat in state.seats_to_act():
            mask[state.progress_actions(self.seat)] = True  # no back-outs
        return mask

    def action_to_string(self, action: int | np.integer[Any]) -> str:
        """The text of an action id (``grimoire.envs.actions`` tables every id of a game)."""
        return common.action_text(self.game, self.game_state, action)

    # ----------------------------------------------------------------- rendering
    def render(self) -> str | np.ndarray | None:
        return common.render(
            self.render_mode, self.game, self._live_state(), self.seat, self.render_width
        )

    def close(self) -> None:
        pass


def register(games: Sequence[str] | None = None) -> list[str]:
    """Register ``grimoire/<Game>-v1`` for ``games`` (default: every registered game) with
    Gymnasium; returns the ids. Importing this module registers every game already."""
    ids = []
    for name in grimoire.game_names() if games is None else games:
        env_id = common.gym_id(name)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="grimoire.envs.gymnasium:GrimoireEnv",
                kwargs={"game": name},
                disable_env_checker=False,
            )
        ids.append(env_id)
    return ids


register()
