"""Balance studies: many seeded games per *cell* (player count x variant x line-up), played in
chunks on a back-end (this process, a process pool, or a Ray cluster), reduced to exact,
mergeable statistics (``CellStats``), resumable, with optional per-game Parquet records.

The same study and seed give identical numbers whatever the back-end, the number of workers or
machines: game ``i`` of a cell is played from a seed derived from the study seed, the cell's
key and ``i`` only, and chunk statistics merge exactly. See docs/simulation.md.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import tempfile
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grimoire
from grimoire.bots.registry import make_bot
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game
from grimoire.core.rng import derive_seed
from grimoire.core.state import State
from grimoire.registry import game_class
from grimoire.sim.cellstats import CellStats
from grimoire.sim.play import play_game
from grimoire.sim.tournament import expand_bots, seating

STUDY_FORMAT = "grimoire-study/1"
Progress = Callable[[int, int], None]  # (games done, games in all)


@dataclass(frozen=True)
class Cell:
    """One combination of the study: a player count, a named variant, a line-up."""

    players: int
    variant: str
    options: dict[str, Any] = field(hash=False, compare=False)
    lineup: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        options = json.dumps(self.options, sort_keys=True)
        return f"{self.players}p/{self.variant}/{options}/{','.join(self.lineup)}"

    @property
    def label(self) -> str:
        return f"{self.players} players · {self.variant} · {' vs '.join(self.lineup)}"


@dataclass
class StudySpec:
    """What to play: ``variants`` maps a name to options (on top of ``options``); each
    line-up is one bot kind per entrant, or one kind for every seat."""

    game: str
    players: list[int]
    games: int = 100
    seed: int = 1
    variants: dict[str, dict[str, Any]] = field(default_factory=lambda: {"default": {}})
    lineups: list[list[str]] = field(default_factory=lambda: [["heuristic"]])
    options: dict[str, Any] = field(default_factory=dict)
    rotate_seats: bool = True
    chunk: int = 16

    def check(self) -> None:
        """Refuse a study that cannot run, before any game is played."""
        cls = game_class(self.game)
        if self.games < 1 or self.chunk < 1:
            raise InvalidOptions("games per cell and the chunk size must be 1 or more")
        if not self.players or not self.variants or not self.lineups:
            raise InvalidOptions("a study needs player counts, variants and line-ups")
        for cell in self.cells():
            game = cls(cell.players, cell.options)
            for kind in set(cell.lineup):
                make_bot(kind, game, 0)

    def cells(self) -> list[Cell]:
        out = []
        for players, (name, variant), lineup in itertools.product(
            self.players, self.variants.items(), self.lineups
        ):
            options = {**self.options, **variant}
            out.append(Cell(players, name, options, tuple(expand_bots(lineup, players))))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STUDY_FORMAT,
            "game": self.game,
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "variants": self.variants,
            "lineups": self.lineups,
            "options": self.options,
            "rotate_seats": self.rotate_seats,
            "chunk": self.chunk,
        }

    @property
    def fingerprint(self) -> str:
        """Identifies the study's games (not the chunk size, which changes none of them)."""
        doc = self.to_json()
        doc.pop("chunk")
        text = json.dumps(doc, sort_keys=True)
        return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()

    @classmethod
    def from_toml(cls, path: Path) -> StudySpec:
        try:
            doc = tomllib.loads(path.read_text("utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise InvalidOptions(f"cannot read the study {path}: {error}") from error
        return cls.from_dict(doc)

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> StudySpec:
        known = {"game", "players", "games", "seed", "variants", "lineups", "options"}
        known |= {"rotate_seats", "chunk", "format"}
        unknown = sorted(set(doc) - known)
        if unknown:
            raise InvalidOptions(f"a study has no field {unknown[0]!r} (fields: {sorted(known)})")
        if "game" not in doc:
            raise InvalidOptions("a study names its game")
        players = doc.get("players", [game_class(str(doc["game"])).min_players])
        lineups = doc.get("lineups", [["heuristic"]])
        try:
            return cls(
                game=str(doc["game"]),
                players=[int(p) for p in (players if isinstance(players, list) else [players])],
                games=int(doc.get("games", 100)),
                seed=int(doc.get("seed", 1)),
                variants={str(k): dict(v) for k, v in doc.get("variants", {"default": {}}).items()},
                lineups=[[str(b) for b in lineup] for lineup in lineups],
                options=dict(doc.get("options", {})),
                rotate_seats=bool(doc.get("rotate_seats", True)),
                chunk=int(doc.get("chunk", 16)),
            )
        except (TypeError, ValueError, AttributeError) as error:
            raise InvalidOptions(f"malformed study: {error}") from error


# --------------------------------------------------------------------------- one chunk
@dataclass(frozen=True)
class Chunk:
    """Games ``start .. stop - 1`` of one cell: what a worker is given (small and picklable:
    the game travels by name, its component-data hash to check the worker's)."""

    game: str
    cell: Cell
    start: int
    stop: int
    seed: int
    rotate_seats: bool
    data_hash: str
    version: str
    records: bool = False
    # (option, file text) of options that name a data file: the file travels with the task,
    # so a worker on another machine needs no copy of it
    files: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        digest = hashlib.blake2b(self.cell.key.encode(), digest_size=6).hexdigest()
        return f"{digest}-{self.start:08d}"


@dataclass
class ChunkResult:
    chunk: Chunk
    stats: CellStats
    rows: list[dict[str, Any]]  # per-game rows (only when records are kept)


def feature_key(state: State, action: int) -> str | None:
    """The card, spell, rune or enchantment a player action used, generically from its JSON:
    its kind and the component it names (``use:Growth of Fire``, ``claim:7``); None for an
    action that names none (a die, a colour, a seat)."""
    doc = state.action_to_json(action)
    kind = doc.get("kind")
    if not isinstance(kind, str):
        return None
    for name in ("card", "spell", "rune", "enchantment"):
        if doc.get(name) is not None:
            return f"{kind}:{doc[name]}"
    return None


class Watcher:
    """Sees each player action of one game: how many were legal, what it used."""

    def __init__(self, players: int) -> None:
        self.legal_counts: list[int] = []
        self.used: list[set[str]] = [set() for _ in range(players)]

    def __call__(self, state: State, seat: int, action: int) -> None:
        self.legal_counts.append(len(state.legal_actions(seat)))
        key = feature_key(state, action)
        if key is not None:
            self.used[seat].add(key)


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Play one chunk (in whatever process or machine runs it)."""
    if grimoire.__version__ != chunk.version:
        raise InvalidOptions(
            f"this worker runs grimoire {grimoire.__version__}, the study {chunk.version}"
        )
    cell = chunk.cell
    options = dict(cell.options)
    with tempfile.TemporaryDirectory(prefix="grimoire-study-") as folder:
        for number, (name, text) in enumerate(chunk.files):
            path = Path(folder) / f"{number}-{name}"
            path.write_text(text, "utf-8")
            options[name] = str(path)
        game: Game = grimoire.make(chunk.game, players=cell.players, **options)
    if game.data_hash != chunk.data_hash:
        raise InvalidOptions(
            f"this worker's {game.title} component data (hash {game.data_hash}) differs from "
            f"the study's ({chunk.data_hash})"
        )
    stats = CellStats(cell.players)
    rows: list[dict[str, Any]] = []
    for index in range(chunk.start, chunk.stop):
        kinds = seating(cell.lineup, index, chunk.rotate_seats)
        game_seed = derive_seed(chunk.seed, f"study/{cell.key}/game/{index}")
        bots = [
            make_bot(kind, game, derive_seed(game_seed, f"seat/{seat}"))
            for seat, kind in enumerate(kinds)
        ]
        watch = Watcher(cell.players)
        result = play_game(game, bots, game_seed, keep_record=chunk.records, observe=watch)
        stats.add_game(
            result.scores,
            result.winners,
            result.decisions,
            result.chance_steps,
            result.turns,
            kinds,
            watch.legal_counts,
            watch.used,
            index,
        )
        if chunk.records:
            rows.append(
                {
                    "cell": cell.key,
                    "index": index,
                    "seed": game_seed,
                    "bots": list(kinds),
                    "scores": list(result.scores),
                    "winners": list(result.winners),
                    "decisions": result.decisions,
                    "chance_steps": result.chance_steps,
                    "turns": result.turns,
                    "record": json.dumps(result.record.to_json()) if result.record else None,
                }
            )
    return ChunkResult(chunk, stats, rows)


# --------------------------------------------------------------------------- back-ends
Backend = Callable[[list[Chunk], Callable[[ChunkResult], None]], None]


def local_backend(chunks: list[Chunk], done: Callable[[ChunkResult], None]) -> None:
    for chunk in chunks:
        done(run_chunk(chunk))


def process_backend(workers: int) -> Backend:
    """A pool of ``workers`` processes (spawned, so the same on every OS)."""

    def run(chunks: list[Chunk], done: Callable[[ChunkResult], None]) -> None:
        import multiprocessing
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            waiting = iter(chunks)
            running = {pool.submit(run_chunk, c) for c in itertools.islice(waiting, workers * 2)}
            while running:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    done(future.result())
                    for chunk in itertools.islice(waiting, 1):
                        running.add(pool.submit(run_chunk, chunk))

    return run


def ray_backend(address: str | None, in_flight: int = 0) -> Backend:
    """Chunks as Ray tasks on the cluster at ``address`` (or a local one), a bounded number in
    flight. Needs the ``ray`` extra."""

    def run(chunks: list[Chunk], done: Callable[[ChunkResult], None]) -> None:
        try:
            import ray
        except ImportError as error:
            raise InvalidOptions("the Ray back-end needs: pip install 'grimoire[ray]'") from error
        if not ray.is_initialized():
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        remote = ray.remote(run_chunk)
        cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
        limit = in_flight or max(2, 2 * int(cpus))
        waiting = iter(chunks)
        running = [remote.remote(c) for c in itertools.islice(waiting, limit)]
        while running:
            finished, running = ray.wait(running, num_returns=1)
            for ref in finished:
                done(ray.get(ref))
                running += [remote.remote(c) for c in itertools.islice(waiting, 1)]

    return run


# --------------------------------------------------------------------------- the study
@dataclass
class StudyResult:
    spec: StudySpec
    cells: list[tuple[Cell, CellStats]]

    def to_json(self) -> dict[str, Any]:
        return {
            "spec": self.spec.to_json(),
            "fingerprint": self.spec.fingerprint,
            "cells": [
                {
                    "players": cell.players,
                    "variant": cell.variant,
                    "options": cell.options,
                    "lineup": list(cell.lineup),
                    "label": cell.label,
                    "stats": stats.to_json(),
                }
                for cell, stats in self.cells
            ],
        }


def data_files(game: str, options: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The texts of the files that ``options`` name (free-text options naming a file)."""
    found = []
    for option in game_class(game).declared_options:
        value = options.get(option.name)
        if option.choices is None and option.kind is str and isinstance(value, str):
            path = Path(value)
            if path.is_file():
                found.append((option.name, path.read_text("utf-8")))
    return tuple(found)


def chunks_of(spec: StudySpec, records: bool = False) -> list[Chunk]:
    out = []
    for cell in spec.cells():
        data_hash = grimoire.make(spec.game, players=cell.players, **cell.options).data_hash
        files = data_files(spec.game, cell.options)
        for start in range(0, spec.games, spec.chunk):
            stop = min(spec.games, start + spec.chunk)
            out.append(
                Chunk(
                    spec.game,
                    cell,
                    start,
                    stop,
                    spec.seed,
                    spec.rotate_seats,
                    data_hash,
                    grimoire.__version__,
                    records,
                    files,
                )
            )
    return out


class Store:
    """A study's folder: each finished chunk's statistics (so a stopped study resumes where it
    stopped) and, if asked for, its per-game records as a Parquet shard."""

    def __init__(self, folder: Path, spec: StudySpec) -> None:
        self.folder = folder
        self.chunks = folder / "chunks"
        self.records = folder / "records"
        self.chunks.mkdir(parents=True, exist_ok=True)
        marker = folder / "study.json"
        if marker.exists():
            old = json.loads(marker.read_text())
            if old.get("fingerprint") != spec.fingerprint:
                raise InvalidOptions(f"{folder} holds another study's games; choose another folder")
        marker.write_text(json.dumps({**spec.to_json(), "fingerprint": spec.fingerprint}))

    def done(self) -> dict[str, CellStats]:
        found = {}
        for path in self.chunks.glob("*.json"):
            found[path.stem] = CellStats.from_json(json.loads(path.read_text()))
        return found

    def save(self, result: ChunkResult) -> None:
        if result.rows:
            write_parquet(self.records / f"{result.chunk.name}.parquet", result.rows)
        path = self.chunks / f"{result.chunk.name}.json"
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(result.stats.to_json()))
        temporary.replace(path)  # a chunk is either wholly saved or not at all


def write_parquet(path: Path, rows: list[dict[str, Any]]) -> None:
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]
    except ImportError as error:
        raise InvalidOptions("per-game records need: pip install 'grimoire[study]'") from error
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows), path)


def run_study(
    spec: StudySpec,
    backend: Backend = local_backend,
    folder: Path | None = None,
    records: bool = False,
    progress: Progress | None = None,
) -> StudyResult:
    """Play every cell's games (skipping chunks a previous run in ``folder`` finished) and
    merge their statistics in a fixed order."""
    spec.check()
    if records and folder is None:
        raise InvalidOptions("per-game records need a study folder")
    store = Store(folder, spec) if folder is not None else None
    chunks = chunks_of(spec, records)
    finished: dict[str, CellStats] = store.done() if store is not None else {}
    total = len(spec.cells()) * spec.games
    count = sum(stats.games for name, stats in finished.items())
    if progress is not None:
        progress(count, total)
    todo = [chunk for chunk in chunks if chunk.name not in finished]

    def done(result: ChunkResult) -> None:
        nonlocal count
        finished[result.chunk.name] = result.stats
        if store is not None:
            store.save(result)
        count += result.stats.games
        if progress is not None:
            progress(count, total)

    backend(todo, done)
    cells = []
    for cell in spec.cells():
        stats = CellStats(cell.players)
        for chunk in chunks:  # merged in chunk order: exact sums make the order moot anyway
            if chunk.cell == cell:
                stats.merge(finished[chunk.name])
        cells.append((cell, stats))
    return StudyResult(spec, cells)
