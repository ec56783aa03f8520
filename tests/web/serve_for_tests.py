"""Run the web app in its own process for the tests, with the test-only Toy game registered."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout: tests.toys

import grimoire.registry

grimoire.registry.BUILTIN.setdefault("toy", "web_toygame:ToyGame")
grimoire.registry.BUILTIN.setdefault("toy-plain", "web_toygame:PlainToyGame")

from tests.toys import register_for_good  # noqa: E402

register_for_good()

from grimoire.web.server import run  # noqa: E402

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--bot-delay", type=float, default=0.0)
    args = parser.parse_args()
    run("127.0.0.1", args.port, args.database_url, bot_delay=args.bot_delay, log_level="warning")
