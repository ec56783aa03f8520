"""Any callable policy as a grimoire ``Bot``: a trained agent at a table, in a simulation or
in a study.

    from grimoire.bots import from_policy
    bot = from_policy(model)                    # an sb3-contrib MaskablePPO model, say
    bot = from_policy(lambda observation, mask: int(mask.nonzero()[0][0]))

The bot is given what every bot is given, ``state.for_seat(seat)``, and hands the policy only
its seat's observation (``observe(state, seat)``) and mask (``mask(state, seat)``), never the
state. By default both are the RL environments' own, which ``grimoire.envs`` registers when
imported (the bots layer does not import it, a layer above: import it, or pass ``observe`` and
``mask``): the game's observation encoder, and the Gymnasium mask of ``progress_actions``, a
boolean numpy vector, so a policy trained on ``grimoire/<Game>-v1`` or the PettingZoo env sees
here exactly what it saw in training. A policy is either an object with ``predict(observation,
action_masks=mask, deterministic=...)`` (Stable-Baselines3 and sb3-contrib models; its
``(action, state)`` answer is read) or a callable ``policy(observation, mask)`` returning an
action id (or a tuple whose first item is one).

To use a policy by name (``grimoire simulate --bots my-agent``, a study's line-ups, the web
lobby), register a factory: ``register_bot("my-agent", lambda game, seed:
from_policy(model))`` in the process, or an entry point in the group ``grimoire.bots``
(``my-agent = "package.module:factory"``) so that other processes (study workers, the web
server) find it too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grimoire.core.bot import Bot
from grimoire.core.game import Game
from grimoire.core.state import State

Observe = Callable[[State, int], Any]
Mask = Callable[[State, int], Any]
Adapter = Callable[[Game], tuple[Observe, Mask]]

_default_adapter: list[Adapter] = []  # set by grimoire.envs (it owns the encoders)


def set_default_adapter(adapter: Adapter) -> None:
    """Install the default ``(observe, mask)`` of a game (``grimoire.envs`` does, on import)."""
    _default_adapter[:] = [adapter]


def legal_mask(state: State, seat: int) -> list[bool]:
    """A plain mask: True on the seat's ``progress_actions`` (the RL environments' choice)."""
    mask = [False] * state.game.num_actions
    for action in state.progress_actions(seat):
        mask[action] = True
    return mask


class PolicyBot(Bot):
    """A policy seated as a bot (see the module doc and ``from_policy``)."""

    def __init__(
        self,
        policy: Any,
        observe: Observe | None = None,
        mask: Mask | None = None,
        *,
        name: str = "policy",
        deterministic: bool = True,
        seed: int | None = None,
    ) -> None:
        super().__init__(seed)
        if not callable(policy) and not callable(getattr(policy, "predict", None)):
            raise TypeError(f"a policy is callable or has predict(), not {policy!r}")
        self.policy = policy
        self.observe = observe
        self.mask = mask
        self.name = name
        self.deterministic = deterministic
        self._game: Game | None = None

    def _adapters(self, game: Game) -> tuple[Observe, Mask]:
        if self.observe is not None and self.mask is not None:
            return self.observe, self.mask
        if self._game is not game:
            if not _default_adapter:
                raise RuntimeError(
                    "from_policy: no observation for this game; import grimoire.envs "
                    "(the rl extra) or pass observe=... and mask=..."
                )
            self._defaults = _default_adapter[0](game)
            self._game = game
        return self.observe or self._defaults[0], self.mask or self._defaults[1]

    def choose(self, state: State, seat: int | None = None) -> int:
        actor = state.seats_to_act() if seat is None else frozenset({seat})
        if len(actor) != 1:
            raise ValueError("several seats act: tell the policy bot which seat it plays")
        (me,) = actor
        observe, mask = self._adapters(state.game)
        observation, legal = observe(state, me), mask(state, me)
        predict = getattr(self.policy, "predict", None)
        if callable(predict):
            answer = predict(observation, action_masks=legal, deterministic=self.deterministic)
        else:
            answer = self.policy(observation, legal)
        if isinstance(answer, tuple):  # SB3's (action, recurrent state)
            answer = answer[0]
        action = int(answer.item() if hasattr(answer, "item") else answer)
        if action not in state.legal_actions(me):
            raise ValueError(
                f"policy {self.name!r} chose {action} at seat {me}, which is not legal now"
            )
        return action


def from_policy(
    policy: Any,
    *,
    observe: Observe | None = None,
    mask: Mask | None = None,
    name: str = "policy",
    deterministic: bool = True,
    seed: int | None = None,
) -> Bot:
    """Seat ``policy`` as a ``Bot``: it is given its seat's observation and mask only (by
    default the RL environments': ``observe(state, seat)``, ``mask(state, seat)``), and its
    answer must be a legal action id. See the module doc for the policies it reads."""
    return PolicyBot(policy, observe, mask, name=name, deterministic=deterministic, seed=seed)
