"""Action ids and their words: one stable id per small decision, declared once
(``core.action_declaration``): the ids, the texts in each language, the parser, the JSON and
docs/actions/fatal.md follow from ``ACTIONS`` and the domains the components give.

The meaning of an id never depends on the position, only on which question is pending (the top
decision frame, see ``rules.py``). With the shipped data (52 visions, 9 enchantment kinds, 21
treasure kinds) there are 239 ids. Rows, places in a row, display slots and seats are counted
from 1 in texts, as people count them (the JSON field ``seat`` is the seat's id, from 0). Cards
are named by their id (``V07``) or name (``Magical Swap``; an enchantment's key, ``swap``,
reads too), treasures by their kind (``R3``, ``Y-1``, ``Queen``; ``q`` reads too).

The rules read ids as ints: ``Ids`` holds each kind's first id (``ids.card + kind``), the hot
path; ``codec.decode`` is one list lookup. ``enchant``'s argument counts the enchantment kinds
from 0 (the segment's own); its card kind is ``comp.enchantments[arg].kind``.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from grimoire.core.action_declaration import ActionCodec, Actions, Domain, Kind, Labelled, Numbered
from grimoire.core.i18n import N_
from grimoire.games.fatal.components import Components
from grimoire.games.fatal.text import _

SINGLE = ("done", "exchange", "shield", "allow", "reveal", "hide")
# their ids (the first of the action space, in SINGLE's order); Final: compiled code inlines them
DONE: Final = 0
EXCHANGE: Final = 1
SHIELD: Final = 2
ALLOW: Final = 3
REVEAL: Final = 4
HIDE: Final = 5
SEATS = 5
ROWS = 2
SLOTS = 3
PLACES = 3  # cards in a row

# In id order: the record format (never reorder; a new kind goes at the end).
ACTIONS = Actions(
    Kind("done", N_("done"), help="skip a step, end a selection, decline"),
    Kind("exchange", N_("exchange"), help="the treasure exchange instead of an enchantment"),
    Kind("shield", N_("shield"), help="the Elemental Shield window: cancel the trimagic"),
    Kind("allow", N_("allow"), help="the Elemental Shield window: let the trimagic through"),
    Kind("reveal", N_("reveal"), help="the sealed choice ending round 1: show your character"),
    Kind("hide", N_("hide"), help="the sealed choice ending round 1: keep it hidden"),
    Kind(
        "enchant",
        N_("enchant {card}"),
        domains={"card": "enchantment"},
        help="play an enchantment (step 1)",
    ),
    Kind(
        "play",
        N_("play {card} row {row}"),
        domains={"card": "vision"},
        help="play a vision into one of your rows (step 3)",
    ),
    Kind("steal", N_("steal seat {seat} row {row}"), help="steal the last card of that row"),
    Kind("to-row", N_("to row {row}"), help="where a stolen vision goes (both rows fit)"),
    Kind("card", N_("card {card}"), help="a card of your hand or of the cards you look at"),
    Kind("treasure", N_("treasure {treasure}"), help="a treasure kind (or the Queen)"),
    Kind("slot", N_("slot {slot}"), help="a display slot"),
    Kind("seat", N_("seat {seat}"), help="a player: target, recipient, victim"),
    Kind(
        "row",
        N_("target seat {seat} row {row}"),
        help="a row on the table (Wind of Oblivion, Magical Swap)",
    ),
    Kind(
        "mine",
        N_("mine row {row} card {place}"),
        help="one of your own visions (Magical Swap)",
    ),
    Kind("cast", N_("cast row {row}"), help="which complete row casts its trimagic first"),
)

# The codec's own refusals (core.action_declaration), translated in this game's catalogue: the
# shell's catalogue does not hold them (yet), and a refusal is read in the person's language.
CODEC_REFUSALS = (
    N_("an empty text names no action"),
    N_("cannot read {text}: say e.g. {examples}"),
    N_("'{text}' is a number, not an action text (e.g. {examples})"),
    N_("there is no {what} {value} (say e.g. {examples})"),
)


def domains(comp: Components) -> dict[str, Domain]:
    """What each argument ranges over, from the components."""
    queen = comp.queen
    enchantments = comp.enchantments
    return {
        "enchantment": Labelled(
            [e.name for e in enchantments],
            what=N_("enchantment"),
            spellings={e.key: index for index, e in enumerate(enchantments)},
        ),
        "vision": Labelled([v.id for v in comp.visions], what=N_("vision")),
        "card": Labelled(
            comp.card_names, what=N_("card"), spellings={e.key: e.kind for e in enchantments}
        ),
        "treasure": Labelled(
            comp.treasure_names,
            what=N_("treasure"),
            spellings={"q": queen, "enchantress queen": queen},
        ),
        "row": Numbered(ROWS, what=N_("row")),
        "seat": Numbered(SEATS, first=1, json_first=0, what=N_("seat")),
        "slot": Numbered(SLOTS, what=N_("slot")),
        "place": Numbered(PLACES, what=N_("place in the row")),
    }


@cache
def codec(comp: Components) -> ActionCodec:
    """The actions over one set of components (made once per components: the loader keeps
    one ``Components`` per file)."""
    return ACTIONS.bind(_, **domains(comp))


class Ids:
    """The first id of each kind as an int (``ids.card + kind``: the rules' hot path), and the
    ids of the two-argument kinds (row-major over the kind's shape, as ``ActionSpace``)."""

    def __init__(self, codec: ActionCodec, comp: Components) -> None:
        space = codec.space
        self._visions = len(comp.visions)
        self.enchant = codec.base("enchant")
        self.play = codec.base("play")
        self.steal = codec.base("steal")
        self.to_row = codec.base("to-row")
        self.card = codec.base("card")
        self.treasure = codec.base("treasure")
        self.slot = codec.base("slot")
        self.seat = codec.base("seat")
        self.row = codec.base("row")
        self.mine = codec.base("mine")
        self.cast = codec.base("cast")
        self._play_rows = space.shape("play")[1]
        self._steal_rows = space.shape("steal")[1]
        self._row_rows = space.shape("row")[1]
        self._mine_places = space.shape("mine")[1]

    def a_enchant(self, kind: int) -> int:
        """``enchant``: the enchantment of card kind ``kind``."""
        return self.enchant + kind - self._visions

    def a_play(self, vision: int, row: int) -> int:
        return self.play + vision * self._play_rows + row

    def a_steal(self, seat: int, row: int) -> int:
        return self.steal + seat * self._steal_rows + row

    def a_row(self, seat: int, row: int) -> int:
        return self.row + seat * self._row_rows + row

    def a_mine(self, row: int, place: int) -> int:
        return self.mine + row * self._mine_places + place


@cache
def ids(comp: Components) -> Ids:
    return Ids(codec(comp), comp)
