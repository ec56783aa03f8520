"""Which build runs: the compiled (mypyc) hot modules, or pure Python.

``pip install .`` compiles the hot modules into the wheel whenever a C compiler is present
(setup.py); ``scripts/setup`` of a checkout compiles them in place beside their sources. Either
build leaves a stamp, ``_compiled.json``, beside this module. An in-place build's stamp lists
the size and modification time of every source the compiler read (the engine core and the
games); when any of them differs, the compiled modules are older than the code you edited, and
the whole package runs pure Python instead, so an edit always takes effect (a rebuild:
``scripts/setup``, or ``scripts/compile``). ``GRIMOIRE_PURE=1`` asks for pure Python too.

Mixing is never allowed: a compiled module calls the others compiled with it directly, so one
module loaded from source beside compiled ones would be a second copy of its classes. Pure
means every ``grimoire`` module is loaded from its ``.py`` file.

Only the standard library is used: this runs first, on every import of ``grimoire``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

STAMP = "_compiled.json"
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
# the folders whose sources the compiler reads (setup.py compiles modules of these only)
SOURCE_ROOTS = ("core", "games")


class Build:
    """What runs: ``kind`` is ``compiled`` or ``pure``; ``reason`` says why, for people. (A plain
    class: importing ``dataclasses`` costs more than the rest of ``import grimoire``.)"""

    __slots__ = ("kind", "modules", "reason")

    def __init__(self, kind: str, reason: str, modules: int = 0) -> None:
        self.kind = kind
        self.reason = reason
        self.modules = modules

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Build):
            return NotImplemented
        return (self.kind, self.reason, self.modules) == (other.kind, other.reason, other.modules)

    def __hash__(self) -> int:
        return hash((self.kind, self.reason, self.modules))

    def __repr__(self) -> str:
        return f"Build(kind={self.kind!r}, reason={self.reason!r}, modules={self.modules!r})"

    def describe(self) -> str:
        if self.kind == "compiled":
            return f"compiled ({self.modules} modules, mypyc)"
        return f"pure Python ({self.reason})"


def source_stats(package_dir: str = PACKAGE_DIR) -> dict[str, list[int]]:
    """``{relative path: [size, mtime_ns]}`` of every source an in-place build depends on."""
    stats: dict[str, list[int]] = {}
    for root in SOURCE_ROOTS:
        for folder, dirs, files in os.walk(os.path.join(package_dir, root)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    info = os.stat(path)
                    stats[os.path.relpath(path, package_dir)] = [info.st_size, info.st_mtime_ns]
    return stats


def write_stamp(package_dir: str, mode: str, modules: int) -> None:
    """Written by setup.py after a build (``mode``: ``inplace`` or ``wheel``)."""
    stamp: dict[str, object] = {"mode": mode, "modules": modules}
    if mode == "inplace":
        stamp["sources"] = source_stats(package_dir)
    with open(os.path.join(package_dir, STAMP), "w", encoding="utf-8") as out:
        json.dump(stamp, out, indent=0, sort_keys=True)


def _read_stamp(package_dir: str) -> dict[str, object] | None:
    try:
        with open(os.path.join(package_dir, STAMP), encoding="utf-8") as stream:
            stamp = json.load(stream)
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def inspect(package_dir: str = PACKAGE_DIR) -> Build:
    """The build that ``import grimoire`` uses in this environment."""
    if os.environ.get("GRIMOIRE_PURE", "") not in ("", "0"):
        return Build("pure", "GRIMOIRE_PURE is set")
    stamp = _read_stamp(package_dir)
    if stamp is None:
        return Build("pure", "not compiled")
    modules = stamp.get("modules")
    count = modules if isinstance(modules, int) else 0
    if stamp.get("mode") == "inplace" and stamp.get("sources") != source_stats(package_dir):
        return Build("pure", "sources changed since the compiled build; rebuild: scripts/setup")
    return Build("compiled", "", count)


class _SourceOnly:
    """Loads every ``grimoire`` submodule from its ``.py`` file, never an extension module (a
    meta path finder; not a subclass of ``importlib.abc``'s, whose import costs 15 ms)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("grimoire.") or path is None:
            return None
        import importlib.util

        leaf = fullname.rpartition(".")[2]
        for entry in path:
            package = os.path.join(entry, leaf)
            init = os.path.join(package, "__init__.py")
            if os.path.isfile(init):
                return importlib.util.spec_from_file_location(
                    fullname, init, submodule_search_locations=[package]
                )
            module = package + ".py"
            if os.path.isfile(module):
                return importlib.util.spec_from_file_location(fullname, module)
        return None


def activate() -> Build:
    """Called first by ``grimoire/__init__``: forces pure Python unless the compiled build is
    current. Returns what runs."""
    build = inspect()
    if build.kind == "pure" and not any(isinstance(f, _SourceOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceOnly())
    return build
