"""Tiny test-only games that exercise the core contracts the real games use least: Duel (a
sealed simultaneous decision, hidden hands) and Race (parallel simultaneous turns with chance
inside them, a per-seat secret that changes the true score) and Pips (the "Add a game"
walk-through of docs/architecture.md, on every shared block of the core). Tests register them with
``register(monkeypatch)``; other processes with ``register_for_good()``.

Minimal (``SESSION_GAMES``: a game with only the required hooks) is registered for the whole
test session (tests/conftest.py, ``register_session()``) and in the servers the browser tests
start, so every test that iterates over the registered games meets a game that declares none
of the optional capabilities."""

from __future__ import annotations

from typing import Any

TOY_GAMES = {
    "toy_duel": "tests.toys.duel:DuelGame",
    "toy_race": "tests.toys.race:RaceGame",
    "toy_pips": "tests.toys.pips:PipsGame",  # the walk-through of docs/architecture.md
}
# registered for every test session: a game with nothing optional (tests/toys/minimal.py)
SESSION_GAMES = {"toy_minimal": "tests.toys.minimal:MinimalGame"}


def register_session() -> None:
    """Register ``SESSION_GAMES`` in this process for good (tests/conftest.py, test servers), as
    a plugin would be: ``registry.BUILTIN`` stays the games that ship with grimoire."""
    import grimoire.registry

    for name, target in SESSION_GAMES.items():
        grimoire.registry.register(name, target)


def register(monkeypatch: Any) -> None:
    """Register the toys in ``grimoire.registry`` for one test (a pytest MonkeyPatch)."""
    import grimoire.registry

    for name, target in TOY_GAMES.items():
        monkeypatch.setitem(grimoire.registry.REGISTERED, name, target)


def register_for_good() -> None:
    """Register the toys and ``SESSION_GAMES`` in this process (a server started for the
    browser tests)."""
    import grimoire.registry

    register_session()
    for name, target in TOY_GAMES.items():
        grimoire.registry.register(name, target)
