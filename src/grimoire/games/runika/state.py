"""``RunikaState``: the position as plain lists and ints, and the engine hooks around the rules.

Open information except: future dice and cards (chance nodes over the bag's colours, the faces,
the rune and achievement decks), the secret runes of the secret-runes variant, the dice taken
for a quick draft until they are passed, and the claims sealed at the end of a turn in
simultaneous play. ``view.py`` hides them in views and re-deals them in ``resample``.

Pending decisions are per-seat stacks of typed frames (``stacks[s]``, ``frames.py``); pending
chance is the queue ``chance`` of events (``chance.py``); ``rules.py`` has the entry points and
``flow.advance`` moves the game on between decisions.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from grimoire.core.frames import Frame, copy_frames
from grimoire.core.state import CHANCE, TERMINAL, Actor, State, copy_fields
from grimoire.games.runika import chance, flow, position, rules, text, view

if TYPE_CHECKING:
    from grimoire.games.runika.game import RunikaGame

SHARED: tuple[str, ...] = ("comp", "codec", "ids", "rules", "placements", "n", "phase")
SHARED += ("turns", "round", "first", "draft_seat", "turn_i", "charm", "decisions", "picks")
SHARED += ("start_done", "solo_prof", "ended", "won")
LISTS: tuple[str, ...] = ("bag", "removed", "middle", "pocket", "disc", "tokens", "below")
LISTS += ("deck", "ach_deck", "mastery_box", "qpass", "chance")  # events never change in place
NESTED: tuple[str, ...] = ("store", "qhand", "grid", "prest", "prof_dice", "prof_used")
NESTED += ("display", "mastered", "secret", "secret_got", "mastery_row")
DEEP = ("owned", "achs", "sim_claims")  # lists of lists of lists


class RunikaState(State):
    """One position of Runika. See docs/rules/runika.md for the position format."""

    # ``game`` keeps the core's type: mypyc refuses a subclass that narrows an inherited
    # attribute ("Type of 'game' is incompatible with definition in class 'State'"), and this
    # module is compiled. What the rules need of the game is on the state: ``comp``,
    # ``codec``, ``ids``, ``rules``, ``placements`` and, from the core's type, ``game.options``.

    def __init__(
        self, game: RunikaGame, seed: int, *, fresh: bool = True, blank: bool = False
    ) -> None:
        super().__init__(game, seed)
        if blank:  # an empty shell that _copy fills in
            return
        comp = self.comp = game.comp
        self.codec = game.codec  # the actions' texts, parser and JSON
        self.ids = game.ids  # the first id of each kind (the legal actions' hot path)
        self.rules = game.rules
        self.placements = game.placements  # every placement of every rune's pattern
        n = self.n = game.players
        profs = len(comp.professors)
        self.phase = "setup"  # setup, draft, pass, turns, end, cleanup, over
        self.round = 0
        self.first = game.rules.first  # initiative holder (-1: not drawn yet)
        self.draft_seat = -1
        self.turn_i = 0  # index in the round's turn order (sequential play)
        self.charm = -1  # seat holding the charm token
        self.picks = 0  # dice kept this round (solo)
        self.start_done = False  # someone has completed a starting rune
        self.solo_prof = game.rules.solo_prof  # the solo professor turned over (-1: not drawn)
        self.ended = ""  # why the game ended
        self.won = False  # solo: the goal is reached
        self.bag: list[int] = [comp.dice_per_colour] * 4  # dice per colour in the bag
        self.removed: list[int] = [0] * 4  # dice out of play (solo)
        self.middle: list[int] = []  # colours of the dice drawn for the draft
        self.store: list[list[int]] = [[] for _ in range(n)]  # stored dice (16+c: not rolled)
        self.pocket: list[int] = [-1] * n  # Magic Pocket: a die kept for next round
        self.qhand: list[list[int]] = [[] for _ in range(n)]  # quick draft: colours taken
        self.qpass: list[int] = [-1] * n  # quick draft: the colour being passed
        self.grid: list[list[int]] = [[-1] * 16 for _ in range(n)]
        self.disc: list[int] = [0] * n  # quarter turns clockwise from green on top
        self.tokens: list[int] = [0] * n  # point tokens
        self.prest: list[list[int]] = [[] for _ in range(profs)]  # seats with a token there
        self.prof_dice: list[list[int]] = [[] for _ in range(profs)]  # dice on the professor
        self.prof_used: list[list[int]] = [[] for _ in range(n)]  # simultaneous play: used
        self.below: list[int] = [0, 1, 2, 3] if game.rules.luniorn else []  # under Luniorn
        self.display: list[list[int]] = []  # rune stacks face up (top last)
        self.deck: list[int] = []  # basic runes face down (unordered, with repeats)
        self.mastery_row: list[list[int]] = []  # [rune, owner seat or -1]
        self.mastery_box: list[int] = []  # secret runes: mastery runes not dealt
        self.ach_deck: list[int] = []  # achievement kinds face down (with repeats)
        self.owned: list[list[list[int]]] = [[] for _ in range(n)]  # [rune, flipped, used]
        self.achs: list[list[list[int]]] = [[] for _ in range(n)]  # [kind, flipped, used]
        self.mastered: list[list[int]] = [[] for _ in range(n)]  # mastery runes completed
        self.secret: list[list[int]] = [[] for _ in range(n)]  # dealt runes (secret runes)
        self.secret_got: list[list[int]] = [[] for _ in range(n)]  # 1 where gained
        self.sim_claims: list[list[list[int]]] = [[] for _ in range(n)]  # [rune, cell mask]
        self.stacks: list[list[Frame]] = [[] for _ in range(n)]  # decision frames, top last
        self.chance: list[Frame] = []  # chance events, head first
        if fresh:
            flow.setup(self)
            flow.advance(self)

    # ------------------------------------------------------------------ engine hooks
    @property
    def current_player(self) -> Actor:
        if self.phase == "over":
            return TERMINAL
        if self.chance:
            return CHANCE
        if self.phase == "draft":
            return self.draft_seat
        if self.phase == "pass":
            return frozenset(flow.passing(self))
        if self.rules.simultaneous:
            return frozenset(s for s in range(self.n) if self.stacks[s])
        return flow.turn_seat(self)

    def _legal_actions(self, seat: int) -> list[int]:
        return rules.legal_actions(self, seat)

    def _apply(self, actor: int, action: int) -> None:
        rules.apply(self, actor, action)

    def chance_weights(self) -> list[tuple[int, int]]:
        return chance.weights(self)

    def backs_out(self, action: int, seat: int | None = None) -> bool:
        return rules.backs_out(self, self._resolve_actor(seat), action)

    def _end_by_decision_limit(self) -> None:
        flow.finish(self, "limit")

    def scores(self) -> list[float]:
        return [float(flow.score(self, s)) for s in range(self.n)]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        return flow.winners(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _position(self) -> dict[str, Any]:
        return position.to_json(self)

    def _copy(self) -> RunikaState:
        game = cast("RunikaGame", self.game)
        other = RunikaState(game, self.seed, blank=True)  # not __new__: mypyc's runs __init__
        copy_fields(self, other, shared=SHARED, lists=LISTS, nested=NESTED)
        for name in DEEP:
            setattr(other, name, [[entry[:] for entry in item] for item in getattr(self, name)])
        other.stacks = [copy_frames(stack) for stack in self.stacks]
        return other

    def _resample(self, seat: int, rng: random.Random) -> State:
        return view.resample(self, seat, rng)

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        return text.describe(self, actor, action, viewer)

    def chance_to_string(self, outcome: int) -> str:
        return chance.outcome_label(self, outcome)

    def parse_action(self, source: str) -> int:
        """At a chance node the English outcome text (``chance.outcome_text``) reads in every
        language, as well as the label shown (``chance_to_string``)."""
        if self.is_chance():
            found = chance.read_outcome(self, source)
            if found is not None:
                return found
        return super().parse_action(source)

    def _phase_hint(self, actor: int) -> str:
        return text.prompt(self, actor) + "; " + super()._phase_hint(actor)

    def _why_illegal(self, actor: int, action: int) -> str:
        if actor >= 0 and 0 <= action < self.game.num_actions and not self.is_terminal():
            reason = text.why_not(self, actor, action)
            if reason is not None:  # the rule it breaks, then what is legal now
                return text._("'{action}' is not possible: {reason}; {legal}").format(
                    action=self.action_to_string(action),
                    reason=reason,
                    legal=State._phase_hint(self, actor),
                )
        return super()._why_illegal(actor, action)
