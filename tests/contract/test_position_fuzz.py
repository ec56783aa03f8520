"""Position documents you can trust (issue 22): a property-based fuzz test per registered game.

Real mid-game positions (seeded random games, snapshots of ``state.to_json(history=False)`` at
several steps: pending decision frames, simultaneous decisions, late game, the end) have their
``position`` part mutated: a field deleted, a value retyped (int, str, list, dict, null, bool,
float), an int out of range (negative, huge like 10**30, just past a bound), a list element
duplicated, two fields' values swapped, a list truncated or extended, a field taken from another
snapshot of the same game, mutations inside the decision frames (``stack``, ``stacks``,
``pending``), the whole position replaced by ``[]`` or ``null``. Every result must be either

* refused with ``grimoire.InvalidPosition``, whose message is short (under MAX_MESSAGE
  characters: it names the field and an excerpt, never a whole huge value), or
* a state that plays on safely: ``view(seat)`` for every seat and the spectator, the JSON round
  trip (``state_from_json(state.to_json()) == state``), the legal actions of every seat to act
  (at least one unless the game is over) or the chance outcomes, and ``apply`` of EVERY legal
  action (or outcome) on a clone, after which the successor's views and legal actions work
  too; a finished game's winners are seats of the game.

Any other exception is a failure. The default run is lean and deterministic (``derandomize``,
no example database, DEFAULT_EXAMPLES examples a game, no shrinking). A long run:

    GRIMOIRE_FUZZ_EXAMPLES=1000 .venv/bin/pytest -q -p no:cacheprovider \
        tests/contract/test_position_fuzz.py

``GRIMOIRE_FUZZ_EXAMPLES`` sets the examples per game; with it set, hypothesis draws fresh
random examples (set ``GRIMOIRE_FUZZ_SEED=N`` to repeat a run) and shrinks a failure to a minimal
list of mutations, printed with the failing document. ``GRIMOIRE_FUZZ_SHRINK=1`` shrinks in the
default run too.

No timing is asserted.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, note, seed, settings
from hypothesis import strategies as st
from tests.contract.cases import game_class_of
from tests.position_guards import Hang, no_hang

import grimoire
from grimoire import InvalidPosition
from grimoire.core.game import Game
from grimoire.core.state import State

T = TypeVar("T")

DEFAULT_EXAMPLES = 200
MAX_MESSAGE = 300  # characters of an InvalidPosition message
HUGE = "x" * 5000  # a long string value: a refusal must not echo it whole
HANG_GUARD = 30  # seconds: see no_hang

EXAMPLES = int(os.environ.get("GRIMOIRE_FUZZ_EXAMPLES", DEFAULT_EXAMPLES))
LONG_RUN = "GRIMOIRE_FUZZ_EXAMPLES" in os.environ
SHRINK = LONG_RUN or os.environ.get("GRIMOIRE_FUZZ_SHRINK") == "1"

Path = tuple[Any, ...]  # keys and indices from the position's root

# ----------------------------------------------------------------------------- snapshots
# (game, players, options, seeds): random games whose positions are mutated. Runika is played
# in its variants with several seats deciding at once (simultaneous play, the quick draft's
# sealed pass), secret runes with interaction, the solo game and the 5-player charm.
SETUPS: dict[str, list[tuple[int, dict[str, Any], tuple[int, ...]]]] = {
    "ciub": [(2, {}, (1,)), (4, {"length": "short"}, (2,))],
    "five-seals": [(2, {}, (1,)), (3, {"circle": 2}, (2,))],
    "fatal": [(3, {}, (1, 2)), (5, {"shield_gifts": False}, (3,))],
    "runika": [
        (2, {}, (1,)),
        (3, {"simultaneous": True, "secret_runes": True, "interaction": True}, (2,)),
        (4, {"quick_draft": True, "luniorn": True}, (3,)),
        (1, {}, (4,)),
        (5, {"charm": True}, (5,)),
    ],
}
PER_GAME = 12  # snapshots kept from each random game
STACK_KEYS = ("stack", "stacks", "pending", "chance", "frames")


def random_game(game: Game, seed_: int) -> Iterator[State]:
    """The states of a seeded random game, chance resolved by the game's seed (every seat of a
    simultaneous decision submits in turn)."""
    rng = random.Random(seed_)
    state = game.new_state(seed_)
    for _ in range(20_000):
        yield state
        if state.is_terminal():
            return
        if state.is_chance():
            state.resolve_chance()
            continue
        seat = min(state.seats_to_act())
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        if state.is_chance():
            state.resolve_chance()


@cache
def positions(name: str, players: int, options: str, seed_: int) -> tuple[tuple[str, bool], ...]:
    """Every position of a seeded random game: ``to_json(history=False)`` as JSON text, and
    whether several seats decide at once there. ``options``: the game's options as JSON."""
    game = grimoire.make(name, players=players, **json.loads(options))
    return tuple(
        (json.dumps(state.to_json(history=False)), isinstance(state.current_player, frozenset))
        for state in random_game(game, seed_)
    )


def depth(doc: dict[str, Any]) -> int:
    """How much the pending decision holds: the size of the position's decision frames."""
    position = doc["position"]
    if not isinstance(position, dict):
        return 0
    return sum(len(json.dumps(position[k])) for k in STACK_KEYS if position.get(k))


@cache
def snapshots(name: str) -> tuple[tuple[Game, str], ...]:
    """(game, position document as JSON text) for the snapshots of ``name``: evenly spaced
    steps, the deepest decision frames, the first simultaneous decisions, the last decision and
    the finished game."""
    out: list[tuple[Game, str]] = []
    setups = SETUPS.get(name) or [(max(2, game_class_of(name).min_players), {}, (1, 2))]
    for players, options, seeds in setups:
        game = grimoire.make(name, players=players, **options)
        for seed_ in seeds:
            played = positions(name, players, json.dumps(options), seed_)
            texts = [text for text, _ in played]
            docs = [json.loads(text) for text in texts]
            together = [i for i, (_, simultaneous) in enumerate(played) if simultaneous]
            chosen = set(range(0, len(docs), max(1, len(docs) // (PER_GAME // 2))))
            chosen |= {len(docs) - 2, len(docs) - 1} | set(together[:1] + together[-1:])
            deepest = sorted(range(len(docs)), key=lambda i: depth(docs[i]))
            chosen |= set(deepest[-(PER_GAME // 3) :])
            out += [(game, texts[i]) for i in sorted(chosen) if 0 <= i < len(docs)]
    return tuple(out)


# ----------------------------------------------------------------------------- mutations
class Chooser:
    """Where a mutation's choices come from: hypothesis's ``data`` or a seeded generator."""

    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any] | None, rng: random.Random):
        self.draw, self.rng = draw, rng

    def integer(self, lo: int, hi: int) -> int:
        if self.draw is not None:
            return int(self.draw(st.integers(lo, hi)))
        return self.rng.randint(lo, hi)

    def pick(self, items: Sequence[T]) -> T:
        return items[self.integer(0, len(items) - 1)]


def paths(doc: Any, under: Path = ()) -> Iterator[Path]:
    """Every path below ``doc`` (the root excluded)."""
    if isinstance(doc, dict):
        items: Iterator[tuple[Any, Any]] = iter(doc.items())
    elif isinstance(doc, list):
        items = iter(enumerate(doc))
    else:
        return
    for key, value in items:
        yield (*under, key)
        yield from paths(value, (*under, key))


def get(doc: Any, path: Path) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def put(doc: Any, path: Path, value: Any) -> None:
    get(doc, path[:-1])[path[-1]] = value


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def retyped(value: Any) -> list[Any]:
    """Values of every other JSON type (and a float)."""
    candidates: list[Any] = [0, 1, -1, "x", "", [], {}, None, True, False, 0.5, [value], {"k": 0}]
    if is_int(value):
        candidates += [str(value), float(value)]
    if isinstance(value, str):
        candidates += [[value], {value: value}]
    return [c for c in candidates if type(c) is not type(value) or c != value]


def out_of_range(value: int, players: int) -> list[int]:
    return [
        -1,
        -2,
        value - 1,
        value + 1,
        value + players,
        players,
        players + 1,
        9,
        99,
        10**30,
        -(10**30),
        2**63,
    ]


def garbled(value: str) -> list[str]:
    return [
        value + "?",
        value[:-1],
        value.upper() if value != value.upper() else value.lower(),
        "",
        "nothing",
        HUGE,
    ]


Mutation = tuple[Any, str]  # the (possibly replaced) position and what was done


def mutate_once(doc: Any, ch: Chooser, players: int, others: list[Any]) -> Mutation:
    """Apply one mutation to ``doc`` (a position; returned, possibly replaced whole)."""
    if not isinstance(doc, (dict, list)) or not doc:
        whole = ch.pick([[], None, {}, 0, "x", [doc], {"position": doc}])
        return whole, f"the whole position := {json.dumps(whole)[:80]}"
    every = list(paths(doc))
    framed = [p for p in every if any(k in STACK_KEYS for k in p if isinstance(k, str))]
    kind = ch.pick(
        [
            *("delete", "retype", "range", "range", "string", "duplicate", "swap", "swap"),
            *("truncate", "extend", "splice", "splice", "frames", "frames", "frames"),
            "whole",
        ]
    )
    if kind == "whole":
        whole = ch.pick([[], None, {}, [doc]])
        return whole, f"the whole position := {json.dumps(whole)[:80]}"
    if kind == "frames":
        if not framed:
            kind = "retype"
        else:
            kind = ch.pick(["delete", "retype", "range", "string", "duplicate", "swap", "extend"])
            every = framed
    if not every:
        return doc, "nothing to mutate"
    if kind == "splice":
        return _splice(doc, ch, others)
    return MUTATIONS[kind](doc, ch, every, players)


def _where(doc: Any, ch: Chooser, every: list[Path], test: Callable[[Any], bool]) -> Path | None:
    found = [p for p in every if test(get(doc, p))]
    return ch.pick(found) if found else None


def _delete(doc: Any, ch: Chooser, every: list[Path], players: int) -> Mutation:
    path = ch.pick(every)
    del get(doc, path[:-1])[path[-1]]
    return doc, f"delete {list(path)}"


def _retype(doc: Any, ch: Chooser, every: list[Path], players: int) -> Mutation:
    path = ch.pick(every)
    value = ch.pick(retyped(get(doc, path)))
    put(doc, path, value)
    return doc, f"{list(path)} := {json.dumps(value)}"


def _range(doc: Any, ch: Chooser, every: list[Path], players: int) -> Mutation:
    path = _where(doc, ch, every, is_int)
    if path is None:
        return doc, "no int"
    value = ch.pick(out_of_range(get(doc, path), players))
    put(doc, path, value)
    return doc, f"{list(path)} := {value}"


def _string(doc: Any, ch: Chooser, every: list[Path], players: int) -> Mutation:
    path = _where(doc, ch, every, lambda v: isinstance(v, str))
    if path is None:
        return doc, "no string"
    value = ch.pick(garbled(get(doc, path)))
    put(doc, path, value)
    return doc, f"{list(path)} := {json.dumps(value)[:60]}"


def _list_path(doc: Any, ch: Chooser, every: list[Path]) -> Path | None:
    return _where(doc, ch, every, lambda v: isinstance(v, list) and bool(v))


def _duplicate(doc: Any, ch: Chooser, every: list[Path], players: int) -> Mutation:
    path = _list_path(doc, ch, every)
    if path is None:
        return doc, "no list"
    items = get(doc, path)
    i, j = ch.integer(0, len(items) - 1), ch.integer(0, len(items))
    items.insert(j, copy.deepcopy(items[i]))
    return doc, f"{list(path)}: duplicate item {i} at {j}"


def _truncate(doc: Any, ch: Chooser, every: list[Path], players: int) -> Mutation:
    path = _list_path(doc, ch, every)
    if path is None:
        return doc, "no list"
    items = get(doc, path)
    k = ch.integer(0, len(items) - 1)
    del items[k:]
    return doc, f"{list(path)}: truncated to {k}"


def _extend(doc: Any, ch: Chooser, every: list[Path], players: int) -> Mutation:
    path = _list_path(doc, ch, every)
    if path is None:
        return doc, "no list"
    items = get(doc, path)
    extra = ch.pick([copy.deepcopy(items[-1]), copy.deepcopy(items[0]), 0, None, "x"])
    times = ch.integer(1, 3)
    items.extend(copy.deepcopy(extra) for _ in range(times))
    return doc, f"{list(path)}: extended by {times} x {json.dumps(extra)[:60]}"


def _swap(doc: Any, ch: Chooser, every: list[Path], players: int) -> Mutation:
    first = ch.pick(every)
    siblings = [p for p in every if p[:-1] == first[:-1] and p != first]
    near = ch.integer(0, 2) > 0 and bool(siblings)  # mostly a sibling field
    second = ch.pick(siblings) if near else ch.pick(every)
    if first[: len(second)] == second or second[: len(first)] == first:
        return doc, "swap of nested paths skipped"
    a, b = copy.deepcopy(get(doc, first)), copy.deepcopy(get(doc, second))
    put(doc, first, b)
    put(doc, second, a)
    return doc, f"swap {list(first)} and {list(second)}"


def _splice(doc: Any, ch: Chooser, others: list[Any]) -> Mutation:
    """A top-level field (or a seat's field) from another snapshot of the same game."""
    other = ch.pick(others)
    if not isinstance(other, dict) or not isinstance(doc, dict):
        return doc, "no splice"
    keys = sorted(set(other) & set(doc))
    if not keys:
        return doc, "no splice"
    key = ch.pick(keys)
    doc[key] = copy.deepcopy(other[key])
    return doc, f"{key!r} from another snapshot"


MUTATIONS: dict[str, Callable[[Any, Chooser, list[Path], int], Mutation]] = {
    "delete": _delete,
    "retype": _retype,
    "range": _range,
    "string": _string,
    "duplicate": _duplicate,
    "truncate": _truncate,
    "extend": _extend,
    "swap": _swap,
}


def mutated(ch: Chooser, name: str) -> tuple[Game, dict[str, Any], list[str]]:
    """A snapshot of ``name`` with 1..3 mutations of its position; the list says which."""
    pool = snapshots(name)
    game, text = ch.pick(pool)
    doc = json.loads(text)
    others = [json.loads(t)["position"] for g, t in pool if g is game]
    steps = [f"snapshot: {name} {game.players}p {game.options} step {doc['step']}"]
    position = doc["position"]
    for _ in range(ch.integer(1, 3)):
        position, done = mutate_once(position, ch, game.players, others)
        steps.append(done)
    doc["position"] = position
    return game, doc, steps


# ----------------------------------------------------------------------------- the property
def works(state: State, *, successor: bool = False) -> None:
    """Views, legal actions (or chance outcomes) and, at the loaded state, apply of each."""
    game = state.game
    for seat in [None, *range(game.players)]:
        json.dumps(state.view(seat))
    if state.is_terminal():
        state.scores()
        winners = state.winners()
        assert all(0 <= w < game.players for w in winners), f"winners {winners} are not seats"
        return
    if state.is_chance():
        outcomes = state.chance_weights()
        assert outcomes, "a chance node without outcomes"
        moves = [(outcome, None) for outcome, _ in outcomes]
    else:
        seats = state.seats_to_act()
        assert seats, f"nobody to act at {state.current_player!r}"
        moves = []
        for seat in sorted(seats):
            legal = state.legal_actions(seat)
            assert legal, f"seat {seat} is to act and has no legal action"
            moves += [(action, seat) for action in legal]
    if successor:
        return
    for action, seat in moves:
        after = state.clone()
        after.apply(action, seat)
        works(after, successor=True)


def check(game: Game, doc: dict[str, Any]) -> None:
    """The property: refused with a short InvalidPosition, or loads into a state that plays."""
    try:
        with no_hang(HANG_GUARD):
            _check(game, doc)
    except Hang as hang:
        raise AssertionError(f"the document hangs the engine: {hang}") from None


def _check(game: Game, doc: dict[str, Any]) -> None:
    try:
        state = game.state_from_json(doc)
    except InvalidPosition as error:
        message = str(error)
        assert len(message) < MAX_MESSAGE, f"a {len(message)}-character refusal: {message[:400]}"
        return
    works(state)
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state, "the loaded state does not round-trip through to_json"


def settings_for(name: str) -> settings:
    phases = [Phase.explicit, Phase.generate] + ([Phase.shrink] if SHRINK else [])
    return settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=not LONG_RUN,
        database=None,
        phases=phases,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        print_blob=False,
    )


# Games that fail the property today (issue 22): the marker goes once the loader is fixed.
# FOUND below holds a minimal document for each kind of failure the fuzz met.
FAILING: dict[str, str] = {}


def game_params() -> list[Any]:
    out = []
    for name in [*grimoire.game_names(), "toy_pips"]:  # pips: the Add-a-game walk-through toy
        marks = []
        if name in FAILING:
            marks.append(pytest.mark.xfail(strict=True, reason=f"issue 22: {FAILING[name]}"))
        out.append(pytest.param(name, marks=marks, id=name))
    return out


@pytest.mark.parametrize("name", game_params())
def test_mutated_positions_are_refused_or_play_on(name: str) -> None:
    assert snapshots(name), f"no snapshot of {name}"

    @settings_for(name)
    @given(st.data())
    def fuzz(data: st.DataObject) -> None:
        game, doc, steps = mutated(Chooser(data.draw, random.Random(0)), name)
        for line in steps:
            note(line)
        note(f"document: {json.dumps(doc)[:4000]}")
        check(game, doc)

    if LONG_RUN and "GRIMOIRE_FUZZ_SEED" in os.environ:
        fuzz = seed(int(os.environ["GRIMOIRE_FUZZ_SEED"]))(fuzz)
    fuzz()


# ----------------------------------------------------------------------------- found by the fuzz
# A minimal document for each kind of failure the fuzz met (run with 6,000 single mutations a
# game on the code of issue 22's start): a real position of a seeded random game where the frame
# or field exists, changed once. Each is a strict xfail until the loader refuses it or the game
# plays it; then its marker goes ("FIXED": passes since that commit, kept as a regression).
# "echo" cases: a 5,000-character value is quoted whole in the refusal; the others load and
# then crash (or stall) at the next move.
Frame = dict[str, Any]
Doc = dict[str, Any]


def frames(position: Doc) -> list[Frame]:
    """The decision frames of a position: ``stack`` (F.A.T.A.L., Five Seals, pips), ``pending``
    (Ciúb), or the acting seats' stacks (Runika; the first seat with one)."""
    if "stack" in position:
        return list(position["stack"])
    if "pending" in position:
        return list(position["pending"])
    for seat in position.get("seats", []):
        if seat.get("stack"):
            return list(seat["stack"])
    return []


def top(position: Doc) -> Frame:
    found = frames(position)
    return found[-1] if found else {}


def kind(frame: Frame) -> Any:
    return frame.get("k", frame.get("kind"))


def top_is(name: str, *has: str) -> Callable[[Doc], bool]:
    return lambda p: kind(top(p)) == name and all(key in top(p) for key in has)


def on_top(change: Callable[[Frame], Any]) -> Callable[[Doc], None]:
    """Change the top frame in place (for Runika, of the first seat with a stack)."""

    def apply(position: Doc) -> None:
        change(top(position))

    return apply


def field(key: str, value: Any) -> Callable[[Doc], None]:
    def apply(position: Doc) -> None:
        position[key] = value

    return apply


def pop(key: str) -> Callable[[Frame], Any]:
    """Leave ``key`` out of the frame (a no-op where the format already may)."""
    return lambda frame: frame.pop(key, None)


def put_in(key: str, value: Any) -> Callable[[Frame], Any]:
    return lambda frame: frame.__setitem__(key, value)


def first_list_item(key: str, value: Any) -> Callable[[Doc], None]:
    def apply(position: Doc) -> None:
        position[key][0] = value

    return apply


def in_stack(test: Callable[[Frame], bool]) -> Callable[[Doc], bool]:
    return lambda p: any(test(f) for f in frames(p))


def drop_bottom(position: Doc) -> None:
    del position["stack"][0]


def duplicate_main(position: Doc) -> None:
    for seat in position["seats"]:
        if seat.get("stack"):
            seat["stack"].insert(0, dict(seat["stack"][0]))
            return


def pips_kind(position: Doc) -> None:
    position["stack"][0]["k"] = HUGE


FIVE_SEALS = (2, {}, (1, 2))
FOUND: list[tuple[str, str, tuple[int, dict[str, Any], tuple[int, ...]], Any, Any, str]] = [
    # (id, game, (players, options, seeds), where, change, what happens today)
    (
        "ciub-pick-frame-without-left",
        "ciub",
        (4, {"length": "short"}, (2,)),
        top_is("pick"),
        on_top(pop("left")),
        "FIXED (b7d0955): loaded, then the pick crashed (KeyError 'left' in rules.py)",
    ),
    (
        "ciub-decisions-null",
        "ciub",
        (2, {}, (1,)),
        lambda p: not p["pending"] and p["phase"] == "actions",
        field("decisions", None),
        "FIXED (b7d0955): loaded, then every move crashed (None += 1 in core state.py)",
    ),
    (
        "ciub-echo-phase",
        "ciub",
        (2, {}, (1,)),
        lambda p: True,
        field("phase", HUGE),
        "FIXED (b7d0955): echo: unknown phase 'xxx...' (5016 characters)",
    ),
    (
        "ciub-echo-frame-kind",
        "ciub",
        (4, {"length": "short"}, (2,)),
        lambda p: bool(frames(p)),
        on_top(put_in("k", HUGE)),
        "FIXED (c1f2779): echo: position.pending: Invalid value 'xxx...' (5048 characters; "
        "core frames): Ciúb's loader now cuts it, keeping the field",
    ),
    (
        "five-seals-spell-colour-99",
        "five-seals",
        FIVE_SEALS,
        top_is("spell", "c", "y"),
        on_top(put_in("c", 99)),
        "FIXED (f43e3d4): loads; IndexError in state.py at the next move",
    ),
    (
        "five-seals-spell-without-v",
        "five-seals",
        FIVE_SEALS,
        top_is("spell", "v", "y"),  # a Might spell: it reads the paid values v
        on_top(pop("v")),
        "FIXED (f43e3d4): loads; KeyError 'v' at the next move",
    ),
    (
        "five-seals-take-n-is-a-dict",
        "five-seals",
        (3, {"circle": 2}, (2,)),
        top_is("take", "n"),
        on_top(put_in("n", {"k": 0})),
        "FIXED (f43e3d4): loads; TypeError (dict -= int) in rules.py at the next move",
    ),
    (
        "five-seals-echo-token",
        "five-seals",
        FIVE_SEALS,
        lambda p: bool(p.get("box")),
        first_list_item("box", HUGE),
        "FIXED (f43e3d4): echo: a token is a colour letter and a strength ... 'xxx...' "
        "(5058 characters)",
    ),
    (
        "five-seals-echo-frame",
        "five-seals",
        FIVE_SEALS,
        top_is("turn"),
        on_top(put_in("k", HUGE)),
        "FIXED (f43e3d4): echo: a stack frame is a dict with k in (...), not {...} (the whole "
        "frame)",
    ),
    (
        "fatal-frame-kind-list",
        "fatal",
        (3, {}, (1,)),
        top_is("act1"),
        on_top(put_in("k", "tur")),
        "FIXED: refused in 386 characters (every frame kind listed)",
    ),
    (
        "fatal-turn-frame-without-at",
        "fatal",
        (3, {}, (1,)),
        lambda p: top(p).get("k") == "play" and p["stack"][0]["k"] == "turn",
        lambda p: p["stack"][0].pop("at"),
        "FIXED: loads; KeyError 'at' (rules.py p_turn) once the play step is done",
    ),
    (
        "fatal-decision-without-its-turn",
        "fatal",
        (3, {}, (1,)),
        lambda p: [f["k"] for f in p["stack"]] == ["turn", "act1"],
        drop_bottom,
        "FIXED: loads; IndexError (empty stack in rules.advance) after 'done'",
    ),
    (
        "fatal-decision-of-seat-minus-1",
        "fatal",
        (3, {}, (1,)),
        lambda p: [f["k"] for f in p["stack"]] == ["turn", "act1"],
        lambda p: p["stack"][0].__setitem__("s", -1),
        "FIXED: loads (-1: the chance seat); AssertionError 'not a chance frame' after the "
        "turn's step",
    ),
    (
        "fatal-gift-without-slot",
        "fatal",
        (3, {}, (1, 2)),
        top_is("gift"),
        on_top(pop("slot")),
        "FIXED: loads; KeyError 'slot' when the treasure is given",
    ),
    (
        "fatal-take-slot-for-seat-minus-1",
        "fatal",
        (3, {}, (1, 2)),
        lambda p: top(p).get("k") == "slot" and top(p).get("m") == "take",
        on_top(put_in("t", -1)),
        "FIXED: loads; ValueError (negative shift count) when the slot is taken",
    ),
    (
        "fatal-missing-cards-list",
        "fatal",
        (3, {}, (1,)),
        lambda p: len(p["deck"]) > 40,
        lambda p: p.__setitem__("deck", p["deck"][:10]),
        "FIXED: refused naming every missing card (over 300 characters)",
    ),
    (
        "runika-ability-src-extended",
        "runika",
        (2, {}, (1, 2, 3)),
        top_is("ab", "src"),
        on_top(lambda f: f["src"].extend(["x", "x"])),
        "FIXED (runika's typed frames and checks): loads; ValueError (unpacking src) in "
        "abilities.py at the next move",
    ),
    (
        "runika-die-frame-of-another-die",
        "runika",
        (2, {}, (1, 2)),
        lambda p: top_is("die", "d")(p) and top(p)["d"] % 4 == 1,
        on_top(lambda f: f.__setitem__("d", f["d"] + 1)),
        "FIXED (runika's checks): loads (an element die in flight made a rotate die: the dice "
        "still add up); AssertionError in turn.py (no rotate-choice card for 'turn ccw')",
    ),
    (
        "runika-pick-frame-without-src",
        "runika",
        (2, {}, (1, 2)),
        lambda p: top_is("pick")(p) and bool(top(p).get("sel")),
        on_top(pop("src")),
        "FIXED (runika's typed frames): loads; KeyError 'src' (turn.py) at the next move",
    ),
    (
        "runika-main-frame-twice",
        "runika",
        (2, {}, (1,)),
        lambda p: [kind(f) for f in frames(p)] == ["main"] and top(p).get("st") == "claims",
        duplicate_main,
        "FIXED (runika's checks): loads; a move leaves the seat to act with no legal action",
    ),
    (
        "runika-solo-draft-seat-1",
        "runika",
        (1, {}, (4,)),
        lambda p: p["phase"] == "draft",
        field("draft_seat", 1),
        "FIXED (runika's checks): loads; IndexError (flow.py) at the round's draft",
    ),
    (
        "pips-echo-frame-kind",
        "toy_pips",
        (2, {}, (1,)),
        lambda p: bool(p.get("stack")),
        pips_kind,
        "FIXED (core.documents.shorten): echo: core.documents.convert quoted msgspec's message, "
        "the whole value (5037 chars)",
    ),
]


class CaseNotFound(Exception):
    """No random position has what the case changes: the case needs updating (a real failure,
    not the expected one)."""


class PropertyFailure(AssertionError):
    """The changed document breaks the property: the failure the xfail markers expect."""


def found_doc(name: str, setup: Any, where: Callable[[Doc], bool]) -> tuple[Game, Doc]:
    players, options, seeds = setup
    for seed_ in seeds:
        for text, _ in positions(name, players, json.dumps(options), seed_):
            doc: Doc = json.loads(text)
            if isinstance(doc["position"], dict) and where(doc["position"]):
                return grimoire.make(name, players=players, **options), doc
    raise CaseNotFound(f"no {name} position where the case applies (random games {seeds})")


@pytest.mark.parametrize(
    ("name", "setup", "where", "change"),
    [
        pytest.param(
            name,
            setup,
            where,
            change,
            id=case,
            marks=[]
            if what.startswith("FIXED")
            else [
                pytest.mark.xfail(strict=True, raises=PropertyFailure, reason=f"issue 22: {what}")
            ],
        )
        for case, name, setup, where, change, what in FOUND
    ],
)
def test_documents_found_by_the_fuzz(name: str, setup: Any, where: Any, change: Any) -> None:
    game, doc = found_doc(name, setup, where)
    check(game, copy.deepcopy(doc))  # the real position itself plays: a failure here is no case's
    change(doc["position"])
    try:
        check(game, doc)
    except Exception as error:
        raise PropertyFailure(f"{type(error).__name__}: {str(error)[:1000]}") from error
