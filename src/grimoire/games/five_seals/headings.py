"""The headings of the web page's action groups: every action ``kind`` of this game (as
``action_to_json`` gives it, ``_`` and ``-`` read as spaces), marked for the game's catalogue so
that the page shows them in its language (``tg`` in static/game.js)."""

from __future__ import annotations

from grimoire.core.i18n import N_

ACTION_KIND_HEADINGS = (
    N_("bind break"),
    N_("bind familiar"),
    N_("break"),
    N_("colour"),
    N_("die"),
    N_("done"),
    N_("end round"),
    N_("take"),
    N_("use"),
)
