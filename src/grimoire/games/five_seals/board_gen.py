"""Generate the shipped boards (``data/boards/<n>p.json``) from the wedge templates.

Run ``python -m grimoire.games.five_seals.board_gen`` to rewrite them, or with ``--check`` to
verify that the shipped files match the templates. The templates (``data/wedges.toml``) are the
PROPOSED topology of the components doc: six wedges around the hall, joined by a ring corridor.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from grimoire.games.five_seals.board import BOARD_FORMAT, board_from_json, distances

HALL_ID = "H"
WEDGES = 6


def _templates() -> dict[str, Any]:
    ref = resources.files("grimoire.games.five_seals").joinpath("data", "wedges.toml")
    return tomllib.loads(ref.read_text("utf-8"))


def _expand(templates: dict[str, Any], name: str) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """Nodes and edges of a template, its base's included."""
    template = templates[name]
    nodes: list[dict[str, Any]] = []
    edges: list[list[str]] = []
    if "base" in template:
        nodes, edges = _expand(templates, template["base"])
    return nodes + list(template["nodes"]), edges + [list(e) for e in template["edges"]]


def generate(players: int) -> dict[str, Any]:
    """The board document for ``players`` (2..5)."""
    spec = _templates()
    templates, layout = spec["templates"], spec["layouts"][str(players)]
    nodes: list[dict[str, Any]] = [{"id": HALL_ID, "kind": "hall", "layout": {"r": 0, "angle": 0}}]
    edges: list[list[str]] = []
    for wedge, name in enumerate(layout):
        t_nodes, t_edges = _expand(templates, name)
        centre = wedge * 360 / WEDGES
        for node in t_nodes:
            nodes.append(
                {
                    "id": f"{wedge}{node['name']}",
                    "kind": node["kind"],
                    "strength": node["strength"],
                    "layout": {
                        "wedge": wedge,
                        "template": name,
                        "r": node["r"],
                        "angle": round((centre + node["a"]) % 360, 1),
                    },
                }
            )
        for a, b in t_edges:
            edges.append([_node_id(wedge, a), _node_id(wedge, b)])
        ring_from, ring_to = templates[name]["ring"]
        edges.append([_node_id(wedge, ring_from), _node_id((wedge + 1) % WEDGES, ring_to)])
    doc = {
        "format": BOARD_FORMAT,
        "players": players,
        "provenance": {
            "tag": "PROPOSED",
            "note": (
                "No public source shows the printed map. This is the project's proposed layout, "
                "generated from data/wedges.toml (wedges " + " ".join(layout) + "). "
                "Replace this file to play on another map."
            ),
            "generator": "python -m grimoire.games.five_seals.board_gen",
        },
        "nodes": nodes,
        "edges": edges,
    }
    board = board_from_json(doc, f"generated:{players}p")
    for index, dist in distances(board).items():
        nodes[index].setdefault("layout", {})["depth"] = dist
    return doc


def _node_id(wedge: int, name: str) -> str:
    return HALL_ID if name == "HALL" else f"{wedge}{name}"


def render(doc: dict[str, Any]) -> str:
    """Stable JSON text: one node or edge per line, so diffs stay readable."""
    lines = ["{"]
    for key in ("format", "players", "provenance"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(doc[key], ensure_ascii=False)},")
    lines.append('  "nodes": [')
    lines.append(",\n".join(f"    {json.dumps(n)}" for n in doc["nodes"]))
    lines.append("  ],")
    lines.append('  "edges": [')
    lines.append(",\n".join(f"    {json.dumps(e)}" for e in doc["edges"]))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only verify the shipped files")
    args = parser.parse_args(argv)
    folder = Path(__file__).parent / "data" / "boards"
    stale = []
    for players in range(2, 6):
        path = folder / f"{players}p.json"
        text = render(generate(players))
        if args.check:
            if not path.exists() or path.read_text("utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, "utf-8")
            print(f"wrote {path}")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
