"""Build hook. A plain ``pip install .`` (or ``-e .``) is pure Python and works everywhere.

``GRIMOIRE_COMPILE=1`` compiles the hot modules (the engine core's state and bot contracts and
each game's rules, state, actions, chance and heuristic modules; the list is below) with mypyc into
a platform wheel; the pure-Python sources ship beside the extensions, and every module not in the
list stays interpreted. It needs a C compiler and the Python headers; pip fetches mypy into its
isolated build environment (or, with ``--no-build-isolation``, uses the one installed)::

    GRIMOIRE_COMPILE=1 pip wheel --no-deps . -w dist    # a compiled wheel
    GRIMOIRE_COMPILE=1 pip install .                    # a compiled install
    scripts/compile [DIR]                               # a compiled copy of src/ in DIR/src

``GRIMOIRE_SRC`` names the folder holding ``grimoire/`` (default ``src``; ``scripts/compile``
points it at its copy). Measurements and caveats: docs/speed.md.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

# Not compiled: each package's __init__ (the registry imports it by name); text, pictures and
# explanations (read by people, not on the hot path); and the core's errors (interpreted code
# subclasses them), options and records (not hot) and chance draws (not hot; tests replace
# ``rng.draw``, which a compiled caller would not see).
NOT_COMPILED = (
    "__init__.py",
    # a game class takes its player count and options from users as they come (a string, a
    # bool): compiled, a typed parameter would raise TypeError before the game's own check
    "game.py",
    "render_svg.py",
    "render_text.py",
    "text.py",
    "text_map.py",
    "explain.py",
    "board_gen.py",
    "errors.py",
    "options.py",
    "record.py",
    "rng.py",
)
# Modules that stay interpreted because of what they use, found by reading each module (a new
# game needs no line here):
# - functools.cached_property: mypyc compiles it as a plain property, so every read would
#   compute it again (measured: Runika 10x slower, positions 3..5x slower through
#   Game.data_hash) while every test stays green;
# - msgspec Structs (decision frames, position schemas): their metaclass is not mypyc's.
INTERPRETED_IF_USED = ("cached_property", "msgspec")


def _stays_interpreted(path: Path) -> bool:
    text = path.read_text("utf-8")
    return any(name in text for name in INTERPRETED_IF_USED)


def compiled_modules(src: Path) -> list[str]:
    """The paths of the modules mypyc compiles, relative to the current folder."""
    paths = sorted((src / "grimoire" / "core").glob("*.py"))
    for game in sorted((src / "grimoire" / "games").iterdir()):
        if game.is_dir() and (game / "__init__.py").exists():
            paths += sorted(game.rglob("*.py"))
    return [
        str(path)
        for path in paths
        if path.name not in NOT_COMPILED
        and "web" not in path.relative_to(src).parts
        and not _stays_interpreted(path)
    ]


src = os.environ.get("GRIMOIRE_SRC", "src")
if os.environ.get("GRIMOIRE_COMPILE") == "1":
    try:
        from mypyc.build import mypycify
    except ImportError:  # pip's isolated build asks first what the build needs: mypy
        setup(setup_requires=["mypy>=1.10,<2"])
    else:
        setup(
            package_dir={"": src},
            ext_modules=mypycify(compiled_modules(Path(src)), opt_level="3", multi_file=True),
        )
else:
    setup()
