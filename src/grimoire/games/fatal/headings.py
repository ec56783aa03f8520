"""The headings of the web page's action groups: every action ``kind`` of this game (as
``action_to_json`` gives it, ``_`` and ``-`` read as spaces), marked for the game's catalogue so
that the page shows them in its language (``tg`` in static/game.js)."""

from __future__ import annotations

from grimoire.core.i18n import N_

ACTION_KIND_HEADINGS = (
    N_("allow"),
    N_("card"),
    N_("cast"),
    N_("done"),
    N_("enchant"),
    N_("exchange"),
    N_("hide"),
    N_("mine"),
    N_("play"),
    N_("reveal"),
    N_("row"),
    N_("seat"),
    N_("shield"),
    N_("slot"),
    N_("steal"),
    N_("to row"),
    N_("treasure"),
)
