"""A game's log as the web tells it: its lines (one per history entry, as each viewer reads it),
its events (what is told but is not a move), and applying an action with the chance after it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import DEFAULT as ENGLISH
from grimoire.core.i18n import LANGUAGES, language_scope
from grimoire.core.state import CHANCE, State

EVENTS_KEPT = 20  # events (undo, pause, clocks, seats) sent with each payload


@dataclasses.dataclass(frozen=True)
class Line:
    """One entry of the effective history, with what each viewer is told about it."""

    actor: int
    action: int
    texts: list[str]  # texts[seat] for each seat, texts[-1] for spectators (English; stored)
    # the same in the other languages (not stored: a room rebuilt after a restart describes
    # the lines a payload shows again, see restore.told_again; older ones show the English texts)
    translated: dict[str, list[str]] = dataclasses.field(default_factory=dict, compare=False)

    def text(self, viewer: int | None, lang: str = ENGLISH) -> str:
        """What ``viewer`` is told about this entry, in ``lang`` where it is known."""
        return self.translated.get(lang, self.texts)[-1 if viewer is None else viewer]


def describe_line(state: State, who: int, what: int) -> Line:
    """The log line of ``what`` (evaluated before it is applied), for every viewer and in
    every language: each viewer reads it in the language of their page."""
    players = state.game.players
    texts: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        with language_scope(lang):
            texts[lang] = [state.describe(who, what, viewer) for viewer in range(players)]
            texts[lang].append(state.describe(who, what, None))
    english = texts.pop(ENGLISH)
    return Line(who, what, english, texts)


@dataclasses.dataclass(frozen=True)
class Event:
    """Something everyone is told that is not a move: ``undo`` (``seat`` took back its last
    action; ``texts[v]`` is that action as viewer v read it), ``pause`` and ``resume`` (by
    ``by``), ``ran_out`` (``seat``'s clock), ``bot`` (a bot took ``seat``: ``detail`` says why,
    ``left``, ``ran_out`` or ``free``; ``by`` is who handed it over, None for the server)."""

    version: int  # the game's version when it happened (with ``kind`` and ``seat``, its key)
    kind: str
    seat: int | None
    by: int | None
    after: int  # the number of log lines before it
    texts: list[str] | None = None
    detail: str | None = None

    def doc(self, viewer: int | None) -> dict[str, Any]:
        text = None
        if self.texts:
            text = self.texts[-1 if viewer is None else viewer]
        return {
            "version": self.version,
            "kind": self.kind,
            "seat": self.seat,
            "by": self.by,
            "after": self.after,
            "text": text,
            "detail": self.detail,
        }


def stored_events(events: Sequence[Event] | None) -> list[dict[str, Any]] | None:
    """The notices a table's row keeps (``GameRow.events``; None: keep what it holds): every
    event but an undo, which the log itself tells (``restore.parts``)."""
    if events is None:
        return None
    return [dataclasses.asdict(event) for event in events if event.kind != "undo"]


def restored_events(undos: Sequence[Event], stored: Sequence[dict[str, Any]]) -> list[Event]:
    """A table's notices read again: its undos (from the log) and its other notices (from its
    row), in the order they happened, the newest ``EVENTS_KEPT``."""
    events = [*undos, *(Event(**doc) for doc in stored)]
    events.sort(key=lambda event: (event.version, event.after))
    return events[-EVENTS_KEPT:]


def with_event(events: Sequence[Event], event: Event) -> list[Event]:
    """``events`` and then ``event``: the newest ``EVENTS_KEPT``."""
    return [*events, event][-EVENTS_KEPT:]


def advance(state: State, actor: int, action: int) -> list[Line]:
    """Apply ``actor``'s action to ``state`` and resolve the chance after it; the log lines.

    ``describe`` is asked before each entry is applied, once per viewer. Raises IllegalAction
    (and changes nothing) if the action is not legal.
    """
    lines: list[Line] = []

    def step(who: int, what: int) -> None:
        refusal = state.why_illegal(what, who)
        if refusal is not None:
            raise IllegalAction(refusal)
        lines.append(describe_line(state, who, what))
        state.apply(what, who)

    step(actor, action)
    while state.is_chance():
        step(CHANCE, state.sample_chance())
    return lines


def replay_onto(state: State, entries: Iterable[tuple[int, int]]) -> State:
    """``state`` after the history ``entries`` (``(actor, action)``, chance included)."""
    for actor, action in entries:
        state.apply(action, actor)
    return state


def run_start(history: Sequence[tuple[int, int]]) -> int:
    """Where the final run of one seat's own actions starts (undo never goes further back)."""
    if not history or history[-1][0] == CHANCE:
        return len(history)
    actor = history[-1][0]
    start = len(history)
    while start > 0 and history[start - 1][0] == actor:
        start -= 1
    return start
