"""The ``grimoire`` command's entry point (``[project.scripts]``).

``grimoire --help`` (with or without ``--lang``) is answered by ``grimoire.cli.top_help`` with
the standard library alone; everything else runs the typer app of ``grimoire.cli.app``, imported
only then (typer, rich and the engine cost several times the help itself). The app's names
(``app``, ``console``, ...) are reachable from here too, loaded on first use.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grimoire.cli.app import app, console

__all__ = ["app", "console", "main"]


def main() -> None:
    from grimoire.cli import top_help

    if top_help.answers(sys.argv[1:]):
        top_help.show(sys.argv[1:])
        return
    from grimoire.cli.app import app

    app()


def __getattr__(name: str) -> Any:
    if name.startswith("__"):  # the import system asks for __path__ and others: not the app's
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from grimoire.cli import app as module

    return getattr(module, name)


if __name__ == "__main__":
    main()
