"""Fixed-size observation tensors built from ``state.view(seat)`` only.

A view is JSON: nested dicts, lists, strings, numbers, booleans and nulls whose shape depends on
the position (a hand grows, a die is rolled or not). Learners want one flat ``float32`` vector
of a fixed size per game, player count and options. ``ViewEncoder`` gives one:

1. **A schema, derived at construction.** The encoder plays a few seeded random games of the
   game (fixed seeds: the same game, player count and options always give the same layout, in
   every process) and records, for every path in the views of every seat (and the spectator's):
   which kinds of value appear there, the largest absolute number, the strings, the longest
   list and the keys of dicts. Nothing of a particular position survives into the layout.
2. **A layout, compiled from the schema** (docs/rl.md lists the rules; ``describe()`` prints
   the table of one game): booleans are one slot (0/1); numbers one slot divided by the largest
   magnitude seen (so most values fall in [-1, 1]); strings are one-hot over the strings seen
   (plus an "other" slot) when there are at most ``ONE_HOT_MAX`` of them, one ordinal slot
   ((index + 1) / count) when there are at most ``VOCAB_MAX``, and dropped as free text past
   that; a list is a length slot (length / bound) and ``bound`` item slots, each a presence flag
   and the item's layout; a dict is its keys in sorted order, each with a presence flag if it
   was ever missing; a path that held several kinds of value (a number or null, say) starts
   with one flag per kind. ``bound`` is the longest list seen, plus a quarter for lists whose
   length varied (a list longer than its bound is cut; its length slot still tells).
3. **Encoding** walks the view along the compiled layout and writes only non-zero slots. A
   value of a kind never seen at its path, a key never seen and a string never seen (beyond the
   "other" slot) leave zeros, so the size never changes. Values are clipped to
   ``[-BOUND, BOUND]``, the bounds of the observation ``Box``.

The tensor is a pure function of the view, so it shows exactly what the seat may see: the
core's contract that ``resample(seat)`` keeps ``view(seat)`` makes every observation
unchanged by any re-deal of the hidden rest (tests/envs check it over thousands of positions).

A game's own hand-designed encoder (``Game.observation_encoder()``, a
``core.observation.ObservationEncoder`` reading the state for one seat) is used instead
(``encoder_for``); this one is the fallback of a game without one (``generic_encoder``). Run
``python -m grimoire.envs.observation GAME [players]`` to print a layout.
"""

from __future__ import annotations

import json
import math
import random
import sys
from array import array
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

import numpy as np

import grimoire
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.observation import ObservationEncoder
from grimoire.core.state import State

LAYOUT_VERSION = 1  # bump when the layout rules change (env names carry their own version)
ONE_HOT_MAX = 32  # strings at one path: one-hot up to this many
VOCAB_MAX = 512  # ... an ordinal slot up to this many; more is free text, left out
BOUND = 1000.0  # every slot is clipped to [-BOUND, BOUND]
KINDS = ("null", "bool", "num", "str", "list", "dict")

# Sampling budget of the schema: seeded random games, and about how many views of each seat
# one game gives (taken at random decisions, spread over the whole game).
SAMPLE_GAMES = 5
SAMPLE_VIEWS = 30
SAMPLE_MAX_DECISIONS = 4000  # a sampled game stops here (the layout needs no more)


@runtime_checkable
class Encoder(Protocol):
    """What the environments need of an observation encoder."""

    @property
    def size(self) -> int: ...

    def observe(self, state: State, seat: int | None) -> np.ndarray:
        """``seat``'s observation of ``state`` (a new array the caller may change)."""
        ...

    def describe(self) -> str: ...


class GameEncoder:
    """A game's own encoder (``core.observation.ObservationEncoder``) for the environments:
    its ``array("f")`` as a numpy vector (a copy: the encoder caches its array per seat and
    step)."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.size = encoder.size
        self.version = encoder.version

    def observe(self, state: State, seat: int | None) -> np.ndarray:
        return np.frombuffer(self.encoder.encode(state, seat), dtype=np.float32).copy()

    def describe(self) -> str:
        return self.encoder.describe()


def kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "num"
    if isinstance(value, str):
        return "str"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, dict):
        return "dict"
    raise TypeError(f"a view holds JSON data, not {type(value).__name__}")


# --------------------------------------------------------------------------- schema statistics
class _Stats:
    """What the sampled views held at one path."""

    __slots__ = (
        "dicts",
        "item",
        "keys",
        "kinds",
        "max_abs",
        "max_len",
        "min_len",
        "other_keys",
        "seen",
        "strings",
    )

    def __init__(self) -> None:
        self.kinds: set[str] = set()
        self.max_abs = 0.0
        self.strings: set[str] | None = set()  # None: more than VOCAB_MAX (free text)
        self.min_len = sys.maxsize
        self.max_len = 0
        self.item: _Stats | None = None
        self.keys: dict[str, _Stats] = {}
        self.other_keys = False  # some dict here had a key that is not a string
        self.dicts = 0  # dicts seen here (a key missing from some has a presence flag)
        self.seen = 0  # values seen here (for a dict key: the dicts that had it)

    def add(self, value: Any) -> None:
        kind = _KIND_OF_TYPE.get(type(value)) or kind_of(value)
        self.kinds.add(kind)
        self.seen += 1
        if kind == "dict":
            self.dicts += 1
            keys = self.keys
            for key, item in value.items():
                if type(key) is not str:
                    self.other_keys = True
                    key = str(key)
                child = keys.get(key)
                if child is None:
                    child = keys[key] = _Stats()
                if type(item) in _SCALARS:  # the common case, without a call
                    child.add_scalars((item,))
                else:
                    child.add(item)
        elif kind == "list":
            size = len(value)
            if size < self.min_len:
                self.min_len = size
            if size > self.max_len:
                self.max_len = size
            if size:
                item = self.item
                if item is None:
                    item = self.item = _Stats()
                if _SCALARS.issuperset(map(type, value)):
                    item.add_scalars(value)
                else:
                    for element in value:
                        item.add(element)
        elif kind == "num":
            self._number(value)
        elif kind == "str":
            self._string(value)

    def add_scalars(self, values: Any) -> None:
        """Add numbers, strings, booleans and nulls (a list of them, or one in a tuple)."""
        kinds = {_KIND_OF_TYPE[type(value)] for value in values}
        self.kinds |= kinds
        self.seen += len(values)
        if "num" in kinds:
            numbers = [abs(v) for v in values if type(v) is int or type(v) is float]
            self._number(max(numbers))
        if "str" in kinds and self.strings is not None:
            for value in values:
                if type(value) is str:
                    self._string(value)

    def _number(self, value: float) -> None:
        magnitude = abs(float(value))
        if magnitude > self.max_abs and math.isfinite(magnitude):
            self.max_abs = magnitude

    def _string(self, value: str) -> None:
        strings = self.strings
        if strings is not None and value not in strings:
            strings.add(value)
            if len(strings) > VOCAB_MAX:
                self.strings = None


_SCALARS = frozenset({type(None), bool, int, float, str})
_KIND_OF_TYPE: dict[type, str] = {
    type(None): "null",
    bool: "bool",
    int: "num",
    float: "num",
    str: "str",
    list: "list",
    tuple: "list",
    dict: "dict",
}


# --------------------------------------------------------------------------- compiled layout
@dataclass(frozen=True)
class Field:
    """One row of a layout: ``size`` slots from ``offset`` (within one item of every enclosing
    list: ``repeat`` tells how many items and ``stride`` how far apart they are)."""

    path: str
    offset: int
    size: int
    encoding: str


class _Emitter:
    """Writes the Python source of one encoder: straight-line code for dicts, a loop per list.
    Generated code sets every non-zero slot of ``A``, an ``array("f")`` of zeros."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.constants: dict[str, Any] = {"_M": _MISSING}
        self.names = 0

    def name(self, prefix: str) -> str:
        self.names += 1
        return f"{prefix}{self.names}"

    def constant(self, value: Any) -> str:
        name = self.name("c")
        self.constants[name] = value
        return name

    def line(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)


_MISSING = object()  # a dict key that is not there


def _at(base: str, offset: int) -> str:
    """The slot expression: a constant, or a list item's base variable plus a constant."""
    if not base:
        return str(offset)
    return f"{base} + {offset}" if offset else base


_TEST = {
    "null": "{x} is None",
    "bool": "{t} is bool",
    "num": "({t} is int or {t} is float)",
    "str": "{t} is str",
    "list": "({t} is list or {t} is tuple)",
    "dict": "{t} is dict",
}


class _Node:
    size = 0

    def emit(self, out: _Emitter, x: str, base: str, offset: int, depth: int) -> None:
        """Code that writes the non-zero slots of the value in variable ``x`` (which may be
        ``_M``, a missing key: then nothing is written)."""

    def fields(self, path: str, at: int) -> Iterator[Field]:
        yield from ()


class _Nothing(_Node):
    """A path that was always null, or free text: no slot."""

    def __init__(self, what: str) -> None:
        self.what = what

    def fields(self, path: str, at: int) -> Iterator[Field]:
        yield Field(path, at, 0, self.what)


class _Bool(_Node):
    size = 1

    def emit(self, out: _Emitter, x: str, base: str, offset: int, depth: int) -> None:
        out.line(depth, f"if {x} is True:")
        out.line(depth + 1, f"A[{_at(base, offset)}] = 1.0")

    def fields(self, path: str, at: int) -> Iterator[Field]:
        yield Field(path, at, 1, "boolean: 1 if true")


class _Num(_Node):
    size = 1

    def __init__(self, scale: float) -> None:
        self.scale = scale

    def emit(self, out: _Emitter, x: str, base: str, offset: int, depth: int) -> None:
        t = out.name("t")
        out.line(depth, f"{t} = type({x})")
        out.line(depth, f"if ({t} is int or {t} is float) and {x}:")
        out.line(depth + 1, f"A[{_at(base, offset)}] = {x} / {self.scale!r}")

    def fields(self, path: str, at: int) -> Iterator[Field]:
        yield Field(path, at, 1, f"number / {self.scale:g}")


class _OneHot(_Node):
    def __init__(self, vocabulary: list[str]) -> None:
        self.vocabulary = vocabulary
        self.size = len(vocabulary) + 1

    def emit(self, out: _Emitter, x: str, base: str, offset: int, depth: int) -> None:
        slots = out.constant({text: i for i, text in enumerate(self.vocabulary)})
        other = len(self.vocabulary)
        out.line(depth, f"if type({x}) is str:")
        at = _at(base, offset)
        out.line(depth + 1, f"A[{at} + {slots}.get({x}, {other})] = 1.0")

    def fields(self, path: str, at: int) -> Iterator[Field]:
        shown = ", ".join(json.dumps(text, ensure_ascii=False) for text in self.vocabulary)
        yield Field(path, at, self.size, f"one-hot of [{shown}], then other")


class _Ordinal(_Node):
    size = 1

    def __init__(self, vocabulary: list[str]) -> None:
        self.count = len(vocabulary)
        self.rank = {text: (i + 1) / self.count for i, text in enumerate(vocabulary)}

    def emit(self, out: _Emitter, x: str, base: str, offset: int, depth: int) -> None:
        ranks = out.constant(self.rank)
        r = out.name("r")
        out.line(depth, f"{r} = {ranks}.get({x}) if type({x}) is str else None")
        out.line(depth, f"if {r} is not None:")
        out.line(depth + 1, f"A[{_at(base, offset)}] = {r}")

    def fields(self, path: str, at: int) -> Iterator[Field]:
        yield Field(path, at, 1, f"(rank + 1) / {self.count} of the sorted strings seen")


class _List(_Node):
    """A list: its length and ``bound`` items, each a presence flag and the item; a list that
    always had the same length (one entry per seat, say) is just its items."""

    def __init__(self, bound: int, item: _Node, fixed: bool) -> None:
        self.bound = bound
        self.item = item
        self.fixed = fixed
        self.stride = item.size + (0 if fixed else 1)
        self.size = bound * self.stride + (0 if fixed else 1)

    def emit(self, out: _Emitter, x: str, base: str, offset: int, depth: int) -> None:
        t = out.name("t")
        out.line(depth, f"{t} = type({x})")
        out.line(depth, f"if ({t} is list or {t} is tuple) and {x}:")
        if not self.fixed:
            out.line(depth + 1, f"A[{_at(base, offset)}] = len({x}) / {max(1, self.bound)}")
            offset += 1
        if not self.bound or not self.stride:
            out.line(depth + 1, "pass")
            return
        o, e = out.name("o"), out.name("e")
        out.line(depth + 1, f"{o} = {_at(base, offset)}")
        out.line(depth + 1, f"for {e} in {x}[:{self.bound}]:")
        if not self.fixed:
            out.line(depth + 2, f"A[{o}] = 1.0")
        self.item.emit(out, e, o, 0 if self.fixed else 1, depth + 2)
        out.line(depth + 2, f"{o} += {self.stride}")

    def fields(self, path: str, at: int) -> Iterator[Field]:
        if self.fixed:
            yield Field(
                f"{path}[i]",
                at,
                self.stride,
                f"always {self.bound} items: {self.bound} x {self.stride} slots from slot {at} "
                "(offsets below: within item 0)",
            )
            yield from self.item.fields(f"{path}[i]", at)
            return
        yield Field(path, at, 1, f"length / {self.bound}" if self.bound else "length (was empty)")
        if self.bound:
            yield Field(
                f"{path}[i]",
                at + 1,
                self.stride,
                f"{self.bound} items from slot {at + 1}, {self.stride} slots each: "
                "present flag, then the item (offsets below: within item 0)",
            )
            yield Field(f"{path}[i] present", at + 1, 1, "1 if the list has item i")
            yield from self.item.fields(f"{path}[i]", at + 2)


class _Dict(_Node):
    def __init__(self, entries: list[tuple[str, bool, _Node]], other_keys: bool) -> None:
        self.other_keys = other_keys
        self.entries: list[tuple[str, bool, _Node, int]] = []
        offset = 0
        for key, flagged, node in entries:
            self.entries.append((key, flagged, node, offset))
            offset += node.size + (1 if flagged else 0)
        self.size = offset

    def emit(self, out: _Emitter, x: str, base: str, offset: int, depth: int) -> None:
        live = [entry for entry in self.entries if entry[1] or entry[2].size]
        if not live:
            return
        out.line(depth, f"if type({x}) is dict:")
        g = out.name("g")
        if self.other_keys:
            out.line(depth + 1, f"{g} = {{str(k): v for k, v in {x}.items()}}.get")
        else:
            out.line(depth + 1, f"{g} = {x}.get")
        for key, flagged, node, at in live:
            y = out.name("y")
            out.line(depth + 1, f"{y} = {g}({key!r}, _M)")
            if flagged:
                out.line(depth + 1, f"if {y} is not _M:")
                out.line(depth + 2, f"A[{_at(base, offset + at)}] = 1.0")
                node.emit(out, y, base, offset + at + 1, depth + 2)
            else:
                node.emit(out, y, base, offset + at, depth + 1)

    def fields(self, path: str, at: int) -> Iterator[Field]:
        for key, flagged, node, offset in self.entries:
            child = f"{path}.{key}" if path else key
            if flagged:
                yield Field(f"{child} present", at + offset, 1, "1 if the key is there")
                yield from node.fields(child, at + offset + 1)
            else:
                yield from node.fields(child, at + offset)


class _Union(_Node):
    """A path that held several kinds of value: one flag per kind, then each kind's slots."""

    def __init__(self, kinds: list[tuple[str, _Node]]) -> None:
        self.kinds: list[tuple[str, int, _Node, int]] = []
        offset = len(kinds)
        for flag, (kind, node) in enumerate(kinds):
            self.kinds.append((kind, flag, node, offset))
            offset += node.size
        self.size = offset

    def emit(self, out: _Emitter, x: str, base: str, offset: int, depth: int) -> None:
        t = out.name("t")
        out.line(depth, f"{t} = type({x})")
        keyword = "if"
        for kind, flag, node, at in self.kinds:
            out.line(depth, f"{keyword} {_TEST[kind].format(x=x, t=t)}:")
            out.line(depth + 1, f"A[{_at(base, offset + flag)}] = 1.0")
            node.emit(out, x, base, offset + at, depth + 1)
            keyword = "elif"

    def fields(self, path: str, at: int) -> Iterator[Field]:
        for kind, flag, _, _ in self.kinds:
            yield Field(f"{path} is {kind}", at + flag, 1, f"1 if the value is {kind}")
        for kind, _, node, offset in self.kinds:
            if node.size:
                yield from node.fields(f"{path} ({kind})", at + offset)


def _compile(stats: _Stats) -> _Node:
    nodes = [(kind, _compile_kind(stats, kind)) for kind in KINDS if kind in stats.kinds]
    if not nodes:
        return _Nothing("never seen")
    if len(nodes) == 1:
        return nodes[0][1]
    return _Union(nodes)


def _compile_kind(stats: _Stats, kind: str) -> _Node:
    if kind == "null":
        return _Nothing("always null")
    if kind == "bool":
        return _Bool()
    if kind == "num":
        return _Num(max(1.0, stats.max_abs))
    if kind == "str":
        if stats.strings is None:
            return _Nothing(f"free text (more than {VOCAB_MAX} strings): left out")
        vocabulary = sorted(stats.strings)
        return _OneHot(vocabulary) if len(vocabulary) <= ONE_HOT_MAX else _Ordinal(vocabulary)
    if kind == "list":
        bound = stats.max_len
        fixed = stats.min_len == stats.max_len > 0
        if not fixed:  # a list that grows: room for a little more than was seen
            bound += math.ceil(bound / 4)
        item = _compile(stats.item) if stats.item is not None else _Nothing("always empty")
        return _List(bound, item, fixed)
    entries = [
        (key, child.seen < stats.dicts, _compile(child))
        for key, child in sorted(stats.keys.items())
    ]
    return _Dict(entries, stats.other_keys)


# --------------------------------------------------------------------------- the encoder
class ViewEncoder:
    """The generic encoder of one game, player count and options (see the module doc)."""

    def __init__(self, root: _Node, label: str) -> None:
        self._root = root
        self.label = label
        self.size = max(1, root.size)
        out = _Emitter()
        out.line(0, "def write(x, A):")
        out.line(1, "pass")
        root.emit(out, "x", "", 0, 1)
        self.source = "\n".join(out.lines)
        namespace = dict(out.constants)
        exec(compile(self.source, f"<grimoire view encoder {label}>", "exec"), namespace)
        self._write: Callable[[Any, array[float]], None] = namespace["write"]
        self._zeros = bytes(4 * self.size)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        """The observation vector (float32, ``size`` slots) of one view."""
        slots = array("f", self._zeros)
        self._write(view, slots)
        out = np.frombuffer(slots, dtype=np.float32)
        np.clip(out, -BOUND, BOUND, out=out)
        return out

    def observe(self, state: State, seat: int | None) -> np.ndarray:
        """The encoding of ``state.view(seat)``."""
        return self.encode(state.view(seat))

    def fields(self) -> list[Field]:
        return list(self._root.fields("", 0))

    def describe(self) -> str:
        """The layout as a table: offset, size, path, encoding."""
        lines = [f"{self.label}: {self.size} slots (layout version {LAYOUT_VERSION})"]
        lines.append(f"{'offset':>7} {'size':>5}  path: encoding")
        for field in self.fields():
            lines.append(f"{field.offset:>7} {field.size:>5}  {field.path}: {field.encoding}")
        return "\n".join(lines)


def sample_views(game: Game, games: int = SAMPLE_GAMES, seed: int = 0) -> Iterator[dict[str, Any]]:
    """Views of seeded random games of ``game``: each seat's view at about ``SAMPLE_VIEWS``
    random decisions of every game (the spectator's at a few), and every view at the start and
    the end. The same game, player count and options always give the same views."""
    seats = list(range(game.players))
    every = 0.05  # chance of taking a seat's view at a decision: then fitted to the game's length
    for number in range(games):
        rng = random.Random(f"grimoire-envs-schema/{seed}/{number}")
        state = game.new_state(seed * 1000 + number, resolve_chance=False)
        for seat in seats:
            yield state.view(seat)
        decisions = 0
        last = -1
        while not state.is_terminal() and decisions < SAMPLE_MAX_DECISIONS:
            if state.is_chance():
                state.apply(state.sample_chance())
                continue
            for seat in seats:
                if rng.random() < every:
                    yield state.view(seat)
            if rng.random() < every / 8:
                yield state.view(None)
            seat = next_seat(state.seats_to_act(), last, game.players)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            last = seat
            decisions += 1
        for seat in seats:
            yield state.view(seat)
        yield state.view(None)
        every = min(1.0, SAMPLE_VIEWS / max(1, decisions))


def next_seat(seats: frozenset[int], last: int, players: int) -> int:
    """The seat that submits next at a (possibly simultaneous) decision: the first seat of
    ``seats`` after ``last`` in seat order, so parallel turns interleave as at a table."""
    if len(seats) == 1:
        return next(iter(seats))
    for step in range(1, players + 1):
        seat = (last + step) % players
        if seat in seats:
            return seat
    raise ValueError("no seat to act")


def build_encoder(game: Game, games: int = SAMPLE_GAMES) -> ViewEncoder:
    """Derive the schema of ``game`` from sampled views and compile its layout."""
    stats = _Stats()
    for view in sample_views(game, games):
        stats.add(view)
    label = f"{game.name} {game.players}p {json.dumps(game.options, sort_keys=True)}"
    return ViewEncoder(_compile(stats), label)


@lru_cache(maxsize=64)
def _cached_encoder(
    cls: type[Game], players: int, options_json: str, data_hash: str, version: int
) -> ViewEncoder:
    game = cls(players, json.loads(options_json))
    return build_encoder(game)


def encoder_for(game: Game) -> Encoder:
    """The observation encoder of ``game``: the game's own (``observation_encoder()``, a
    ``core.observation.ObservationEncoder``) if it has one (its capability
    ``observation_encoder``), else the generic ``ViewEncoder`` (built once per process for each
    game, player count, options and component data)."""
    own = game.observation_encoder() if game.capabilities.observation_encoder else None
    if own is not None:
        if not isinstance(own, ObservationEncoder):
            raise TypeError(f"{game.title}'s observation_encoder() is not an encoder: {own!r}")
        return GameEncoder(own)
    return generic_encoder(game)


def generic_encoder(game: Game) -> ViewEncoder:
    """The generic encoder of ``game``'s views (the fallback of a game without its own)."""
    options_json = json.dumps(game.options, sort_keys=True)
    return _cached_encoder(type(game), game.players, options_json, game.data_hash, LAYOUT_VERSION)


def observe(state: State, seat: int | None, encoder: Encoder) -> np.ndarray:
    """The observation of ``seat`` in ``state`` (what that seat may see only)."""
    return encoder.observe(state, seat)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m grimoire.envs.observation GAME [PLAYERS] [option=value ...]")
        return 2
    players = int(args[1]) if len(args) > 1 else None
    options: dict[str, Any] = {}
    for pair in args[2:]:
        key, _, text = pair.partition("=")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    try:
        game = grimoire.make(args[0], players, **options)
    except GrimoireError as error:
        print(error)
        return 2
    print(encoder_for(game).describe())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
