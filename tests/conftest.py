"""Build-aware selection: the whole suite runs on the build that is current (compiled, by
scripts/test), and scripts/test's second pass runs on pure Python (``GRIMOIRE_PURE=1``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import grimoire

HERE = Path(__file__).parent
# the second pass: the engine core (the pinned identical records among them) and the contract
# battery must hold on pure Python too
PURE_PASS_DIRS = (HERE / "core", HERE / "contract")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    compiled = grimoire.BUILD.kind == "compiled"
    skip = pytest.mark.skip(
        reason="patches a module function, which compiled callers never see; "
        "runs in scripts/test's pure-Python pass"
    )
    for item in items:
        if compiled and item.get_closest_marker("pure_only"):
            item.add_marker(skip)
        quick = not (item.get_closest_marker("browser") or item.get_closest_marker("slow"))
        if quick and any(item.path.is_relative_to(folder) for folder in PURE_PASS_DIRS):
            item.add_marker(pytest.mark.pure_pass)
