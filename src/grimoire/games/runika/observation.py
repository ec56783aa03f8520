"""Runika's hand-designed RL observation (``Game.observation_encoder``; docs/rl.md has the
table).

Each seat's 4x4 grid is a plane of die colour and face one-hots; runes, achievements and dice
elsewhere are counted or one-hot by id. Seats are relative to the observer (0: the observer).
What the variants hide follows ``view.py``: the bag's colours and the others' quick-draft dice
while a quick draft is passing, the others' ungained secret runes (and so the rune deck's
contents), the claims another seat has sealed and the frames of a seat choosing them.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from grimoire.core.observation import ObservationEncoder, relative
from grimoire.core.state import State
from grimoire.games.runika import flow
from grimoire.games.runika.frames import DECISIONS, Main
from grimoire.games.runika.view import quick_hidden, sealed, stage

if TYPE_CHECKING:
    from grimoire.games.runika.game import RunikaGame
    from grimoire.games.runika.state import RunikaState

PHASES = ("setup", "draft", "pass", "turns", "end", "cleanup", "over")
STAGES = ("roll", "reroll", "resolve", "achieve", "claims", "refill", "end")
DIE_CODES = 20  # 4 x colour + face for a rolled die, 16 + colour for one not rolled
MAX_SCORE = 50.0


class RunikaObservation(ObservationEncoder):
    """Runika's observation for one player count and variant (see the module doc)."""

    version = 1

    def __init__(self, game: RunikaGame) -> None:
        super().__init__(game)
        comp = self.comp = game.comp
        self.rules = game.rules
        n = self.players
        runes = self.runes = len(comp.runes)
        achs = len(comp.achievements)
        profs = len(comp.professors)
        self.kinds = sorted(DECISIONS)
        self.kind_index = {tag: i for i, tag in enumerate(self.kinds)}
        letters = ", ".join(comp.letters)
        add = self.layout.add
        self.o_phase = add("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}")
        self.o_seats = add(
            "seat_roles",
            (4, n),
            "one-hot rows over relative seats: whose turn (sequential play), the initiative, "
            "the charm token, the seat drafting",
        )
        self.o_misc = add(
            "progress",
            4,
            "round / 10; dice in the bag / 80; rune deck size / 30; achievements left / 10",
        )
        self.o_bag = add(
            "bag",
            12,
            f"per colour ({letters}): dice in the bag / "
            f"{comp.dice_per_colour} (zeros while a quick draft hides it); dice removed / "
            f"{comp.dice_per_colour}; dice drawn for the draft / 4",
        )
        self.o_stage = add(
            "stages",
            (n, len(STAGES) + len(self.kinds)),
            f"per relative seat: one-hot of its turn's stage ({', '.join(STAGES)}), then of "
            f"its top decision ({', '.join(self.kinds)}; not shown while it seals claims)",
        )
        self.o_grid = add(
            "grids",
            (n, 4, 4, 8),
            f"per relative seat, row and column of its grid: one-hot of the die's colour "
            f"({letters}), then of its face (1..4)",
        )
        self.o_seat = add(
            "seat_facts",
            (n, 7),
            f"per relative seat: disc turn / 4; point tokens / 20; score / {MAX_SCORE:g}; "
            "quick-draft dice / 4; 1 if it has passed; sealed claims / 4; professors used / 4",
        )
        self.o_store = add(
            "stores",
            (n, DIE_CODES + 16),
            "per relative seat: stored dice of each code (4 x colour + face; 16 + colour: not "
            "rolled) / 4, then one-hot of the die in its Magic Pocket",
        )
        self.o_qhand = add(
            "quick_draft",
            (n, 8),
            "per relative seat: quick-draft dice of each colour / 4 (the others' hidden while "
            "passing), then one-hot of the colour the observer passes",
        )
        self.o_owned = add(
            "runes",
            (n, runes, 3),
            "per relative seat and rune: owned, flipped, used",
        )
        self.o_achs = add("achievements", (n, achs, 3), "per relative seat: owned, flipped, used")
        self.o_secret = add(
            "secret_runes",
            (n, runes, 2),
            "per relative seat and rune: dealt to it as a secret rune (its own, or gained), gained",
        )
        self.o_claims = add(
            "claims", (runes,), "the observer's sealed claims (simultaneous play): 1 per rune"
        )
        self.o_display = add(
            "display",
            (len(comp.runes), 2),
            "per rune: on top of a display stack (that stack's size / 10); owned in the mastery "
            "row (1 if not yet taken)",
        )
        self.o_deck = add(
            "deck_runes",
            runes,
            "runes in the face-down deck / 4 (zeros in the secret-runes variant)",
        )
        self.o_profs = add(
            "professors",
            (profs, n + 6),
            "per professor: 1 per relative seat with a prestige token there; in play; dice on it "
            "of each colour / 4; 1 if it is the solo professor",
        )
        self.seal()

    def write(self, state: State, seat: int | None, out: array[float]) -> None:
        st: RunikaState = state  # type: ignore[assignment]
        n = self.players
        rel = [relative(s, seat, n) for s in range(n)]
        hide = quick_hidden(st)
        self._write_table(st, rel, hide, out)
        for s in range(n):
            mine = s == seat
            self._write_stage(st, s, rel[s], mine, out)
            self._write_grid(st, s, rel[s], out)
            self._write_facts(st, s, rel[s], out)
            self._write_dice(st, s, rel[s], mine, hide, out)
            self._write_cards(st, s, rel[s], mine, out)
        self._write_runes(st, out)
        self._write_professors(st, rel, out)

    def _write_table(self, st: RunikaState, rel: list[int], hide: bool, out: array[float]) -> None:
        """The phase, the seats' roles, the round's progress and the bag."""
        n = self.players
        out[self.o_phase + PHASES.index(st.phase)] = 1.0
        roles = self.o_seats
        if st.phase == "turns" and not self.rules.simultaneous:
            out[roles + rel[flow.turn_seat(st)]] = 1.0
        if st.first >= 0:
            out[roles + n + rel[st.first]] = 1.0
        if st.charm >= 0:
            out[roles + 2 * n + rel[st.charm]] = 1.0
        if 0 <= st.draft_seat < n:
            out[roles + 3 * n + rel[st.draft_seat]] = 1.0
        misc = self.o_misc
        out[misc] = st.round / 10.0
        out[misc + 1] = sum(st.bag) / 80.0
        out[misc + 2] = len(st.deck) / 30.0
        out[misc + 3] = len(st.ach_deck) / 10.0
        per = float(self.comp.dice_per_colour)
        for c in range(4):
            if not hide:
                out[self.o_bag + c] = st.bag[c] / per
            out[self.o_bag + 4 + c] = st.removed[c] / per
        for c in st.middle:
            out[self.o_bag + 8 + c] += 0.25

    def _write_stage(self, st: RunikaState, s: int, r: int, mine: bool, out: array[float]) -> None:
        """Seat ``s``'s turn stage and top decision (not while it seals claims, to others)."""
        base = self.o_stage + r * (len(STAGES) + len(self.kinds))
        at = stage(st, s)
        if at is not None:
            out[base + STAGES.index(at)] = 1.0
        stack = st.stacks[s]
        if stack and not (sealed(st, s) and not mine):
            top = stack[-1]
            if not isinstance(top, Main) or len(stack) == 1:
                out[base + len(STAGES) + self.kind_index[top.tag()]] = 1.0

    def _write_grid(self, st: RunikaState, s: int, r: int, out: array[float]) -> None:
        grid = st.grid[s]
        base = self.o_grid + r * 128
        for cell in range(16):
            die = grid[cell]
            if die >= 0:
                out[base + cell * 8 + die // 4] = 1.0
                out[base + cell * 8 + 4 + die % 4] = 1.0

    def _write_facts(self, st: RunikaState, s: int, r: int, out: array[float]) -> None:
        base = self.o_seat + r * 7
        out[base] = st.disc[s] / 4.0
        out[base + 1] = st.tokens[s] / 20.0
        out[base + 2] = flow.score(st, s) / MAX_SCORE
        out[base + 3] = len(st.qhand[s]) / 4.0
        if st.qpass[s] >= 0:
            out[base + 4] = 1.0
        out[base + 5] = len(st.sim_claims[s]) / 4.0
        out[base + 6] = len(st.prof_used[s]) / 4.0

    def _write_dice(
        self, st: RunikaState, s: int, r: int, mine: bool, hide: bool, out: array[float]
    ) -> None:
        """Seat ``s``'s stored dice, Magic Pocket and quick-draft hand (the others' hidden
        while a quick draft is passing)."""
        base = self.o_store + r * (DIE_CODES + 16)
        for die in st.store[s]:
            out[base + die] += 0.25
        if st.pocket[s] >= 0:
            out[base + DIE_CODES + st.pocket[s] % 16] = 1.0
        base = self.o_qhand + r * 8
        if mine or not hide:
            for c in st.qhand[s]:
                out[base + c] += 0.25
        if mine and st.qpass[s] >= 0:
            out[base + 4 + st.qpass[s]] = 1.0

    def _write_cards(self, st: RunikaState, s: int, r: int, mine: bool, out: array[float]) -> None:
        """Seat ``s``'s runes and achievements; its secret runes (the others': gained ones
        only) and, the observer's own, its sealed claims."""
        runes = self.runes
        base = self.o_owned + r * runes * 3
        for rune, flipped, used in st.owned[s]:
            out[base + rune * 3] = 1.0
            out[base + rune * 3 + 1] = float(flipped)
            out[base + rune * 3 + 2] = float(used)
        base = self.o_achs + r * len(self.comp.achievements) * 3
        for kind, flipped, used in st.achs[s]:
            out[base + kind * 3] = 1.0
            out[base + kind * 3 + 1] = float(flipped)
            out[base + kind * 3 + 2] = float(used)
        base = self.o_secret + r * runes * 2
        for rune, got in zip(st.secret[s], st.secret_got[s], strict=True):
            if mine or got:
                out[base + rune * 2] = 1.0
                if got:
                    out[base + rune * 2 + 1] = 1.0
        if mine:
            for rune, _cells in st.sim_claims[s]:
                out[self.o_claims + rune] = 1.0

    def _write_runes(self, st: RunikaState, out: array[float]) -> None:
        """The display, the mastery row and (unless runes are dealt in secret) the deck."""
        for pile in st.display:
            if pile:
                out[self.o_display + pile[-1] * 2] = len(pile) / 10.0
        for rune, owner in st.mastery_row:
            out[self.o_display + rune * 2 + 1] = 1.0 if owner < 0 else 0.5
        if not self.rules.secret:
            for rune in st.deck:
                out[self.o_deck + rune] += 0.25

    def _write_professors(self, st: RunikaState, rel: list[int], out: array[float]) -> None:
        n = self.players
        pstride = n + 6
        for prof in self.comp.professors:
            base = self.o_profs + prof.index * pstride
            for s in st.prest[prof.index]:
                out[base + rel[s]] = 1.0
            if prof.index in self.rules.professors and prof.index != st.solo_prof:
                out[base + n] = 1.0
            for die in st.prof_dice[prof.index]:
                out[base + n + 1 + (die % 16) // 4] += 0.25
            if prof.index == st.solo_prof:
                out[base + n + 5] = 1.0
