"""Ciúb's components and actions as flat tables of small ints, read on the hot path.

``components.py`` keeps the components as people read them (names, symbols as strings, the
cards as dataclasses); the rules, the heuristic and the copies read these tables instead: a
die's colour and the symbol each face shows as ints (``sym``), each action id's kind and
arguments, each card's VP and requirement by card id, the steps of a turn (``phase``) as ints.
They are built once per game (``CiubGame.tables``) from its components and options, so a
components file of one's own gets its own tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from grimoire.core.actions import ActionSpace
from grimoire.games.ciub.components import SKULL, Components

# ---------------------------------------------------------------- the symbols a face shows
# 1..7: a number (its value); then the named faces. 0: no face (a die not rolled this turn).
S_NONE: Final = 0
S_SWAP: Final = 8
S_REROLL: Final = 9
S_ADJUST: Final = 10
S_SKULL: Final = 11
S_TWO: Final = 12  # 2-for-1
S_PHANTOM: Final = 13  # a number a card of one's own components needs and no die shows
SYMBOLS: Final = 14
SYMBOL_NAMES: tuple[str, ...] = (
    "",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "swap",
    "reroll",
    "adjust",
    SKULL,
    "two_for_one",
)
SYMBOL_CODE: dict[str, int] = {name: code for code, name in enumerate(SYMBOL_NAMES) if name}

# ---------------------------------------------------------------- the steps of the game
# Seat decisions first, then the chance steps, then the end (``current_player`` compares).
P_MARK: Final = 0
P_ACTIONS: Final = 1
P_SET_ASIDE: Final = 2
P_CLAIM: Final = 3
P_MOVE_DOWN: Final = 4
P_REDUCE: Final = 5
P_TAKE: Final = 6
P_TRADE: Final = 7
P_ROLL: Final = 8
P_DRAW: Final = 9
P_SETUP_REMOVE: Final = 10
P_SETUP_DEAL: Final = 11
P_SETUP_FIRST: Final = 12
P_OVER: Final = 13
FIRST_CHANCE_PHASE: Final = 8
PHASE_NAMES: tuple[str, ...] = (
    "mark",
    "actions",
    "set_aside",
    "claim",
    "move_down",
    "reduce",
    "take",
    "trade",
    "roll",
    "draw",
    "setup_remove",
    "setup_deal",
    "setup_first",
    "over",
)
PHASE_CODE: dict[str, int] = {name: code for code, name in enumerate(PHASE_NAMES)}

# ---------------------------------------------------------------- the action kinds, in id order
K_PASS: Final = 0
K_MARK: Final = 1
K_REMOVE: Final = 2
K_USE: Final = 3
K_TARGET: Final = 4
K_FACE: Final = 5
K_CANCEL: Final = 6
K_SWAP: Final = 7
K_DONE: Final = 8
K_SET_ASIDE: Final = 9
K_ROLL: Final = 10
K_STOP: Final = 11
K_CLAIM: Final = 12
K_NO_CLAIM: Final = 13
K_MOVE_DOWN: Final = 14
K_RETURN: Final = 15
K_TAKE: Final = 16
K_TRADE: Final = 17
K_PICK: Final = 18
K_WHITEN: Final = 19
K_END_TURN: Final = 20
KIND_NAMES: tuple[str, ...] = (
    "pass",
    "mark",
    "remove",
    "use",
    "target",
    "face",
    "cancel",
    "swap",
    "done",
    "set_aside",
    "roll",
    "stop",
    "claim",
    "no_claim",
    "move_down",
    "return",
    "take",
    "trade",
    "pick",
    "whiten",
    "end_turn",
)

# ---------------------------------------------------------------- the kinds of card
C_NONE: Final = 0  # no card has this id
C_FACES: Final = 1
C_SUM: Final = 2
C_SAME: Final = 3
C_OPUS: Final = 4
CARD_KIND_CODE = {"faces": C_FACES, "sum": C_SUM, "same": C_SAME, "opus": C_OPUS}


class Tables:
    """The tables of one game: its components, action ids and the two options the rules read
    on the hot path (``self_adjust``, ``skulls_wild``)."""

    def __init__(
        self,
        c: Components,
        space: ActionSpace,
        self_adjust: Callable[[str], bool],
        skulls_wild: bool,
    ) -> None:
        if tuple(space.kinds) != KIND_NAMES:  # pragma: no cover - the declaration is fixed
            raise AssertionError(f"Ciúb's action kinds moved: {space.kinds}")
        self._dice(c)
        self._cards(c)
        # options
        self.self_adjust_ok: list[bool] = [
            bool(name) and self_adjust(name) for name in SYMBOL_NAMES
        ]
        self.skulls_wild = skulls_wild
        self._actions(space)

    def _dice(self, c: Components) -> None:
        self.num_dice = c.num_dice
        self.num_colours = len(c.colours)
        self.white = c.white
        self.die_colour: list[int] = list(c.die_colour)
        self.colour_faces: list[list[int]] = [
            [SYMBOL_CODE[face] for face in colour.faces] for colour in c.colours
        ]
        self.sym: list[int] = []  # die * 6 + face -> symbol
        for die in range(self.num_dice):
            self.sym += self.colour_faces[self.die_colour[die]]
        self.distinct: list[list[int]] = [list(colour.distinct_faces) for colour in c.colours]
        self.roll_weights: list[list[tuple[int, int]]] = [
            list(colour.roll_weights) for colour in c.colours
        ]
        # the symbols each colour may show (a bit per symbol)
        self.colour_shows: list[int] = [
            sum(1 << s for s in set(faces)) for faces in self.colour_faces
        ]
        self.colour_name: list[str] = [colour.name for colour in c.colours]
        # colour * SYMBOLS + symbol -> how many of the colour's faces show it
        self.sym_count: list[int] = [0] * (self.num_colours * SYMBOLS)
        for colour, faces in enumerate(self.colour_faces):
            for symbol in faces:
                self.sym_count[colour * SYMBOLS + symbol] += 1
        # The odds of the dice alone (the heuristic's), by colour * 8 + number (1..7): one
        # face's chance to show the number, and the chance to show it within three rolls.
        self.face_prob: list[float] = [0.0] * (self.num_colours * 8)
        self.three_rolls: list[float] = [0.0] * (self.num_colours * 8)
        # by colour: the highest number x 0.8 (what a die may add to a sum), the numbers' sum
        self.reach: list[float] = []
        self.number_sum: list[int] = []
        for colour, faces in enumerate(self.colour_faces):
            for number in range(1, 8):
                p = self.sym_count[colour * SYMBOLS + number] / 6
                self.face_prob[colour * 8 + number] = p
                self.three_rolls[colour * 8 + number] = 1 - (1 - p) ** 3
            numbers = [s for s in faces if 1 <= s <= 7]
            self.reach.append(max(numbers, default=0) * 0.8)
            self.number_sum.append(sum(numbers))

    def _cards(self, c: Components) -> None:
        # cards by id (0..the highest id; C_NONE where no card has the id)
        size = max(c.cards) + 1
        self.card_vp: list[int] = [0] * size
        self.card_kind: list[int] = [C_NONE] * size
        self.card_amount: list[int] = [0] * size
        self.card_faces: list[list[int]] = [[] for _ in range(size)]
        self.card_letter: list[str] = [""] * size
        # "faces" cards: how many dice of each number 1..7 (index 0: numbers no die shows),
        # and the numbers 1..7 in the order the card first names them
        self.card_need: list[list[int]] = [[0] * 8 for _ in range(size)]
        self.card_numbers: list[list[int]] = [[] for _ in range(size)]
        for card in c.cards.values():
            for face in card.faces:
                self.card_need[card.id][face if 1 <= face <= 7 else 0] += 1
                if 1 <= face <= 7 and face not in self.card_numbers[card.id]:
                    self.card_numbers[card.id].append(face)
            self.card_vp[card.id] = card.vp
            self.card_kind[card.id] = CARD_KIND_CODE[card.kind]
            self.card_amount[card.id] = card.amount
            self.card_faces[card.id] = list(card.faces)
            self.card_letter[card.id] = card.letter
        self.opus = c.opus.id

    def _actions(self, space: ActionSpace) -> None:
        # actions: each kind's first id, and each id's kind and arguments
        self.base: list[int] = [space.base(kind) for kind in KIND_NAMES]
        self.swap_colours = space.shape("swap")[1]
        self.num_actions = space.total
        self.kind_of: list[int] = []
        self.arg_of: list[int] = []
        self.arg2_of: list[int] = []
        for action in range(space.total):
            move = space.decode(action)
            self.kind_of.append(KIND_NAMES.index(move.kind))
            self.arg_of.append(move.arg)
            self.arg2_of.append(move.args[1] if len(move.args) > 1 else 0)

    def symbol(self, die: int, face: int) -> int:
        """The symbol ``die`` shows on ``face`` (S_NONE for -1: not rolled)."""
        return self.sym[die * 6 + face] if face >= 0 else S_NONE

    def faces_showing(self, colour: int, symbols: list[int]) -> int:
        """How many faces of ``colour`` show one of ``symbols`` (each symbol once)."""
        total = 0
        for symbol in symbols:
            total += self.sym_count[colour * SYMBOLS + symbol]
        return total

    def card_faces_count(self, card: int, colour: int) -> int:
        """How many faces of ``colour`` show a number ``card`` (a "faces" card) needs."""
        return self.faces_showing(colour, self.card_numbers[card])

    def swap_id(self, die: int, colour: int) -> int:
        return self.base[K_SWAP] + die * self.swap_colours + colour

    def meets(self, card: int, counts: list[int]) -> bool:
        """Whether a tray showing ``counts`` (dice per symbol) meets ``card`` (``requirements.
        meets`` on symbols)."""
        kind = self.card_kind[card]
        if kind == C_FACES:
            need = self.card_need[card]
            if need[0]:
                return False  # a number no die shows
            return all(counts[n] >= need[n] for n in range(1, 8))
        if kind == C_SUM:
            total = 0
            for n in range(1, 8):
                total += n * counts[n]
            return total >= self.card_amount[card]
        if kind == C_SAME:
            amount = self.card_amount[card]
            best = 0
            for n in range(1, 8):
                if counts[n] > best:
                    best = counts[n]
            if self.skulls_wild:
                return best + counts[S_SKULL] >= amount
            return best >= amount or counts[S_SKULL] >= amount
        return False  # the Opus Magnum is never claimed by dice
