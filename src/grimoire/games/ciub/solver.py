"""The best-play solver behind Ciúb's odds (``odds.py``): the chance of meeting one card's
requirement with the rest of a turn's dice play, from the chance model of the dice.

For one card and the player whose turn it is, the chance is the value of the rest of the turn's
dice play under the best play *for that card*: every roll, re-roll, adjust and swap, every
choice of dice to set aside, and when to stop, chosen to maximise the chance that the tray meets
the card when the player stops (or when every die is in the tray). It is computed from the
chance model (each die's faces), not sampled: a recursion over the dice that matter, with the
game's rules of phase 2 (docs/rules/ciub.md):

* a roll rolls every die not in the tray (an inactive die too); then the dice actions in any
  order: **swap** (the die goes to the supply, a supply die of any colour comes in inactive),
  **re-roll** (any die not in the tray, itself included: a die that re-rolls itself and shows
  re-roll again may go on, so the chance is that of its first other face), **adjust** (any die
  not in the tray to any face it has; the adjust die goes into the tray; adjusting itself only
  to the faces the ``self_adjust`` option allows); then every skull goes into the tray;
* then the player sets dice aside into the tray and rolls again (a die must have gone into the
  tray, or a swap been made, since the last roll) or stops.

Positions mid-turn start where the turn is: mid-roll, in the dice actions (a half-chosen re-roll
or adjust can always be cancelled, so it changes nothing), or at set-aside. Only the tray counts
when the player stops; dice outside it do not. The chance of one card is for play aimed at that
card alone (the player can claim one card, and the best plan for one card is not the best for
another). ``exact=True`` gives ``Fraction``s; the default floats are the same numbers rounded.

Dice showing a face that cannot help the card (a number it does not need, a 2-for-1, a spent
action) are one kind of blank per colour, and the recursion remembers every position it has
solved, so positions met again (a search asks the same questions many times) are free. Still,
the best play of a whole turn is a large problem: two or three free dice solve in a fraction of
a second, four or more that can swap or re-roll mostly do not within seconds, and five white
dice at the start of a turn can take minutes (docs/bots.md). Hence ``deadline`` and ``nodes``,
and for the display (``glance``) the first roll's chance (``roll_chance``), which is quick for
any number of dice.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial
from typing import Any

from grimoire.games.ciub.components import NUMBER_FACES, SKULL, Card

Number = Any  # float or Fraction: the recursion is written once for both
Die = tuple[int, str]  # (colour index, symbol); "-" inactive, "x" a face that cannot help
Need = tuple[int, ...]
ACTIONS = ("swap", "reroll", "adjust")
INACTIVE = "-"
BLANK = "x"
MAX_SWEEPS = 400
TOLERANCE = 1e-13


class OddsTimeout(Exception):
    """The odds were not found by the ``deadline`` or within the ``nodes`` given (some
    positions with many dice that can swap take the solver minutes)."""


class Model:
    """The recursion for one requirement under one set of components and options."""

    def __init__(
        self,
        card: Card,
        faces: tuple[tuple[str, ...], ...],
        self_adjust: Callable[[str], bool],
        skulls_wild: bool,
        exact: bool,
    ) -> None:
        self.kind = card.kind
        self.amount = card.amount
        self.card_faces = card.faces
        self.faces = faces  # per colour, its six symbols
        self.self_adjust = self_adjust
        self.wild = skulls_wild
        self.one: Number = Fraction(1) if exact else 1.0
        self.zero: Number = Fraction(0) if exact else 0.0
        self.exact = exact
        self.swappers = frozenset(k for k, fs in enumerate(faces) if "swap" in fs)
        self.memo: dict[tuple[Any, ...], Number] = {}  # exact values
        # Swaps let a player roll again without putting a die into the tray, so the turn can
        # come back to a roll it has seen (see ``solve``): values met on such a loop are
        # provisional within a sweep, and rolls on the loop have estimates.
        self.temp: dict[tuple[Any, ...], Number] = {}
        self.estimate: dict[tuple[Any, ...], Number] = {}
        self.busy: set[tuple[Any, ...]] = set()
        self.hits = 0  # uses of a provisional value so far
        self.change = 0.0  # the largest change of an estimate in this sweep
        self.deadline: float | None = None  # time.monotonic() by which to answer, or give up
        self.nodes_left: int | None = None  # positions it may still expand, or give up

    # ------------------------------------------------------------------ loops
    def solve(self, question: Callable[[], Number]) -> Number:
        """Answer ``question`` (a call into the recursion). Without a loop this is one exact
        pass. With one, the rolls on the loop start at 0 and the recursion is swept again with
        the last estimates until they move less than ``TOLERANCE`` (value iteration: the
        estimates only grow, towards the best chance); ``exact`` answers then raise
        ``ValueError`` since the floats are only within ``TOLERANCE`` of the exact number."""
        self.estimate = {}
        value = self.zero
        for _ in range(MAX_SWEEPS):
            self.temp = {}
            self.hits = 0
            self.change = 0.0
            try:
                value = question()
            except OddsTimeout:
                # the model is kept for later questions: only its exact memo may stay
                self.busy.clear()
                self.temp, self.estimate = {}, {}
                raise
            if self.hits == 0:
                return value
            if self.exact:
                raise ValueError(
                    "these odds go round a loop of swaps and rolls: ask without exact=True"
                )
            if self.change <= TOLERANCE:
                break
        self.memo.update(self.temp)  # converged: good for later questions too
        self.temp = {}
        return value

    def _check_time(self) -> None:
        if self.nodes_left is not None:
            self.nodes_left -= 1
            if self.nodes_left < 0:
                raise OddsTimeout
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OddsTimeout

    def _enter(self, key: tuple[Any, ...]) -> Number | None:
        """The value of node ``key`` if known (on a loop, its estimate so far); else None, and
        the node is entered (``_keep`` leaves it)."""
        cached = self._known(key)
        if cached is not None:
            return cached
        if key in self.busy:  # a loop: the estimate so far
            self.hits += 1
            return self.estimate.get(key, self.zero)
        self._check_time()
        self.busy.add(key)
        return None

    def _known(self, key: tuple[Any, ...]) -> Number | None:
        value = self.memo.get(key)
        if value is None:
            value = self.temp.get(key)
            if value is not None:
                self.hits += 1
        return value

    def _keep(self, key: tuple[Any, ...], value: Number, hits_before: int) -> None:
        """Remember a finished node: exact if no provisional value went into it."""
        self.busy.discard(key)
        if self.hits == hits_before:
            self.memo[key] = value
            return
        self.temp[key] = value
        old = self.estimate.get(key, self.zero)
        self.change = max(self.change, abs(float(value - old)))
        self.estimate[key] = value

    # ------------------------------------------------------------------ requirements
    def start_need(self, tray: list[str]) -> Need:
        if self.kind == "faces":
            missing = [0] * 7
            for face in self.card_faces:
                missing[face - 1] += 1
            need: Need = tuple(missing)
        elif self.kind == "sum":
            need = (self.amount,)
        else:
            need = (0,) * 8  # counts of numbers 1..7 in the tray, then skulls
        for symbol in tray:
            need = self.add(need, symbol)
        return need

    def add(self, need: Need, symbol: str) -> Need:
        """The requirement left once a die showing ``symbol`` is in the tray."""
        if self.kind == "faces":
            if symbol in NUMBER_FACES and need[int(symbol) - 1] > 0:
                index = int(symbol) - 1
                return (*need[:index], need[index] - 1, *need[index + 1 :])
            return need
        if self.kind == "sum":
            if symbol in NUMBER_FACES:
                return (max(0, need[0] - int(symbol)),)
            return need
        index = int(symbol) - 1 if symbol in NUMBER_FACES else 7 if symbol == SKULL else -1
        if index < 0 or need[index] >= self.amount:
            return need
        return (*need[:index], need[index] + 1, *need[index + 1 :])

    def met(self, need: Need) -> bool:
        if self.kind == "faces":
            return not any(need)
        if self.kind == "sum":
            return need[0] == 0
        best = max(need[:7])
        if self.wild:
            return best + need[7] >= self.amount
        return best >= self.amount or need[7] >= self.amount

    def helps(self, need: Need, symbol: str) -> bool:
        """Whether a number face in the tray could still bring the card closer."""
        if self.kind == "faces":
            return need[int(symbol) - 1] > 0
        return True  # sums and equal numbers: any number may count

    def compress(self, need: Need, symbol: str) -> str:
        if symbol in NUMBER_FACES:
            return symbol if self.helps(need, symbol) else BLANK
        if symbol in ACTIONS or symbol in (INACTIVE, SKULL):
            return symbol  # a skull goes into the tray: it ends that die's rolling
        return BLANK  # 2-for-1

    def dice_key(self, need: Need, dice: list[Die]) -> tuple[Die, ...]:
        return tuple(sorted((colour, self.compress(need, symbol)) for colour, symbol in dice))

    def supply_key(self, dice: tuple[Die, ...], supply: tuple[int, ...]) -> tuple[int, ...]:
        """The supply as far as it can matter: only dice that may show swap can use it, and
        no colour can run out by more than the number of free dice."""
        if not any(colour in self.swappers for colour, _ in dice):
            return ()
        cap = len(dice)
        return tuple(min(count, cap) for count in supply)

    def distribution(self, need: Need, colour: int) -> list[tuple[str, int]]:
        """The compressed faces of a colour with their weights out of 6."""
        counts: dict[str, int] = {}
        for symbol in self.faces[colour]:
            key = self.compress(need, symbol)
            counts[key] = counts.get(key, 0) + 1
        return sorted(counts.items())

    def prob(self, weight: int, total: int) -> Number:
        return Fraction(weight, total) if self.exact else weight / total

    # ------------------------------------------------------------------ rolls
    def outcomes(self, need: Need, colours: list[int]) -> Iterator[tuple[list[Die], Number]]:
        """Every result of rolling dice of ``colours`` (as multisets) with its probability."""
        groups: dict[int, int] = {}
        for colour in colours:
            groups[colour] = groups.get(colour, 0) + 1
        per_colour = []
        for colour, m in sorted(groups.items()):
            dist = self.distribution(need, colour)
            options = []
            for combo in combinations_with_replacement(range(len(dist)), m):
                p = self.prob(factorial(m), 1)
                counts: dict[int, int] = {}
                for i in combo:
                    counts[i] = counts.get(i, 0) + 1
                for i, c in counts.items():
                    p = p / factorial(c) * self.prob(dist[i][1], 6) ** c
                options.append(([(colour, dist[i][0]) for i in combo], p))
            per_colour.append(options)
        for parts in product(*per_colour):
            dice: list[Die] = []
            p = self.one
            for part_dice, part_p in parts:
                dice += part_dice
                p = p * part_p
            yield dice, p

    def roll(
        self,
        need: Need,
        kept: list[Die],
        colours: list[int],
        cycle_ok: bool,
        supply: tuple[int, ...],
    ) -> Number:
        """Roll dice of ``colours``, the ``kept`` free dice keeping their faces; then the dice
        actions."""
        if self.met(need):
            return self.one
        rolled = tuple(sorted(colours))
        supply_key = self.supply_key((*kept, *((c, "") for c in colours)), supply)
        key = ("roll", need, self.dice_key(need, kept), rolled, cycle_ok, supply_key)
        known = self._enter(key)
        if known is not None:
            return known
        before = self.hits
        total = self.zero
        for dice, p in self.outcomes(need, colours):
            total = total + p * self.act(need, kept + dice, cycle_ok, supply)
        self._keep(key, total, before)
        return total

    # ------------------------------------------------------------------ dice actions
    def act(self, need: Need, dice: list[Die], cycle_ok: bool, supply: tuple[int, ...]) -> Number:
        if self.met(need):
            return self.one
        free = self.dice_key(need, dice)
        key = ("act", need, free, cycle_ok, self.supply_key(free, supply))
        known = self._enter(key)
        if known is not None:
            return known
        before = self.hits
        dice = list(free)
        best = self.aside(need, dice, cycle_ok, supply)
        seen: set[Die] = set()
        for index, (colour, symbol) in enumerate(dice):
            if symbol not in ACTIONS or (colour, symbol) in seen or best == self.one:
                continue
            seen.add((colour, symbol))
            rest = dice[:index] + dice[index + 1 :]
            if symbol == "swap":
                value = self._swaps(need, colour, rest, supply)
            elif symbol == "reroll":
                value = self._rerolls(need, colour, rest, cycle_ok, supply, key)
            else:
                value = self._adjusts(need, colour, rest, supply)
            if value > best:
                best = value
        self._keep(key, best, before)
        return best

    def _swaps(self, need: Need, colour: int, rest: list[Die], supply: tuple[int, ...]) -> Number:
        best = self.zero
        for new, count in enumerate(supply):
            if count <= 0:
                continue
            after = list(supply)
            after[new] -= 1
            after[colour] += 1
            value = self.act(need, [*rest, (new, INACTIVE)], True, tuple(after))
            if value > best:
                best = value
        return best

    def _rerolls(
        self,
        need: Need,
        colour: int,
        rest: list[Die],
        cycle_ok: bool,
        supply: tuple[int, ...],
        here: tuple[Any, ...],
    ) -> Number:
        best = self.zero
        # Itself: re-rolled until it shows something else than re-roll (the same position).
        dist = [(s, w) for s, w in self.distribution(need, colour) if s != "reroll"]
        total_w = sum(w for _, w in dist)
        value = self.zero
        for symbol, weight in dist:
            value = value + self.prob(weight, total_w) * self.act(
                need, [*rest, (colour, symbol)], cycle_ok, supply
            )
        best = value
        # Another die: the re-roll die is spent (a blank from now on).
        for index, target in _distinct(rest):
            others = [*rest[:index], *rest[index + 1 :], (colour, BLANK)]
            value = self.zero
            for symbol, weight in self.distribution(need, target[0]):
                value = value + self.prob(weight, 6) * self.act(
                    need, [*others, (target[0], symbol)], cycle_ok, supply
                )
            if value > best:
                best = value
        return best

    def _adjusts(self, need: Need, colour: int, rest: list[Die], supply: tuple[int, ...]) -> Number:
        best = self.zero
        # Itself: it takes an allowed face and goes into the tray.
        for symbol in sorted(set(self.faces[colour])):
            if self.self_adjust(symbol):
                value = self.act(self.add(need, symbol), rest, True, supply)
                if value > best:
                    best = value
        # Another die: any face of its colour; the adjust die goes into the tray (as "adjust").
        for index, target in _distinct(rest):
            others = rest[:index] + rest[index + 1 :]
            for symbol in sorted(set(self.faces[target[0]])):
                value = self.act(need, [*others, (target[0], symbol)], True, supply)
                if value > best:
                    best = value
        return best

    # ------------------------------------------------------------------ set aside
    def aside(self, need: Need, dice: list[Die], cycle_ok: bool, supply: tuple[int, ...]) -> Number:
        """After the dice actions: skulls go into the tray; set dice aside; roll or stop."""
        free: list[Die] = []
        for colour, symbol in dice:  # ``done``: every skull goes into the tray
            if symbol == SKULL:
                need = self.add(need, SKULL)
                cycle_ok = True  # a die went into the tray: rolling again is allowed
            else:
                free.append((colour, symbol))
        if self.met(need):
            return self.one
        if not free:
            return self.zero
        # Action faces are dead now: one blank per colour.
        free = [(c, BLANK if s in ACTIONS else s) for c, s in free]
        frozen = self.dice_key(need, free)
        key = ("aside", need, frozen, cycle_ok, self.supply_key(frozen, supply))
        known = self._enter(key)
        if known is not None:
            return known
        before = self.hits
        stop = need  # stopping: every active free die into the tray
        for _, symbol in free:
            if symbol != INACTIVE:
                stop = self.add(stop, symbol)
        if self.met(stop):
            self.busy.discard(key)
            self.memo[key] = self.one
            return self.one
        best = self._best_aside(need, free, cycle_ok, supply)
        self._keep(key, best, before)
        return best

    def _best_aside(
        self, need: Need, free: list[Die], cycle_ok: bool, supply: tuple[int, ...]
    ) -> Number:
        """The best choice of dice to set aside before rolling the others again: any number of
        each kind of useful active die (stopping is ``aside``'s)."""
        best = self.zero
        useful: dict[Die, int] = {}
        blanks: set[Die] = set()
        for die in free:
            if die[1] == BLANK:
                blanks.add(die)
            elif die[1] != INACTIVE:
                useful[die] = useful.get(die, 0) + 1
        kinds = sorted(useful)
        for counts in product(*(range(useful[k] + 1) for k in kinds)):
            chosen = [k for k, c in zip(kinds, counts, strict=True) for _ in range(c)]
            choices: list[list[Die]] = [chosen]
            if not chosen and not cycle_ok:
                # Rolling needs a die set aside: a blank one (rolling a blank never hurts, so
                # no more than one), or nothing can be rolled.
                choices = [[blank] for blank in sorted(blanks)]
            for aside_dice in choices:
                left = list(free)
                after = need
                for die in aside_dice:
                    left.remove(die)
                    after = self.add(after, die[1])
                if not left:
                    continue  # every die in the tray: that is stopping
                value = self.roll(after, [], [c for c, _ in left], False, supply)
                if value > best:
                    best = value
                    if best == self.one:
                        break
        return best


def _distinct(dice: list[Die]) -> Iterator[tuple[int, Die]]:
    """(index, die) of the first of each kind of die: the targets that differ."""
    seen: set[Die] = set()
    for index, die in enumerate(dice):
        if die not in seen:
            seen.add(die)
            yield index, die
