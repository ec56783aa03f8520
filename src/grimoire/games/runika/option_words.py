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
    N_("option: goal"),
    N_("option: starting_rune_end"),
    N_("option: flame_target"),
    N_("option flame_target: non_red"),
    N_("option flame_target: red"),
    N_("option: luniorn"),
    N_("option: simultaneous"),
    N_("option: secret_runes"),
    N_("option: secret_winner"),
    N_("option secret_winner: turn_order"),
    N_("option secret_winner: points"),
    N_("option: interaction"),
    N_("option: quick_draft"),
    N_("option: charm"),
    N_("option: solo_professor"),
    N_("option solo_professor: random"),
    N_("option solo_professor: simza"),
    N_("option solo_professor: ainfean"),
    N_("option solo_professor: ekamu"),
    N_("option solo_professor: kobataan"),
)
