"""The ``grimoire`` command."""
