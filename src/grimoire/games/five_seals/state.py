"""``FiveSealsState``: the position as plain lists and typed decision frames, and the engine
hooks, each delegating to the module that does the work.

Everything is open information except future dice. The pending decision is the top frame of
``stack`` (``frames.py``; the rules in ``rules.py``); chance nodes are the setup placements
still to make and the dice in ``rolls`` waiting to be rolled (``chance.py``). What a seat sees
is ``view.py``, the position document ``position.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from grimoire.core.frames import Frame, copy_frames
from grimoire.core.state import CHANCE, TERMINAL, Actor, State, copy_fields
from grimoire.games.five_seals import chance, flow, position, rules, scoring, view
from grimoire.games.five_seals.components import BINDING, NUM_DICE, strength
from grimoire.games.five_seals.frames import Decision
from grimoire.games.five_seals.text import chance_text

if TYPE_CHECKING:
    from grimoire.games.five_seals.game import FiveSealsGame

# what _copy shares (values never changed in place; the game's parts are set by __init__) and
# copies as a new list
SHARED: tuple[str, ...] = ("circle", "first", "round", "setup_i", "turn", "stall", "broke")
SHARED += ("decisions",)
LISTS: tuple[str, ...] = ("token", "card", "box", "mage", "familiar", "guardian", "die_owner")
LISTS += ("die_val", "over", "rolls")


class FiveSealsState(State):
    """One position of Five Seals of Magic."""

    def __init__(self, game: FiveSealsGame, seed: int, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        # The state holds its game once, as ``game`` of the core's type: mypyc refuses to
        # narrow an inherited attribute to FiveSealsGame. The parts the rules read are here,
        # typed: the board, the components and the action codec (``node_base``: the first
        # ``node`` id, read on the hot path as ``st.node_base + node``).
        self.board = game.board
        self.comp = game.comp
        self.codec = game.codec
        self.node_base = game.node_base
        self.n = game.players
        if blank:  # an empty shell that _copy or position.load fills in
            return
        size = len(self.board)
        circle = game.options["circle"]
        first = game.options["first_player"]
        self.circle: int = 0 if circle == "random" else int(circle)  # 0: not drawn yet
        self.first: int = -1 if first == "random" else int(first)  # -1: not drawn yet
        self.phase = "setup"  # setup, draft, play, over
        self.round = 1
        self.setup_i = 0  # setup slots filled (seal circles, then scroll boxes)
        self.token: list[int] = [-1] * size  # token code 10*colour+strength, or -1
        self.card: list[int] = [-1] * size  # scroll card on the node, or -1
        self.box: list[int] = []  # tokens broken or removed (back in the game box)
        self.mage: list[int] = [self.board.hall] * self.n
        self.familiar: list[int] = [-1] * self.n  # node, or -1 (with its player)
        self.guardian: list[int] = [-1] * 5  # node of each colour's guardian, or -1
        self.die_owner: list[int] = [-2] * NUM_DICE  # seat, -1 supply, -2 not in this game
        self.die_val: list[int] = [0] * NUM_DICE  # 1..6, 0 = not rolled
        in_game = self.n + self.comp.supply_extra
        for die in range(NUM_DICE):
            if die % 6 < in_game:
                self.die_owner[die] = -1
        self.hands: list[list[list[int]]] = [[[BINDING, 1, -1]] for _ in range(self.n)]
        self.over: list[bool] = [False] * self.n  # the round is over for that player
        self.turn = -1  # seat whose turn it is (or was last); -1 at the start of a round
        self.stack: list[Frame] = []  # the pending decisions, top last (frames.py)
        self.rolls: list[int] = []  # dice waiting to be rolled, in order
        self.stall = 0  # rounds in a row without a broken seal (engine safeguard)
        self.broke = False  # a seal was broken this round
        self.turns = 0  # turns started (None in a loaded position: its count is not stored)
        flow.advance(self)

    # ------------------------------------------------------------------ dice and hands
    def dice_of(self, seat: int, colour: int) -> list[int]:
        """Values of ``seat``'s dice of ``colour``, highest first."""
        base = 6 * colour
        vals = [self.die_val[d] for d in range(base, base + 6) if self.die_owner[d] == seat]
        vals.sort(reverse=True)
        return vals

    def dice_sums(self, seat: int) -> list[int]:
        cached = self.memo.get(("sums", seat))
        if cached is None:
            sums = [0, 0, 0, 0]
            for die, owner in enumerate(self.die_owner):
                if owner == seat:
                    sums[die // 6] += self.die_val[die]
            self.memo[("sums", seat)] = cached = sums
        return cached

    def dice_count(self, seat: int) -> int:
        return sum(1 for owner in self.die_owner if owner == seat)

    def supply(self, colour: int) -> int:
        base = 6 * colour
        return sum(1 for d in range(base, base + 6) if self.die_owner[d] == -1)

    def pick_dice(self, seat: int, colour: int, values: list[int]) -> list[int]:
        """Distinct physical dice of ``seat`` showing ``values`` (lowest ids first)."""
        chosen: list[int] = []
        for value in values:
            for die in range(6 * colour, 6 * colour + 6):
                if self.die_owner[die] == seat and self.die_val[die] == value and die not in chosen:
                    chosen.append(die)
                    break
            else:
                raise AssertionError(f"seat {seat} has no {colour}/{value} die left")
        return chosen

    def supply_die(self, colour: int) -> int:
        for die in range(6 * colour, 6 * colour + 6):
            if self.die_owner[die] == -1:
                return die
        raise AssertionError(f"no die of colour {colour} in the supply")

    def up_cards(self, seat: int) -> list[tuple[int, int]]:
        """(index, card) of ``seat``'s face-up scrolls."""
        return [(i, entry[0]) for i, entry in enumerate(self.hands[seat]) if entry[1]]

    def find_up(self, seat: int, card: int) -> int:
        """Index of ``seat``'s first face-up copy of ``card``."""
        for i, entry in enumerate(self.hands[seat]):
            if entry[0] == card and entry[1]:
                return i
        raise AssertionError(f"seat {seat} holds no face-up {card}")

    def opponents(self, seat: int) -> list[int]:
        """Players a Conflict spell of ``seat`` may target: their round is not over."""
        return [s for s in range(self.n) if s != seat and not self.over[s]]

    # ------------------------------------------------------------------ engine hooks
    @property
    def current_player(self) -> Actor:
        if self.phase == "setup" or self.rolls:
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        frame = self.stack[-1]
        assert isinstance(frame, Decision)  # every frame is a seat's decision
        return frame.s

    def _legal_actions(self, seat: int) -> list[int]:
        return rules.legal_actions(self, seat)

    def _apply(self, actor: int, action: int) -> None:
        rules.apply(self, actor, action)

    def chance_weights(self) -> list[tuple[int, int]]:
        return chance.weights(self)

    def _end_by_decision_limit(self) -> None:
        self.phase, self.stack, self.rolls = "over", [], []  # ruling 22

    def scores(self) -> list[float]:
        return [float(s) for s in scoring.scores(self)]

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.phase == "over" else []

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _position(self) -> dict[str, Any]:
        return position.to_json(self)

    def _copy(self) -> FiveSealsState:
        # not __new__: mypyc's runs __init__; ``game`` is a FiveSealsGame (see __init__)
        other = FiveSealsState(cast("FiveSealsGame", self.game), self.seed, blank=True)
        copy_fields(self, other, shared=SHARED, lists=LISTS)
        other.hands = [[entry[:] for entry in hand] for hand in self.hands]  # three levels
        other.stack = copy_frames(self.stack)
        return other

    def chance_to_string(self, outcome: int) -> str:
        """The outcome's log line in the current language."""
        return chance_text(self, outcome)

    def parse_action(self, text: str) -> int:
        """The codec's parser; at a chance node an outcome's English log line also reads in
        any language (besides its text as shown)."""
        if self.is_chance():
            found = chance.parse(self, text)
            if found is not None:
                return found
        return super().parse_action(text)

    def _why_illegal(self, actor: int, action: int) -> str:
        if actor >= 0 and self.stack and 0 <= action < self.game.num_actions:
            from grimoire.games.five_seals.explain import refusal

            return refusal(self, actor, action, State._phase_hint(self, actor))
        return super()._why_illegal(actor, action)

    # ------------------------------------------------------------------ derived facts
    def scrolls_on_board(self, of_strength: int) -> int:
        return sum(1 for c in self.card if c >= 0 and strength(c) == of_strength)
