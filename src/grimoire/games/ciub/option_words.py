"""The lobby's words for this game's options: their names and the words they take, marked
for the game's catalogue (``core.options.Option.shown`` reads them by these msgids:
``label_msgid``, ``choice_msgid``; the helps are marked where the options are declared, in
game.py). ``tests/i18n/test_option_texts.py`` checks that every option a lobby offers is here.
"""

from __future__ import annotations

from grimoire.core.i18n import N_

OPTION_WORDS = (
    N_("option: length"),
    N_("option length: normal"),
    N_("option length: short"),
    N_("option: start_player"),
    N_("option start_player: random"),
    N_("option: self_adjust"),
    N_("option self_adjust: number_or_skull"),
    N_("option self_adjust: number"),
    N_("option self_adjust: not_action"),
    N_("option: skulls_wild"),
)
