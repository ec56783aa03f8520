"""The lobby's words for this game's options: their names and the words they take, marked
for the game's catalogue (``core.options.Option.shown`` reads them by these msgids:
``label_msgid``, ``choice_msgid``; the helps are marked where the options are declared, in
game.py). ``tests/i18n/test_option_texts.py`` checks that every option a lobby offers is here.
"""

from __future__ import annotations

from grimoire.core.i18n import N_

OPTION_WORDS = (
    N_("option: first_player"),
    N_("option first_player: random"),
    N_("option: aside_leftovers"),
    N_("option aside_leftovers: discard"),
    N_("option aside_leftovers: keep"),
    N_("option: shield_gifts"),
    N_("option: star_treasure"),
    N_("option star_treasure: mandatory"),
    N_("option star_treasure: optional"),
    N_("option: idle_round"),
)
