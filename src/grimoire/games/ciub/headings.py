"""The headings of the web page's action groups: every action ``kind`` of this game (as
``action_to_json`` gives it, ``_`` and ``-`` read as spaces), marked for the game's catalogue so
that the page shows them in its language (``tg`` in static/game.js)."""

from __future__ import annotations

from grimoire.core.i18n import N_

ACTION_KIND_HEADINGS = (
    N_("cancel"),
    N_("claim"),
    N_("done"),
    N_("end turn"),
    N_("face"),
    N_("mark"),
    N_("move down"),
    N_("no claim"),
    N_("pass"),
    N_("pick"),
    N_("remove"),
    N_("return"),
    N_("roll"),
    N_("set aside"),
    N_("stop"),
    N_("swap"),
    N_("take"),
    N_("target"),
    N_("trade"),
    N_("use"),
    N_("whiten"),
)
