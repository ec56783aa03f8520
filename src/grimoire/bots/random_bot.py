"""Uniformly random legal actions: the baseline every other bot must beat."""

from __future__ import annotations

from grimoire.core.bot import Bot
from grimoire.core.state import State


class RandomBot(Bot):
    name = "random"
    reads_position = False  # only the legal actions: needs no for_seat copy (core.bot)

    def choose(self, state: State, seat: int | None = None) -> int:
        return self.rng.choice(state.legal_actions(seat))
