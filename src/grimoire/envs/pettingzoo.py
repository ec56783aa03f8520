"""PettingZoo AEC environments for every registered game (extra ``rl``).

    from grimoire.envs import pettingzoo as gz
    env = gz.env("ciub", players=3, length="short")   # wrapped; gz.raw_env(...) unwrapped
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else policy(observation)
        env.step(action)

Agents are ``player_0 .. player_{n-1}`` (seat order). An observation is
``{"observation": float32 vector, "action_mask": int8 vector}`` (``observation="dict"``, the
default): the vector encodes what the seat may see only (``grimoire.envs.observation``;
docs/rl.md has the layout) and the mask is 1 on the agent's legal actions when it is to act
(all zeros otherwise). ``observation="box"`` makes the observation the vector alone (a
``Box``, as SuperSuit's wrappers and SB3 want) and puts the mask in ``infos[agent]
["action_mask"]``. ``state()`` (``state_space``) is a global state for centralised critics:
every seat's observation, concatenated; it holds every seat's private information, so it is
for a critic in training only, never an agent's input (the environment gives it to nobody).
Chance is resolved inside the environment from the game's seed, which ``reset(seed)`` draws from the
environment's seeded generator. A multi-step turn selects the same agent again. At a
simultaneous decision the seats submit one at a time (the first seat of the set after the last
one that acted): the environment applies each submission at once, and the engine's views never
show a pending choice to another seat, so a later seat sees only that the earlier one chose.

Rewards: ``reward="win"`` (default) gives at the end a sole winner +1 and each loser
-1/(n-1) (a shared win splits it; zero-sum), ``reward="share"`` a winner's share of the win
(1/len(winners); 0 for a loser), ``reward="margin"`` the seat's true score minus the best
other score, ``reward="score"`` each seat the change in its own score at every step
(``common.REWARD_HELP``). An illegal action ends the game: the agent gets ``illegal_reward``
(-1), the others 0, and its info says ``illegal_action``.

Episodes end (``terminations``) when the game does; they are cut (``truncations``, no end
reward) after ``max_turn_steps`` decisions of one agent in a row with no chance and no other
agent between them (the per-turn bound, default ``"auto"``: ``common.turn_bound``), or after
``max_episode_steps`` agent actions (default ``"auto"``:
``common.episode_bound``, a margin over the longest measured random game; None: no cut) or
when the engine's ``decision_limit`` safeguard ends the game.

Names carry a version (``common.ENV_VERSION``): ``metadata["name"]`` is ``grimoire_ciub_v1``,
and ``grimoire.envs.pettingzoo.grimoire_ciub_v1.env(...)`` works as for PettingZoo's own
environments. An older version (``grimoire_ciub_v0``) is PettingZoo's deprecated module: its
``env()`` raises ``DeprecatedEnv`` naming the current one.
"""

from __future__ import annotations

import functools
from types import SimpleNamespace
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.deprecated_module import DeprecatedModule
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from grimoire.core.errors import IllegalAction
from grimoire.core.game import Game
from grimoire.core.state import State
from grimoire.envs import common
from grimoire.envs.observation import BOUND, encoder_for

Observation = dict[str, np.ndarray] | np.ndarray


class GrimoireAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One grimoire game as a PettingZoo AEC environment (see the module doc)."""

    # every mode any game may offer; an instance lists its own (rgb_array needs a picture)
    metadata: dict[str, Any] = {  # noqa: RUF012 - an instance replaces it
        "render_modes": ["ansi", "human", "rgb_array"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        render_mode: str | None = None,
        reward: str = "win",
        illegal_reward: float = -1.0,
        render_seat: int | None = None,
        render_width: int = 800,
        max_episode_steps: int | str | None = "auto",
        max_turn_steps: int | str | None = "auto",
        observation: str = "dict",
        **options: Any,
    ) -> None:
        super().__init__()
        self._spec = (game, players, dict(options))
        self.game: Game = common.make_game(game, players, options)
        self.observation_mode = common.check_observation(observation)
        self.max_episode_steps = common.steps_bound(self.game, max_episode_steps)
        self.max_turn_steps = common.turn_steps_bound(self.game, max_turn_steps)
        self._run = common.TurnRun()
        self.reward = common.check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        self.render_seat = render_seat
        self.render_width = render_width
        modes = ["ansi", "human"] + (["rgb_array"] if common.rgb_available(self.game) else [])
        self.metadata = {
            "render_modes": modes,
            "name": common.env_name(self.game.name),
            "is_parallelizable": False,
            "render_fps": 1,
        }
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {modes}, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [common.agent_name(seat) for seat in range(self.game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._setup()
        self.agents: list[str] = []
        self.game_state: State | None = None
        self._np_random: np.random.Generator | None = None
        self._last_seat = -1
        self._steps = 0
        self._score = common.ScoreRewards(self.game.players)

    def _setup(self) -> None:
        """What is rebuilt from the game after unpickling: encoder and spaces."""
        self._encoder = encoder_for(self.game)
        num_actions = self.game.num_actions
        size = self._encoder.size
        box = gymnasium.spaces.Box(-BOUND, BOUND, (size,), np.float32)
        mask = gymnasium.spaces.Box(0, 1, (num_actions,), np.int8)
        self.observation_spaces: dict[str, gymnasium.spaces.Space[Any]] = {
            agent: box
            if self.observation_mode == "box"
            else gymnasium.spaces.Dict({"observation": box, "action_mask": mask})
            for agent in self.possible_agents
        }
        players = self.game.players
        self.state_space = gymnasium.spaces.Box(-BOUND, BOUND, (players * size,), np.float32)
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(num_actions) for agent in self.possible_agents
        }

    # ----------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----------------------------------------------------------------- the game
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        self.game_state = self.game.new_state(game_seed)
        self._last_seat = -1
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[0]
        self._steps = 0
        self._run = common.TurnRun()
        self._score = common.ScoreRewards(self.game.players)
        self._after_move()

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live_state()
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ValueError(f"{agent} is to act: an action is an integer id, not {action!r}")
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._run.before(state, seat)
        try:
            state.apply(int(action), seat)
        except IllegalAction as error:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = self.illegal_reward
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal_action": int(action), "reason": str(error)}
            self._masks_in_infos(done=True)
        else:
            self._run.after(state)
            state.resolve_chance()
            self._last_seat = seat
            self._steps += 1
            self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        """Select the next agent, or end (or cut) the game with its rewards."""
        state = self._live_state()
        if self.reward == "score":
            for seat, value in enumerate(self._score.step(state)):
                self.rewards[self.possible_agents[seat]] = value
        if state.is_terminal():
            if common.cut_by_engine(state):  # the engine's safeguard: a cut, not an ending
                self._cut("decision_limit")
                return
            if self.reward != "score":
                for seat, value in enumerate(common.final_rewards(state, self.reward)):
                    self.rewards[self.possible_agents[seat]] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._masks_in_infos(done=True)
            return
        seat = common.next_seat(state.seats_to_act(), self._last_seat, self.game.players)
        self.agent_selection = self.possible_agents[seat]
        if self.max_episode_steps is not None and self._steps >= self.max_episode_steps:
            self._cut("max_episode_steps")
            return
        if self.max_turn_steps is not None and self._run.length >= self.max_turn_steps:
            self._cut("max_turn_steps")  # one seat's decisions in a row, with no end in sight
            return
        self._masks_in_infos(done=False)

    def _cut(self, why: str) -> None:
        self.truncations = dict.fromkeys(self.agents, True)
        for agent in self.agents:
            self.infos[agent]["truncated_by"] = why
        self._masks_in_infos(done=True)

    def _masks_in_infos(self, done: bool) -> None:
        """``observation="box"``: every agent's mask in its info (zeros off-turn and at the
        end: PettingZoo then asks for no action)."""
        if self.observation_mode != "box":
            return
        for agent in self.agents:
            self.infos[agent]["action_mask"] = (
                np.zeros(self.game.num_actions, np.int8) if done else self._mask(agent)
            )

    def _live_state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return self.game_state

    def _mask(self, agent: str) -> np.ndarray:
        state = self._live_state()
        seat = self._seat[agent]
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if seat in state.seats_to_act():
            mask[state.progress_actions(seat)] = 1  # no back-outs
        return mask

    def observe(self, agent: str) -> Observation:
        vector = self._encoder.observe(self._live_state(), self._seat[agent])
        if self.observation_mode == "box":
            return vector
        return {"observation": vector, "action_mask": self._mask(agent)}

    def state(self) -> np.ndarray:
        """A global state for centralised critics: every seat's observation in seat order
        (``state_space``). It holds every seat's private information: the true state as the
        seats see it together. Give it to a critic in training, never to an agent."""
        state = self._live_state()
        return np.concatenate(
            [self._encoder.observe(state, seat) for seat in range(self.game.players)]
        )

    def action_to_string(self, action: int | np.integer[Any], agent: str | None = None) -> str:
        """The text of an action id (``agent`` is accepted for symmetry: an id means the same
        for every seat). ``grimoire.envs.actions`` tables every id of a game."""
        return common.action_text(self.game, self.game_state, action)

    def legal_actions(self, agent: str | None = None) -> list[int]:
        """The legal action ids of ``agent`` (default: the selected one); [] off-turn."""
        state = self._live_state()
        seat = self._seat[agent or self.agent_selection]
        return state.progress_actions(seat) if seat in state.seats_to_act() else []

    # ----------------------------------------------------------------- rendering
    def render(self) -> str | np.ndarray | None:
        return common.render(
            self.render_mode, self.game, self._live_state(), self.render_seat, self.render_width
        )

    def close(self) -> None:
        pass

    # ----------------------------------------------------------------- pickling
    def __getstate__(self) -> dict[str, Any]:
        doc = self.__dict__.copy()
        for derived in ("game", "_encoder", "observation_spaces", "action_spaces", "state_space"):
            doc.pop(derived, None)
        doc["game_state"] = self.game_state.to_json() if self.game_state is not None else None
        return doc

    def __setstate__(self, doc: dict[str, Any]) -> None:
        position = doc.pop("game_state")
        self.__dict__.update(doc)
        name, players, options = self._spec
        self.game = common.make_game(name, players, options)
        self._setup()
        self.game_state = self.game.state_from_json(position) if position is not None else None


def raw_env(game: str, players: int | None = None, **kwargs: Any) -> GrimoireAECEnv:
    """The unwrapped environment of ``game`` (keyword arguments: ``render_mode``, ``reward``,
    ``illegal_reward``, ``render_seat``, ``render_width`` and the game's options)."""
    return GrimoireAECEnv(game, players, **kwargs)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` (the same checks, the same errors) whose
    ``last()``, ``step()`` and ``agent_iter()`` reach the environment directly: the wrapper's
    own read every attribute through two ``__getattr__`` (eight a decision, a sixth of a
    learner's loop on the compiled build)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:  # as the wrapper's agent_selection says before reset()
            raise AttributeError("agent_selection cannot be accessed before reset")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:  # the wrapper's error or warning
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable[str, Any, int]:
        super().agent_iter(max_iter)  # the wrapper's error before reset()
        return _Agents(self, max_iter)


class _Agents(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _NextAgent:
        return _NextAgent(self.env, self.max_iter)


class _NextAgent(AECOrderEnforcingIterator):  # type: ignore[misc]
    """``AECOrderEnforcingIterator`` reading the environment's agents directly."""

    def __next__(self) -> str:
        raw = self.env.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        if not self.env._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        self.env._has_updated = False
        agent: str = raw.agent_selection
        return agent


def env(game: str, players: int | None = None, **kwargs: Any) -> AECEnv[str, Observation, int]:
    """``raw_env`` in PettingZoo's ``OrderEnforcingWrapper`` (reset before anything else; our
    ``OrderEnforcing``, its subclass with a direct learner's loop). ``AssertOutOfBoundsWrapper``
    is left out: the environment itself refuses an action that is not an integer and treats
    any other illegal id, out of range or not, as an illegal action (which ends the game), and
    the wrapper cost a fifth of a step."""
    return OrderEnforcing(raw_env(game, players, **kwargs))


def env_names() -> dict[str, str]:
    """Every registered game's versioned environment name -> game name."""
    import grimoire

    return {common.env_name(name): name for name in grimoire.game_names()}


def __getattr__(name: str) -> SimpleNamespace | DeprecatedModule:
    """``grimoire_ciub_v1`` and the like: a namespace with ``env`` and ``raw_env``; an older
    version of a game's name is PettingZoo's ``DeprecatedModule`` (its ``env()``, ``raw_env()``
    and ``parallel_env()`` raise ``DeprecatedEnv`` naming the current version)."""
    game = env_names().get(name)
    if game is None:
        stem, _, version = name.rpartition("_v")
        old = version.isdigit() and int(version) < common.ENV_VERSION
        if old and name in {common.env_name(game, int(version)) for game in env_names().values()}:
            return DeprecatedModule(stem, int(version), common.ENV_VERSION)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return SimpleNamespace(
        env=functools.partial(env, game),
        raw_env=functools.partial(raw_env, game),
        name=name,
    )
