"""Runika's actions, declared once (``core.action_declaration``): one stable id per small
decision.

Which question is pending (the top decision frame, see ``rules.py``) gives an id its context;
an id never enumerates a combination. The kinds below are in id order (the record format:
never reorder them); ``docs/actions/runika.md`` lists every id. Dice are written colour letter
+ face: ``1`` point, ``e`` element (mana), ``r`` rotate, ``f`` flame (``G1``, ``Be``, ``Yr``,
``Rf``); the 16 die ids are ``4 * colour + face``. A lane is a column ``a..d`` from the top or
bottom, a row ``1..4`` from the left or right, as the board labels them (``enter top 1`` reads
too); its ids are (side, lane).
"""

from __future__ import annotations

import weakref
from pathlib import Path

from grimoire.core.action_declaration import ActionCodec, Actions, Kind
from grimoire.core.i18n import N_, translator
from grimoire.games.runika.action_domains import domains
from grimoire.games.runika.components import Components

# the texts and refusals are in the current language (the game's catalogue)
_ = translator("runika", Path(__file__).parent / "locale")
# The codec's own refusals: it says them through the game's catalogue first (the shell's
# catalogue does not hold them), so they are marked here to be translated with the game.
CODEC_REFUSALS = (
    N_("an empty text names no action"),
    N_("cannot read {text}: say e.g. {examples}"),
    N_("'{text}' is a number, not an action text (e.g. {examples})"),
)

ACTIONS = Actions(
    Kind("done", N_("done"), help="finish a step (rerolls, resolving, claims)"),
    Kind("cancel", N_("cancel"), help="back out of a choice not yet made"),
    Kind("roll", N_("roll"), help="roll the dice marked for a re-roll"),
    Kind("flame-clear", N_("flame clear"), help="flame option (b): discard every red grid die"),
    Kind("turn-cw", N_("turn cw"), help="turn the element disc a quarter clockwise"),
    Kind("turn-ccw", N_("turn ccw"), help="turn the element disc a quarter counter-clockwise"),
    Kind("draft", N_("draft {colour}"), help="take a die of that colour from the middle"),
    Kind("pass", N_("pass {colour}"), help="quick draft: the die passed (sealed)"),
    Kind("discard", N_("discard {die}"), help="pay a stored die for a re-roll"),
    Kind("reroll", N_("reroll {die}"), help="mark a stored die for the re-roll"),
    Kind("resolve", N_("resolve {die}"), help="resolve a stored die next"),
    Kind("keep", N_("keep {die}"), help="Magic Pocket: keep a stored die for next round"),
    Kind("die", N_("die {die}"), help="a stored die an ability changes (Empower)"),
    Kind("enter", N_("enter {lane}"), help="push the die into the grid along that lane"),
    Kind(
        "professor",
        N_("professor {name}"),
        help="place the element die on that professor",
        domains={"name": "professor"},
    ),
    Kind("cell", N_("cell {cell}"), help="a grid cell (column a..d, row 1..4 from the top)"),
    Kind("dir", N_("dir {dir}"), help="a direction (up, right, down, left)"),
    Kind("orient", N_("orient {colour}"), help="turn the disc so that colour is on top"),
    Kind("line", N_("line {line}"), help="a row or column of the grid (Fire Flash)"),
    Kind("seat", N_("seat {seat}"), help="whose grid (player interaction)"),
    Kind(
        "charm",
        N_("charm {name}"),
        help="charm token: discard the die on a professor",
        domains={"name": "professor"},
    ),
    Kind("luniorn", N_("luniorn {colour}"), help="which die below Luniorn to roll"),
    Kind("ability", N_("ability {card}"), help="use an owned rune's or achievement's ability"),
    Kind("claim", N_("claim {rune}"), help="claim a rune whose pattern the grid holds"),
    Kind(
        "at",
        N_("at {cell} {angle}"),
        help="where the claimed pattern lies (anchor cell, clockwise turn)",
        domains={"cell": "anchor", "angle": "rotation"},
    ),
)

# The first six ids, single actions: the rules name them as constants.
DONE, CANCEL, ROLL, FLAME_CLEAR, TURN_CW, TURN_CCW = range(6)


def bind(comp: Components) -> ActionCodec:
    """The codec of Runika's actions over the components ``comp``, made once per components
    (a game is made per table, match and test; the codec only depends on the components)."""
    codec = _CODECS.get(comp)
    if codec is None:
        codec = _CODECS[comp] = ACTIONS.bind(_, **domains(comp, _))
    return codec


_CODECS: weakref.WeakKeyDictionary[Components, ActionCodec] = weakref.WeakKeyDictionary()


class ActionIds:
    """The first id of every kind as plain ints: the legal actions' hot path (a first id plus
    the argument, no checks), what ``codec.base`` gives without its lookups."""

    def __init__(self, codec: ActionCodec) -> None:
        self.first = {kind: codec.base(kind) for kind in codec.space.kinds}
        self._enter = self.first["enter"]
        self._at = self.first["at"]

    def id(self, kind: str, arg: int = 0) -> int:
        """The id of a one-argument ``kind`` with ``arg`` (``ids.id("cell", 5)``)."""
        return self.first[kind] + arg

    def enter(self, side: int, lane: int) -> int:
        return self._enter + 4 * side + lane

    def at(self, anchor: int, rotation: int) -> int:
        return self._at + 4 * anchor + rotation
