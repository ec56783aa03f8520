"""The replay: a game after its first ``step`` history entries, as one viewer saw it then, from
states cached every ``REPLAY_EVERY`` entries."""

from __future__ import annotations

from typing import Any

from grimoire.core.game import Game
from grimoire.core.i18n import DEFAULT as ENGLISH
from grimoire.core.i18n import language_scope
from grimoire.core.state import State, actor_to_json
from grimoire.i18n import N_
from grimoire.web import payloads
from grimoire.web.assets import renderer_urls
from grimoire.web.errors import Unprocessable
from grimoire.web.payloads import page_svg
from grimoire.web.summary import seat_doc
from grimoire.web.table import Table

REPLAY_EVERY = 64  # history entries between cached replay states


class Replay:
    """The replay of one game (``game`` played from ``seed``), with its cached states."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self._checkpoints: dict[int, State] = {}  # the state after every REPLAY_EVERY entries

    def payload(
        self, table: Table, viewer: int | None, step: int, lang: str = ENGLISH
    ) -> dict[str, Any]:
        """``table``'s game after its first ``step`` history entries, as ``viewer`` saw it,
        the game's texts (view, drawing, log lines) in ``lang``."""
        with language_scope(lang):
            return self._payload(table, viewer, step, lang)

    def _payload(self, table: Table, viewer: int | None, step: int, lang: str) -> dict[str, Any]:
        total = len(table.lines)
        if not 0 <= step <= total:
            raise Unprocessable(
                N_("step must be in 0..{total}, not {step}"), total=total, step=step
            )
        state = self.state(table.state.history, step)
        first = max(0, step - payloads.LOG_TAIL)
        return {
            "id": table.id,
            "game": self.game.name,
            "title": table.title,
            "viewer": viewer,
            "step": step,
            "steps": total,
            "seats": [seat_doc(seat) for seat in table.seats],
            "view": state.view(viewer),
            "aids": self.game.aids(state, viewer) if self.game.capabilities.aids else {},
            "svg": page_svg(self.game, state, viewer),
            "log": [
                {"n": n, "actor": actor_to_json(line.actor), "text": line.text(viewer, lang)}
                for n, line in enumerate(table.lines[first:step], start=first)
            ],
            **renderer_urls(type(self.game)),
        }

    def state(self, history: list[tuple[int, int]], step: int) -> State:
        """The state after ``history[:step]``, from the nearest cached checkpoint before it.
        (Runs in a worker thread; checkpoints are checked against the history, so an undo that
        shortened it simply makes later ones unusable.)"""
        state: State | None = None
        for at in range(step - step % REPLAY_EVERY, -1, -REPLAY_EVERY):
            checkpoint = self._checkpoints.get(at)
            if checkpoint is not None and checkpoint.history == history[:at]:
                state = checkpoint.clone()
                break
        if state is None:
            state = self.game.new_state(self.seed, resolve_chance=False)
        for actor, action in history[len(state.history) : step]:
            state.apply(action, actor)
            if len(state.history) % REPLAY_EVERY == 0:
                self._checkpoints[len(state.history)] = state.clone()
        return state
