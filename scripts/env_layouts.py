"""Record every environment's observation and action layout (``grimoire.envs.layouts``) in
tests/envs/env_layouts.json, with ``ENV_VERSION``.

    .venv/bin/python scripts/env_layouts.py          # record the layouts again
    .venv/bin/python scripts/env_layouts.py --check  # exit 1 if the record is not current

A layout that changed under the recorded ``ENV_VERSION`` is not recorded: bump ``ENV_VERSION``
in src/grimoire/envs/common.py first (``--force`` records it anyway: only for a change that
no model can tell, such as a correction made before anything was trained on it).
tests/envs/test_env_layouts.py checks that the record is current.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from grimoire.envs import layouts

RECORD = Path(__file__).resolve().parent.parent / "tests" / "envs" / "env_layouts.json"


def main(argv: list[str]) -> int:
    if "--check" in argv:
        recorded = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.exists() else {}
        problems = layouts.compare(recorded, layouts.current())
    else:
        problems = layouts.write(RECORD, force="--force" in argv)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
