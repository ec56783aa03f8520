"""Data variants: a game's component data (cards, costs, points) changed for a study.

A variant either names a whole components file (``data = "mine.toml"``) or changes single
values of the game's components, by path (``data.rune.blaze.points = 4``). A path walks the
TOML document: a table by key, an array of tables by an element's ``id`` (or ``name``), else by
its 0-based position (``cards.21.vp`` is the card whose id is 21). The changed document is
written out as TOML and given to the game through its ``components`` option, so the game's
data hash (in every record) names exactly the data that was played; ``diff`` lists what
changed, for the report.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game

COMPONENTS = "components"  # the option through which every data-driven game takes its data
_BARE = re.compile(r"[A-Za-z0-9_-]+")


# --------------------------------------------------------------------------- paths
def flatten(changes: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"rune": {"blaze": {"points": 4}}}`` (TOML's dotted keys) or ``{"rune.blaze.points":
    4}`` -> ``{"rune.blaze.points": 4}``."""
    flat: dict[str, Any] = {}
    for key, value in changes.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, Mapping):
            flat.update(flatten(value, path))
        else:
            flat[path] = value
    return flat


def _step(node: Any, part: str, where: str) -> tuple[Any, str | int]:
    """The key (or index) of ``part`` in ``node``: a table's key; in an array, the element
    whose ``id`` or ``name`` is ``part``, else the 0-based position."""
    if isinstance(node, dict):
        if part not in node:
            known = ", ".join(sorted(map(str, node))[:12])
            raise InvalidOptions(
                f"the component data has no {where or 'top-level'} {part!r} (there: {known})"
            )
        return node[part], part
    if isinstance(node, list):
        for field in ("id", "name"):
            for number, item in enumerate(node):
                if isinstance(item, dict) and str(item.get(field)) == part:
                    return item, number
        if part.isdigit() and int(part) < len(node):
            return node[int(part)], int(part)
        raise InvalidOptions(f"the component data's {where} has no element {part!r}")
    raise InvalidOptions(f"the component data's {where} is a value, not a table: no {part!r}")


def get(doc: Any, path: str) -> Any:
    node = doc
    walked: list[str] = []
    for part in path.split("."):
        node, _key = _step(node, part, ".".join(walked))
        walked.append(part)
    return node


def overlay(doc: dict[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``doc`` with each ``path = value`` of ``changes`` set. A path must exist (a
    typo is an error, not a new field nobody reads), and the value keeps the old one's type
    (an int may become a float)."""
    new: dict[str, Any] = _copy(doc)
    for path, value in flatten(changes).items():
        parts = path.split(".")
        parent: Any = get(new, ".".join(parts[:-1])) if len(parts) > 1 else new
        old, key = _step(parent, parts[-1], ".".join(parts[:-1]))
        if not _same_kind(old, value):
            raise InvalidOptions(
                f"data.{path} is {old!r} in the component data; {value!r} is not of its kind"
            )
        parent[key] = value
    return new


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def _same_kind(old: Any, new: Any) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if isinstance(old, int | float):
        return isinstance(new, int | float)
    if isinstance(old, dict | list):
        return isinstance(new, type(old))
    return isinstance(new, type(old))


def diff(old: Any, new: Any, path: str = "") -> list[dict[str, Any]]:
    """What differs between two component documents, as ``{"path", "old", "new"}`` rows in
    document order (paths as ``overlay`` takes them; arrays of tables matched by id)."""
    if isinstance(old, dict) and isinstance(new, dict):
        rows: list[dict[str, Any]] = []
        for key in [*old, *(k for k in new if k not in old)]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in new:
                rows.append({"path": sub, "old": old[key], "new": None})
            elif key not in old:
                rows.append({"path": sub, "old": None, "new": new[key]})
            else:
                rows.extend(diff(old[key], new[key], sub))
        return rows
    if isinstance(old, list) and isinstance(new, list) and old != new:
        ids = [_ident(item) for item in old]
        new_ids = [_ident(item) for item in new]
        if None not in ids and None not in new_ids and len(set(ids)) == len(ids):
            rows = []
            by_id = {ident: item for ident, item in zip(new_ids, new, strict=True)}
            for ident, item in zip(ids, old, strict=True):
                sub = f"{path}.{ident}"
                if ident in by_id:
                    rows.extend(diff(item, by_id[ident], sub))
                else:
                    rows.append({"path": sub, "old": item, "new": None})
            rows += [
                {"path": f"{path}.{ident}", "old": None, "new": item}
                for ident, item in zip(new_ids, new, strict=True)
                if ident not in ids
            ]
            return rows
        if len(old) == len(new) and all(isinstance(item, dict) for item in old + new):
            rows = []
            for number, (a, b) in enumerate(zip(old, new, strict=True)):
                rows.extend(diff(a, b, f"{path}.{number}"))
            return rows
    if old != new or type(old) is not type(new):
        return [{"path": path, "old": old, "new": new}]
    return []


def _ident(item: Any) -> str | None:
    if isinstance(item, dict):
        for field in ("id", "name"):
            if isinstance(item.get(field), str | int) and not isinstance(item[field], bool):
                return str(item[field])
    return None


# --------------------------------------------------------------------------- TOML out
def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    raise InvalidOptions(f"cannot write {value!r} as TOML")


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def dumps(doc: Mapping[str, Any]) -> str:
    """``doc`` as TOML text (comments are not kept): ``tomllib.loads(dumps(d)) == d``."""
    lines: list[str] = []

    def table(node: Mapping[str, Any], name: str) -> None:
        for key, value in node.items():
            if not isinstance(value, dict) and not _is_tables(value):
                lines.append(f"{_key(str(key))} = {_value(value)}")
        for key, value in node.items():
            sub = f"{name}.{_key(str(key))}" if name else _key(str(key))
            if isinstance(value, dict):
                lines.extend(["", f"[{sub}]"])
                table(value, sub)
            elif _is_tables(value):
                for item in value:
                    lines.extend(["", f"[[{sub}]]"])
                    for k, v in item.items():  # inside an array of tables: inline values
                        lines.append(f"{_key(str(k))} = {_value(v)}")

    table(doc, "")
    return "\n".join(lines).lstrip("\n") + "\n"


# --------------------------------------------------------------------------- variants
def base_text(game: Game) -> str:
    """The text of the components file ``game`` was made from (its ``components`` option's
    file, or the shipped one)."""
    if not any(option.name == COMPONENTS for option in game.declared_options):
        raise InvalidOptions(
            f"{game.title} takes no '{COMPONENTS}' option, so a study cannot vary its data"
        )
    text = game.components_text()
    if text is None:
        count = len(list(game.component_texts()))
        raise InvalidOptions(f"{game.title} is made from {count} data files, not one")
    return text


def variant_text(game: Game, data: str | Mapping[str, Any]) -> str:
    """The components text of a data variant: the file ``data`` names, or ``game``'s own
    components with the changes ``data`` maps (path -> value) applied."""
    base = base_text(game)
    if isinstance(data, str):
        try:
            return Path(data).read_text("utf-8")
        except OSError as error:
            raise InvalidOptions(f"cannot read the data file {data}: {error}") from error
    doc = tomllib.loads(base)
    return dumps(overlay(doc, data))


def changes(game: Game, text: str) -> list[dict[str, Any]]:
    """What ``text`` changes in ``game``'s components (for the report)."""
    try:
        new = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidOptions(f"a data variant is not TOML: {error}") from error
    return diff(tomllib.loads(base_text(game)), new)


def text_hash(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def write_data(folder: Path, variant: str, text: str) -> Path:
    """Write a data variant's TOML into ``folder`` (named by the variant and its content, so
    a file once written never changes under the game that read it) and return its path."""
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", variant).strip("-.")[:40] or "variant"
    path = folder / f"{slug}-{text_hash(text)}.toml"
    if not path.is_file() or path.read_text("utf-8") != text:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(text, "utf-8")
        temporary.replace(path)
    return path
