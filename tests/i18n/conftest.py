"""The i18n tests leave the terminal's language as they found it (English)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grimoire.i18n import set_language


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")
