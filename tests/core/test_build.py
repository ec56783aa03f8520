"""Which build runs (grimoire._build): compiled only while it matches the sources, else pure
Python throughout, so an edit always takes effect."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import grimoire
from grimoire import _build


def _package(tmp_path: Path) -> Path:
    package = tmp_path / "grimoire"
    for relative in ("core/state.py", "games/ciub/rules.py", "web/app.py"):
        path = package / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n")
    return package


def test_a_package_without_a_stamp_is_pure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GRIMOIRE_PURE", raising=False)  # scripts/test's pure pass sets it
    build = _build.inspect(str(_package(tmp_path)))
    assert (build.kind, build.reason) == ("pure", "not compiled")


def test_an_in_place_build_runs_while_its_sources_are_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GRIMOIRE_PURE", raising=False)
    package = _package(tmp_path)
    _build.write_stamp(str(package), "inplace", 2)
    assert _build.inspect(str(package)) == _build.Build("compiled", "", 2)
    # a source outside the compiled folders may change freely
    (package / "web" / "app.py").write_text("x = 2\n")
    assert _build.inspect(str(package)).kind == "compiled"


@pytest.mark.parametrize("change", ["edit", "new file", "removed"])
def test_any_change_to_a_compiled_folder_means_pure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    monkeypatch.delenv("GRIMOIRE_PURE", raising=False)
    package = _package(tmp_path)
    _build.write_stamp(str(package), "inplace", 2)
    rules = package / "games" / "ciub" / "rules.py"
    if change == "edit":
        rules.write_text("x = 22\n")  # another size
    elif change == "new file":
        (package / "core" / "new.py").write_text("")
    else:
        rules.unlink()
    build = _build.inspect(str(package))
    assert build.kind == "pure"
    assert "sources changed" in build.reason


def test_a_wheel_build_is_trusted_and_grimoire_pure_overrides_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GRIMOIRE_PURE", raising=False)
    package = _package(tmp_path)
    _build.write_stamp(str(package), "wheel", 3)
    (package / "core" / "state.py").write_text("changed = True\n")  # installed files: no check
    assert _build.inspect(str(package)).kind == "compiled"
    monkeypatch.setenv("GRIMOIRE_PURE", "1")
    assert _build.inspect(str(package)) == _build.Build("pure", "GRIMOIRE_PURE is set")


def test_a_broken_stamp_means_pure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GRIMOIRE_PURE", raising=False)
    package = _package(tmp_path)
    (package / _build.STAMP).write_text("{not json")
    assert _build.inspect(str(package)) == _build.Build("pure", "not compiled")


def test_the_source_only_finder_loads_python_files() -> None:
    import grimoire.core

    spec = _build._SourceOnly().find_spec("grimoire.core.state", list(grimoire.core.__path__))
    assert spec is not None and spec.origin is not None
    assert spec.origin.endswith(os.path.join("core", "state.py"))
    package = _build._SourceOnly().find_spec("grimoire.games", list(grimoire.__path__))
    assert package is not None and package.submodule_search_locations
    assert _build._SourceOnly().find_spec("json", None) is None  # only grimoire's own


def test_pure_python_is_forced_in_a_new_process() -> None:
    code = (
        "import grimoire, grimoire.core.state as s, grimoire.games.ciub.rules as r;"
        "print(grimoire.BUILD.kind, s.__file__.endswith('.py'), r.__file__.endswith('.py'))"
    )
    env = {**os.environ, "GRIMOIRE_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["pure", "True", "True"]


def test_the_build_that_runs_is_what_version_says() -> None:
    from typer.testing import CliRunner

    from grimoire.cli.main import app

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert grimoire.BUILD.describe().split()[0] in result.output


@pytest.mark.parametrize(
    ("env", "why"),
    [
        ({"CC": "no-such-compiler"}, "no C compiler (no-such-compiler) found"),
        ({"GRIMOIRE_COMPILE": "0"}, "GRIMOIRE_COMPILE=0"),
    ],
)
def test_without_a_compiler_the_build_says_it_is_pure(env: dict[str, str], why: str) -> None:
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--help"],  # asks, builds nothing
        cwd=root,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    assert f"grimoire build: pure Python ({why})" in out.stderr
