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

from grimoire.core.state import CHANCE, TERMINAL, Actor, State
from grimoire.games.runika import chance, flow, position, rules, text, view
from grimoire.games.runika.frames import Frame

if TYPE_CHECKING:
    from grimoire.games.runika.game import RunikaGame


class RunikaState(State):
    """One position of Runika. See docs/rules/runika.md for the position format."""

    # ``game`` keeps the core's type: mypyc refuses a subclass that narrows an inherited
    # attribute ("Type of 'game' is incompatible with definition in class 'State'"), and this
    # module is compiled. What the rules need of the game is on the state: ``comp``,
    # ``codec``, ``ids``, ``rules``, ``tables`` and, from the core's type,
    # ``game.options``.

    def __init__(
        self, game: RunikaGame, seed: int, *, fresh: bool = True, blank: bool = False
    ) -> None:
        super().__init__(game, seed)
        if blank:  # an empty shell that _copy fills in
            return
        comp = self.comp = game.comp
        self.codec = game.codec  # the actions' texts, parser and JSON
        self.ids = game.ids  # the first id of each kind (the legal actions' hot path)
        self.rules = game.rules  # the options' flags (``facts.Rules``)
        self.tables = game.tables  # the components as flat tables, placements included
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
        """Every field copied by name (a field load each, compiled): numbers and strings as
        they are, lists one level deeper per level of nesting, decision frames by ``copy``
        (chance events are never changed: shared), except the entries of ``owned``, ``achs``,
        ``mastery_row`` and ``sim_claims``: the rules replace an entry, never change one, so
        clones share them."""
        game = cast("RunikaGame", self.game)
        o = RunikaState(game, self.seed, blank=True)  # not __new__: mypyc's runs __init__
        o.comp, o.codec, o.ids, o.rules = self.comp, self.codec, self.ids, self.rules
        o.tables, o.placements, o.n = self.tables, self.placements, self.n
        o.phase, o.turns, o.round, o.first = self.phase, self.turns, self.round, self.first
        o.draft_seat, o.turn_i, o.charm = self.draft_seat, self.turn_i, self.charm
        o.decisions, o.picks, o.start_done = self.decisions, self.picks, self.start_done
        o.solo_prof, o.ended, o.won = self.solo_prof, self.ended, self.won
        o.bag, o.removed, o.middle = self.bag[:], self.removed[:], self.middle[:]
        o.pocket, o.disc, o.tokens = self.pocket[:], self.disc[:], self.tokens[:]
        o.below, o.deck, o.ach_deck = self.below[:], self.deck[:], self.ach_deck[:]
        o.mastery_box, o.qpass, o.chance = self.mastery_box[:], self.qpass[:], self.chance[:]
        o.store = [x[:] for x in self.store]
        o.qhand = [x[:] for x in self.qhand]
        o.grid = [x[:] for x in self.grid]
        o.prest = [x[:] for x in self.prest]
        o.prof_dice = [x[:] for x in self.prof_dice]
        o.prof_used = [x[:] for x in self.prof_used]
        o.display = [x[:] for x in self.display]
        o.mastered = [x[:] for x in self.mastered]
        o.secret = [x[:] for x in self.secret]
        o.secret_got = [x[:] for x in self.secret_got]
        # the entries of these four are never changed, only replaced: shared
        o.mastery_row = self.mastery_row[:]
        o.owned = [cards[:] for cards in self.owned]
        o.achs = [cards[:] for cards in self.achs]
        o.sim_claims = [claims[:] for claims in self.sim_claims]
        o.stacks = [[frame.copy() for frame in stack] for stack in self.stacks]
        return o

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
