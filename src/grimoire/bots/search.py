"""The tree search shared by ``mcts`` and ``ismcts``: anytime, seeded, through the contracts only.

One iteration:

1. **Determinise**: ``mcts`` draws one determinisation per move (``resample``: it never reads
   what its seat cannot see, even if it is handed the true state) and clones it every
   iteration; ``ismcts`` draws a new one every iteration (``resample``), so its statistics are
   averaged over the states its seat cannot tell apart. The re-deal is ``informed`` by default
   (``deal=informed``: weighed by what the seat saw of play where the game says how, as
   F.A.T.A.L.'s birth-signs; ``deal=uniform``: evenly).
2. **Select** down the tree with UCB (availability counts: an action's exploration term uses
   the number of visits in which it was legal, since the legal set changes with the
   determinisation and the dice). Chance is **open loop** by default: outcomes are drawn from
   ``chance_weights`` with the search's own generator and are not part of the tree, so a node
   is a sequence of decisions (``chance="closed"`` keys nodes by outcomes too).
   Each seat maximises its own reward (max^n). A node's statistics are per seat and action;
   its children are keyed by what the *searching* seat observes of each action: the action
   itself for its own moves, and ``describe(actor, action, searcher)`` for everybody else's in
   ``ismcts`` (so the tree is the searcher's information sets, and a hidden choice leads to
   one child whatever it was).
3. **Simultaneous decisions** (a ``frozenset`` of seats) are one node where every seat in the
   set picks from its own statistics without seeing the others' picks (decoupled UCB); the
   picks are then submitted one at a time, as the engine requires, and the child is keyed by
   what the searcher observes of each submission.
4. **Expand** one new action per iteration. Wide nodes use progressive widening (only the first
   ``4 + sqrt(visits)`` actions, the game's heuristic choice first) and a progressive bias
   towards the heuristic's choice.
5. **Roll out** for at most ``depth`` decisions with the game's heuristic bot (or random moves
   if the game ships none), then score every seat with the ``evaluate`` hook (a finished game:
   the win share). Rewards lie in [0, 1].
6. **Back up** each seat's reward along the path.

Every decision, at the root, inside the tree and in random rollouts, is taken among
``State.progress_actions``: the legal actions without the back-outs each game declares
(``State.backs_out``: Ciúb's and Runika's ``cancel``; Five Seals and F.A.T.A.L. have none),
unless nothing else is left. A back-out leads back to where the seat already decided, and a
search that weighs it like the rest walks that loop (a Ciúb turn of 396 decisions, 187 of them
``cancel``; a Runika game of 3,000 decisions, nearly all "resolve a die, cancel", before this).

The move is the most visited of the root's actions. Under an iteration budget the search stops
early only when the leader cannot be caught in the iterations left, so a seeded bot is
reproducible; under a time budget it stops at the deadline.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from grimoire.bots.budget import Budget, Clock
from grimoire.bots.evaluation import Evaluator, evaluator_for, terminal_rewards
from grimoire.core.bot import Bot
from grimoire.core.errors import IllegalAction
from grimoire.core.state import CHANCE, TERMINAL, State

# Default settings (see docs/bots.md for how they were chosen).
EXPLORATION = 0.6
DEPTH = 8
PRIOR_WEIGHT = 0.3
WIDEN_BASE = 4
TURN_FLOOR = 0.125  # the least share of its budget a decision gets in a spent turn


class Edge:
    """Statistics of one seat's action at a node."""

    __slots__ = ("avail", "score", "sq", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # sum of the acting seat's rewards
        self.sq = 0.0  # sum of squared rewards (for intervals in analysis)
        self.score = 0.0  # sum of the acting seat's scores at the horizon


class Node:
    __slots__ = ("children", "edges", "order", "prior", "visits")

    def __init__(self) -> None:
        self.edges: dict[tuple[int, int], Edge] = {}
        self.children: dict[Hashable, Node] = {}
        self.prior: dict[int, int] = {}  # seat -> the heuristic's choice here
        self.order: dict[int, dict[int, float]] = {}  # seat -> action -> widening rank
        self.visits = 0


@dataclass
class ActionStats:
    """What the search learned about one of the root seat's actions."""

    action: int
    visits: int
    mean: float  # mean reward: the estimated win chance
    score: float  # mean score at the search horizon
    std_error: float


@dataclass
class SearchResult:
    seat: int
    iterations: int
    seconds: float
    actions: list[ActionStats] = field(default_factory=list)  # most visited first

    def best(self) -> int:
        return self.actions[0].action


def sample_outcome(state: State, rng: random.Random) -> int:
    """A chance outcome drawn with the exact integer weights, from ``rng``."""
    weights = state.chance_weights()
    total = 0
    for _, weight in weights:
        total += weight
    pick = rng.randrange(total)
    for outcome, weight in weights:
        pick -= weight
        if pick < 0:
            return outcome
    raise ValueError("a chance node needs at least one outcome with a positive weight")


class TreeSearch:
    """One search from one position for one seat (see the module docstring)."""

    def __init__(
        self,
        root: State,
        seat: int,
        rng: random.Random,
        *,
        determinize_each: bool,
        observe_others: bool,
        chance: str = "open",
        exploration: float = EXPLORATION,
        depth: int = DEPTH,
        prior_weight: float = PRIOR_WEIGHT,
        widen_base: int = WIDEN_BASE,
        rollout: str = "heuristic",
        deal: str = "informed",
        evaluator: Evaluator | None = None,
        root_uniform: bool = False,
        root_floor: int = 0,
        root_node: Node | None = None,
    ) -> None:
        if chance not in ("open", "closed"):
            raise ValueError(f"chance must be 'open' or 'closed', not {chance!r}")
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be 'heuristic' or 'random', not {rollout!r}")
        if deal not in ("informed", "uniform"):
            raise ValueError(f"deal must be 'informed' or 'uniform', not {deal!r}")
        self.seat = seat
        self.rng = rng
        self.determinize_each = determinize_each
        self.observe_others = observe_others
        self.closed = chance == "closed"
        self.c = exploration
        self.depth = depth
        self.prior_weight = prior_weight
        self.widen_base = widen_base
        self.root_uniform = root_uniform
        self.root_floor = root_floor  # analysis: every root action gets at least this many
        self.game = root.game
        self.players = root.game.players
        self.evaluate = evaluator or evaluator_for(root.game, root)
        # The search never reads what ``seat`` cannot see: it starts from a re-deal of it.
        # ``informed``: weighed by what the seat saw of play, where the game says how
        # (``State._informed_resample``); a game that does not say how re-deals evenly.
        self.informed = deal == "informed"
        self.base = root.resample(seat, rng, informed=self.informed)
        # rollouts play the game's heuristic where it has one, else random moves (a seed is
        # drawn for every seat either way: the same draws whatever the game offers)
        heuristic = root.game.capabilities.heuristic
        seeds = [rng.getrandbits(48) for _ in range(self.players)]
        self.bots: list[Bot | None] = [
            root.game.heuristic_bot(seed) if heuristic else None for seed in seeds
        ]
        self.rollout_heuristic = rollout == "heuristic"
        # A subtree kept from the seat's previous decision (``SearchBot``'s reuse) or a new one.
        self.root = root_node if root_node is not None else Node()
        self.iterations = 0

    # ------------------------------------------------------------------ driving
    def run(
        self, budget: Budget, *, early_stop: bool = True, clock: Clock | None = None
    ) -> SearchResult:
        """Iterate until ``budget`` runs out (or, with ``early_stop``, the best action cannot
        change any more); ``clock``: one made for ``budget`` with another time source."""
        clock = Clock(budget) if clock is None else clock
        legal = self.base.progress_actions(self.seat)
        while not clock.done():
            self.iterate()
            clock.tick()
            if early_stop and clock.iterations % 16 == 0 and self._decided(legal, clock):
                break
        self.iterations = clock.iterations
        return self.result(legal, clock.iterations, clock.elapsed())

    def _decided(self, legal: list[int], clock: Clock) -> bool:
        visits = sorted((self._visits(a) for a in legal), reverse=True)
        if len(visits) < 2:
            return True
        return visits[0] - visits[1] > clock.remaining_iterations()

    def _visits(self, action: int) -> int:
        edge = self.root.edges.get((self.seat, action))
        return 0 if edge is None else edge.visits

    def result(self, legal: list[int], iterations: int, seconds: float) -> SearchResult:
        stats = []
        for action in legal:
            edge = self.root.edges.get((self.seat, action))
            if edge is None or edge.visits == 0:
                stats.append(ActionStats(action, 0, 0.0, 0.0, 1.0))
                continue
            n = edge.visits
            mean = edge.total / n
            var = max(0.0, edge.sq / n - mean * mean)
            stats.append(
                ActionStats(action, n, mean, edge.score / n, math.sqrt(var / n) if n > 1 else 1.0)
            )
        stats.sort(key=lambda s: (-s.visits, -s.mean, s.action))
        return SearchResult(self.seat, iterations, seconds, stats)

    # ------------------------------------------------------------------ one iteration
    def iterate(self) -> None:
        state = (
            self.base.resample(self.seat, self.rng, informed=self.informed)
            if self.determinize_each
            else self.base.clone()
        )
        node = self.root
        path: list[tuple[Edge, int]] = []
        rng = self.rng
        expanded = False
        while not expanded:
            actor = state.current_player
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                outcome = sample_outcome(state, rng)
                if self.closed:
                    key: Hashable = ("chance", self._observe(state, CHANCE, outcome))
                    state.apply(outcome)
                    node = self._child(node, key)
                else:
                    state.apply(outcome)
                continue
            if isinstance(actor, frozenset) and len(actor) > 1:
                node, expanded = self._simultaneous(state, node, sorted(actor), path)
                continue
            seat = actor if isinstance(actor, int) else next(iter(actor))
            legal = state.progress_actions(seat)
            if len(legal) == 1:  # a forced move is no decision: no node of its own
                action = legal[0]
                key = self._observe(state, seat, action)
                state.apply(action, seat)
                if self.observe_others and seat != self.seat:
                    node = self._child(node, key)
                continue
            action, edge, new = self._select(state, node, seat, legal, node is self.root)
            key = self._observe(state, seat, action)
            state.apply(action, seat)
            path.append((edge, seat))
            if new:
                expanded = True
            else:
                node = self._child(node, key)
        rewards, scores = self._rollout(state)
        for edge, seat in path:
            reward = rewards[seat]
            edge.visits += 1
            edge.total += reward
            edge.sq += reward * reward
            edge.score += scores[seat]

    def _child(self, node: Node, key: Hashable) -> Node:
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
        return child

    def _observe(self, state: State, actor: int, action: int) -> Hashable:
        """The key of a child: what the searching seat observes of ``action``."""
        if actor == self.seat or not self.observe_others:
            return (actor, action)
        return (actor, state.describe(actor, action, self.seat))

    def _simultaneous(
        self, state: State, node: Node, seats: list[int], path: list[tuple[Edge, int]]
    ) -> tuple[Node, bool]:
        """Every seat picks on its own statistics; the picks are submitted in seat order while
        they stay legal (a parallel turn's chance may make the rest moot)."""
        picks = []
        for seat in seats:
            legal = state.progress_actions(seat)
            action, edge, new = self._select(state, node, seat, legal, node is self.root)
            picks.append((seat, action, edge, new))
        observed: list[Hashable] = []
        expanded = False
        for seat, action, edge, new in picks:
            actor = state.current_player
            if not isinstance(actor, frozenset) or seat not in actor:
                break
            if action not in state.legal_actions(seat):
                break
            # Keyed by what the searcher sees, so no pick depends on another's hidden pick.
            if seat == self.seat:
                observed.append((seat, action))
            else:
                observed.append((seat, state.describe(seat, action, self.seat)))
            state.apply(action, seat)
            path.append((edge, seat))
            expanded = expanded or new
        return self._child(node, tuple(observed)), expanded

    def _select(
        self, state: State, node: Node, seat: int, legal: list[int], at_root: bool
    ) -> tuple[int, Edge, bool]:
        """UCB with availability counts, progressive widening and a bias to the prior."""
        node.visits += 1
        edges = node.edges
        prior = self._prior(state, node, seat, legal)
        least = -1
        if at_root and seat == self.seat and (self.root_uniform or self.root_floor):
            least = min(legal, key=lambda a: (self._visits(a), a))
            if not self.root_uniform and self._visits(least) >= self.root_floor:
                least = -1
        if least >= 0:
            # Analysis: every action gets the same share of the iterations (all of them, or
            # up to ``root_floor`` each).
            action = least
            edge = edges.get((seat, action))
            new = edge is None
            if edge is None:
                edge = edges[(seat, action)] = Edge()
            edge.avail += 1
            return action, edge, new or edge.visits == 0
        known = 0
        fresh: list[int] = []
        for action in legal:
            edge = edges.get((seat, action))
            if edge is None:
                fresh.append(action)
            else:
                known += 1
        allowed = self.widen_base + int(math.sqrt(node.visits))
        if fresh and (known < allowed or known == 0):
            if prior in fresh:
                action = prior
            elif len(legal) > self.widen_base:
                order = self._order(node, seat)
                action = min(fresh, key=lambda a: order.setdefault(a, self.rng.random()))
            else:
                action = fresh[self.rng.randrange(len(fresh))]
            edge = edges[(seat, action)] = Edge()
            edge.avail = 1
            for other in legal:
                if other != action:
                    existing = edges.get((seat, other))
                    if existing is not None:
                        existing.avail += 1
            return action, edge, True
        best_action = legal[0]
        best_edge: Edge | None = None
        best_value = -math.inf
        c = self.c
        bias = self.prior_weight
        for action in legal:
            edge = edges.get((seat, action))
            if edge is None:
                continue
            edge.avail += 1
            if edge.visits == 0:  # chosen before but never backed up (a cut iteration)
                value = math.inf
            else:
                value = edge.total / edge.visits + c * math.sqrt(math.log(edge.avail) / edge.visits)
                if action == prior:
                    value += bias / (edge.visits + 1)
            if value > best_value:
                best_action, best_edge, best_value = action, edge, value
        assert best_edge is not None
        return best_action, best_edge, False

    def _order(self, node: Node, seat: int) -> dict[int, float]:
        order = node.order.get(seat)
        if order is None:
            order = node.order[seat] = {}
        return order

    def _prior(self, state: State, node: Node, seat: int, legal: list[int]) -> int | None:
        """The game's heuristic choice at this node (asked once per node and seat)."""
        if seat in node.prior:
            return node.prior[seat]
        bot = self.bots[seat]
        choice = -1
        if bot is not None and len(legal) > 2:
            try:
                choice = bot.choose(state, seat)
            except (IllegalAction, AssertionError, ValueError, KeyError, IndexError):
                choice = -1
        node.prior[seat] = choice
        return choice

    # ------------------------------------------------------------------ rollouts
    def _rollout(self, state: State) -> tuple[list[float], list[float]]:
        rng = self.rng
        steps = 0
        while steps < self.depth:
            actor = state.current_player
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                state.apply(sample_outcome(state, rng))
                continue
            seat = actor if isinstance(actor, int) else min(actor)
            legal = state.progress_actions(seat)
            action = legal[0]
            if len(legal) > 1:
                bot = self.bots[seat] if self.rollout_heuristic else None
                action = bot.choose(state, seat) if bot is not None else -1
                if action not in legal:
                    action = legal[rng.randrange(len(legal))]
            state.apply(action, seat)
            steps += 1
        scores = [float(score) for score in state.scores()]
        if state.is_terminal():
            return terminal_rewards(state), scores
        hook = self.evaluate
        rewards = [min(1.0, max(0.0, float(hook(state, seat)))) for seat in range(self.players)]
        return rewards, scores


class SearchBot(Bot):
    """A bot that searches each decision with ``TreeSearch`` within a budget.

    ``turn``: the decisions of one of the seat's turns (``State.turns``) share ``turn`` times
    the decision budget instead of each spending all of it: a decision with one progress
    action costs nothing, and each other one gets half of what the turn has left, at most the
    decision budget and at least an eighth of it (``TURN_FLOOR``). A turn of 20 small
    decisions then costs about ``turn + 2`` budgets, not 20. None: every decision its budget
    (a game without ``turns`` is played so too).

    ``reuse``: the subtree below the action chosen is kept, and when the seat decides again
    right after it (the next step, in the same turn: no chance and nobody else between), the
    search goes on from that node's statistics instead of an empty tree.
    """

    name = "search"
    determinize_each = False
    observe_others = False

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | str | int | float = "1s",
        *,
        turn: float | None = None,
        reuse: bool = True,
        **settings: Any,
    ) -> None:
        super().__init__(seed)
        self.budget = Budget.parse(budget)
        if turn is not None and not turn >= 1:
            raise ValueError(f"a turn shares at least one decision budget, not {turn}")
        self.turn = turn
        self.reuse = reuse
        self.settings = settings
        self.last: SearchResult | None = None
        self._turn_key: tuple[int, int] | None = None
        self._turn_used = 0.0  # decision budgets spent in this turn
        self._kept: Node | None = None  # the subtree below the last chosen action
        self._step = -1

    def search(
        self,
        state: State,
        seat: int,
        budget: Budget | None = None,
        root_node: Node | None = None,
    ) -> SearchResult:
        """Search ``state`` for ``seat``; the statistics of every legal action."""
        tree = self._tree(state, seat, root_node)
        return tree.run(budget or self.budget)

    def _tree(self, state: State, seat: int, root_node: Node | None) -> TreeSearch:
        return TreeSearch(
            state,
            seat,
            self.rng,
            determinize_each=self.determinize_each,
            observe_others=self.observe_others,
            root_node=root_node,
            **self.settings,
        )

    def choose(self, state: State, seat: int | None = None) -> int:
        if seat is None:
            actor = state.current_player
            if not isinstance(actor, int) or actor < 0:
                raise IllegalAction("say which seat chooses: no single seat is to act")
            seat = actor
        # The kept subtree is this decision only right after the seat's own last action: no
        # chance between (open-loop nodes average over the dice; the root knows them).
        follows = state.step == self._step + 1
        same_turn = self._enter(state, seat)
        legal = state.progress_actions(seat)
        kept, self._kept = self._kept, None
        if len(legal) == 1:  # forced: free
            return legal[0]
        if not (same_turn and follows) or kept is None or not _fits(kept, seat, legal):
            kept = None
        else:
            kept.prior.clear()  # asked again at the root, of the position as it is
            kept.order.clear()
        budget = self._allot()
        tree = self._tree(state, seat, kept)
        self.last = result = tree.run(budget)
        self._spend(result)
        best = result.best()
        self._kept = tree.root.children.get((seat, best)) if self.reuse else None
        return best

    def _enter(self, state: State, seat: int) -> bool:
        """Note the turn ``state`` is in; True if it is the turn of the previous decision."""
        turns = state.turns
        key = None if turns is None else (turns, seat)
        same = key is not None and key == self._turn_key and state.step > self._step
        if not same:
            self._turn_key, self._turn_used = key, 0.0
        self._step = state.step
        return same

    def _allot(self) -> Budget:
        """This decision's share of the turn (see the class docstring)."""
        if self.turn is None or self._turn_key is None:
            return self.budget
        share = min(1.0, max(TURN_FLOOR, (self.turn - self._turn_used) / 2))
        if share >= 1.0:
            return self.budget
        iterations = self.budget.iterations
        seconds = self.budget.seconds
        return Budget(
            iterations=None if iterations is None else max(1, round(iterations * share)),
            seconds=None if seconds is None else seconds * share,
        )

    def _spend(self, result: SearchResult) -> None:
        if self.budget.iterations is not None:
            self._turn_used += result.iterations / self.budget.iterations
        elif self.budget.seconds is not None:
            self._turn_used += result.seconds / self.budget.seconds

    def __repr__(self) -> str:
        return f"{type(self).__name__}(budget={str(self.budget)!r})"


def _fits(node: Node, seat: int, legal: list[int]) -> bool:
    """Whether a kept subtree's node is this decision: only ``seat`` has statistics there, and
    only for actions legal now (another seat deciding in between would show there)."""
    allowed = set(legal)
    return all(s == seat and a in allowed for s, a in node.edges)
