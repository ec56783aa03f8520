"""The headings of the web page's action groups: every action ``kind`` of this game (as
``action_to_json`` gives it, ``_`` and ``-`` read as spaces), marked for the game's catalogue so
that the page shows them in its language (``tg`` in static/game.js)."""

from __future__ import annotations

from grimoire.core.i18n import N_

ACTION_KIND_HEADINGS = (
    N_("ability"),
    N_("at"),
    N_("cancel"),
    N_("cell"),
    N_("claim"),
    N_("dir"),
    N_("discard"),
    N_("done"),
    N_("draft"),
    N_("enter"),
    N_("flame clear"),
    N_("keep"),
    N_("orient"),
    N_("professor"),
    N_("reroll"),
    N_("resolve"),
    N_("roll"),
    N_("turn ccw"),
    N_("turn cw"),
)
