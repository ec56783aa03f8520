"""Saving a terminal game so that it is never lost, and never written over another file.

A file this game was loaded from or already saved to is its own and is updated in place.
Any other existing file is overwritten only when the person answers "y" to the question; an
Enter, "n", Ctrl-C or the end of input there (or at the leave prompt) saves to a new free
name next to it instead (``grimoire-save-1.json``...), so the game is kept and nothing else
is lost.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape

from grimoire import __version__
from grimoire.core.documents import signed_json
from grimoire.i18n import gettext as _t

# English answers always work; German and Japanese ones too (the prompts are translated)
YES = frozenset({"y", "yes", "j", "ja", "はい"})
NO = frozenset({"n", "no", "nein", "いいえ"})


class Saveable(Protocol):
    def to_json(self) -> dict[str, Any]: ...


def free_name(path: Path) -> Path:
    """``path`` itself if nothing is there, else the first free ``<stem>-<n><suffix>``."""
    candidate, number = path, 0
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def write_json(path: Path, doc: dict[str, Any]) -> None:
    """Write through a temporary file and rename it: an interrupted write leaves the old
    file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    # signed with this installation's key: reading it back skips the full check (a save is
    # the engine's own document; an edited or foreign file is checked in full)
    temporary.write_text(signed_json(doc, __version__), encoding="utf-8")
    os.replace(temporary, path)


class Saver:
    """Where a game is saved: ``default`` (the last file saved to, once there is one) unless
    the person names another file."""

    def __init__(
        self,
        default: Path,
        console: Console,
        ask: Callable[[str], str],
        own: Path | None = None,
    ) -> None:
        self.default = default
        self.console = console
        self.ask = ask
        self.own: set[Path] = set() if own is None else {own.expanduser().resolve()}

    def is_own(self, path: Path) -> bool:
        return path.expanduser().resolve() in self.own

    def write(self, game: Saveable, path: Path) -> Path:
        """Write the game to ``path``, which becomes its own file and the default after."""
        write_json(path.expanduser(), game.to_json())
        self.own.add(path.expanduser().resolve())
        self.default = path
        return path

    def target(self, path: Path) -> Path:
        """``path``, or where to save instead if another file is there and the person does
        not say to overwrite it."""
        while path.expanduser().exists() and not self.is_own(path):
            if path.expanduser().is_dir():
                path = path / self.default.name
                continue
            try:
                answer = self.ask(
                    _t("{path} already exists. Overwrite it? [y/N, or another file name]").format(
                        path=path
                    )
                ).strip()
            except (KeyboardInterrupt, EOFError):
                answer = ""
            if answer.lower() in YES:
                return path
            if not answer or answer.lower() in NO:
                return free_name(path.expanduser())
            path = Path(answer)
        return path

    def save(self, game: Saveable, path: Path | None = None) -> Path | None:
        """Save where the person says, asking before overwriting another file; None (with a
        message) if the file cannot be written."""
        target = self.default if path is None else path
        try:  # a name too long for the file system fails as soon as it is looked at
            target = self.target(target)
            return self.write(game, target)
        except (OSError, ValueError) as error:  # ValueError: a name with a NUL character
            self._cannot(target, error)
            return None

    def unattended(self, game: Saveable) -> Path | None:
        """Save without asking (the input ended, a second Ctrl-C): to the default file if it is
        free or this game's own, else to a new free name; never over another file."""
        path = self.default
        if path.expanduser().exists() and not self.is_own(path):
            path = free_name(path.expanduser())
        for where in (path, free_name(Path.home() / self.default.name)):
            try:
                return self.write(game, where)
            except OSError as error:
                self._cannot(where, error)
        return None

    def on_leave(self, game: Saveable) -> int:
        """Ask whether to save before leaving (a file name is an answer too); exit code 130."""
        prompt = "\n" + _t(
            "Save the game before leaving? [Y/n, or a file name] (file: {path})"
        ).format(path=self.default)
        while True:
            try:
                answer = self.ask(prompt).strip()
            except (KeyboardInterrupt, EOFError):
                self.console.print()
                self.report(self.unattended(game))
                return 130
            if answer.lower() in NO:
                self.console.print(_t("Left without saving."))
                return 130
            path = None if not answer or answer.lower() in YES else Path(answer)
            saved = self.save(game, path)
            if saved is not None:
                self.report(saved)
                return 130

    def report(self, path: Path | None) -> None:
        if path is None:
            failed = escape(_t("The game could not be saved."))
            self.console.print(f"[bold red]{failed}[/]")
        else:
            shown = escape(shlex.quote(str(path)))  # a name with a space pastes as one argument
            self.console.print(
                _t("Saved to {path}. Resume with: grimoire play --load {path}").format(path=shown)
            )

    def _cannot(self, path: Path, error: OSError | ValueError) -> None:
        head = escape(_t("Cannot save to {path}:").format(path=str(path).replace("\x00", "\\0")))
        reason = (
            str(error)
            if isinstance(error, OSError)
            else _t("a file name cannot hold a NUL character")
        )
        self.console.print(f"[bold red]{head}[/] {escape(reason)}")
