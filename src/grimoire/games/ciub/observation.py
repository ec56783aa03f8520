"""Ciúb's hand-designed RL observation (``Game.observation_encoder``; docs/rl.md has the table).

Entity rows: one per die (where it is, the face it shows, tray and spent flags; its colour is
static) and one per card (where it is, who marked it; its letter, points and owl are static).
Seats are relative to the observer (0: the observer, 1: the next seat...). Ciúb hides only
which unseen card is where (in a pile, dealt later or removed face down): every such card has
the one location "unseen", the same for every seat, so the observation cannot tell them apart.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, get_args

from grimoire.core.observation import ObservationEncoder, relative
from grimoire.core.state import State
from grimoire.games.ciub.components import FACE_SYMBOLS, LETTERS, PILES
from grimoire.games.ciub.frames import Face, Pick, Target
from grimoire.games.ciub.rules import Phase

if TYPE_CHECKING:
    from grimoire.games.ciub.game import CiubGame
    from grimoire.games.ciub.state import CiubState

PHASE_LIST: tuple[str, ...] = get_args(Phase)
SYMBOLS: tuple[str, ...] = tuple(sorted(FACE_SYMBOLS))  # "1".."7", then the named faces
CARD_PLACES = ("unseen", "top row", "bottom row", "discard", "owl out")
MAX_TURNS = 100.0  # turns started, scaled (a long 4-player game takes about 60)
MAX_VP = 30.0


class CiubObservation(ObservationEncoder):
    """Ciúb's observation for one player count and components (see the module doc)."""

    version = 1

    def __init__(self, game: CiubGame) -> None:
        super().__init__(game)
        c = self.c = game.components
        n = self.players
        dice, colours = c.num_dice, len(c.colours)
        self.cards = c.card_ids
        self.card_index = {card: i for i, card in enumerate(self.cards)}
        self.symbol = {s: i for i, s in enumerate(SYMBOLS)}
        # die -> face index -> its symbol's slot (read once, not per step)
        self.face_slot = [
            [self.symbol[face] for face in c.colours[c.die_colour[die]].faces]
            for die in range(dice)
        ]
        # the dice of each colour are consecutive ids (components.py): (first, last + 1)
        self.colour_range = [
            (c.die_colour.index(k), c.die_colour.index(k) + c.die_colour.count(k))
            for k in range(colours)
        ]
        self.where_slot: list[int] = []
        add = self.layout.add
        self.o_phase = add("phase", len(PHASE_LIST), f"one-hot: {', '.join(PHASE_LIST)}")
        self.o_turn = add("turn", n, "one-hot: whose turn (relative seat)")
        self.o_first = add("first_player", n, "one-hot: the first player (relative seat)")
        self.o_misc = add(
            "progress",
            3,
            f"turns started / {MAX_TURNS:g}; 1 if the seat to act may roll again; "
            "1 if the end is triggered (the last C card revealed)",
        )
        self.o_final = add("final_turns_left", n, "1 for each relative seat with a final turn left")
        self.o_opus = add("opus_holder", n, "one-hot: who holds the Opus Magnum (relative seat)")
        self.o_frame = add(
            "pending_kind",
            3,
            "one-hot of the half-made decision: target (which die a re-roll or adjust acts on), "
            "face (which face to turn it to), pick (dice to take for a 2-for-1)",
        )
        self.o_by = add("pending_by", dice, "one-hot: the die used (target and face)")
        self.o_target = add("pending_target", dice, "one-hot: the die adjusted (face)")
        self.o_pick = add(
            "pending_pick", colours + 1, "pick: one-hot of the traded colour; dice left / 2"
        )
        self.o_supply = add(
            "supply", colours, "dice of each colour in the supply / dice of that colour"
        )
        self.o_held = add("dice_held", n, "per relative seat: dice held / dice")
        self.places = len(CARD_PLACES)
        self.d_stride = n + 2 + len(SYMBOLS) + 2
        self.o_dice = add(
            "dice",
            (dice, self.d_stride),
            f"per die ({', '.join(c.die_label[:1])}..., the components' order): one-hot of where "
            f"it is (box, supply, relative seats 0..{n - 1}); one-hot of the face shown "
            f"({', '.join(SYMBOLS)}; none when not rolled this turn); in the tray; spent",
        )
        self.o_vp = add("victory_points", n, f"per relative seat: victory points / {MAX_VP:g}")
        self.o_piles = add(
            "piles",
            len(PILES) + 1,
            f"cards in the face-down piles {', '.join(PILES)} and removed face down / cards",
        )
        self.c_stride = self.places + 2 * n
        self.o_cards = add(
            "cards",
            (len(self.cards), self.c_stride),
            f"per card (by id): one-hot of where it is ({', '.join(CARD_PLACES)}, then claimed "
            f"by relative seat 0..{n - 1}); then one-hot of the relative seat that marked it",
        )
        self.o_card_static = add(
            "card_facts",
            (len(self.cards), len(LETTERS) + 2),
            f"static: per card, one-hot of its letter ({', '.join(LETTERS)}); victory points / "
            "10; 1 for an owl card",
        )
        self.o_colour = add(
            "die_colour",
            (dice, colours),
            "static: per die, one-hot of its colour "
            f"({', '.join(colour.name for colour in c.colours)})",
        )
        self.seal()

    def write_static(self, out: array[float]) -> None:
        c = self.c
        colours = len(c.colours)
        for die in range(c.num_dice):
            out[self.o_colour + die * colours + c.die_colour[die]] = 1.0
        stride = len(LETTERS) + 2
        for i, card_id in enumerate(self.cards):
            card = c.cards[card_id]
            at = self.o_card_static + i * stride
            out[at + LETTERS.index(card.letter)] = 1.0
            out[at + len(LETTERS)] = card.vp / 10.0
            out[at + len(LETTERS) + 1] = 1.0 if card.owl else 0.0

    def write(self, state: State, seat: int | None, out: array[float]) -> None:
        st: CiubState = state  # type: ignore[assignment]
        c = self.c
        n = self.players
        rel = [relative(s, seat, n) for s in range(n)]
        out[self.o_phase + PHASE_LIST.index(st.phase)] = 1.0
        if 0 <= st.turn < n:
            out[self.o_turn + rel[st.turn]] = 1.0
        if 0 <= st.first < n:
            out[self.o_first + rel[st.first]] = 1.0
        out[self.o_misc] = (st.turns or 0) / MAX_TURNS
        if st.cycle_ok:
            out[self.o_misc + 1] = 1.0
        if st.triggered:
            out[self.o_misc + 2] = 1.0
        for s in st.final_left:
            out[self.o_final + rel[s]] = 1.0
        if st.opus_holder is not None:
            out[self.o_opus + rel[st.opus_holder]] = 1.0
        if st.stack:
            frame = st.stack[-1]
            if isinstance(frame, Target):
                out[self.o_frame] = 1.0
                out[self.o_by + frame.by] = 1.0
            elif isinstance(frame, Face):
                out[self.o_frame + 1] = 1.0
                out[self.o_by + frame.by] = 1.0
                out[self.o_target + frame.target] = 1.0
            elif isinstance(frame, Pick):
                out[self.o_frame + 2] = 1.0
                out[self.o_pick + frame.colour] = 1.0
                out[self.o_pick + len(c.colours)] = frame.left / 2.0
        # the dice and the cards change in few steps: only what changed is written again
        self._dice(st, seat, rel, out)
        key: object = (
            tuple(st.top),
            tuple(st.bottom),
            tuple(st.discard),
            tuple(st.owl_out),
            tuple(tuple(cards) for cards in st.claimed),
            tuple(st.marker),
            len(st.box_cards),
            tuple(len(st.pile[letter]) for letter in PILES),
        )
        start, end = self.o_vp, self.o_card_static
        if not self.reuse(seat, "cards", key, out, start, end):
            self._cards(st, rel, out)
            self.keep(seat, "cards", key, out, start, end)

    def _dice(self, st: CiubState, seat: int | None, rel: list[int], out: array[float]) -> None:
        """Where each die is, its face, tray and spent; the supply and the dice held."""
        c = self.c
        n = self.players
        loc = st.loc
        self.where_slot = [0, 1] + [2 + r for r in rel]  # by loc + 2: box, supply, seats
        rows = list(zip(loc, st.face, st.tray, st.spent, strict=True))
        self.rows(seat, "dice", rows, out, self.o_dice, self.d_stride, self._die)
        for k, (first, last) in enumerate(self.colour_range):
            out[self.o_supply + k] = loc[first:last].count(-1) / max(1, last - first)
        for s in range(n):
            out[self.o_held + rel[s]] = loc.count(s) / c.num_dice

    def _die(self, die: int, row: tuple[int, int, bool, bool], out: array[float], at: int) -> None:
        where, face, tray, spent = row
        out[at + self.where_slot[where + 2]] = 1.0
        if where >= 0:
            if face >= 0:
                out[at + 2 + self.players + self.face_slot[die][face]] = 1.0
            if tray:
                out[at + self.d_stride - 2] = 1.0
            if spent:
                out[at + self.d_stride - 1] = 1.0

    def _cards(self, st: CiubState, rel: list[int], out: array[float]) -> None:
        """Where each card is (a card in no open zone is unseen), who marked it; the piles."""
        n = self.players
        total = len(self.cards)
        for i, letter in enumerate(PILES):
            out[self.o_piles + i] = len(st.pile[letter]) / total
        out[self.o_piles + len(PILES)] = len(st.box_cards) / total
        index = self.card_index
        stride = self.c_stride
        base = self.o_cards
        seen = [False] * total
        for place, zone in ((1, st.top), (2, st.bottom), (3, st.discard), (4, st.owl_out)):
            for card in zone:
                i = index[card]
                seen[i] = True
                out[base + i * stride + place] = 1.0
        for s in range(n):
            for card in st.claimed[s]:
                i = index[card]
                seen[i] = True
                out[base + i * stride + self.places + rel[s]] = 1.0
            marked = st.marker[s]
            if marked is not None:
                out[base + index[marked] * stride + self.places + n + rel[s]] = 1.0
            out[self.o_vp + rel[s]] = st.vp(s) / MAX_VP
        for i in range(total):
            if not seen[i]:
                out[base + i * stride] = 1.0
