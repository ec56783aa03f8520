"""``FiveSealsState``: the position as plain lists, and the engine hooks around ``rules``.

Everything is open information except future dice. The pending decision is the top frame of
``stack`` (a list of small JSON dicts, see ``rules.py``); chance nodes are the setup placements
still to make and the dice in ``rolls`` waiting to be rolled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core.state import CHANCE, TERMINAL, Actor, State
from grimoire.games.five_seals import chance, position, rules
from grimoire.games.five_seals.components import BINDING, NUM_DICE, strength
from grimoire.games.five_seals.text import chance_text, label

if TYPE_CHECKING:
    from grimoire.games.five_seals.game import FiveSealsGame

Frame = dict[str, Any]
# what _copy shares, copies as is, and copies as a new list
SHARED = ("game", "g", "board", "comp", "codec")
SCALARS = (
    *("n", "circle", "first", "phase", "round", "setup_i", "turn", "stall", "broke"),
    "decisions",
)
LISTS = (
    *("token", "card", "box", "mage", "familiar", "guardian"),
    *("die_owner", "die_val", "over", "rolls"),
)


class FiveSealsState(State):
    """One position of Five Seals of Magic."""

    def __init__(
        self, game: FiveSealsGame, seed: int, *, fresh: bool = True, blank: bool = False
    ) -> None:
        super().__init__(game, seed)
        # the same object as ``game``, typed as this game (mypyc cannot narrow an inherited
        # attribute, so ``game`` keeps the core's type)
        self.g: FiveSealsGame = game
        if blank:  # an empty shell that _copy fills in
            return
        self.board = game.board
        self.comp = game.comp
        self.codec = game.codec
        self.n = game.players
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
        self.stack: list[Frame] = []
        self.rolls: list[int] = []  # dice waiting to be rolled, in order
        self.stall = 0  # rounds in a row without a broken seal (engine safeguard)
        self.broke = False  # a seal was broken this round
        self.decisions = 0  # player decisions so far (the decision_limit safeguard)
        if fresh:
            rules.advance(self)

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
        return int(self.stack[-1]["s"])

    def _legal_actions(self, seat: int) -> list[int]:
        return sorted(rules.legal(self, self.stack[-1]))

    def _apply(self, actor: int, action: int) -> None:
        self.memo.clear()
        if actor == CHANCE:
            chance.apply(self, action)
        else:
            rules.act(self, self.stack[-1], action)
            self.decisions += 1
        self.memo.clear()
        rules.advance(self)
        self.memo.clear()
        if self.decisions >= self.game.options["decision_limit"] and self.phase != "over":
            self.phase, self.stack, self.rolls = "over", [], []  # ruling 22

    def chance_weights(self) -> list[tuple[int, int]]:
        return chance.weights(self)

    def scores(self) -> list[float]:
        return [float(s) for s in rules.scores(self)]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        return rules.winners(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return position.view(self, seat)

    def _position(self) -> dict[str, Any]:
        return position.dump(self)

    def _copy(self) -> FiveSealsState:
        other = FiveSealsState(self.g, self.seed, blank=True)  # not __new__: mypyc's runs __init__
        # by attribute, not through __dict__ (a compiled class has none)
        for key in SHARED + SCALARS:
            setattr(other, key, getattr(self, key))
        for key in LISTS:
            setattr(other, key, getattr(self, key)[:])
        other.hands = [[entry[:] for entry in hand] for hand in self.hands]
        other.stack = [
            {k: (v[:] if isinstance(v, list) else v) for k, v in frame.items()}
            for frame in self.stack
        ]
        return other

    def action_to_string(self, action: int) -> str:
        """The label (a chance outcome: the log line) in the current language."""
        if self.is_chance():
            return chance_text(self, action)
        return label(self, action)

    def _why_illegal(self, actor: int, action: int) -> str:
        if actor >= 0 and self.stack and 0 <= action < self.game.num_actions:
            from grimoire.games.five_seals.explain import why_not
            from grimoire.games.five_seals.text import _

            legal = State._phase_hint(self, actor)  # "legal now: ..."
            reason = why_not(self, actor, action)
            return _("'{action}' is not possible: {reason}; {legal}").format(
                action=self.action_to_string(action), reason=reason, legal=legal
            )
        return super()._why_illegal(actor, action)

    def parse_action(self, text: str) -> int:
        """The action named by ``text``: the English text (a chance outcome also as shown)."""
        if self.is_chance():
            wanted = " ".join(text.lower().split())
            for outcome, _ in self.chance_weights():
                shown = (chance.describe(self, outcome), chance_text(self, outcome))
                if wanted in (" ".join(words.lower().split()) for words in shown):
                    return outcome
        return self.codec.parse(text)

    def action_to_json(self, action: int) -> dict[str, Any]:
        doc = super().action_to_json(action)
        if not self.is_chance():
            kind, arg = self.codec.decode(action)
            doc["kind"] = kind
            if kind in ("break", "node"):
                doc["node"] = self.board.node_id(arg)
            elif kind in ("use", "scroll"):
                doc["card"] = self.comp.card_name(arg)
            elif kind in ("die", "their"):
                doc["colour"], doc["value"] = self.comp.letters[arg // 6], arg % 6 + 1
            elif kind in ("take", "colour"):
                doc["colour"] = self.comp.letters[arg]
            elif kind == "seat":
                doc["seat"] = arg
        return doc

    # ------------------------------------------------------------------ derived facts
    def scrolls_on_board(self, of_strength: int) -> int:
        return sum(1 for c in self.card if c >= 0 and strength(c) == of_strength)
