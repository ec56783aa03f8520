"""Action ids and their text: one stable id per small decision.

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
"""

from __future__ import annotations

from dataclasses import dataclass, field

from grimoire.core.errors import IllegalAction
from grimoire.games.five_seals.board import Board
from grimoire.games.five_seals.components import NUM_CARDS, Components
from grimoire.games.five_seals.text import _

USE = 0
SCROLL = USE + NUM_CARDS
DIE = SCROLL + NUM_CARDS
THEIR = DIE + 24
TAKE = THEIR + 24
COLOUR = TAKE + 4
SEAT = COLOUR + 5
BIND_FAMILIAR = SEAT + 5
BIND_BREAK = BIND_FAMILIAR + 1
DONE = BIND_BREAK + 1
END = DONE + 1
UNGUARD = END + 1
BREAK = UNGUARD + 1  # then NODE = BREAK + len(board)

SINGLE = {BIND_FAMILIAR: "bind familiar", BIND_BREAK: "bind break", DONE: "done"}
SINGLE |= {END: "end round", UNGUARD: "unguard"}


def die(colour: int, value: int) -> int:
    return DIE + 6 * colour + value - 1


def their(colour: int, value: int) -> int:
    return THEIR + 6 * colour + value - 1


@dataclass(frozen=True)
class Codec:
    """Action ids <-> (kind, argument) <-> text, for one board."""

    board: Board
    comp: Components
    # lower-cased letter/element/name -> colour; loading a position reads ~100 colours
    _colours: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        colours: dict[str, int] = {}
        for index in reversed(range(5)):  # the lowest colour wins a shared name, as before
            for name in (
                self.comp.letters[index],
                self.comp.elements[index],
                self.comp.colour_names[index],
            ):
                colours[name.lower()] = index
        object.__setattr__(self, "_colours", colours)

    @property
    def node_base(self) -> int:
        return BREAK + len(self.board)

    @property
    def total(self) -> int:
        return BREAK + 2 * len(self.board)

    def decode(self, action: int) -> tuple[str, int]:
        """(kind, argument): kinds use, scroll, die, their, take, colour, seat, break, node (the
        argument is a card, a die code 6*colour+value-1, a colour, a seat or a node index) and
        the single actions (argument 0)."""
        if not 0 <= action < self.total:
            raise IllegalAction(f"action {action} is outside 0..{self.total - 1}")
        for kind, base, size in (
            ("use", USE, NUM_CARDS),
            ("scroll", SCROLL, NUM_CARDS),
            ("die", DIE, 24),
            ("their", THEIR, 24),
            ("take", TAKE, 4),
            ("colour", COLOUR, 5),
            ("seat", SEAT, 5),
        ):
            if base <= action < base + size:
                return kind, action - base
        if action in SINGLE:
            return SINGLE[action].replace(" ", "-"), 0
        if action < self.node_base:
            return "break", action - BREAK
        return "node", action - self.node_base

    def to_text(self, action: int) -> str:
        kind, arg = self.decode(action)
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
