"""Data variants: a study changes a game's component data by path or by file, the games use
it (its hash in every record), the report shows what changed."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

import grimoire
from grimoire.cli.study import parse_variants
from grimoire.core.errors import InvalidOptions
from grimoire.sim.data import diff, dumps, overlay
from grimoire.sim.metrics import summarize_study
from grimoire.sim.study import StudySpec, run_study
from grimoire.sim.study_report import write_report

GAMES = Path(__file__).resolve().parents[2] / "src/grimoire/games"


def test_a_card_worth_more_shows_in_the_report_and_in_the_games(tmp_path: Path) -> None:
    """Every Ciúb card worth 50 points instead of 2..6: the report lists the changes, the
    variant's games reach 50 points (no game of the shipped data does), its records carry the
    variant's data hash and replay from the TOML in the study folder."""
    pytest.importorskip("pyarrow")
    cards = tomllib.loads((GAMES / "ciub/data/components.toml").read_text())["cards"]
    rich = {f"data.cards.{card['id']}.vp": 50 for card in cards}
    spec = StudySpec.from_dict(
        {
            "game": "ciub",
            "players": [2],
            "games": 2,
            "lineups": [["random"]],
            "options": {"length": "short"},
            "variants": {"shipped": {}, "rich": rich},
        }
    )
    folder = tmp_path / "s"
    summary = summarize_study(run_study(spec, folder=folder, records=True))
    shipped, changed = summary["cells"]
    assert shipped["data_changes"] == [] and shipped["data_file"] is None
    assert shipped["data_hash"] == grimoire.make("ciub", players=2).data_hash
    assert changed["data_hash"] != shipped["data_hash"]
    assert {"path": "cards.21.vp", "old": 6, "new": 50} in changed["data_changes"]
    assert len(changed["data_changes"]) == len(cards)
    assert Path(changed["data_file"]).parent == folder / "data"
    assert max(seat["score"]["max"] for seat in shipped["seats"]) < 50
    assert max(seat["score"]["max"] for seat in changed["seats"]) >= 50
    page = write_report(summary, tmp_path / "report").read_text()
    assert "<h2>Data variants</h2>" in page
    assert "<tr><td>cards.21.vp</td><td>6</td><td>50</td></tr>" in page

    import pyarrow.parquet as pq

    rows = pq.read_table(folder / "games").to_pylist()
    by_variant = {row["variant"]: row["data_hash"] for row in rows}
    assert by_variant == {"shipped": shipped["data_hash"], "rich": changed["data_hash"]}
    record = next(
        json.loads(row["record"])
        for row in pq.read_table(folder / "records").to_pylist()
        if row["cell"].startswith("2p/rich/")
    )
    assert record["options"]["components"] == changed["data_file"]
    state = grimoire.GameRecord.from_json(record).replay()
    assert state.game.data_hash == changed["data_hash"]
    assert max(state.scores()) >= 50


def test_data_changes_from_toml_and_the_command_line(tmp_path: Path) -> None:
    """Runika's Blaze scoring 4 instead of 2, as a TOML ``[variant.X]`` with a dotted
    ``data.`` key, on the command line, or as a whole file."""
    study = tmp_path / "study.toml"
    study.write_text(
        'game = "runika"\nplayers = [2]\n[variant.blaze4]\ndata.rune.blaze.points = 4\n'
        "[variant.shipped]\n"
    )
    spec = StudySpec.from_toml(study)
    assert spec.variants["blaze4"] == {"data": {"rune.blaze.points": 4}}
    cell = spec.cells()[0]
    assert cell.changes == ({"path": "rune.blaze.points", "old": 2, "new": 4},)
    assert cell.key != spec.cells()[1].key and "/data:" in cell.key
    flags = parse_variants(["blaze4:data.rune.blaze.points=4", "data=mine.toml"])
    assert flags == {
        "blaze4": {"data.rune.blaze.points": 4},
        "data=mine.toml": {"data": "mine.toml"},
    }
    mine = tmp_path / "mine.toml"
    mine.write_text(cell.data or "")
    whole = StudySpec("runika", [2], variants={"file": {"data": str(mine)}}).cells()[0]
    assert whole.changes == cell.changes and whole.data == cell.data


def test_a_data_change_must_name_a_value_of_its_kind() -> None:
    doc = tomllib.loads((GAMES / "ciub/data/components.toml").read_text())
    with pytest.raises(InvalidOptions, match=r"no cards\.21 'pv'"):
        overlay(doc, {"cards.21.pv": 9})
    with pytest.raises(InvalidOptions, match="not of its kind"):
        overlay(doc, {"cards.21.vp": "nine"})
    with pytest.raises(InvalidOptions, match="takes no 'components' option"):
        StudySpec("toy_minimal", [2], variants={"x": {"data.cards.1.vp": 2}}).cells()
    with pytest.raises(InvalidOptions, match="not both"):
        StudySpec("ciub", [2], variants={"x": {"data": "a.toml", "data.cards.1.vp": 2}})


@pytest.mark.parametrize(
    "path", sorted(GAMES.glob("*/data/*.toml")), ids=lambda p: p.parent.parent.name + "/" + p.name
)
def test_component_files_survive_the_toml_writer(path: Path) -> None:
    doc = tomllib.loads(path.read_text())
    assert tomllib.loads(dumps(doc)) == doc
    assert diff(doc, tomllib.loads(dumps(doc))) == []


def test_five_seals_counts_are_studied_like_the_other_games_data(tmp_path: Path) -> None:
    """Five Seals' ``components`` option names a counts file (data/components.toml: dice,
    seal tokens, the end threshold): a study's data variant changes it by path, the report
    lists the change, and the games play by it (an end threshold above the strength-6 seals
    on the board ends every game after its first round)."""
    spec = StudySpec.from_dict(
        {
            "game": "five-seals",
            "players": [2],
            "games": 2,
            "lineups": [["random"]],
            "variants": {"shipped": {}, "quick": {"data.end.threshold.2": 99}},
        }
    )
    summary = summarize_study(run_study(spec, folder=tmp_path / "s"))
    shipped, quick = summary["cells"]
    assert quick["data_changes"] == [{"path": "end.threshold.2", "old": 4, "new": 99}]
    assert quick["data_hash"] != shipped["data_hash"]
    assert shipped["data_hash"] == grimoire.make("five-seals", players=2).data_hash
    assert quick["length"]["decisions"]["max"] < shipped["length"]["decisions"]["min"]
    with pytest.raises(InvalidOptions, match="cannot read components file"):
        grimoire.make("five-seals", players=2, components=str(tmp_path / "missing.toml"))
