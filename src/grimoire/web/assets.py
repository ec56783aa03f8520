"""Game-specific page assets: the one hook a game package uses to draw its own web page.

A game may ship a directory ``web/`` inside its package (next to the module that defines its
``Game`` class, or in a parent package up to ``grimoire.games.<name>``; ``Game.web_folder``
finds it, and ``Game.capabilities.browser_renderer`` says whether there is one) containing:

- ``render.js`` (required): an ES module exporting ``render(root, payload, act)``;
- ``render.css`` (optional): loaded with it;
- any other static files it needs (served under the same URL prefix).

A game class may instead override the classmethod ``Game.web_assets()`` to return the directory
(a ``pathlib.Path`` or an ``importlib.resources`` traversable).

Games without either get the generic page (their SVG, or their view as a tree, and the list of
legal actions). The files are served at ``/assets/games/<game name>/<file>``.
"""

from __future__ import annotations

import functools
from importlib.resources.abc import Traversable
from pathlib import Path

from grimoire.core.game import Game

ASSET_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".json": "application/json",
    ".woff2": "font/woff2",
}


@functools.cache
def asset_dir(cls: type[Game]) -> Traversable | None:
    """The directory of ``cls``'s web assets, or None if the game has no renderer
    (``Game.web_folder``, the ``browser_renderer`` capability)."""
    return cls.web_folder()


@functools.cache
def _renderer_urls(cls: type[Game]) -> tuple[str | None, str | None]:
    directory = asset_dir(cls)
    if directory is None:
        return None, None
    prefix = f"/assets/games/{cls.name}/"
    css = prefix + "render.css" if (directory / "render.css").is_file() else None
    return prefix + "render.js", css


def renderer_urls(cls: type[Game]) -> dict[str, str | None]:
    """URLs of the game's renderer module and stylesheet (None where it has none)."""
    renderer, stylesheet = _renderer_urls(cls)
    return {"renderer": renderer, "stylesheet": stylesheet}


def asset_file(cls: type[Game], name: str) -> tuple[bytes, str] | None:
    """The bytes and media type of one asset file, or None (unknown, hidden, or outside)."""
    directory = asset_dir(cls)
    if directory is None:
        return None
    parts = name.split("/")
    if any(part in ("", ".", "..") or part.startswith(".") for part in parts):
        return None
    media = ASSET_TYPES.get(Path(parts[-1]).suffix.lower())
    if media is None:
        return None
    target = directory
    for part in parts:
        target = target / part
    if not target.is_file():
        return None
    return target.read_bytes(), media
