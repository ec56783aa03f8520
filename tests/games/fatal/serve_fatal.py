"""Run the web app in its own process with F.A.T.A.L. registered (for the browser test only:
the game is not in the registry until the integrator adds it)."""

from __future__ import annotations

import argparse

import grimoire.registry

grimoire.registry.BUILTIN.setdefault("fatal", "grimoire.games.fatal:FatalGame")

from grimoire.web.server import run  # noqa: E402

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--bot-delay", type=float, default=0.0)
    args = parser.parse_args()
    run("127.0.0.1", args.port, args.database_url, bot_delay=args.bot_delay, log_level="warning")
