"""Every import under src/grimoire is an import statement, so the layer contract sees it.

``lint-imports`` (the contracts in pyproject.toml) reads import statements only: a module that
imports another by a string (``importlib.import_module("grimoire.registry")``, ``__import__``)
reaches past the layers unseen. Only the registry's own game loading may: it finds a game by
its registered name. This test reads every module's syntax tree and refuses any other call that
imports by a string, whatever the string (a computed one may name a grimoire module too).
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

# (module path under src, enclosing function) -> why it may import by a string
ALLOWED: dict[tuple[str, str], str] = {
    ("grimoire/registry.py", "game_class"): (
        "the registry loads a game by its registered name (BUILTIN or an entry point): the one "
        "import by a string"
    ),
    ("grimoire/cli/options.py", "missing_extra"): (
        "asks whether an optional third-party package of an extra is installed (its callers "
        "name pandas, matplotlib...: never a grimoire module)"
    ),
}
# the functions that import a module named by a string
IMPORTERS = {"import_module", "__import__", "resolve_name"}


def string_imports(source: str) -> list[tuple[int, str]]:
    """(line, enclosing function or "<module>") of every call in ``source`` that imports a
    module by a string: ``importlib.import_module``, ``__import__``, ``pkgutil.resolve_name``,
    by attribute or by a name bound with ``from importlib import import_module [as x]``."""
    tree = ast.parse(source)
    names = set(IMPORTERS)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("importlib", "pkgutil"):
            names |= {alias.asname or alias.name for alias in node.names if alias.name in IMPORTERS}
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            where = node.name
        if isinstance(node, ast.Call):
            func = node.func
            called = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else None
            )
            if called in names or (isinstance(func, ast.Attribute) and called in IMPORTERS):
                found.append((node.lineno, where))
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(tree, "<module>")
    return found


def every_string_import() -> list[tuple[str, int, str]]:
    out = []
    for path in sorted((SRC / "grimoire").rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        for line, where in string_imports(path.read_text("utf-8")):
            out.append((name, line, where))
    return out


def test_no_module_imports_by_a_string_but_the_registrys_game_loading() -> None:
    found = every_string_import()
    unseen = [
        f"{name}:{line} (in {where})" for name, line, where in found if (name, where) not in ALLOWED
    ]
    assert not unseen, (
        "imports by a string, which the layer contract cannot see (write an import statement; "
        "a record finds its game through the factory the registry installs): " + ", ".join(unseen)
    )
    used = {(name, where) for name, _, where in found}
    assert used == set(ALLOWED), f"allowances no longer needed: {sorted(set(ALLOWED) - used)}"


def test_the_check_finds_a_planted_string_import() -> None:
    """The check fails on what it forbids: the old upward reach of core/record.py planted back,
    and the other spellings."""
    record = (SRC / "grimoire" / "core" / "record.py").read_text("utf-8")
    assert string_imports(record) == []
    planted = record.replace(
        "        if game is None:\n",
        '        if game is None:\n            importlib.import_module("grimoire.registry")\n',
        1,
    )
    assert planted != record
    assert [where for _, where in string_imports(planted)] == ["replay"]
    for source in (
        '__import__("grimoire.registry")',
        'import importlib\nimportlib.import_module("grimoire.games.ciub")',
        'from importlib import import_module as load\nload("grimoire.registry")',
        'import pkgutil\npkgutil.resolve_name("grimoire.registry:make")',
        'def games():\n    name = "grimoire." + "registry"\n    return __import__(name)',
    ):
        assert string_imports(source), source
    assert string_imports("import grimoire.registry\nfrom grimoire.core import game") == []


def test_a_record_replays_through_the_facade_and_says_why_not_without_a_registry() -> None:
    """In a fresh process: the core alone cannot find a record's game (it never imports the
    registry) and says so; ``grimoire.GameRecord`` loads the registry and replays."""
    import subprocess
    import sys

    script = (
        "from grimoire.core.record import GameRecord\n"
        "record = GameRecord('ciub', 2, {}, 7)\n"
        "try:\n"
        "    record.replay()\n"
        "except Exception as error:\n"
        "    print(type(error).__name__, error)\n"
        "import sys\n"
        "assert 'grimoire.registry' not in sys.modules\n"
        "import grimoire\n"
        "print(grimoire.GameRecord('ciub', 2, {}, 7).replay().game.name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    first, second = done.stdout.splitlines()
    assert first.startswith("UnknownGame") and "no game registry is loaded" in first
    assert "grimoire.GameRecord" in first and second == "ciub"
