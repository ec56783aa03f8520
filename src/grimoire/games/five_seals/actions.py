"""The actions, declared once (``core.action_declaration``): one stable id per small decision.

A turn is a sequence of small decisions (see ``rules.py``): the meaning of an id never depends
on the state, only on which question is pending, e.g. ``die R4`` = "this one of my dice",
whether the question is which dice pay a seal or which die Strengthening raises. ``ACTIONS``
gives the ids (the record format: the kinds keep this order, new kinds go at the end; ``break``
and ``node`` come last, one id per node of the board), the texts in each language, the parser,
the JSON and the rows of ``docs/actions/five-seals.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from grimoire.core.action_declaration import ActionCodec, Actions, Domain, Kind, Labelled, Numbered
from grimoire.core.i18n import N_
from grimoire.games.five_seals.components import NUM_CARDS, NUM_DICE, Components
from grimoire.games.five_seals.text import _

if TYPE_CHECKING:
    from grimoire.games.five_seals.board import Board

ACTIONS = Actions(
    Kind("use", N_("use {card}"), help="use one of your face-up scrolls"),
    Kind("scroll", N_("scroll {card}"), help="pick a scroll held by a player"),
    Kind("die", N_("die {die}"), help="pick one of your dice (colour, value)"),
    Kind("their", N_("their {die}"), help="pick a die of the chosen opponent"),
    Kind(
        "take",
        N_("take {colour}"),
        help="take a die of that colour from the supply",
        domains={"colour": "dice_colour"},
    ),
    Kind(
        "colour",
        N_("colour {element}"),
        help="pick a colour (Mind spells, Change)",
        also=("color {element}",),
    ),
    Kind("seat", N_("seat {seat}"), help="pick an opponent"),
    Kind("bind-familiar", N_("bind familiar"), help="Binding, option 1"),
    Kind("bind-break", N_("bind break"), help="Binding, option 2"),
    Kind("done", N_("done"), help="finish a selection / decline"),
    Kind(
        "end-round",
        N_("end round"),
        help="cannot break: return dice, round over",
        also=("end",),
    ),
    Kind("unguard", N_("unguard"), help="Guardian: put the guardian off the board"),
    Kind("break", N_("break {node}"), help="break the seal on that node"),
    Kind("node", N_("node {node}"), help="pick a node (spell target)"),
)

# The codec's own refusals (core.action_declaration), in this game's catalogue so that they
# read in the player's language.
CODEC_REFUSALS = (
    N_("an empty text names no action"),
    N_("cannot read {text}: say e.g. {examples}"),
    N_("'{text}' is a number, not an action text (e.g. {examples})"),
)


# The first ids of the kinds before ``break``, the same on every board (the rules read them
# on the hot path as ``A.TAKE + colour``, ``A.BREAK + node``; ``node`` is
# ``st.node_base + node``). A one-node board's sizes give them without any component.
_FIXED = ACTIONS.bind(
    card=Domain(NUM_CARDS),
    die=Domain(NUM_DICE),
    dice_colour=Domain(4),
    element=Domain(5),
    seat=Domain(5),
    node=Domain(1),
)
# Final: the compiled build reads each as a constant, not from the module's dictionary
USE: Final = _FIXED.base("use")
SCROLL: Final = _FIXED.base("scroll")
DIE: Final = _FIXED.base("die")
THEIR: Final = _FIXED.base("their")
TAKE: Final = _FIXED.base("take")
COLOUR: Final = _FIXED.base("colour")
SEAT: Final = _FIXED.base("seat")
BIND_FAMILIAR: Final = _FIXED.base("bind-familiar")
BIND_BREAK: Final = _FIXED.base("bind-break")
DONE: Final = _FIXED.base("done")
END: Final = _FIXED.base("end-round")
UNGUARD: Final = _FIXED.base("unguard")
BREAK: Final = _FIXED.base("break")


def die(colour: int, value: int) -> int:
    return DIE + 6 * colour + value - 1


def their(colour: int, value: int) -> int:
    return THEIR + 6 * colour + value - 1


class DiceFaces(Labelled):
    """A die by colour letter and value (``R4``; code ``6 * colour + value - 1``); its JSON
    fields are ``colour`` (the letter) and ``value``."""

    def fields(self, field: str, value: int) -> dict[str, Any]:
        return {"colour": self.labels[value][0], "value": value % 6 + 1}

    def field_names(self, field: str) -> list[str]:
        return ["colour", "value"]


class Colours(Labelled):
    """A colour named by ``labels`` (the letter ``R`` or the element ``Fire``), also by its
    letter, element or name (``red``); its JSON field is ``colour``, the letter."""

    def __init__(
        self,
        comp: Components,
        labels: tuple[str, ...],
        *,
        what: str,
        unknown: str,
        translated: bool = False,
    ) -> None:
        spellings = {
            name: col
            for col in range(len(labels))
            for name in (comp.letters[col], comp.elements[col], comp.colour_names[col])
        }
        super().__init__(
            labels, what=what, spellings=spellings, translated=translated, unknown=unknown
        )
        self.letters = comp.letters

    def fields(self, field: str, value: int) -> dict[str, Any]:
        return {"colour": self.letters[value]}

    def field_names(self, field: str) -> list[str]:
        return ["colour"]


class Nodes(Labelled):
    """A node of the board by its id (``0Rc``); the examples are seals, not the hall."""

    def __init__(self, board: Board) -> None:
        super().__init__(
            [node.id for node in board.nodes],
            what="node",
            unknown=N_("no node {value} on this board (say e.g. {examples})"),
        )
        self.seals = [board.node_id(n) for n in board.seals[:3]] or self.labels[:3]

    def examples(self) -> list[str]:
        return self.seals


def domains(board: Board, comp: Components) -> dict[str, Domain]:
    """What each argument ranges over in a game on ``board`` with ``comp``."""
    letters = comp.letters
    dice = [f"{letters[code // 6]}{code % 6 + 1}" for code in range(NUM_DICE)]
    cards = [comp.card_name(card) for card in range(NUM_CARDS)]
    # the short forms "growth/r" ("growth-of-fire" is the name itself: a hyphen reads as a space)
    short = {f"{comp.spells[card // 5].name}/{letters[card % 5]}": card for card in range(100)}
    return {
        "card": Labelled(
            cards,
            what="scroll",
            spellings=short,
            unknown=N_("no scroll called {value} (say e.g. {examples})"),
        ),
        "die": DiceFaces(
            dice,
            what="die",
            unknown=N_("there is no die {value}: say its colour letter and value, e.g. {examples}"),
        ),
        "dice_colour": Colours(
            comp,
            letters[:4],  # shown as is in every language
            what="dice colour",
            unknown=N_("there are no {value} dice (say e.g. {examples})"),
        ),
        "element": Colours(
            comp,
            comp.elements,  # shown in the current language
            what="colour",
            translated=True,
            unknown=N_("there is no colour {value} (say e.g. {examples})"),
        ),
        "seat": Numbered(
            5,
            first=1,
            json_first=0,
            what="seat",
            unknown=N_("there is no seat {value} (say e.g. {examples})"),
        ),
        "node": Nodes(board),
    }


# codecs made so far, by the node ids of their board: a game is made for every match of a
# simulation and boards are read anew each time, while the codec depends on the node ids only
# (the components are read once per process: ``LOADER``)
_CODECS: dict[tuple[str, ...], tuple[Components, ActionCodec]] = {}


def codec(board: Board, comp: Components) -> ActionCodec:
    """The actions of a game on ``board``: ``break`` and ``node`` have one id per node."""
    key = tuple(node.id for node in board.nodes) + tuple(str(n) for n in board.seals[:3])
    cached = _CODECS.get(key)
    if cached is not None and cached[0] is comp:
        return cached[1]
    found = ACTIONS.bind(_, **domains(board, comp))
    assert found.base("break") == BREAK, "the fixed kinds come before break and node"
    if len(_CODECS) < 64:  # a process plays on few boards; board files made by tests may vary
        _CODECS[key] = (comp, found)
    return found
