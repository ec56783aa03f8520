"""Ciúb's position: where every die and card is, whose turn and which step of it.

All data is plain lists and ints so that ``clone``, the position JSON and views stay simple.
The rules that move it on are in ``rules.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from grimoire.core.errors import InvalidPosition
from grimoire.core.state import CHANCE, TERMINAL, Actor, State
from grimoire.games.ciub import rules, text
from grimoire.games.ciub.components import Components

if TYPE_CHECKING:
    from grimoire.games.ciub.game import CiubGame

SUPPLY = -1
BOX = -2
CHANCE_PHASES = frozenset({"setup_remove", "setup_deal", "setup_first", "draw", "roll"})
LETTERS = ("B", "C", "D")


class CiubState(State):
    """A Ciúb position. See docs/rules/ciub.md for the position format."""

    def __init__(self, game: CiubGame, seed: int, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        # the same object as ``game``, typed as this game (mypyc cannot narrow an inherited
        # attribute, so ``game`` keeps the core's type)
        self.g: CiubGame = game
        if blank:  # an empty shell that _copy fills in
            return
        c = game.components
        self.c: Components = c
        n = game.players
        self.loc: list[int] = [BOX] * c.num_dice  # die -> seat, SUPPLY or BOX
        self.face: list[int] = [-1] * c.num_dice  # -1: inactive (not rolled this turn)
        self.tray: list[bool] = [False] * c.num_dice
        self.spent: list[bool] = [False] * c.num_dice  # its action face was used
        self.a_deck: list[int] = []  # A cards not yet dealt (setup only; hidden)
        self.pile: dict[str, list[int]] = {letter: [] for letter in LETTERS}  # hidden, unordered
        self.box_cards: list[int] = []  # removed at random at setup (face down; hidden)
        self.discard: list[int] = []  # removed in phase 1 (face up)
        self.owl_out: list[int] = []  # owl cards left out of a short game (known to all)
        self.top: list[int] = []
        self.bottom: list[int] = []
        self.claimed: list[list[int]] = [[] for _ in range(n)]
        self.marker: list[int | None] = [None] * n
        self.phase = "setup_remove"
        self.turn = 0
        self.first = 0
        self.turns = 0  # turns started so far
        self.pending: list[dict[str, Any]] = []  # decision frames of a multi-step dice action
        self.to_roll: list[int] = []
        self.cycle_ok = False  # a die set aside or swapped since the last roll
        self.setup_queue: list[str] = []  # letters still to remove, then rows still to deal
        self.refill_at = -1  # top-row index a draw will fill
        self.after_draw = ""
        self.claim_gap = -1  # bottom-row index the claimed card left
        self.triggered = False  # the last C card is revealed
        self.opus_holder: int | None = None
        self.final_left: list[int] = []  # seats still to take their final turn
        self.decisions = 0  # player decisions so far (the decision_limit safeguard, ruling 21)

    # ----------------------------------------------------------------- contract
    @property
    def current_player(self) -> Actor:
        if self.phase == "over":
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.turn

    def _legal_actions(self, seat: int) -> list[int]:
        return rules.legal_actions(self)

    def _apply(self, actor: int, action: int) -> None:
        if actor == CHANCE:
            rules.apply_chance(self, action)
        else:
            rules.apply_action(self, action)
            self.decisions += 1
            if self.decisions >= self.game.options["decision_limit"]:
                self.phase, self.pending, self.to_roll = "over", [], []  # ruling 21

    def chance_weights(self) -> list[tuple[int, int]]:
        return rules.chance_weights(self)

    def scores(self) -> list[float]:
        return [float(self.vp(seat)) for seat in range(self.game.players)]

    def vp(self, seat: int) -> int:
        return sum(self.c.cards[card].vp for card in self.claimed[seat])

    def dice_held(self, seat: int) -> int:
        return sum(1 for where in self.loc if where == seat)

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        # Most VP; tie: most dice held; still tied: all of them win (rulebook).
        key = [(self.vp(s), self.dice_held(s)) for s in range(self.game.players)]
        best = max(key)
        return [seat for seat in range(self.game.players) if key[seat] == best]

    def backs_out(self, action: int) -> bool:
        """``cancel`` takes back a half-chosen re-roll or adjust (nothing else)."""
        return action == self.g.codec.encode("cancel")

    def action_to_string(self, action: int) -> str:
        return text.action_text(self, action)

    def parse_action(self, source: str) -> int:
        return text.parse(self, source)

    def action_to_json(self, action: int) -> dict[str, Any]:
        return text.action_json(self, action)

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        if actor == CHANCE and self.phase == "setup_remove":
            letter = self.setup_queue[0]
            if letter in "AEFHILMNORSX":  # letter names: "an A card"
                return text._("an {letter} card is removed from the game face down").format(
                    letter=letter
                )
            return text._("a {letter} card is removed from the game face down").format(
                letter=letter
            )
        return self.action_to_string(action)

    def _phase_hint(self, actor: int) -> str:
        return f"{text.phase_help(self)}; " + super()._phase_hint(actor)

    def _why_illegal(self, actor: int, action: int) -> str:
        if actor == self.turn and 0 <= action < self.game.num_actions and not self.is_chance():
            from grimoire.games.ciub.explain import why_not

            reason = why_not(self, action)
            if reason is not None:
                legal = State._phase_hint(self, actor)  # "legal now: ..."
                return text._("'{action}' is not possible: {reason}; {legal}").format(
                    action=self.action_to_string(action), reason=reason, legal=legal
                )
        return super()._why_illegal(actor, action)

    # ----------------------------------------------------------------- hidden information
    def unseen_cards(self) -> list[int]:
        """Cards no player has seen: in the draw pile or removed face down (not which)."""
        return sorted(self.a_deck + self.box_cards + self.pile["B"] + self.pile["C"])

    def _resample(self, seat: int, rng: Any) -> CiubState:
        """Re-deal which unseen cards are in the pile and which were removed face down."""
        copy = cast(CiubState, self.clone())
        for letter in ("A", "B", "C"):
            in_pile = copy.a_deck if letter == "A" else copy.pile[letter]
            boxed = [card for card in copy.box_cards if self.c.cards[card].letter == letter]
            if not boxed or not in_pile:  # no unseen card of this letter can be elsewhere
                continue
            pool = in_pile + boxed
            rng.shuffle(pool)
            keep = len(in_pile)
            in_pile[:] = sorted(pool[:keep])
            others = [card for card in copy.box_cards if self.c.cards[card].letter != letter]
            copy.box_cards = sorted(others + pool[keep:])
        return copy

    # ----------------------------------------------------------------- copies and JSON
    _LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "loc",
        "face",
        "tray",
        "spent",
        "a_deck",
        "box_cards",
        "discard",
        "owl_out",
        "top",
        "bottom",
        "marker",
        "to_roll",
        "setup_queue",
        "final_left",
    )
    _SCALAR_FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "turn",
        "first",
        "turns",
        "cycle_ok",
        "refill_at",
        "after_draw",
        "claim_gap",
        "triggered",
        "opus_holder",
        "decisions",
    )

    def _copy(self) -> CiubState:
        copy = CiubState(self.g, self.seed, blank=True)  # not __new__: mypyc's runs __init__
        copy.game = self.game
        copy.g = self.g
        copy.c = self.c
        for name in self._LIST_FIELDS:
            setattr(copy, name, list(getattr(self, name)))
        for name in self._SCALAR_FIELDS:
            setattr(copy, name, getattr(self, name))
        copy.pile = {letter: list(cards) for letter, cards in self.pile.items()}
        copy.claimed = [list(cards) for cards in self.claimed]
        copy.pending = [dict(frame) for frame in self.pending]
        return copy

    def _position(self) -> dict[str, Any]:
        doc: dict[str, Any] = {name: list(getattr(self, name)) for name in self._LIST_FIELDS}
        doc.update({name: getattr(self, name) for name in self._SCALAR_FIELDS})
        doc["pile"] = {letter: list(cards) for letter, cards in self.pile.items()}
        doc["claimed"] = [list(cards) for cards in self.claimed]
        doc["pending"] = [dict(frame) for frame in self.pending]
        # Readable die labels make hand-written positions easy; loc stays authoritative.
        return doc

    @classmethod
    def from_position(cls, game: CiubGame, seed: int, doc: dict[str, Any]) -> CiubState:
        state = cls(game, seed)
        n, dice = game.players, game.components.num_dice
        for name in cls._LIST_FIELDS:
            if name in doc:
                setattr(state, name, list(doc[name]))
        for name in cls._SCALAR_FIELDS:
            if name in doc:
                setattr(state, name, doc[name])
        if "pile" in doc:
            state.pile = {letter: sorted(doc["pile"].get(letter, [])) for letter in LETTERS}
        if "claimed" in doc:
            state.claimed = [list(cards) for cards in doc["claimed"]]
        state.pending = [dict(frame) for frame in doc.get("pending", [])]
        for name, size in (("loc", dice), ("face", dice), ("tray", dice), ("spent", dice)):
            if len(getattr(state, name)) != size:
                raise InvalidPosition(f"'{name}' must list all {size} dice")
        if len(state.claimed) != n or len(state.marker) != n:
            raise InvalidPosition(f"'claimed' and 'marker' must have one entry per seat ({n})")
        if any(not (-2 <= where < n) for where in state.loc):
            raise InvalidPosition("a die location must be a seat, -1 (supply) or -2 (box)")
        if state.phase not in rules.PHASES:
            raise InvalidPosition(f"unknown phase {state.phase!r}")
        if not 0 <= state.turn < n:
            raise InvalidPosition(f"turn must be a seat 0..{n - 1}")
        cards = (
            state.a_deck
            + state.box_cards
            + state.discard
            + state.owl_out
            + state.top
            + state.bottom
            + [card for pile in state.pile.values() for card in pile]
            + [card for cards in state.claimed for card in cards]
        )
        if sorted(cards) != sorted(game.components.cards):
            raise InvalidPosition("every card must be in exactly one place")
        return state

    # ----------------------------------------------------------------- views
    def _view(self, seat: int | None) -> dict[str, Any]:
        c = self.c

        def card(card_id: int) -> dict[str, Any]:
            info = c.cards[card_id]
            owner = next((s for s, m in enumerate(self.marker) if m == card_id), None)
            return {
                "id": card_id,
                "letter": info.letter,
                "need": info.need,
                "vp": info.vp,
                "owl": info.owl,
                "name": info.name,
                "marker": owner,
            }

        supply = {colour.name: 0 for colour in c.colours}
        for die, where in enumerate(self.loc):
            if where == SUPPLY:
                supply[c.colours[c.die_colour[die]].name] += 1
        seats = []
        for s in range(self.game.players):
            dice = [
                {
                    "id": die,
                    "label": c.die_label[die],
                    "colour": c.colours[c.die_colour[die]].name,
                    "face": None if self.face[die] < 0 else c.face_symbol(die, self.face[die]),
                    "active": self.face[die] >= 0,
                    "tray": self.tray[die],
                    "spent": self.spent[die],
                }
                for die, where in enumerate(self.loc)
                if where == s
            ]
            seats.append(
                {
                    "seat": s,
                    "dice": dice,
                    "claimed": [card(i) for i in self.claimed[s]],
                    "vp": self.vp(s),
                    "marker": self.marker[s],
                }
            )
        return {
            "phase": self.phase,
            "phase_help": text.phase_help(self),
            "turn": self.turn,
            "first_player": self.first,
            "turns": self.turns,
            "decisions": self.decisions,
            "top": [card(i) for i in self.top],
            "bottom": [card(i) for i in self.bottom],
            "pile": {letter: len(self.pile[letter]) for letter in LETTERS},
            "removed_face_down": len(self.box_cards),
            "discard": [card(i) for i in self.discard],
            "owl_out": list(self.owl_out),
            "unseen_cards": self.unseen_cards(),
            "supply": supply,
            "seats": seats,
            "pending": [dict(frame) for frame in self.pending],
            "may_roll_again": self.cycle_ok,
            "endgame": {
                "triggered": self.triggered,
                "opus_holder": self.opus_holder,
                "final_turns_left": list(self.final_left),
            },
        }
