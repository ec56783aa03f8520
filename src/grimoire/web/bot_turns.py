"""Each bot's turn in short, for the page's log (the terminal prints the same line after a bot's
moves: ``cli/play.py``).

A bot's run of decisions (chance between them included) starts with its first action and ends
when it is no longer to act. Its summary, ``Game.turn_summary`` with the change of its score as
the viewer's view shows it, is built once per viewer and language, when a payload for them is
first built after the turn: for the viewers connected, never for a seat nobody watches. The
turns are kept in memory and made again from the log wherever a table is read (a restart, a
process catching up on moves made at another: ``replayed``), so every process tells them alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from grimoire.core.i18n import language_scope
from grimoire.core.state import CHANCE, State
from grimoire.i18n import gettext as _t

KEPT = 30  # bot turns whose summary a payload may show (the page's log shows the newest lines)


@dataclasses.dataclass
class BotTurn:
    """Seat ``seat``'s run of decisions from ``before`` to ``after``; told after ``lines`` log
    lines (the run's last line is ``lines - 1``)."""

    seat: int
    before: State
    after: State
    lines: int
    texts: dict[tuple[int | None, str], str | None] = dataclasses.field(default_factory=dict)

    def text(self, viewer: int | None, lang: str) -> str | None:
        """What the turn was, as ``viewer`` may know it, in ``lang`` (built once, then kept)."""
        key = (viewer, lang)
        if key not in self.texts:
            with language_scope(lang):
                self.texts[key] = self._say(viewer)
        return self.texts[key]

    def _say(self, viewer: int | None) -> str | None:
        game = self.after.game
        parts = [game.turn_summary(self.before, self.after, self.seat, viewer) or ""]
        was, now = (score_of(state, self.seat, viewer) for state in (self.before, self.after))
        if was is not None and now is not None and was != now:
            parts.append(_t("score {before:g} → {after:g}").format(before=was, after=now))
        said = _t("; ").join(part for part in parts if part)  # "；" in Japanese
        return said or None


def score_of(state: State, seat: int, viewer: int | None) -> float | None:
    """``seat``'s score as ``viewer``'s view shows it, or None where it shows none."""
    scores = state.view(viewer).get("scores")
    if not isinstance(scores, list) or seat >= len(scores):
        return None
    value = scores[seat]
    return float(value) if isinstance(value, int | float) else None


class BotTurns:
    """The bot turns of one table: the run going on and the last ``KEPT`` finished ones."""

    def __init__(self) -> None:
        self.run: tuple[int, State] | None = None  # the bot seat moving, the state before
        self.turns: list[BotTurn] = []

    def moved(self, seat: int, bot: bool, old: State, new: State, lines: int) -> None:
        """``seat`` (a bot's, if ``bot``) moved from ``old`` to ``new`` (chance after it
        resolved); the log now has ``lines`` lines."""
        if self.run is not None and self.run[0] != seat:
            self._finish(old, lines)  # another seat moved first (not expected: see below)
        if bot and self.run is None:
            self.run = (seat, old.clone())
        if self.run is not None and self.run[0] not in new.seats_to_act():
            self._finish(new, lines)

    def _finish(self, after: State, lines: int) -> None:
        assert self.run is not None
        seat, before = self.run
        self.run = None
        self.turns = [*self.turns, BotTurn(seat, before, after.clone(), lines)][-KEPT:]

    def undone(self, lines: int) -> None:
        """The log was cut back to ``lines`` lines (an undo): what came after is forgotten."""
        self.run = None
        self.turns = [turn for turn in self.turns if turn.lines <= lines]

    def docs(self, viewer: int | None, lang: str, first: int) -> list[dict[str, Any]]:
        """The summaries ``viewer`` reads, in ``lang``, of the turns told after log line
        ``first`` (the payload's log starts there); none of the viewer's own turns."""
        docs = []
        for turn in self.turns:
            if turn.seat == viewer or turn.lines <= first:
                continue
            text = turn.text(viewer, lang)
            if text:
                docs.append({"seat": turn.seat, "after": turn.lines, "text": text})
        return docs


def replayed(
    turns: BotTurns | None,
    state: State,
    entries: Sequence[tuple[int, int]],
    bots: set[int],
    lines: int,
) -> BotTurns:
    """``turns`` (None: none yet) told the log entries ``entries`` (actor, action), applied from
    ``state`` (not changed) when the log had ``lines`` lines, as the process that made them
    told its own (``Room``: one call per action, with the chance after it): a copy."""
    told = BotTurns()
    if turns is not None:
        told.run, told.turns = turns.run, list(turns.turns)
    now = state.clone()
    i = 0
    while i < len(entries):
        actor, action = entries[i]
        old = now.clone() if actor != CHANCE else now
        now.apply(action, actor)
        i, lines = i + 1, lines + 1
        if actor == CHANCE:
            continue  # chance before any action of the entries: nobody moved
        while i < len(entries) and entries[i][0] == CHANCE:
            now.apply(entries[i][1], CHANCE)
            i, lines = i + 1, lines + 1
        told.moved(actor, actor in bots, old, now.clone(), lines)
    return told


def run_begins(actors: Sequence[int], first: int) -> int:
    """Where the run of one seat's actions (chance between them included) that holds log line
    ``first`` begins: a replay from there tells the turn as it was told."""
    seat = next((actor for actor in actors[first:] if actor != CHANCE), CHANCE)
    start = min(first, len(actors))
    while start > 0 and actors[start - 1] in (CHANCE, seat):
        start -= 1
    return start
