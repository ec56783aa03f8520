"""Every ```python block of README.md and docs/*.md runs, as written, in a fresh process.

Each block is run alone (``python -c``) in an empty temporary folder, with this checkout's
``src`` first on the path, so it sees only what a reader who pasted it would have: nothing a
test imported before (a block that forgets an import fails here as it would for the reader).
An HTML comment on the line just above a block's fence says what the block needs:

- ``<!-- doc-test: skip (why) -->``: not run (say why; keep these few);
- ``<!-- doc-test: slow -->``: run only with the ``slow`` tests;
- ``<!-- doc-test: setup NAME -->``: ``SETUPS[NAME]`` first makes, in the block's folder, the
  file or folder it reads (a trained model, a study's output);
- ``<!-- doc-test: needs MODULE -->``: skipped when MODULE is not installed (a module the
  block uses without importing it: pandas behind pyarrow's ``to_pandas``).

Several go in one comment, separated by commas. A block that imports an optional package which
is not installed (OpenSpiel, sb3-contrib, pyarrow: the extras) is skipped with the package
named.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
DIRECTIVE = re.compile(r"<!--\s*doc-test:\s*(.*?)\s*-->")
TIMEOUT = 600


@dataclass(frozen=True)
class Block:
    document: Path
    line: int  # of the opening fence, 1-based
    code: str
    directive: str  # the doc-test comment's text, "" without one

    @property
    def id(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}"

    @property
    def skip(self) -> str | None:
        found = re.search(r"\bskip\s*\((.+)\)", self.directive)
        if "skip" in self.directive and not found:
            raise ValueError(f"{self.id}: a skip says why: <!-- doc-test: skip (why) -->")
        return found.group(1) if found else None

    @property
    def slow(self) -> bool:
        return re.search(r"\bslow\b", self.directive) is not None

    @property
    def needs(self) -> list[str]:
        return re.findall(r"\bneeds\s+([\w.]+)", self.directive)

    @property
    def setups(self) -> list[str]:
        return re.findall(r"\bsetup\s+([\w.\-/]+)", self.directive)


def python_blocks(document: Path) -> Iterator[Block]:
    lines = document.read_text(encoding="utf-8").splitlines()
    number = 0
    while number < len(lines):
        opening = FENCE.match(lines[number])
        if not opening:
            number += 1
            continue
        indent, language = opening.groups()
        end = number + 1
        while end < len(lines) and not re.match(r"^\s*```\s*$", lines[end]):
            end += 1
        if language == "python":
            above = lines[number - 1] if number else ""
            found = DIRECTIVE.search(above)
            body = [
                line[len(indent) :] if line.startswith(indent) else line
                for line in lines[number + 1 : end]
            ]
            yield Block(
                document, number + 1, "\n".join(body) + "\n", found.group(1) if found else ""
            )
        number = end + 1


BLOCKS = [block for document in DOCUMENTS for block in python_blocks(document)]


# --------------------------------------------------------------------------- setups
def _ppo_model(folder: Path) -> None:
    """``ciub-ppo.zip``: a MaskablePPO model of Ciúb 2p (trained a few steps: the block shows
    how a model is seated, not how good it is)."""
    import gymnasium
    import torch
    from sb3_contrib import MaskablePPO

    import grimoire.envs.gymnasium  # noqa: F401 - registers the ids

    torch.set_num_threads(1)
    env = gymnasium.make("grimoire/Ciub-v1", players=2)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, n_epochs=1, seed=1)
    model.learn(64)
    model.save(folder / "ciub-ppo.zip")


def _study(folder: Path) -> None:
    """``study-fs``: a small study of Five Seals' variants, as docs/simulation.md's command
    writes it with `--records` (8 games a cell instead of 400)."""
    command = [
        sys.executable, "-c", "from grimoire.cli.main import main; raise SystemExit(main())",
        "study", "--game", "five-seals", "--players", "3", "--variant", "circle=1",
        "--variant", "circle=2", "--bots", "random", "--games", "8", "--seed", "1",
        "--out", "study-fs", "--records",
    ]  # fmt: skip
    subprocess.run(command, cwd=folder, env=_environment(), check=True, capture_output=True)


SETUPS: dict[str, Callable[[Path], None]] = {"ciub-ppo.zip": _ppo_model, "study-fs": _study}


# --------------------------------------------------------------------------- the test
def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    return env


def _missing(code: str, needs: list[str]) -> list[str]:
    """The top-level modules ``code`` imports (and ``needs``) that are not installed."""
    names = set(needs)
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return sorted(name for name in names if importlib.util.find_spec(name) is None)


def _param(block: Block) -> object:
    marks = [pytest.mark.slow] if block.slow else []
    return pytest.param(block, id=block.id, marks=marks)


def test_documents_have_python_blocks() -> None:
    assert len(BLOCKS) >= 9
    assert all(name in SETUPS for block in BLOCKS for name in block.setups)


@pytest.mark.parametrize("block", [_param(block) for block in BLOCKS])
def test_block_runs(block: Block, tmp_path: Path) -> None:
    if block.skip:
        pytest.skip(f"marked in the document: {block.skip}")
    missing = _missing(block.code, block.needs)
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (an optional extra)")
    for name in block.setups:
        SETUPS[name](tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", block.code],
        cwd=tmp_path,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, f"{block.id} failed:\n{block.code}\n{done.stderr[-3000:]}"
