"""Balance studies: specs, identical numbers on every back-end and chunking, resume, Parquet
records, the metrics against hand computations, the report and the command."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimoire.cli.main import app
from grimoire.core.errors import InvalidOptions
from grimoire.sim.cellstats import CellStats, Moments
from grimoire.sim.metrics import games_needed, seat_balance, summarize_study, wilson
from grimoire.sim.study import (
    Chunk,
    ChunkResult,
    StudySpec,
    local_backend,
    process_backend,
    run_chunk,
    run_study,
)
from grimoire.sim.study_report import write_report


def small(**changes: object) -> StudySpec:
    doc: dict[str, object] = {
        "game": "five-seals",
        "players": [2],
        "games": 4,
        "seed": 5,
        "variants": {"I": {"circle": 1}, "II": {"circle": 2}},
        "lineups": [["random"]],
        "chunk": 2,
    }
    doc.update(changes)
    return StudySpec.from_dict(doc)


def test_a_study_reads_from_toml_and_refuses_what_cannot_run(tmp_path: Path) -> None:
    path = tmp_path / "study.toml"
    path.write_text(
        'game = "five-seals"\nplayers = [3]\ngames = 10\nlineups = [["heuristic", "random", '
        '"random"]]\n[variants.I]\ncircle = 1\n[variants.IV]\ncircle = 4\n'
    )
    spec = StudySpec.from_toml(path)
    assert [cell.label for cell in spec.cells()] == [
        "3 players · I · heuristic vs random vs random",
        "3 players · IV · heuristic vs random vs random",
    ]
    with pytest.raises(InvalidOptions, match="no field 'gmes'"):
        StudySpec.from_dict({"game": "ciub", "gmes": 3})
    with pytest.raises(InvalidOptions, match="circle"):
        small(variants={"bad": {"circle": 9}}).check()
    with pytest.raises(InvalidOptions, match="no bot called 'genius'"):
        small(lineups=[["genius"]]).check()


def test_the_same_study_gives_the_same_numbers_on_every_back_end_and_chunking() -> None:
    alone = summarize_study(run_study(small()))
    pooled = summarize_study(run_study(small(chunk=1), process_backend(2)))
    assert alone.pop("spec")["chunk"] == 2 and pooled.pop("spec")["chunk"] == 1
    assert json.dumps(alone, sort_keys=True) == json.dumps(pooled, sort_keys=True)
    other = summarize_study(run_study(small(seed=6)))
    assert other["cells"] != alone["cells"]


def test_a_stopped_study_resumes_where_it_stopped(tmp_path: Path) -> None:
    spec = small()
    whole = summarize_study(run_study(spec, folder=tmp_path / "s"))
    chunks = sorted((tmp_path / "s" / "chunks").glob("*.json"))
    assert len(chunks) == 4  # 2 cells x 2 chunks of 2 games
    chunks[2].unlink()  # as if the study had stopped before this chunk
    ran: list[Chunk] = []

    def counting(todo: list[Chunk], done: object) -> None:
        ran.extend(todo)
        local_backend(todo, done)  # type: ignore[arg-type]

    again = summarize_study(run_study(spec, counting, folder=tmp_path / "s"))
    assert len(ran) == 1 and again == whole
    with pytest.raises(InvalidOptions, match="another study"):
        run_study(small(seed=99), folder=tmp_path / "s")


def test_a_game_without_turns_writes_nulls_of_a_typed_column(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    run_study(
        StudySpec("toy-komi", [2], games=2, lineups=[["random"]]),
        folder=tmp_path / "k",
        records=True,
    )
    table = pq.read_table(tmp_path / "k" / "games")
    assert table.schema.field("turns").type == pa.int32()
    assert table.column("turns").to_pylist() == [None, None]


def test_per_game_records_are_written_as_parquet(tmp_path: Path) -> None:
    """One typed row per game (the cell as columns, who started, no column of type null), the
    grimoire version and data hash as file metadata, the game records in their own files."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    run_study(small(games=2), folder=tmp_path / "s", records=True)
    table = pq.read_table(tmp_path / "s" / "games")
    assert table.num_rows == 4
    types = {field.name: field.type for field in table.schema}
    assert types["players"] == pa.int16() and types["lineup"] == pa.list_(pa.string())
    assert types["turns"] == pa.int32()
    assert all(turns > 0 for turns in table.column("turns").to_pylist())  # five-seals counts them
    assert not any(pa.types.is_null(kind) for kind in types.values())
    row = min(table.to_pylist(), key=lambda r: (r["variant"], r["index"]))
    assert {k: row[k] for k in ("game", "players", "variant")} == {
        "game": "five-seals",
        "players": 2,
        "variant": "I",
    }
    assert row["lineup"] == ["random", "random"] and row["first_player"] in (0, 1)
    assert "record" not in row
    for shard in (tmp_path / "s" / "games").glob("*.parquet"):
        meta = pq.read_metadata(shard).metadata
        assert meta[b"grimoire_version"] == _version().encode()
        hashes = set(pq.read_table(shard).column("data_hash").to_pylist())
        assert hashes == {meta[b"data_hash"].decode()} == {_hash(None)}
    records = pq.read_table(tmp_path / "s" / "records").to_pylist()
    assert len(records) == 4 and set(records[0]) == {"cell", "index", "record"}
    assert json.loads(records[0]["record"])["game"] == "five-seals"


def test_a_worker_with_other_component_data_is_refused() -> None:
    spec = small(games=1)
    chunk = Chunk("five-seals", spec.cells()[0], 0, 1, 1, True, "0" * 16, "0.1.0")
    with pytest.raises(InvalidOptions, match="component data"):
        run_chunk(chunk)


def test_metrics_match_hand_computations() -> None:
    stats = CellStats(2)
    games = [([5.0, 3.0], [0]), ([2.0, 2.0], [0, 1]), ([1.0, 4.0], [1]), ([6.0, 0.0], [0])]
    for scores, winners in games:
        used = [{"use:Fire"} if scores[0] > 3 else set(), set()]
        stats.add_game(scores, winners, 10, 3, 5, ["a", "b"], [2, 4], used)
    assert stats.seat_wins == [Fraction(5, 2), Fraction(3, 2)]
    assert stats.margin.mean == pytest.approx((2 + 0 + 3 + 6) / 4)
    assert stats.per_turn.mean == 2 and stats.branching.mean == 3
    # Wilson interval of 2.5 wins in 4 games, by the textbook formula
    z = 1.959963984540054
    p, n = 2.5 / 4, 4
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert wilson(2.5, 4) == pytest.approx([centre - half, centre + half])
    none_won, all_won = wilson(0, 3), wilson(3, 3)
    assert none_won is not None and all_won is not None
    assert none_won[0] == 0.0 and all_won[1] == 1.0  # exact at the ends
    balance = seat_balance(stats)
    assert balance["chi_square"] == pytest.approx(((2.5 - 2) ** 2 + (1.5 - 2) ** 2) / 2)
    assert balance["spread"] == pytest.approx(0.25)
    fire = stats.features["use:Fire"]
    assert fire.used == 2 and fire.wins == 2  # both games where seat 0 used it, it won
    # 50% against 60%, at 5% and 80% power: (1.96 sqrt(2 x .55 x .45) + 0.8416 sqrt(.25 +
    # .24))^2 / 0.1^2 = 387.3 games per variant
    assert games_needed(0.5, 0.6) == 388
    moments = Moments()
    for x in (1, 2, 3, 4):
        moments.add(x)
    assert moments.stdev == pytest.approx(math.sqrt(5 / 3))
    again = CellStats.from_json(json.loads(json.dumps(stats.to_json())))
    assert again.to_json() == stats.to_json()


def test_chunk_statistics_merge_exactly() -> None:
    spec = small(games=4, variants={"I": {"circle": 1}})
    cell = spec.cells()[0]
    data = run_chunk(Chunk("five-seals", cell, 0, 4, 5, True, _hash(cell), _version()))
    first = run_chunk(Chunk("five-seals", cell, 0, 1, 5, True, _hash(cell), _version()))
    rest = run_chunk(Chunk("five-seals", cell, 1, 4, 5, True, _hash(cell), _version()))
    merged = CellStats(2)
    for part in (rest, first):  # any order
        assert isinstance(part, ChunkResult)
        merged.merge(part.stats)
    assert merged.to_json()["seat_wins"] == data.stats.to_json()["seat_wins"]
    assert merged.decisions.to_json() == data.stats.decisions.to_json()
    assert merged.features.keys() == data.stats.features.keys()


def _hash(cell: object) -> str:
    import grimoire

    return grimoire.make("five-seals", players=2, circle=1).data_hash


def _version() -> str:
    import grimoire

    return grimoire.__version__


def test_the_report_answers_which_variant_is_most_balanced(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    summary = summarize_study(run_study(small(games=2, lineups=[["heuristic", "random"]])))
    page = write_report(summary, tmp_path / "report")
    text = page.read_text()
    assert "Which variant is most balanced?" in text
    assert summary["balance"][0]["verdict"]["text"].replace("'", "&#x27;") in text
    assert "<h1>Study of Five Seals of Magic</h1>" in text  # the title, not the registry name
    assert text.count("data:image/png;base64,") == 1 + len(summary["cells"])
    assert (tmp_path / "report" / "balance-0.png").read_bytes()[:4] == b"\x89PNG"
    assert json.loads((tmp_path / "report" / "summary.json").read_text()) == summary
    bots = [row["bot"] for row in summary["ratings"]]
    assert sorted(bots) == ["heuristic", "random"]


def test_the_study_command(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "study",
            "--game",
            "five-seals",
            "--players",
            "2",
            "--variant",
            "circle=1",
            "--variant",
            "circle=3",
            "--bots",
            "random",
            "--games",
            "2",
            "--json",
            str(tmp_path / "s.json"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "2 players (random vs random):" in result.output
    assert "games/s" in result.output
    summary = json.loads((tmp_path / "s.json").read_text())
    assert [cell["variant"] for cell in summary["cells"]] == ["circle=1", "circle=3"]
    bad = CliRunner().invoke(app, ["study", "--game", "five-seals", "--backend", "mpi"])
    assert bad.exit_code == 2 and "--backend is process or ray" in bad.output


@pytest.mark.slow
def test_a_local_ray_cluster_gives_the_process_pools_numbers() -> None:
    ray = pytest.importorskip("ray", reason="the Ray back-end needs the ray extra")
    from grimoire.sim.study import ray_backend

    spec = small(games=2)
    # and a study that stops when clear: the same rounds, the same stopping point
    until = small(games=12, until_clear="sprt", detect=0.3, check_every=4, chunk=2)
    pooled = summarize_study(run_study(spec, process_backend(2)))
    pooled_until = summarize_study(run_study(until, process_backend(2)))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        clustered = summarize_study(run_study(spec, ray_backend(None)))
        clustered_until = summarize_study(run_study(until, ray_backend(None)))
    finally:
        ray.shutdown()
    assert json.dumps(clustered, sort_keys=True) == json.dumps(pooled, sort_keys=True)
    assert json.dumps(clustered_until, sort_keys=True) == json.dumps(pooled_until, sort_keys=True)


def test_a_data_file_named_by_an_option_travels_with_the_task(tmp_path: Path) -> None:
    """Ciúb's ``components`` option names a file: the chunk carries its text, so a worker that
    has no such file (here: the file is gone before the chunk runs) plays the same games."""
    import shutil

    from grimoire.sim.study import chunks_of

    shipped = Path(__file__).resolve().parents[2] / "src/grimoire/games/ciub/data/components.toml"
    copy = tmp_path / "mine.toml"
    shutil.copy(shipped, copy)
    spec = StudySpec.from_dict(
        {
            "game": "ciub",
            "players": [2],
            "games": 1,
            "lineups": [["random"]],
            "options": {"components": str(copy), "length": "short"},
        }
    )
    chunk = chunks_of(spec)[0]
    assert chunk.files == (("components", shipped.read_text("utf-8"), str(copy)),)
    copy.unlink()
    assert run_chunk(chunk).stats.games == 1
