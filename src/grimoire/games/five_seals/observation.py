"""Five Seals of Magic's hand-designed RL observation (``Game.observation_encoder``; docs/rl.md
has the table).

The dungeon is an entity list: one row per board node (the seal token and the scroll on it)
with the node's static facts beside (kind, printed strength, where it is drawn), and one plane
over the nodes per mage, familiar and guardian. Dice are counted per owner, colour and value;
scrolls per seat as card counts. Seats are relative to the observer (0: the observer). Five
Seals hides nothing but future dice, so every seat sees the same position.
"""

from __future__ import annotations

import math
from array import array
from typing import TYPE_CHECKING

from grimoire.core.observation import ObservationEncoder, relative
from grimoire.core.state import State
from grimoire.games.five_seals.components import NUM_CARDS, NUM_DICE, family
from grimoire.games.five_seals.frames import Absorb, Dice, Give, Pick, Spell, Take, Turn

if TYPE_CHECKING:
    from grimoire.games.five_seals.game import FiveSealsGame
    from grimoire.games.five_seals.state import FiveSealsState

PHASES = ("setup", "draft", "play", "over")
KINDS = ("hall", "seal", "scroll")
FRAME_KINDS = ("turn", "dice", "pick", "absorb", "take", "give", "spell")
FRAME_TYPES = (Turn, Dice, Pick, Absorb, Take, Give, Spell)
MODES = ("turn", "bind", "leap", "tele", "speed", "free")
FAMILIES = 21  # 20 spell families and Binding
COLOURS = 5  # R B Y G P
DICE_COLOURS = 4
MAX_SCORE = 40.0


class FiveSealsObservation(ObservationEncoder):
    """Five Seals' observation for one player count and board (see the module doc)."""

    version = 1

    def __init__(self, game: FiveSealsGame) -> None:
        super().__init__(game)
        self.board = board = game.board
        n = self.players
        nodes = self.nodes = len(board)
        letters = ", ".join(game.comp.letters)
        add = self.layout.add
        self.o_phase = add("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}")
        self.o_turn = add("turn", n, "one-hot: whose turn it is or was last (relative seat)")
        self.o_first = add("first_player", n, "one-hot: the first player (relative seat)")
        self.o_misc = add(
            "progress",
            3,
            "round / 10; rounds in a row without a broken seal / 5; 1 if a seal was broken "
            "this round",
        )
        self.o_over = add("round_over", n, "per relative seat: 1 if its round is over")
        self.o_score = add("scores", n, f"per relative seat: its score / {MAX_SCORE:g}")
        self.o_kind = add(
            "pending_kind", len(FRAME_KINDS), f"one-hot of the decision: {', '.join(FRAME_KINDS)}"
        )
        self.o_fseat = add("pending_seat", n, "one-hot: the relative seat deciding")
        self.o_fnode = add("pending_node", nodes, "one-hot: the node being paid for (dice)")
        self.o_fcolour = add(
            "pending_colour", COLOURS, f"one-hot: the colour of the break or spell ({letters})"
        )
        self.o_fmode = add("pending_mode", len(MODES), f"one-hot: {', '.join(MODES)}")
        self.o_fpaid = add("pending_paid", 6, "dice paid so far of each value 1..6 / 6")
        self.o_ftake = add("pending_take", 1, "dice still to take / 6")
        self.o_fcard = add(
            "pending_scroll", FAMILIES, "one-hot: the spell family of the scroll being used"
        )
        self.o_dice = add(
            "dice",
            (n + 1, DICE_COLOURS, 7),
            "dice per owner (the supply, then relative seats), colour (R, B, Y, G) and value "
            "(0: not rolled, 1..6) / 6",
        )
        self.o_hands = add(
            "scrolls",
            (n, 2, NUM_CARDS),
            "per relative seat: face-up, then face-down scrolls held of each card "
            "(5 x family + colour; 100 Binding)",
        )
        self.o_absorbed = add(
            "absorbed", n, "per relative seat: tokens absorbed on its scrolls / 5"
        )
        self.n_stride = 4 + 1 + FAMILIES + COLOURS
        self.o_nodes = add(
            "nodes",
            (nodes, self.n_stride),
            "per board node (the board file's order): one-hot of the seal token's colour "
            "(R, B, Y, G), its strength / 6; one-hot of the scroll's spell family and colour",
        )
        self.o_mage = add("mages", (n, nodes), "per relative seat: one-hot of its mage's node")
        self.o_familiar = add(
            "familiars", (n, nodes), "per relative seat: one-hot of its familiar's node"
        )
        self.o_guardian = add(
            "guardians", (COLOURS, nodes), f"per colour ({letters}): its guardian's node"
        )
        self.o_static = add(
            "node_facts",
            (nodes, len(KINDS) + 4),
            "static: per node, one-hot of its kind (hall, seal, scroll); printed strength / 6; "
            "where it is drawn (r / 5, sin and cos of its angle)",
        )
        self.seal()

    def write_static(self, out: array[float]) -> None:
        stride = len(KINDS) + 4
        for i, node in enumerate(self.board.nodes):
            at = self.o_static + i * stride
            out[at + KINDS.index(node.kind)] = 1.0
            out[at + 3] = node.strength / 6.0
            out[at + 4] = node.r / 5.0
            out[at + 5] = math.sin(math.radians(node.angle))
            out[at + 6] = math.cos(math.radians(node.angle))

    def write(self, state: State, seat: int | None, out: array[float]) -> None:
        st: FiveSealsState = state  # type: ignore[assignment]
        n = self.players
        nodes = self.nodes
        rel = [relative(s, seat, n) for s in range(n)]
        out[self.o_phase + PHASES.index(st.phase)] = 1.0
        if 0 <= st.turn < n:
            out[self.o_turn + rel[st.turn]] = 1.0
        if 0 <= st.first < n:
            out[self.o_first + rel[st.first]] = 1.0
        out[self.o_misc] = st.round / 10.0
        out[self.o_misc + 1] = st.stall / 5.0
        if st.broke:
            out[self.o_misc + 2] = 1.0
        for s in range(n):
            if st.over[s]:
                out[self.o_over + rel[s]] = 1.0
            if st.mage[s] >= 0:
                out[self.o_mage + rel[s] * nodes + st.mage[s]] = 1.0
            if st.familiar[s] >= 0:
                out[self.o_familiar + rel[s] * nodes + st.familiar[s]] = 1.0
        for colour, node in enumerate(st.guardian):
            if node >= 0:
                out[self.o_guardian + colour * nodes + node] = 1.0
        if st.stack and st.phase != "over":
            self._frame(st, rel, out)
        key: object = (tuple(st.die_owner), tuple(st.die_val))
        if not self.reuse(seat, "dice", key, out, self.o_dice, self.o_hands):
            self._dice(st, rel, out)
            self.keep(seat, "dice", key, out, self.o_dice, self.o_hands)
        key = tuple(tuple(map(tuple, hand)) for hand in st.hands)
        if not self.reuse(seat, "hands", key, out, self.o_score, self.o_kind):
            for s, score in enumerate(st.scores()):
                out[self.o_score + rel[s]] = score / MAX_SCORE
            self.keep(seat, "hands", key, out, self.o_score, self.o_kind)
        if not self.reuse(seat, "scrolls", key, out, self.o_hands, self.o_nodes):
            self._hands(st, rel, out)
            self.keep(seat, "scrolls", key, out, self.o_hands, self.o_nodes)
        rows = list(zip(st.token, st.card, strict=True))
        self.rows(seat, "nodes", rows, out, self.o_nodes, self.n_stride, self._node)

    def _frame(self, st: FiveSealsState, rel: list[int], out: array[float]) -> None:
        frame = st.stack[-1]
        for k, kind in enumerate(FRAME_TYPES):
            if isinstance(frame, kind):
                out[self.o_kind + k] = 1.0
                break
        s = getattr(frame, "s", -1)
        if 0 <= s < self.players:
            out[self.o_fseat + rel[s]] = 1.0
        if isinstance(frame, Dice):
            out[self.o_fnode + frame.n] = 1.0
            if frame.c >= 0:
                out[self.o_fcolour + frame.c] = 1.0
            out[self.o_fmode + MODES.index(frame.m)] = 1.0
            for value in frame.v:
                out[self.o_fpaid + value - 1] += 1.0 / 6.0
        elif isinstance(frame, Pick):
            out[self.o_fcolour + frame.c] = 1.0
            out[self.o_fmode + MODES.index(frame.m)] = 1.0
        elif isinstance(frame, Take):
            out[self.o_ftake] = frame.n / 6.0
        elif isinstance(frame, Spell):
            out[self.o_fcard + family(frame.card)] = 1.0
            if frame.c >= 0:
                out[self.o_fcolour + frame.c] = 1.0

    def _dice(self, st: FiveSealsState, rel: list[int], out: array[float]) -> None:
        values = st.die_val
        for die in range(NUM_DICE):
            owner = st.die_owner[die]
            if owner == -2:  # not in this game
                continue
            who = 0 if owner < 0 else 1 + rel[owner]
            out[self.o_dice + (who * DICE_COLOURS + die // 6) * 7 + values[die]] += 1.0 / 6.0

    def _hands(self, st: FiveSealsState, rel: list[int], out: array[float]) -> None:
        for s, hand in enumerate(st.hands):
            base = self.o_hands + rel[s] * 2 * NUM_CARDS
            absorbed = 0
            for card, up, token in hand:
                out[base + (0 if up else NUM_CARDS) + card] += 1.0
                if token >= 0:
                    absorbed += 1
            out[self.o_absorbed + rel[s]] = absorbed / 5.0

    def _node(self, i: int, row: tuple[int, int], out: array[float], at: int) -> None:
        token, card = row
        if token >= 0:
            out[at + token // 10] = 1.0
            out[at + 4] = token % 10 / 6.0
        if card >= 0:
            out[at + 5 + family(card)] = 1.0
            out[at + 5 + FAMILIES + (4 if card == 100 else card % 5)] = 1.0
