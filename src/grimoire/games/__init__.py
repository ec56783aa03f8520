"""One package per game; each registers in ``grimoire.registry.BUILTIN``."""
