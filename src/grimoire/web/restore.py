"""A live room from the database: the latest usable snapshot plus the log after it."""

from __future__ import annotations

import json

from grimoire.core.game import Game
from grimoire.core.state import State
from grimoire.registry import make
from grimoire.web import payloads
from grimoire.web.bot_turns import BotTurns, replayed, run_begins
from grimoire.web.history import (
    Event,
    Line,
    describe_line,
    replay_onto,
    restored_events,
    run_start,
)
from grimoire.web.host import Host
from grimoire.web.rooms import Room
from grimoire.web.store import StoredGame

Parts = tuple[Game, State, list[Line], State, list[Event]]  # game, state, lines, base, events


def rebuild(host: Host, stored: StoredGame) -> Room:
    """The room of a stored game (runs in a worker thread)."""
    made = parts(stored)
    room = Room(host, stored, *made)
    room.bot_turns = turns_of(stored, made)
    return room


def turns_of(stored: StoredGame, made: Parts) -> BotTurns:
    """The bot turns a table's payloads tell (``bot_turns``), made again from its log: the
    entries from the start of the run that holds the first line a payload shows."""
    game, _state, lines, _base, _events = made
    actors = [line.actor for line in lines]
    start = run_begins(actors, max(0, len(lines) - payloads.LOG_TAIL))
    history = [(line.actor, line.action) for line in lines]
    bots = {seat.seat for seat in stored.seats if seat.kind == "bot"}
    return replayed(None, state_at(game, stored, history, start), history[start:], bots, start)


def parts(stored: StoredGame) -> Parts:
    """What a room is made of, from a stored game (runs in a worker thread): the game, the
    state, the log lines, the base of undo and the events of the log (``Room``'s arguments)."""
    game = make(stored.game, players=stored.players, **stored.options)
    lines: list[Line] = []
    events: list[Event] = []
    for item in stored.log:
        if item.kind == "undo":
            if item.ply < len(lines):  # the undone entry, as each viewer read it
                undone = lines[item.ply]
                events.append(
                    Event(item.seq, "undo", undone.actor, undone.actor, item.ply, undone.texts)
                )
            del lines[item.ply :]
        else:
            if item.ply != len(lines):
                raise RuntimeError(f"game {stored.id}: log entry {item.seq} out of order")
            lines.append(Line(item.actor, item.action, list(item.texts or [])))
    history = [(line.actor, line.action) for line in lines]
    start = run_start(history)
    base = state_at(game, stored, history, start)
    state = replay_onto(base.clone(), history[start:])
    lines = told_again(game, stored, lines)
    return game, state, lines, base, restored_events(events, stored.events)


def state_at(game: Game, stored: StoredGame, history: list[tuple[int, int]], ply: int) -> State:
    """The state after ``history[:ply]``: from the newest stored snapshot at or before ``ply``
    that belongs to this history, else from the start."""
    state: State | None = None
    for _seq, at, text in stored.snapshots:  # newest first
        if at > ply:
            continue
        doc = json.loads(text)
        if [tuple(entry) for entry in doc.get("history", [])] == history[:at]:
            # the server's own snapshot (``State.to_json``) from its own database: trusted,
            # as the log replayed onto it is (issue 34: no full try-out for own documents)
            state = game.state_from_json(doc, trusted=True)
            break
    if state is None:
        state = game.new_state(stored.seed, resolve_chance=False)
    return replay_onto(state, history[len(state.history) : ply])


def told_again(game: Game, stored: StoredGame, lines: list[Line]) -> list[Line]:
    """The database keeps each log line's English texts only (one per viewer): the lines a
    payload shows (the last ``LOG_TAIL``) are described again, for every viewer and in every
    language, from the stored actions replayed on the state before each. ``describe`` tells
    each viewer only what that viewer may know, exactly as when the line was first written; a
    line whose English texts come out different (the game's texts changed since) keeps the
    stored texts and no translations."""
    first = max(0, len(lines) - payloads.LOG_TAIL)
    history = [(line.actor, line.action) for line in lines]
    state = state_at(game, stored, history, first)
    told = lines[:first]
    for line in lines[first:]:
        again = describe_line(state, line.actor, line.action)
        told.append(again if again.texts == line.texts else line)
        state.apply(line.action, line.actor)
    return told
