"""Build-aware selection: the whole suite runs on the build that is current (compiled, by
scripts/test), and scripts/test's second pass runs on pure Python (``GRIMOIRE_PURE=1``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.toys import register_session

import grimoire
from grimoire.core.i18n import DEFAULT as DEFAULT_LANGUAGE
from grimoire.core.i18n import set_language

# Minimal (tests/toys/minimal.py), a game that declares none of the optional capabilities, is
# registered for every session, so every test that iterates over the registered games meets it
# (as CI runs the suite): a test asks ``Game.capabilities``, it never assumes one.
register_session()

# The web apps the tests make without explicit limits (``create_app(..., limits=None)`` reads
# ``Limits.from_env``) serve clients that read every seat's payload after every move, far faster
# than people: at the defaults a fast run met the per-client read limit (a 429 where a state was
# expected). The limits themselves are tested with explicit ``Limits``
# (tests/web/test_web_limits.py); the test servers (tests/web/serve_for_tests.py) take flags.
for _name in ("READ_BURST", "READ_PER_MINUTE", "ACTION_BURST", "ACTION_PER_MINUTE"):
    os.environ.setdefault(f"GRIMOIRE_{_name}", "1000000000")

# Saves are signed with the installation's key (core/documents.py, made on the first save): the
# tests' saves use a key of their own, never the one in the home folder of who runs them.
if "GRIMOIRE_KEY_FILE" not in os.environ:
    import tempfile

    os.environ["GRIMOIRE_KEY_FILE"] = os.path.join(
        tempfile.mkdtemp(prefix="grimoire-tests-key-"), "signing.key"
    )


@pytest.fixture(autouse=True)
def english_first() -> None:
    """Every test starts in English: the terminal sets its language once, for the process
    (``core.i18n.set_language``), so a test that runs ``grimoire --lang de ...`` in-process would
    otherwise leave German to the next test of its worker."""
    set_language(DEFAULT_LANGUAGE)


HERE = Path(__file__).parent
# the second pass: the engine core (the pinned identical records among them) and the contract
# battery must hold on pure Python too
PURE_PASS_DIRS = (HERE / "core", HERE / "contract")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    compiled = grimoire.BUILD.kind == "compiled"
    skip = pytest.mark.skip(
        reason="patches a module function, which compiled callers never see; "
        "runs in scripts/test's pure-Python pass"
    )
    for item in items:
        if compiled and item.get_closest_marker("pure_only"):
            item.add_marker(skip)
        quick = not (item.get_closest_marker("browser") or item.get_closest_marker("slow"))
        if quick and any(item.path.is_relative_to(folder) for folder in PURE_PASS_DIRS):
            item.add_marker(pytest.mark.pure_pass)
