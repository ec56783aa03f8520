"""One package per game; each registers in ``grimoire.registry.BUILTIN``.

Called, this package is the list of registered game names: ``import grimoire.games.ciub.rules``
and ``grimoire.games()`` both work (a plain function of that name would hide the package from
dotted imports)."""

import importlib
import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        # by name: the registry sits above the games in the layers
        names: list[str] = importlib.import_module("grimoire.registry").games()
        return names


sys.modules[__name__].__class__ = _GamesPackage
