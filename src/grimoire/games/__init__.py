"""One package per game; each registers with one line in ``grimoire.registry.BUILTIN``.

A plain package: the registered names are ``grimoire.game_names()`` (the registry sits above the
games in the layers, so nothing here may reach it)."""
