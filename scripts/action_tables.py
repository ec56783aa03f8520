"""Write docs/actions/<game>.md, each game's table of action ids (``grimoire.envs.actions``).

    .venv/bin/python scripts/action_tables.py          # rewrite the tables
    .venv/bin/python scripts/action_tables.py --check  # exit 1 if a committed table is stale

tests/envs/test_action_tables.py checks that the committed tables are current.
"""

from __future__ import annotations

import sys
from pathlib import Path

from grimoire.envs.actions import write_tables

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "actions"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    FOLDER.mkdir(exist_ok=True)
    stale = write_tables(FOLDER, check=check)
    if check and stale:
        print(f"stale action tables: {', '.join(stale)}: run scripts/action_tables.py")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
