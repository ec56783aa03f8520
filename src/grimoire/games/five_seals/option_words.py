"""The lobby's words for this game's options: their names and the words they take, marked
for the game's catalogue (``core.options.Option.shown`` reads them by these msgids:
``label_msgid``, ``choice_msgid``; the helps are marked where the options are declared, in
game.py). ``tests/i18n/test_option_texts.py`` checks that every option a lobby offers is here.
"""

from __future__ import annotations

from grimoire.core.i18n import N_

OPTION_WORDS = (
    N_("option: circle"),
    N_("option circle: random"),
    N_("option: edition"),
    N_("option edition: hobbyworld"),
    N_("option edition: mayday"),
    N_("option: first_player"),
    N_("option first_player: random"),
    N_("option: dice_refill"),
    N_("option dice_refill: immediate"),
    N_("option dice_refill: round-end"),
    N_("option: speed_second_move"),
    N_("option: stall_limit"),
)
