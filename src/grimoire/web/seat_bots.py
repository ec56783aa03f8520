"""The bots at one table: a bot for each bot seat, and the task that moves them in turn."""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

import anyio.to_thread

from grimoire.bots import RandomBot, make_bot
from grimoire.core.bot import Bot
from grimoire.core.rng import derive_seed
from grimoire.web.catalog import default_level
from grimoire.web.cluster.locks import TableLock
from grimoire.web.errors import Unprocessable
from grimoire.web.host import Host
from grimoire.web.store import RUNNING
from grimoire.web.table import Table

log = logging.getLogger("grimoire.web")


class Played(Table, Protocol):
    """A table the bots play at: its lock, whether its clocks are paused, and its one way to
    play an action (``Room.commit_action``)."""

    lock: TableLock

    @property
    def paused(self) -> bool: ...

    async def commit_action(self, seat: int, action: int) -> None: ...


class SeatBots:
    """The bot seats of one table; ``kick()`` after every change."""

    def __init__(self, table: Played, host: Host) -> None:
        self.table = table
        self.host = host  # its ``bot_delay``: seconds a bot waits before each action
        self._bots: dict[int, Bot] = {}
        self.task: asyncio.Task[None] | None = None

    def idle(self) -> bool:
        """No bot is moving (nor waiting to)."""
        return self.task is None or self.task.done()

    def forget(self, seat: int) -> None:
        """The seat changed hands: a new bot (if any) starts afresh."""
        self._bots.pop(seat, None)

    def kick(self) -> None:
        """Start moving if a bot is to act (after every change)."""
        if self.idle() and self._to_act() is not None:
            self.task = asyncio.get_running_loop().create_task(self._drive())

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def _to_act(self) -> int | None:
        t = self.table
        if t.status != RUNNING or t.paused:
            return None
        for seat in sorted(t.state.seats_to_act()):
            if t.seats[seat].kind == "bot":
                return seat
        return None

    async def _drive(self) -> None:
        delay = self.host.bot_delay
        while True:
            await asyncio.sleep(delay)
            async with self.table.lock:
                seat = self._to_act()
                if seat is None:
                    return
                try:
                    await self._move(seat)
                    delay = self.host.bot_delay
                except Exception as error:  # e.g. the database is briefly unavailable: try again
                    self.host.store.outage.met(
                        error, "game %s: the bot of seat %d could not move", self.table.id, seat
                    )
                    delay = max(1.0, self.host.bot_delay)

    async def _move(self, seat: int) -> None:
        t = self.table
        bot = self._bots.get(seat)
        if bot is None:
            level = t.seats[seat].level or default_level(t.game)
            bot = make_bot(level, t.game, derive_seed(t.seed, f"bot/{seat}"))
            self._bots[seat] = bot
        bot.rng.seed(derive_seed(t.seed, f"bot/{seat}/{t.version}"))
        fallback = RandomBot(derive_seed(t.seed, f"fallback/{t.version}"))
        # A bot is given the state made for its seat, never the true one (nor a clone, which
        # keeps the real seed: the real future draws).
        mine = t.state.for_seat(seat, derive_seed(t.seed, f"for_seat/{seat}/{t.version}"))
        try:
            action = await anyio.to_thread.run_sync(bot.choose, mine, seat)
        except Exception:
            log.exception("game %s: the bot of seat %d failed; it moves at random", t.id, seat)
            action = fallback.choose(mine, seat)
        try:
            await t.commit_action(seat, action)
        except Unprocessable:
            log.exception("game %s: the bot of seat %d chose an illegal action", t.id, seat)
            await t.commit_action(seat, fallback.choose(mine, seat))
