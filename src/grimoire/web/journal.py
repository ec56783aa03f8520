"""Writing one room's changes to the database. Every write is one transaction; the room swaps
in a change only after its write succeeded, so a failed write changes nothing. Each write names
the game's revision the room was at (``revision``) and fails if another process wrote first."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence

from sqlalchemy.exc import SQLAlchemyError

from grimoire.core.state import CHANCE, State
from grimoire.i18n import N_
from grimoire.web.clock import Clocks
from grimoire.web.cluster.locks import STALE  # a revision no game has: read the room again
from grimoire.web.errors import Conflict, Unavailable
from grimoire.web.history import Event, Line, stored_events
from grimoire.web.host import Host
from grimoire.web.store import RUNNING, Change, Seat, VersionConflict
from grimoire.web.timekeeping import deadline

log = logging.getLogger("grimoire.web")

SNAPSHOT_EVERY = 64  # log entries between snapshots

Entry = tuple[str, int, int, int, list[str] | None]  # kind, actor, action, ply, texts


class Journal:
    """The database side of one room (``game_id``), through its host's writer."""

    def __init__(self, host: Host, game_id: str, snapshot_ply: int, revision: int = 0) -> None:
        self.host = host
        self.game_id = game_id
        self.last_snapshot_ply = snapshot_ply  # the history length of the newest snapshot
        # the game's revision the room holds (one more with each write; STALE after a
        # conflict: the room is read again before its next use)
        self.revision = revision

    def _conflict(self) -> Conflict:
        self.revision = STALE  # another process wrote this game: reload it before next use
        return Conflict(N_("the game was changed elsewhere; reload the page"))

    async def moves(
        self,
        version: int,
        lines: Sequence[Line],
        status: str,
        state: State,
        clocks: Clocks | None,
    ) -> None:
        """Log ``lines``, the last entries of ``state``'s history, at the game's ``version``
        (with a snapshot every ``SNAPSHOT_EVERY`` entries and at the end)."""
        ply = len(state.history) - len(lines)
        entries = [
            (
                "chance" if line.actor == CHANCE else "act",
                line.actor,
                line.action,
                ply + i,
                line.texts,
            )
            for i, line in enumerate(lines)
        ]
        snapshot = None
        if state.is_terminal() or len(state.history) - self.last_snapshot_ply >= SNAPSHOT_EVERY:
            snapshot = (len(state.history), json.dumps(state.to_json()))
        await self._append(version, entries, status, state, snapshot, clocks)
        if snapshot is not None:
            self.last_snapshot_ply = snapshot[0]

    async def undo(
        self, version: int, undone: tuple[int, int], state: State, clocks: Clocks | None
    ) -> None:
        """Log the undo of the history entry ``undone``, back to ``state``."""
        actor, action = undone
        entries: list[Entry] = [("undo", actor, action, len(state.history), None)]
        await self._append(version, entries, RUNNING, state, None, clocks)
        self.last_snapshot_ply = min(self.last_snapshot_ply, len(state.history))

    async def seat(
        self,
        seat: Seat,
        status: str | None,
        clocks: Clocks | None,
        *,
        only_if_free: bool,
        only_if_token: str | None,
        only_if_held: str | None = None,
        events: Sequence[Event] | None = None,
    ) -> bool:
        """Save a seat (and the new ``status``, if any, and the table's notices ``events``, if
        given); False if its condition failed."""
        try:
            done = await self.host.write(
                self.host.store.update_seat,
                self.game_id,
                seat,
                status=status,
                only_if_free=only_if_free,
                only_if_token=only_if_token,
                only_if_held=only_if_held,
                clock=None if clocks is None else clocks.to_json(),
                deadline=deadline(clocks, self.host.now()),
                revision=self.revision,
                events=stored_events(events),
            )
        except VersionConflict as error:
            raise self._conflict() from error
        if done:
            self.revision += 1
        return done

    async def clocks(self, clocks: Clocks, events: Sequence[Event] | None = None) -> None:
        """Save the clocks (and the table's notices ``events``, if given)."""
        try:
            await self.host.write(
                self.host.store.set_clock,
                self.game_id,
                clocks.to_json(),
                deadline(clocks, self.host.now()),
                self.revision,
                stored_events(events),
            )
        except VersionConflict as error:
            raise self._conflict() from error
        except SQLAlchemyError as error:
            self.host.store.outage.met(error, "game %s: could not save its clocks", self.game_id)
            raise Unavailable(N_("the clocks could not be saved; try again")) from error
        self.revision += 1

    async def _append(
        self,
        version: int,
        entries: Sequence[Entry],
        status: str,
        state: State,
        snapshot: tuple[int, str] | None,
        clocks: Clocks | None,
    ) -> None:
        change = Change(
            game_id=self.game_id,
            version=version,
            entries=entries,
            status=status,
            scores=state.scores(),
            winners=state.winners(),
            snapshot=snapshot,
            clock=None if clocks is None else clocks.to_json(),
            deadline=deadline(clocks, self.host.now()),
            revision=self.revision,
        )
        try:
            await self.host.write(self.host.store.append, change)
        except VersionConflict as error:
            raise self._conflict() from error
        except SQLAlchemyError as error:
            self.host.store.outage.met(error, "game %s: could not save a change", self.game_id)
            raise Unavailable(
                N_("the change could not be saved; nothing changed, try again")
            ) from error
        self.revision += 1
