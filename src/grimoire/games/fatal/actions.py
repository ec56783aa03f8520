"""Action ids and their text: one stable id per small decision.

The meaning of an id never depends on the position, only on which question is pending (the top
decision frame, see ``rules.py``). With the shipped data (52 visions, 9 enchantment kinds, 21
treasure kinds) there are 239 ids. Rows, row positions and display slots are numbered from 1 in
texts, seats from 0 (as everywhere in grimoire).

=============================  ==============================================  ===========
text                           meaning                                         ids
=============================  ==============================================  ===========
``done``                       skip a step, end a selection, decline           1
``exchange``                   the treasure exchange instead of an enchantment 1
``shield`` / ``allow``         the Elemental Shield window                     2
``reveal`` / ``hide``          the sealed reveal at the end of round 1         2
``enchant Magical Swap``       play an enchantment (step 1)                    E
``play V01 row 1``             play a vision into one of your rows             2V
``steal seat 2 row 1``         steal the last card of that row                 10
``to row 2``                   where a stolen vision goes (both rows fit)      2
``card V01``                   a card of your hand or of the cards you look at V+E
``treasure R3``                a treasure kind (the Queen is ``treasure Queen``) T+1
``slot 1``                     a display slot                                  3
``seat 2``                     a player: target, recipient, victim             5
``target seat 2 row 1``        a row on the table (Wind of Oblivion, Swap)     10
``mine row 1 card 2``          one of your own visions (Magical Swap)          6
``cast row 1``                 which complete row casts its trimagic first     2
=============================  ==============================================  ===========
"""

from __future__ import annotations

from grimoire.core.actions import ActionSpace, Decoded
from grimoire.core.errors import IllegalAction
from grimoire.games.fatal.components import Components
from grimoire.games.fatal.text import _

SINGLE = ("done", "exchange", "shield", "allow", "reveal", "hide")
DONE, EXCHANGE, SHIELD, ALLOW, REVEAL, HIDE = range(len(SINGLE))
SEATS = 5
ROWS = 2
SLOTS = 3
PLACES = 3  # cards in a row


def action_space(comp: Components) -> ActionSpace:
    """The segments in id order (the record format: never reorder them)."""
    return ActionSpace(
        [
            *((name, ()) for name in SINGLE),
            ("enchant", (len(comp.enchantments),)),
            ("play", (len(comp.visions), ROWS)),
            ("steal", (SEATS, ROWS)),
            ("to_row", (ROWS,)),
            ("card", (comp.num_card_kinds,)),
            ("treasure", (comp.num_treasure_kinds,)),
            ("slot", (SLOTS,)),
            ("seat", (SEATS,)),
            ("row", (SEATS, ROWS)),
            ("mine", (ROWS, PLACES)),
            ("cast", (ROWS,)),
        ]
    )


class Codec:
    """Action ids <-> (kind, arguments) <-> text, for one set of components.

    The one-argument kinds are used as ``codec.<kind> + argument`` (their first id, an int read
    on the hot path); ``decode`` gives a ``Decoded`` whose ``enchant`` argument is the card
    kind (the segment itself counts the enchantment kinds from 0)."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        space = self.space = action_space(comp)
        self.total = space.total
        self.enchant = space.base("enchant")
        self.play = space.base("play")
        self.steal = space.base("steal")
        self.to_row = space.base("to_row")
        self.card = space.base("card")
        self.treasure = space.base("treasure")
        self.slot = space.base("slot")
        self.seat = space.base("seat")
        self.row = space.base("row")
        self.mine = space.base("mine")
        self.cast = space.base("cast")
        first = len(comp.visions)
        self._table = [space.decode(action) for action in range(space.total)]
        for action in space.ids("enchant"):
            self._table[action] = Decoded("enchant", (first + self._table[action].arg,))

    # constructors
    def a_enchant(self, kind: int) -> int:
        return self.space.encode("enchant", kind - len(self.comp.visions))

    def a_play(self, vision: int, row: int) -> int:
        return self.space.encode("play", vision, row)

    def a_steal(self, seat: int, row: int) -> int:
        return self.space.encode("steal", seat, row)

    def a_row(self, seat: int, row: int) -> int:
        return self.space.encode("row", seat, row)

    def a_mine(self, row: int, position: int) -> int:
        return self.space.encode("mine", row, position)

    def decode(self, action: int) -> Decoded:
        """(kind, arguments). Kinds: the single actions, enchant (card kind), play (vision,
        row), steal (seat, row), to_row (row), card (card kind), treasure (treasure kind), slot,
        seat, row (seat, row), mine (row, position), cast (row)."""
        if not 0 <= action < self.total:
            raise IllegalAction(f"action {action} is outside 0..{self.total - 1}")
        return self._table[action]

    def to_text(self, action: int) -> str:
        kind, args = self.decode(action)
        comp = self.comp
        if kind == "enchant":
            return f"enchant {comp.card_name(args[0])}"
        if kind == "play":
            return f"play {comp.card_name(args[0])} row {args[1] + 1}"
        if kind == "steal":
            return f"steal seat {args[0]} row {args[1] + 1}"
        if kind == "to_row":
            return f"to row {args[0] + 1}"
        if kind == "card":
            return f"card {comp.card_name(args[0])}"
        if kind == "treasure":
            return f"treasure {comp.treasure_name(args[0])}"
        if kind == "slot":
            return f"slot {args[0] + 1}"
        if kind == "seat":
            return f"seat {args[0]}"
        if kind == "row":
            return f"target seat {args[0]} row {args[1] + 1}"
        if kind == "mine":
            return f"mine row {args[0] + 1} card {args[1] + 1}"
        if kind == "cast":
            return f"cast row {args[0] + 1}"
        return kind

    def parse(self, text: str) -> int:
        words = text.lower().split()
        if not words:
            raise IllegalAction(_("an empty text names no action"))
        phrase = " ".join(words)
        if phrase in SINGLE:
            return SINGLE.index(phrase)
        head, rest = words[0], words[1:]
        comp = self.comp

        def number(word: str, low: int, high: int) -> int | None:
            if word.lstrip("-").isdigit() and low <= int(word) <= high:
                return int(word)
            return None

        if head == "enchant" and rest:
            kind = comp.card_by_name(" ".join(rest))
            if kind is not None and not comp.is_vision(kind):
                return self.a_enchant(kind)
        if head == "play" and len(rest) == 3 and rest[1] == "row":
            kind = comp.card_by_name(rest[0])
            row = number(rest[2], 1, ROWS)
            if kind is not None and comp.is_vision(kind) and row is not None:
                return self.a_play(kind, row - 1)
        if head == "steal" and len(rest) == 4 and rest[0] == "seat" and rest[2] == "row":
            seat, row = number(rest[1], 0, SEATS - 1), number(rest[3], 1, ROWS)
            if seat is not None and row is not None:
                return self.a_steal(seat, row - 1)
        if head == "to" and len(rest) == 2 and rest[0] == "row":
            row = number(rest[1], 1, ROWS)
            if row is not None:
                return self.to_row + row - 1
        if head == "card" and rest:
            kind = comp.card_by_name(" ".join(rest))
            if kind is not None:
                return self.card + kind
        if head == "treasure" and rest:
            tkind = comp.treasure_by_name(" ".join(rest))
            if tkind is not None:
                return self.treasure + tkind
        if head == "slot" and len(rest) == 1:
            slot = number(rest[0], 1, SLOTS)
            if slot is not None:
                return self.slot + slot - 1
        if head == "seat" and len(rest) == 1:
            seat = number(rest[0], 0, SEATS - 1)
            if seat is not None:
                return self.seat + seat
        if head == "target" and len(rest) == 4 and rest[0] == "seat" and rest[2] == "row":
            seat, row = number(rest[1], 0, SEATS - 1), number(rest[3], 1, ROWS)
            if seat is not None and row is not None:
                return self.a_row(seat, row - 1)
        if head == "mine" and len(rest) == 4 and rest[0] == "row" and rest[2] == "card":
            row, position = number(rest[1], 1, ROWS), number(rest[3], 1, PLACES)
            if row is not None and position is not None:
                return self.a_mine(row - 1, position - 1)
        if head == "cast" and len(rest) == 2 and rest[0] == "row":
            row = number(rest[1], 1, ROWS)
            if row is not None:
                return self.cast + row - 1
        # the examples are the English texts the parser reads (a listed label is taken too)
        raise IllegalAction(
            _(
                "cannot read {text}: say e.g. 'done', 'exchange', 'enchant Pickpocket', "
                "'play V01 row 1', 'steal seat 2 row 1', 'to row 2', 'card V07', 'treasure R3', "
                "'slot 2', 'seat 1', 'target seat 2 row 1', 'mine row 1 card 2', 'cast row 2', "
                "'shield', 'allow', 'reveal', 'hide'"
            ).format(text=repr(text))
        )
