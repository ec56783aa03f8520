"""F.A.T.A.L.'s hand-designed RL observation (``Game.observation_encoder``; docs/rl.md has the
table).

Cards and treasures are counted by kind (card kinds: the visions, then the enchantments;
treasure kinds: sign x value, then the Queen). Seats are relative to the observer (0: the
observer). Hidden things follow the game's knowledge masks exactly as ``view.py`` does: the
observer's own hand, treasures and character; of the others only what its bit in ``ck`` /
``tk`` / ``ck_char`` says it knows; the cards being looked at only by the looker; the sizes of
every hidden zone. A spectator (None) knows only what is public.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from grimoire.core.observation import ObservationEncoder, relative
from grimoire.core.state import State
from grimoire.games.fatal.frames import DECISIONS, Decision, FatalFrame, Reveal
from grimoire.games.fatal.view import viewer_bit

if TYPE_CHECKING:
    from grimoire.games.fatal.game import FatalGame
    from grimoire.games.fatal.state import FatalState

PHASES = ("setup", "play", "over")
ROW_CELLS = 3  # a row holds at most three visions (straight, reversed, sideways)
COUNT = 10.0  # zone sizes and counts are scaled by this
THIRD = 1.0 / 3.0  # a copy of a kind counts a third (three copies at most)


class FatalObservation(ObservationEncoder):
    """F.A.T.A.L.'s observation for one player count and components (see the module doc)."""

    version = 1

    def __init__(self, game: FatalGame) -> None:
        super().__init__(game)
        comp = self.comp = game.comp
        self.lay = game.lay
        n = self.players
        k = self.k = comp.num_card_kinds
        t = self.t = comp.num_treasure_kinds
        signs = len(comp.signs)
        self.kinds: list[type[FatalFrame]] = sorted(DECISIONS, key=lambda frame: frame.__name__)
        self.kinds.append(Reveal)
        names = ", ".join(frame.__name__ for frame in self.kinds)
        add = self.layout.add
        self.o_phase = add("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}")
        self.o_turn = add("turn", n, "one-hot: whose turn it is (relative seat)")
        self.o_first = add("first_player", n, "one-hot: the first player (relative seat)")
        self.o_misc = add(
            "turn_state",
            7,
            "round - 1; visions played / 3; visions allowed / 3; Falling Star stars / 3; "
            "trimagics cast / 3; reshuffles / 3; 1 if the Queen is revealed",
        )
        self.o_special = add("special_victory", n, "one-hot: who won by eliminating its sign")
        self.o_kind = add("pending_kind", len(self.kinds), f"one-hot of the decision: {names}")
        self.o_fseat = add("pending_seat", n, "one-hot: the relative seat deciding")
        self.o_chosen = add(
            "reveal_chosen",
            n + 2,
            "sealed reveal: per relative seat, 1 if it has chosen; "
            "then the observer's own choice: reveal, hide",
        )
        self.o_char = add(
            "characters",
            (n, signs + 1),
            "per relative seat: one-hot of its character's sign if the observer knows it, "
            "else the last slot (unknown)",
        )
        self.o_seat = add(
            "seat_facts",
            (n, 6),
            f"per relative seat: revealed; out; hand size / {COUNT:g}; set aside / {COUNT:g}; "
            f"face-down treasures / {COUNT:g}; round-1 tally / 20",
        )
        self.o_hand = add(
            "hands",
            (n, k),
            "per relative seat: its hand's cards of each kind the observer knows (all of its "
            "own) / 3",
        )
        self.o_rows = add(
            "rows",
            (n, 2, ROW_CELLS, k),
            "per relative seat, row and cell (straight, reversed, sideways): one-hot of the "
            "vision there",
        )
        self.o_tre = add(
            "treasures",
            (n, t),
            "per relative seat: face-down treasures of each kind the observer knows (all of its "
            "own) / 3",
        )
        self.o_up = add("face_up", (n, t), "per relative seat: face-up treasures of each kind / 3")
        self.o_display = add(
            "display", (comp.display, t + 1), "per display slot: one-hot of the treasure, or empty"
        )
        self.o_zones = add(
            "zones",
            (6, k),
            "cards of each kind / 3 in: the discard pile; in effect; the deck as far as the "
            "observer knows it; being looked at (the looker only); and the deck size / 100 in "
            "the first slot of row 5, the cards looked at / 10 in the first of row 6",
        )
        self.o_looker = add("looker", n, "one-hot: the relative seat looking at drawn cards")
        self.o_tdeck = add(
            "treasure_deck",
            (3, t),
            "treasures of each kind / 3: known on top (Crystal Gaze) and under the deck; then "
            "deck size / 20, cards above the Queen's pool / 20, cards looked at on top / 3",
        )
        self.seal()

    def write(self, state: State, seat: int | None, out: array[float]) -> None:
        st: FatalState = state  # type: ignore[assignment]
        n = self.players
        bit = viewer_bit(seat)
        rel = [relative(s, seat, n) for s in range(n)]
        self._turn_state(st, rel, out)
        if st.stack:
            self._pending(st, seat, rel, out)
        for s in range(n):
            self._seat_facts(st, s, rel[s], bit, out)
            self._seat_objects(st, s, rel[s], s == seat, bit, out)
        self._table(st, seat, rel, bit, out)

    def _turn_state(self, st: FatalState, rel: list[int], out: array[float]) -> None:
        """Phase, whose turn, the first player, the turn's counters, a special victory."""
        n = self.players
        out[self.o_phase + PHASES.index(st.phase)] = 1.0
        if 0 <= st.turn < n:
            out[self.o_turn + rel[st.turn]] = 1.0
        if 0 <= st.first < n:
            out[self.o_first + rel[st.first]] = 1.0
        misc = self.o_misc
        out[misc] = st.round - 1.0
        out[misc + 1] = st.plays / 3.0
        out[misc + 2] = st.limit / 3.0
        out[misc + 3] = st.bonus / 3.0
        out[misc + 4] = st.casts / 3.0
        out[misc + 5] = st.reshuffles / 3.0
        if st.queen_shown:
            out[misc + 6] = 1.0
        if st.special >= 0:
            out[self.o_special + rel[st.special]] = 1.0

    def _pending(self, st: FatalState, seat: int | None, rel: list[int], out: array[float]) -> None:
        """The pending decision, who decides, and at the sealed reveal who has chosen (and
        the observer's own choice)."""
        n = self.players
        frame = st.stack[-1]
        kind = type(frame)
        if kind in self.kinds:
            out[self.o_kind + self.kinds.index(kind)] = 1.0
        if isinstance(frame, Decision):
            out[self.o_fseat + rel[frame.s]] = 1.0
        if isinstance(frame, Reveal):
            for s in st.sealed_reveal + st.sealed_hide:
                out[self.o_chosen + rel[s]] = 1.0
            if seat is not None and seat in st.sealed_reveal:
                out[self.o_chosen + n] = 1.0
            elif seat is not None and seat in st.sealed_hide:
                out[self.o_chosen + n + 1] = 1.0

    def _seat_facts(self, st: FatalState, s: int, r: int, bit: int, out: array[float]) -> None:
        """Seat ``s`` (relative ``r``): its character if known, its flags and counts."""
        signs = len(self.comp.signs)
        sign = st.char[s]
        known = sign >= 0 and bool(st.ck_char[s] & bit)
        out[self.o_char + r * (signs + 1) + (sign if known else signs)] = 1.0
        at = self.o_seat + r * 6
        if st.revealed[s]:
            out[at] = 1.0
        if st.out[s]:
            out[at + 1] = 1.0
        out[at + 2] = len(st.hands[s]) / COUNT
        out[at + 3] = len(st.aside[s]) / COUNT
        out[at + 4] = len(st.tre[s]) / COUNT
        if st.round1 is not None:
            out[at + 5] = st.round1[s] / 20.0

    def _seat_objects(
        self, st: FatalState, s: int, r: int, mine: bool, bit: int, out: array[float]
    ) -> None:
        """Seat ``s``'s hand and face-down treasures as far as the observer knows them, its
        rows and face-up treasures."""
        k, t = self.k, self.t
        ckind, tkind = self.lay.card_kind, self.lay.tre_kind
        base = self.o_hand + r * k
        for card in st.hands[s]:
            if mine or st.ck[card] & bit:
                out[base + ckind[card]] += THIRD
        base = self.o_rows + r * 2 * ROW_CELLS * k
        for row, cards in enumerate(st.rows[s]):
            for cell, card in enumerate(cards[:ROW_CELLS]):
                out[base + (row * ROW_CELLS + cell) * k + ckind[card]] = 1.0
        base = self.o_tre + r * t
        for treasure in st.tre[s]:
            if mine or st.tk[treasure] & bit:
                out[base + tkind[treasure]] += THIRD
        base = self.o_up + r * t
        for treasure in st.up[s]:
            out[base + tkind[treasure]] += THIRD

    def _table(
        self, st: FatalState, seat: int | None, rel: list[int], bit: int, out: array[float]
    ) -> None:
        """The display, the card zones (discard, in effect, the known deck, the looked-at
        cards) and the treasure deck."""
        k, t = self.k, self.t
        ckind, tkind = self.lay.card_kind, self.lay.tre_kind
        for slot, treasure in enumerate(st.display):
            out[self.o_display + slot * (t + 1) + (tkind[treasure] if treasure >= 0 else t)] = 1.0
        zones = self.o_zones
        for card in st.discard:
            out[zones + ckind[card]] += THIRD
        for card in st.active:
            out[zones + k + ckind[card]] += THIRD
        for card in st.deck:
            if st.ck[card] & bit:
                out[zones + 2 * k + ckind[card]] += THIRD
        if st.looking:
            out[self.o_looker + rel[st.looker]] = 1.0
            if seat == st.looker:
                for card in st.looking:
                    out[zones + 3 * k + ckind[card]] += THIRD
        out[zones + 4 * k] = len(st.deck) / 100.0
        out[zones + 5 * k] = len(st.looking) / COUNT
        deck = self.o_tdeck
        for treasure in st.t_top:
            if st.tk[treasure] & bit:
                out[deck + tkind[treasure]] += THIRD
        for treasure in st.t_under:
            out[deck + t + tkind[treasure]] += THIRD
        out[deck + 2 * t] = (len(st.t_top) + len(st.t_pool) + len(st.t_under)) / 20.0
        out[deck + 2 * t + 1] = st.t_mid / 20.0
        out[deck + 2 * t + 2] = len(st.t_top) / 3.0
