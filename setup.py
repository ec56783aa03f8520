"""Build hook: the hot modules compiled with mypyc whenever a C compiler is present.

``pip install .`` (and ``pip wheel .``) compile the engine core's and each game's hot modules
(the list is below) into a platform wheel, about twice as fast as pure Python; the pure sources
ship beside the extensions and every module not in the list stays interpreted. Without a C
compiler or the Python headers the build is pure Python and says so in one line (pip shows it
with ``-v``; ``grimoire --version`` tells which build runs). ``GRIMOIRE_COMPILE=0`` opts out.
pip's isolated build environment gets mypy and the runtime dependencies from pyproject.toml's
``[build-system]``, which the compiler's type check reads.

An editable install (``pip install -e .``) stays pure: the compiled modules would shadow the
sources being edited. ``scripts/setup`` (and ``scripts/compile``) compile a checkout in place
instead (``setup.py build_ext --inplace``) and stamp the build; ``grimoire._build`` runs pure
Python whenever a source is newer than that stamp, so an edit always takes effect.

``GRIMOIRE_SRC`` names the folder holding ``grimoire/`` (default ``src``). Measurements:
docs/speed.md.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import sysconfig
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

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


# the setup.py commands that build modules (pip also runs it for metadata only: egg_info, dist_info)
BUILDING = {"bdist_wheel", "build", "build_ext", "install", "editable_wheel"}


def _say(line: str) -> None:
    print(f"grimoire build: {line}", file=sys.stderr, flush=True)


def _why_pure() -> str | None:
    """Why this build stays pure Python, or None: compile."""
    if os.environ.get("GRIMOIRE_COMPILE") == "0":
        return "GRIMOIRE_COMPILE=0"
    if not BUILDING.intersection(sys.argv):
        return "only metadata asked for"  # pip's first questions: no need to compile for them
    if "editable_wheel" in sys.argv:
        return "an editable install (scripts/setup compiles a checkout in place)"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) found"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h; on Debian: apt-get install python3-dev)"
    return None


def _jobs() -> int:
    """How many C files to compile at once: ``GRIMOIRE_JOBS``, else every core."""
    return max(1, int(os.environ.get("GRIMOIRE_JOBS") or os.cpu_count() or 1))


class StampedBuildExt(build_ext):
    """build_ext that compiles the C files of each extension in parallel (mypyc writes one C
    file per module into one shared library, which setuptools would compile one file after
    another: minutes on one core while the others idle), says how far it is, and stamps the
    compiled build for ``grimoire._build`` (see its docstring)."""

    def build_extensions(self) -> None:
        jobs = _jobs()
        gate = threading.Semaphore(jobs)  # at most ``jobs`` compilers at once, all extensions
        compiler = self.compiler
        serial_compile = compiler._compile  # type: ignore[attr-defined]
        files = sum(1 for ext in self.extensions for source in ext.sources if source.endswith(".c"))
        done = [0]
        lock = threading.Lock()

        def one_file(obj: str, src: str, *args: Any) -> None:
            with gate:
                serial_compile(obj, src, *args)
            with lock:
                done[0] += 1
                count = done[0]
            if count == files or count % max(1, files // 10) == 0:
                _say(f"compiled {count} of {files} C files ({jobs} at once)")

        def parallel_compile(
            sources: Any,
            output_dir: Any = None,
            macros: Any = None,
            include_dirs: Any = None,
            debug: Any = False,
            extra_preargs: Any = None,
            extra_postargs: Any = None,
            depends: Any = None,
        ) -> list[str]:
            # CCompiler.compile, with the files compiled by a pool instead of a loop
            macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(  # type: ignore[attr-defined]
                output_dir, macros, include_dirs, sources, depends, extra_postargs
            )
            cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)  # type: ignore[attr-defined]
            work = [(obj, *build[obj]) for obj in objects if obj in build]
            with ThreadPoolExecutor(jobs) as pool:
                futures = [
                    pool.submit(one_file, obj, src, ext, cc_args, extra_postargs, pp_opts)
                    for obj, src, ext in work
                ]
                for future in futures:
                    future.result()  # a compiler error stops the build here
            return list(objects)

        compiler.compile = parallel_compile  # type: ignore[method-assign]
        _say(f"compiling {files} C files, {jobs} at once")
        super().build_extensions()

    def run(self) -> None:
        super().run()
        stamp_module = Path(src, "grimoire", "_build.py").resolve()
        # loaded by path: importing the package would import the whole of it
        spec = importlib.util.spec_from_file_location("grimoire_build_stamp", stamp_module)
        assert spec is not None and spec.loader is not None
        build_module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = build_module  # its dataclass looks itself up there
        spec.loader.exec_module(build_module)
        write_stamp = build_module.write_stamp
        count = sum(1 for ext in self.extensions if "__mypyc" not in ext.name)
        if self.inplace:
            write_stamp(str(stamp_module.parent), "inplace", count)
        else:
            target = Path(self.build_lib, "grimoire")
            target.mkdir(parents=True, exist_ok=True)
            write_stamp(str(target), "wheel", count)


src = os.environ.get("GRIMOIRE_SRC", "src")
why_pure = _why_pure()
kwargs: dict[str, Any] = {}
if why_pure is None:
    try:
        from mypyc.build import mypycify
    except ImportError:
        # only without build isolation and without mypy in the environment
        why_pure = "mypy (mypyc) is not installed in the build environment"
    else:
        modules = compiled_modules(Path(src))
        _say(f"compiling {len(modules)} modules with mypyc (a few minutes)")
        kwargs = {
            "package_dir": {"": src},
            "ext_modules": mypycify(modules, opt_level="3", multi_file=True),
            "cmdclass": {"build_ext": StampedBuildExt},
        }
if why_pure is not None and why_pure != "only metadata asked for":
    _say(f"pure Python ({why_pure}); the compiled build is about twice as fast")
setup(**kwargs)
