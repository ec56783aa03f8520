"""The examples in the core's docstrings run as written (python-chess style)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from grimoire.core import (
    action_declaration,
    actions,
    components,
    documents,
    evaluation,
    frames,
    state,
)

MODULES = [action_declaration, actions, components, documents, evaluation, frames, state]


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    if not str(module.__file__).endswith(".py"):
        pytest.skip("compiled by mypyc (no docstring examples there): they run in the pure build")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module.__name__} lost its examples"
    assert result.failed == 0
