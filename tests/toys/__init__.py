"""Tiny test-only games that exercise the core contracts the real games use least: Duel (a
sealed simultaneous decision, hidden hands) and Race (parallel simultaneous turns with chance
inside them, a per-seat secret that changes the true score) and Pips (the "Add a game"
walk-through of docs/architecture.md, on every shared block of the core). Tests register them with
``register(monkeypatch)``; other processes with ``register_for_good()``."""

from __future__ import annotations

from typing import Any

TOY_GAMES = {
    "toy_duel": "tests.toys.duel:DuelGame",
    "toy_race": "tests.toys.race:RaceGame",
    "toy_pips": "tests.toys.pips:PipsGame",  # the walk-through of docs/architecture.md
}


def register(monkeypatch: Any) -> None:
    """Register the toys in ``grimoire.registry`` for one test (a pytest MonkeyPatch)."""
    import grimoire.registry

    for name, target in TOY_GAMES.items():
        monkeypatch.setitem(grimoire.registry.BUILTIN, name, target)


def register_for_good() -> None:
    """Register the toys in this process (a server started for the browser tests)."""
    import grimoire.registry

    for name, target in TOY_GAMES.items():
        grimoire.registry.BUILTIN.setdefault(name, target)
