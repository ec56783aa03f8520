"""Balance studies: many seeded games per *cell* (player count x variant x line-up), played in
chunks on a back-end (this process, a process pool, or a Ray cluster), reduced to exact,
mergeable statistics (``CellStats``), resumable, with optional per-game Parquet records.

The same study and seed give identical numbers whatever the back-end, the number of workers or
machines: game ``i`` of a cell is played from a seed derived from the study seed, the cell's
key and ``i`` only, and chunk statistics merge exactly. With ``until_clear`` a cell plays in
rounds and stops when a sequential test answers its question (``grimoire.sim.sequential``),
decided on whole rounds, so that holds too. A variant may change the game's component data
(``grimoire.sim.data``). See docs/simulation.md.
"""

from __future__ import annotations

import atexit
import hashlib
import itertools
import json
import os
import shutil
import tempfile
import tomllib
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grimoire
from grimoire.bots.registry import default_bot, make_bot
from grimoire.core.errors import GrimoireError, InvalidOptions
from grimoire.core.game import Game
from grimoire.core.rng import derive_seed
from grimoire.core.state import State
from grimoire.registry import game_class
from grimoire.sim.cellstats import Branching, CellStats
from grimoire.sim.data import COMPONENTS, changes, flatten, text_hash, variant_text, write_data
from grimoire.sim.play import play_game
from grimoire.sim.sequential import RULES, Stop, decide
from grimoire.sim.tournament import expand_bots, seating
from grimoire.sim.workers import watch_parent

STUDY_FORMAT = "grimoire-study/2"
Progress = Callable[[int, int], None]  # (games done, games in all)
DATA = "data"  # the variant key of a data variant
SEATS_NOTE = (
    "seats are counted from 1 on the page and in the terminal; the seat fields of the JSON and "
    "the records are ids from 0, as in the games' options and positions"
)


@dataclass(frozen=True)
class Cell:
    """One combination of the study: a player count, a named variant, a line-up. ``data`` is
    the components TOML of a data variant (None: the game's own data); ``changes`` what it
    changes, for the report."""

    players: int
    variant: str
    options: dict[str, Any] = field(hash=False, compare=False)
    lineup: tuple[str, ...] = ()
    data: str | None = field(default=None, hash=False, compare=False, repr=False)
    changes: tuple[dict[str, Any], ...] = field(default=(), hash=False, compare=False)

    @property
    def key(self) -> str:
        options = json.dumps(self.options, sort_keys=True)
        data = "" if self.data is None else f"/data:{text_hash(self.data)}"
        return f"{self.players}p/{self.variant}/{options}{data}/{','.join(self.lineup)}"

    @property
    def label(self) -> str:
        return f"{self.players} players · {self.variant} · {' vs '.join(self.lineup)}"


def normalise_variant(name: str, variant: Mapping[str, Any]) -> dict[str, Any]:
    """A variant's options, its data change folded into one ``data`` entry: a file's path
    (``data = "mine.toml"``) or the changed values by path (``data.rune.blaze.points = 4``,
    from TOML's dotted keys or the command line's ``data.rune.blaze.points=4``)."""
    options: dict[str, Any] = {}
    paths: dict[str, Any] = {}
    file: str | None = None
    for key, value in variant.items():
        if key == DATA and isinstance(value, str):
            file = value
        elif key == DATA and isinstance(value, Mapping):
            paths.update(flatten(value))
        elif key == DATA:
            raise InvalidOptions(f"variant {name!r}: data is a file or data.<path> = value")
        elif key.startswith(DATA + "."):
            paths.update(flatten({key[len(DATA) + 1 :]: value}))
        else:
            options[key] = value
    if file is not None and paths:
        raise InvalidOptions(
            f"variant {name!r}: a data file or data.<path> changes, not both (set the game's "
            f"{COMPONENTS} option for the file and change it with data.<path>)"
        )
    if file is not None:
        options[DATA] = file
    elif paths:
        options[DATA] = dict(sorted(paths.items()))
    return options


def default_kind(game: str) -> str:
    """The bot of a line-up that names none: the game's default bot, its heuristic or the
    ``easy`` level for a game without one (``bots.registry.default_bot``)."""
    try:
        cls = game_class(game)
        return default_bot(cls(cls.min_players))
    except GrimoireError:  # an unknown game: ``check`` refuses it
        return "heuristic"


@dataclass
class StudySpec:
    """What to play: ``variants`` maps a name to options (on top of ``options``), and maybe a
    data change (``data``); each line-up is one bot kind per entrant, or one kind for every
    seat. ``until_clear`` ("sprt" or "ci"; None: play ``games`` games per cell) plays each cell
    in rounds of ``check_every`` games until its question is answered, ``games`` at most."""

    game: str
    players: list[int]
    games: int = 100
    seed: int = 1
    variants: dict[str, dict[str, Any]] = field(default_factory=lambda: {"default": {}})
    # none given: one line-up, the game's default bot at every seat (``default_kind``)
    lineups: list[list[str]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    rotate_seats: bool = True
    chunk: int = 16
    until_clear: str | None = None
    detect: float = 0.05  # the smallest advantage worth finding, in win-rate points (0.05: 5)
    ci_width: float = 0.05
    check_every: int = 100

    def __post_init__(self) -> None:
        self.variants = {name: normalise_variant(name, v) for name, v in self.variants.items()}
        if not self.lineups:
            self.lineups = [[default_kind(self.game)]]

    def check(self) -> None:
        """Refuse a study that cannot run, before any game is played."""
        game_class(self.game)
        if self.games < 1 or self.chunk < 1 or self.check_every < 1:
            raise InvalidOptions("games per cell, the chunk and check_every must be 1 or more")
        if not self.players or not self.variants or not self.lineups:
            raise InvalidOptions("a study needs player counts, variants and line-ups")
        if self.until_clear is not None and self.until_clear not in RULES:
            raise InvalidOptions(
                f"until_clear is one of {', '.join(RULES)}, not {self.until_clear!r}"
            )
        if not 0 < self.detect < 1 or not 0 < self.ci_width < 1:
            raise InvalidOptions("detect and ci_width are win-rate points between 0 and 1")
        for cell in self.cells():
            game = cell_game(self.game, cell, cell_files(self.game, cell, None))
            for kind in set(cell.lineup):
                make_bot(kind, game, 0)

    def cells(self) -> list[Cell]:
        out = []
        cls = game_class(self.game)
        for players, (name, variant), lineup in itertools.product(
            self.players, self.variants.items(), self.lineups
        ):
            options = {**self.options, **variant}
            data = options.pop(DATA, None)
            text: str | None = None
            changed: tuple[dict[str, Any], ...] = ()
            if data is not None:
                base = cls(players, options)
                text = variant_text(base, data)
                changed = tuple(changes(base, text))
                options.pop(COMPONENTS, None)  # the variant's text replaces the file
            lineup_ = tuple(expand_bots(lineup, players))
            out.append(Cell(players, name, options, lineup_, text, changed))
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
            "until_clear": self.until_clear,
            "detect": self.detect,
            "ci_width": self.ci_width,
            "check_every": self.check_every,
        }

    @property
    def fingerprint(self) -> str:
        """Identifies the study's games: not how many are played (the game count, the
        stopping rule) nor how they are split (the chunk size), which change none of them, so
        a study folder can be run again for more games."""
        doc = self.to_json()
        for name in ("chunk", "games", "until_clear", "detect", "ci_width", "check_every"):
            doc.pop(name)
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
        known = {"game", "players", "games", "seed", "variants", "variant", "lineups", "options"}
        known |= {"rotate_seats", "chunk", "format", "until_clear", "detect", "ci_width"}
        known |= {"check_every"}
        unknown = sorted(set(doc) - known)
        if unknown:
            raise InvalidOptions(f"a study has no field {unknown[0]!r} (fields: {sorted(known)})")
        if "game" not in doc:
            raise InvalidOptions("a study names its game")
        if "variant" in doc and "variants" in doc:
            raise InvalidOptions("a study lists its variants as [variants.X] or [variant.X]")
        players = doc.get("players", [game_class(str(doc["game"])).min_players])
        lineups = doc.get("lineups", [])
        variants = doc.get("variants", doc.get("variant", {"default": {}}))
        until = doc.get("until_clear")
        try:
            return cls(
                game=str(doc["game"]),
                players=[int(p) for p in (players if isinstance(players, list) else [players])],
                games=int(doc.get("games", 100)),
                seed=int(doc.get("seed", 1)),
                variants={str(k): dict(v) for k, v in variants.items()},
                lineups=[[str(b) for b in lineup] for lineup in lineups],
                options=dict(doc.get("options", {})),
                rotate_seats=bool(doc.get("rotate_seats", True)),
                chunk=int(doc.get("chunk", 16)),
                until_clear="sprt"
                if until is True
                else (None if until in (None, False) else str(until)),
                detect=float(doc.get("detect", 0.05)),
                ci_width=float(doc.get("ci_width", 0.05)),
                check_every=int(doc.get("check_every", 100)),
            )
        except (TypeError, ValueError, AttributeError) as error:
            raise InvalidOptions(f"malformed study: {error}") from error


# --------------------------------------------------------------------------- data files
_SCRATCH: list[Path] = []


def _scratch() -> Path:
    """This process's folder for data variants of a study without a folder."""
    if not _SCRATCH:
        _SCRATCH.append(Path(tempfile.mkdtemp(prefix="grimoire-data-")))
        atexit.register(shutil.rmtree, _SCRATCH[0], True)
    return _SCRATCH[0]


def data_files(game: str, options: Mapping[str, Any]) -> tuple[tuple[str, str, str], ...]:
    """(option, text, path) of the files that ``options`` name (free-text options naming a
    file)."""
    found = []
    for option in game_class(game).declared_options:
        value = options.get(option.name)
        if option.choices is None and option.kind is str and isinstance(value, str):
            path = Path(value)
            if path.is_file():
                found.append((option.name, path.read_text("utf-8"), value))
    return tuple(found)


def cell_files(game: str, cell: Cell, folder: Path | None) -> tuple[tuple[str, str, str], ...]:
    """The data files a cell's games read: those its options name, and a data variant's
    components, written into ``folder/data`` (or a scratch folder) and named by its option."""
    found = list(data_files(game, cell.options))
    if cell.data is not None:
        where = folder / DATA if folder is not None else _scratch()
        found.append((COMPONENTS, cell.data, str(write_data(where, cell.variant, cell.data))))
    return tuple(found)


def cell_game(game: str, cell: Cell, files: tuple[tuple[str, str, str], ...]) -> Game:
    options = {**cell.options, **{name: path for name, _text, path in files}}
    return grimoire.make(game, players=cell.players, **options)


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
    # (option, file text, path) of the options that name a data file: the text travels with
    # the task, so a worker on another machine needs no copy; records name the path
    files: tuple[tuple[str, str, str], ...] = ()

    @property
    def name(self) -> str:
        key = f"{self.cell.key}/{self.data_hash}"
        digest = hashlib.blake2b(key.encode(), digest_size=6).hexdigest()
        return f"{digest}-{self.start:08d}-{self.stop:08d}"


@dataclass
class ChunkResult:
    chunk: Chunk
    stats: CellStats
    rows: list[dict[str, Any]]  # per-game rows (only when records are kept)
    records: list[dict[str, Any]] = field(default_factory=list)  # the game records, as JSON


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
    """Sees each player action of one game: how many were legal (as plain sums, folded into
    the cell's statistics once), and what it used. The feature of an action is read once per
    action id where a game's action JSON is its declared codec's, whose fields depend on the
    id only (``ActionCodec.json``: only the text reads the position); a game that writes its
    own ``action_to_json`` is asked at every action."""

    def __init__(self, players: int, keys: dict[int, str | None] | None = None) -> None:
        self.branching = Branching()
        self.used: list[set[str]] = [set() for _ in range(players)]
        # action id -> its feature, shared by the games of a chunk (one game, one codec)
        self._keys: dict[int, str | None] = {} if keys is None else keys
        self._cached: bool | None = None

    def __call__(self, state: State, seat: int, action: int) -> None:
        self.branching.add(state.legal_count(seat))
        if self._cached is None:
            self._cached = type(state).action_to_json is State.action_to_json
        if self._cached:
            keys = self._keys
            if action in keys:
                key = keys[action]
            else:
                key = keys[action] = feature_key(state, action)
        else:
            key = feature_key(state, action)
        if key is not None:
            self.used[seat].add(key)

    @property
    def legal_counts(self) -> Branching:
        return self.branching


def game_plan(
    seed: int, cell: Cell, index: int, rotate_seats: bool
) -> tuple[int, list[str], list[int]]:
    """Game ``index`` of ``cell`` in a study of ``seed``: its seed, the bot kind at each seat
    and each bot's seed (from the study seed, the cell and the index only)."""
    kinds = seating(cell.lineup, index, rotate_seats)
    game_seed = derive_seed(seed, f"study/{cell.key}/game/{index}")
    return game_seed, kinds, [derive_seed(game_seed, f"seat/{seat}") for seat in range(len(kinds))]


def study_games(spec: StudySpec) -> list[tuple[int, list[str], list[int]]]:
    """Every game a study of a fixed number of games plays (``game_plan``), cell by cell: to
    play the same games outside a study (bench/targets.py compares their cost)."""
    return [
        game_plan(spec.seed, cell, index, spec.rotate_seats)
        for cell in spec.cells()
        for index in range(spec.games)
    ]


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Play one chunk (in whatever process or machine runs it)."""
    if grimoire.__version__ != chunk.version:
        raise InvalidOptions(
            f"this worker runs grimoire {grimoire.__version__}, the study {chunk.version}"
        )
    cell = chunk.cell
    options = dict(cell.options)
    with tempfile.TemporaryDirectory(prefix="grimoire-study-") as folder:
        for number, (name, text, path) in enumerate(chunk.files):
            here = Path(path)
            if not (here.is_file() and here.read_text("utf-8") == text):
                here = Path(folder) / f"{number}-{name}"  # not on this machine: the text
                here.write_text(text, "utf-8")
            options[name] = str(here)
        game: Game = grimoire.make(chunk.game, players=cell.players, **options)
        data_hash = game.data_hash
    if data_hash != chunk.data_hash:
        raise InvalidOptions(
            f"this worker's {game.title} component data (hash {data_hash}) differs from "
            f"the study's ({chunk.data_hash})"
        )
    stats = CellStats(cell.players)
    rows: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []
    keys: dict[int, str | None] = {}  # each action's feature (``Watcher``)
    for index in range(chunk.start, chunk.stop):
        game_seed, kinds, bot_seeds = game_plan(chunk.seed, cell, index, chunk.rotate_seats)
        bots = [make_bot(kind, game, seed) for kind, seed in zip(kinds, bot_seeds, strict=True)]
        watch = Watcher(cell.players, keys)
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
            result.first_player,
        )
        if chunk.records:
            rows.append(
                {
                    "game": chunk.game,
                    "players": cell.players,
                    "variant": cell.variant,
                    "options": json.dumps(cell.options, sort_keys=True),
                    "lineup": list(cell.lineup),
                    "cell": cell.key,
                    "data_hash": chunk.data_hash,
                    "index": index,
                    "seed": game_seed,
                    "first_player": result.first_player,
                    "bots": list(kinds),
                    "scores": list(result.scores),
                    "winners": list(result.winners),
                    "decisions": result.decisions,
                    "chance_steps": result.chance_steps,
                    "turns": result.turns,
                }
            )
            if result.record is not None:
                doc = result.record.to_json()
                for name, _text, path in chunk.files:  # the study's file, not a scratch copy
                    doc["options"][name] = path
                records.append({"cell": cell.key, "index": index, "record": json.dumps(doc)})
    return ChunkResult(chunk, stats, rows, records)


# --------------------------------------------------------------------------- back-ends
Done = Callable[[ChunkResult], None]
Backend = Callable[[list[Chunk], Done], None]


def local_backend(chunks: list[Chunk], done: Done) -> None:
    for chunk in chunks:
        done(run_chunk(chunk))


class ProcessBackend:
    """A pool of ``workers`` processes (spawned, so the same on every OS), kept between the
    rounds of a study and the trials of a tuning while it is held (``with backend:``)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: Any = None
        self._holds = 0

    def __enter__(self) -> ProcessBackend:
        self._holds += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._holds -= 1
        if self._holds <= 0:
            self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __call__(self, chunks: list[Chunk], done: Done) -> None:
        import multiprocessing
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
        pool = self._pool
        waiting = iter(chunks)
        running = {pool.submit(run_chunk, c) for c in itertools.islice(waiting, self.workers * 2)}
        try:
            while running:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    done(future.result())
                    for chunk in itertools.islice(waiting, 1):
                        running.add(pool.submit(run_chunk, chunk))
        except BaseException:
            for future in running:
                future.cancel()
            raise


def process_backend(workers: int) -> ProcessBackend:
    return ProcessBackend(workers)


def ray_backend(address: str | None, in_flight: int = 0) -> Backend:
    """Chunks as Ray tasks on the cluster at ``address`` (or a local one), a bounded number in
    flight. Needs the ``ray`` extra."""

    def run(chunks: list[Chunk], done: Done) -> None:
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


def hold(backend: Backend) -> AbstractContextManager[Any]:
    """Keep ``backend``'s workers between calls for the length of a ``with`` block."""
    return backend if isinstance(backend, ProcessBackend) else nullcontext()


# --------------------------------------------------------------------------- the study
@dataclass
class StudyResult:
    spec: StudySpec
    cells: list[tuple[Cell, CellStats]]
    title: str = ""
    # per cell key: its data hash, data file, data changes, and why it stopped
    info: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "spec": self.spec.to_json(),
            "fingerprint": self.spec.fingerprint,
            "title": self.title,
            "cells": [
                {
                    "players": cell.players,
                    "variant": cell.variant,
                    "options": cell.options,
                    "lineup": list(cell.lineup),
                    "label": cell.label,
                    **self.info.get(cell.key, {}),
                    "stats": stats.to_json(),
                }
                for cell, stats in self.cells
            ],
        }


class Store:
    """A study's folder: each finished chunk's statistics (so a stopped study resumes where it
    stopped), the data variants' TOML (``data/``) and, if asked for, per-game Parquet: one row
    per game in ``games/``, the game records (JSON) in ``records/``."""

    def __init__(self, folder: Path, spec: StudySpec) -> None:
        self.folder = folder
        self.chunks = folder / "chunks"
        self.games = folder / "games"
        self.records = folder / "records"
        self.chunks.mkdir(parents=True, exist_ok=True)
        marker = folder / "study.json"
        if marker.exists():
            old = json.loads(marker.read_text())
            if old.get("fingerprint") != spec.fingerprint:
                raise InvalidOptions(f"{folder} holds another study's games; choose another folder")
        marker.write_text(json.dumps({**spec.to_json(), "fingerprint": spec.fingerprint}))
        self.fingerprint = spec.fingerprint

    def done(self) -> dict[str, CellStats]:
        found = {}
        for path in self.chunks.glob("*.json"):
            found[path.stem] = CellStats.from_json(json.loads(path.read_text()))
        return found

    def save(self, result: ChunkResult, title: str) -> None:
        if result.rows:
            meta = {
                "grimoire_version": result.chunk.version,
                "game": result.chunk.game,
                "title": title,
                "data_hash": result.chunk.data_hash,
                "study": self.fingerprint,
                "seats": SEATS_NOTE,
            }
            write_parquet(self.games / f"{result.chunk.name}.parquet", result.rows, "games", meta)
            write_parquet(
                self.records / f"{result.chunk.name}.parquet", result.records, "records", meta
            )
        path = self.chunks / f"{result.chunk.name}.json"
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(result.stats.to_json()))
        temporary.replace(path)  # a chunk is either wholly saved or not at all


def _schema(pa: Any, kind: str) -> Any:
    """The Parquet columns, typed (a column that happens to hold only nulls keeps its type)."""
    if kind == "records":
        return pa.schema([("cell", pa.string()), ("index", pa.int64()), ("record", pa.string())])
    small = pa.int16()
    return pa.schema(
        [
            ("game", pa.string()),
            ("players", small),
            ("variant", pa.string()),
            ("options", pa.string()),  # the cell's options as JSON
            ("lineup", pa.list_(pa.string())),  # the entrants, before seat rotation
            ("cell", pa.string()),
            ("data_hash", pa.string()),
            ("index", pa.int64()),
            ("seed", pa.int64()),
            ("first_player", small),  # null: a simultaneous start
            ("bots", pa.list_(pa.string())),  # the bot at each seat of this game
            ("scores", pa.list_(pa.float64())),
            ("winners", pa.list_(small)),
            ("decisions", pa.int32()),
            ("chance_steps", pa.int32()),
            ("turns", pa.int32()),  # null: the game counts no turns
        ]
    )


def write_parquet(
    path: Path, rows: list[dict[str, Any]], kind: str, meta: Mapping[str, str]
) -> None:
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]
    except ImportError as error:
        raise InvalidOptions("per-game records need: pip install 'grimoire[study]'") from error
    path.parent.mkdir(parents=True, exist_ok=True)
    schema = _schema(pa, kind).with_metadata({k: str(v) for k, v in meta.items()})
    temporary = path.with_name(f".{path.name}.tmp")  # hidden: a reader of the folder skips it
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), temporary)
    temporary.replace(path)


def run_study(
    spec: StudySpec,
    backend: Backend = local_backend,
    folder: Path | None = None,
    records: bool = False,
    progress: Progress | None = None,
) -> StudyResult:
    """Play every cell's games (skipping chunks a previous run in ``folder`` finished) and
    merge their statistics in a fixed order. With ``spec.until_clear`` each cell plays rounds
    of ``spec.check_every`` games until its question is answered or it has played
    ``spec.games``."""
    spec.check()
    if records and folder is None:
        raise InvalidOptions("per-game records need a study folder")
    store = Store(folder, spec) if folder is not None else None
    cells = spec.cells()
    files = {cell.key: cell_files(spec.game, cell, folder) for cell in cells}
    games = {cell.key: cell_game(spec.game, cell, files[cell.key]) for cell in cells}
    title = next(iter(games.values())).title
    finished: dict[str, CellStats] = store.done() if store is not None else {}
    rule = spec.until_clear
    step = spec.games if rule is None else spec.check_every
    stats = {cell.key: CellStats(cell.players) for cell in cells}
    stops: dict[str, Stop] = {}
    total = len(cells) * spec.games
    count = 0

    def chunks_for(cell: Cell, start: int, stop: int) -> list[Chunk]:
        return [
            Chunk(
                spec.game,
                cell,
                first,
                min(stop, first + spec.chunk),
                spec.seed,
                spec.rotate_seats,
                games[cell.key].data_hash,
                grimoire.__version__,
                records,
                files[cell.key],
            )
            for first in range(start, stop, spec.chunk)
        ]

    def done(result: ChunkResult) -> None:
        nonlocal count
        finished[result.chunk.name] = result.stats
        if store is not None:
            store.save(result, title)
        count += result.stats.games
        if progress is not None:
            progress(count, total)

    if progress is not None:
        progress(0, total)
    with hold(backend):
        while len(stops) < len(cells):
            planned: list[Chunk] = []
            for cell in cells:
                if cell.key not in stops:
                    played = stats[cell.key].games
                    planned += chunks_for(cell, played, min(spec.games, played + step))
            todo = [chunk for chunk in planned if chunk.name not in finished]
            count += sum(c.stop - c.start for c in planned if c.name in finished)
            if progress is not None:
                progress(count, total)
            backend(todo, done)
            for chunk in planned:  # merged in index order: exact sums make the order moot
                stats[chunk.cell.key].merge(finished[chunk.name])
            for cell in cells:
                if cell.key in stops:
                    continue
                mine = stats[cell.key]
                if rule is None:
                    stop = Stop("fixed", "fixed", mine.games, f"{mine.games} games, as asked")
                else:
                    stop = decide(mine, rule, spec.games, spec.detect, spec.ci_width)
                if stop.done:
                    stops[cell.key] = stop
                    total -= spec.games - mine.games
    if progress is not None:
        progress(count, total)
    info = {
        cell.key: {
            "data_hash": games[cell.key].data_hash,
            "data_file": next(
                (path for name, _t, path in files[cell.key] if name == COMPONENTS), None
            )
            if cell.data is not None and folder is not None
            else None,
            "data_changes": list(cell.changes),
            "stop": stops[cell.key].to_json(),
        }
        for cell in cells
    }
    return StudyResult(spec, [(cell, stats[cell.key]) for cell in cells], title, info)


def chunks_of(spec: StudySpec, records: bool = False, folder: Path | None = None) -> list[Chunk]:
    """The chunks of a study of a fixed number of games (for tests and tools)."""
    out = []
    for cell in spec.cells():
        files = cell_files(spec.game, cell, folder)
        data_hash = cell_game(spec.game, cell, files).data_hash
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
