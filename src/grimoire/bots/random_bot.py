"""Uniformly random legal actions: the baseline every other bot must beat."""

from __future__ import annotations

from grimoire.core.bot import Bot
from grimoire.core.state import State


class RandomBot(Bot):
    """Uniformly random legal actions; with ``progress=True`` (``random:progress``) among
    ``State.progress_actions`` only, so it never backs out of its own half-made choices."""

    name = "random"
    reads_position = False  # only the legal actions: needs no for_seat copy (core.bot)

    def __init__(self, seed: int | None = None, *, progress: bool = False) -> None:
        super().__init__(seed)
        self.progress = progress
        if progress:
            self.name = "random:progress"

    def choose(self, state: State, seat: int | None = None) -> int:
        if self.progress:
            return self.rng.choice(state.progress_actions(seat))
        return self.rng.choice(state.legal_actions(seat))
