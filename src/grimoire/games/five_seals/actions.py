"""Action ids (on core's ``ActionSpace``) and their text: one stable id per small decision.

A turn is a sequence of small decisions (see ``rules.py``): the meaning of an id never depends
on the state, only on which question is pending, e.g. ``die R4`` = "this one of my dice",
whether the question is which dice pay a seal or which die Strengthening raises.

=====================  ======================================  ================
text                   meaning                                 ids
=====================  ======================================  ================
``use <scroll>``       use one of your face-up scrolls         101
``scroll <scroll>``    pick a scroll held by a player          101
``die R4``             pick one of your dice (colour, value)   24
``their R4``           pick a die of the chosen opponent       24
``take R``             take a die of that colour from supply   4
``colour Fire``        pick a colour (Mind spells, Change)     5
``seat 2``             pick an opponent                        5
``bind familiar``      Binding, option 1                       1
``bind break``         Binding, option 2                       1
``done``               finish a selection / decline            1
``end round``          cannot break: return dice, round over   1
``unguard``            Guardian: put the guardian off board    1
``break 0Rc``          break the seal on that node             nodes
``node 0Rc``           pick a node (spell target)              nodes
=====================  ======================================  ================

The ids are the record format: the segments keep this order, new kinds go at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core.actions import ActionSpace
from grimoire.core.errors import IllegalAction
from grimoire.games.five_seals import chance
from grimoire.games.five_seals.board import Board
from grimoire.games.five_seals.components import NUM_CARDS, NUM_DICE, Components
from grimoire.games.five_seals.text import _, chance_text, label

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

# The segments in id order (the record format: never reorder them); ``break`` and ``node``
# follow, one id per node of the board.
SEGMENTS: list[tuple[str, tuple[int, ...]]] = [
    ("use", (NUM_CARDS,)),
    ("scroll", (NUM_CARDS,)),
    ("die", (NUM_DICE,)),
    ("their", (NUM_DICE,)),
    ("take", (4,)),
    ("colour", (5,)),
    ("seat", (5,)),
    ("bind-familiar", ()),
    ("bind-break", ()),
    ("done", ()),
    ("end-round", ()),
    ("unguard", ()),
]
_FIXED = ActionSpace(SEGMENTS)
# first ids, read on the hot path as ``A.BREAK + node``, ``A.TAKE + colour``
(USE, SCROLL, DIE, THEIR, TAKE, COLOUR, SEAT, BIND_FAMILIAR, BIND_BREAK, DONE, END, UNGUARD) = (
    _FIXED.base(kind) for kind, _shape in SEGMENTS
)
BREAK = _FIXED.total  # then NODE = BREAK + len(board)

SINGLE = {BIND_FAMILIAR: "bind familiar", BIND_BREAK: "bind break", DONE: "done"}
SINGLE |= {END: "end round", UNGUARD: "unguard"}


def die(colour: int, value: int) -> int:
    return DIE + 6 * colour + value - 1


def their(colour: int, value: int) -> int:
    return THEIR + 6 * colour + value - 1


class Codec(ActionSpace):
    """The action space of one board (``SEGMENTS``, then ``break`` and ``node`` per node) with
    the actions' English text and its parser. ``decode`` gives a ``Decoded``: kinds use,
    scroll, die, their, take, colour, seat, break, node (the argument is a card, a die code
    6*colour+value-1, a colour, a seat or a node index) and the single actions (``done``,
    ``end-round``, ...; no argument)."""

    def __init__(self, board: Board, comp: Components) -> None:
        super().__init__([*SEGMENTS, ("break", (len(board),)), ("node", (len(board),))])
        self.board = board
        self.comp = comp
        self.node_base = self.base("node")
        # lower-cased letter/element/name -> colour; loading a position reads ~100 colours
        colours: dict[str, int] = {}
        for index in reversed(range(5)):  # the lowest colour wins a shared name, as before
            for name in (comp.letters[index], comp.elements[index], comp.colour_names[index]):
                colours[name.lower()] = index
        self._colours = colours

    def to_text(self, action: int) -> str:
        decoded = self.decode(action)
        kind, arg = decoded.kind, decoded.arg
        letters = self.comp.letters
        if kind in ("use", "scroll"):
            return f"{kind} {self.comp.card_name(arg)}"
        if kind in ("die", "their"):
            return f"{kind} {letters[arg // 6]}{arg % 6 + 1}"
        if kind == "take":
            return f"take {letters[arg]}"
        if kind == "colour":
            return f"colour {self.comp.elements[arg]}"
        if kind == "seat":
            return f"seat {arg}"
        if kind in ("break", "node"):
            return f"{kind} {self.board.node_id(arg)}"
        return SINGLE[action]

    def parse(self, text: str) -> int:
        words = text.strip().split()
        if not words:
            raise IllegalAction(_("an empty text names no action"))
        head, rest = words[0].lower(), " ".join(words[1:])
        phrase = " ".join(w.lower() for w in words)
        for action, name in SINGLE.items():
            if phrase == name or (name == "end round" and phrase == "end"):
                return action
        if head in ("use", "scroll"):
            card = self.comp.card_by_name(rest)
            if card is None:
                raise IllegalAction(_("no scroll called {name}").format(name=repr(rest)))
            return (USE if head == "use" else SCROLL) + card
        if head in ("die", "their") and len(words) == 2 and len(rest) == 2:
            colour, value = self.colour(rest[0]), rest[1]
            if colour is not None and colour < 4 and value in "123456":
                return (die if head == "die" else their)(colour, int(value))
        if head == "take" and len(words) == 2:
            colour = self.colour(rest)
            if colour is not None and colour < 4:
                return TAKE + colour
        if head in ("colour", "color") and len(words) == 2:
            colour = self.colour(rest)
            if colour is not None:
                return COLOUR + colour
        if head == "seat" and len(words) == 2 and rest.isdigit() and int(rest) < 5:
            return SEAT + int(rest)
        if head in ("break", "node") and len(words) == 2:
            index = self.board.index.get(rest)
            if index is None:
                raise IllegalAction(_("no node {node} on this board").format(node=repr(rest)))
            return (BREAK if head == "break" else self.node_base) + index
        raise IllegalAction(
            _(
                "cannot read {text}: say e.g. 'break 0G1', 'die R4', 'use Growth of Fire', "
                "'scroll Binding', 'their B2', 'take Y', 'colour Fire', 'seat 1', 'node 2Rc', "
                "'bind familiar', 'bind break', 'done', 'end round', 'unguard'"
            ).format(text=repr(text))
        )

    def colour(self, word: str) -> int | None:
        """A colour from its letter (R), element (Fire) or name (red)."""
        return self._colours.get(word.lower())


# ---------------------------------------------------------------------- the state's hooks
def action_text(st: FiveSealsState, action: int) -> str:
    """The label (at a chance node: the outcome's log line) in the current language."""
    return chance_text(st, action) if st.is_chance() else label(st, action)


def parse(st: FiveSealsState, text: str) -> int:
    """The action named by ``text``: the English text (a chance outcome also as shown)."""
    if st.is_chance():
        wanted = " ".join(text.lower().split())
        for outcome, _weight in st.chance_weights():
            shown = (chance.describe(st, outcome), chance_text(st, outcome))
            if wanted in (" ".join(words.lower().split()) for words in shown):
                return outcome
    return st.codec.parse(text)


def action_json(st: FiveSealsState, action: int) -> dict[str, Any]:
    """``{"id", "text"}`` plus ``kind`` and its argument (``node``, ``card``, ``colour`` and
    ``value``, ``seat``): the fields a renderer's clickable parts carry."""
    doc: dict[str, Any] = {"id": action, "text": action_text(st, action)}
    if not st.is_chance():
        decoded = st.codec.decode(action)
        kind, arg = decoded.kind, decoded.arg
        doc["kind"] = kind
        if kind in ("break", "node"):
            doc["node"] = st.board.node_id(arg)
        elif kind in ("use", "scroll"):
            doc["card"] = st.comp.card_name(arg)
        elif kind in ("die", "their"):
            doc["colour"], doc["value"] = st.comp.letters[arg // 6], arg % 6 + 1
        elif kind in ("take", "colour"):
            doc["colour"] = st.comp.letters[arg]
        elif kind == "seat":
            doc["seat"] = arg
    return doc
