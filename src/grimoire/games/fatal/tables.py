"""What the rules read of the components, the layout and the options, as flat typed tables.

``Components`` and ``Layout`` (``components.py``) are the data as read, with names and
strings; the rules' hot path reads the same facts here, once per game, as ints in lists indexed
by card kind, physical card or treasure, or sign (the compiled build reads them natively,
without a method call or a string-keyed look-up). A state keeps the game's ``Tables`` as
``st.tab``; nothing in it ever changes.

>>> import grimoire
>>> tab = grimoire.make("fatal", 3).tab
>>> tab.stars[tab.card_kind[0] * 3 : tab.card_kind[0] * 3 + 3]  # V01: head, foot, tip stars
[1, 0, 1]
>>> tab.is_vision(tab.card_kind[tab.num_cards - 1]), tab.queen == tab.num_treasures - 1
(False, True)
"""

from __future__ import annotations

from typing import Any, Final

from grimoire.games.fatal.components import BEATS, EFFECTS, SYMBOLS, TYPES, Components, Layout

# a vision's type and symbol as small ints (indices into ``TYPES`` and ``SYMBOLS``)
DRAW: Final = 0
TAKE: Final = 1
STEAL: Final = 2
DISCARD: Final = 3
NO_SYMBOL: Final = 3  # "none"


class Tables:
    """The game's constant facts (see the module's docstring)."""

    def __init__(self, comp: Components, lay: Layout, options: dict[str, Any]) -> None:
        visions = comp.visions
        self.num_visions = len(visions)  # card kinds 0 .. V-1 are visions
        kinds = self.num_visions + len(comp.enchantments)
        # per card kind (a vision's numbers; -1, 0 or "" for an enchantment)
        self.stars: list[int] = [0] * (3 * kinds)  # kind * 3 + row position
        self.symbol: list[int] = [-1] * kinds  # index into SYMBOLS
        self.vtype: list[int] = [-1] * kinds  # index into TYPES
        self.second: list[bool] = [False] * kinds
        self.effect: list[str] = [""] * kinds  # an enchantment's effect (one of EFFECTS)
        for v in visions:
            for p in range(3):
                self.stars[3 * v.kind + p] = v.stars(p)
            self.symbol[v.kind] = SYMBOLS.index(v.symbol)
            self.vtype[v.kind] = TYPES.index(v.type)
            self.second[v.kind] = v.second
        for e in comp.enchantments:
            self.effect[e.kind] = EFFECTS[EFFECTS.index(e.effect)]
        # the symbol a symbol beats (-1: none)
        self.beats: list[int] = [SYMBOLS.index(BEATS[s]) if s in BEATS else -1 for s in SYMBOLS]
        # per physical card and treasure
        self.card_kind: list[int] = list(lay.card_kind)
        self.num_cards = len(self.card_kind)
        self.tre_kind: list[int] = list(lay.tre_kind)
        self.tre_value: list[int] = list(lay.tre_value)
        self.tre_colour: list[int] = list(lay.tre_colour)  # a sign index; -1: the Queen
        self.num_treasures = len(self.tre_kind)
        self.queen = lay.queen  # the Queen's physical id
        self.queen_kind = comp.queen
        self.exchangeable: list[bool] = [v in comp.exchange_values for v in self.tre_value]
        # (kind, copies) pairs, made once: a chance node's weights share them
        kinds_of = [*self.card_kind, *self.tre_kind]
        most = max(kinds_of.count(k) for k in set(kinds_of))
        self.pairs: list[list[tuple[int, int]]] = [
            [(k, c) for c in range(most + 1)] for k in range(max(kinds, comp.queen + 1))
        ]
        # per sign
        self.signs: list[int] = list(lay.signs)  # the character set, a cycle
        self.opposing: list[int] = [-1] * len(comp.signs)
        for sign in lay.signs:
            self.opposing[sign] = lay.opposing(sign)
        # the numbers of the rules
        self.hand_size = comp.hand_size
        self.hand_limit = comp.hand_limit
        self.display = comp.display
        self.queen_pool = comp.queen_pool
        self.row_length = comp.row_length
        self.plays = comp.plays
        self.stars_needed = comp.stars_needed
        self.trimagics = comp.trimagics
        self.exchange_draw = comp.exchange_draw
        self.exchange_discard = comp.exchange_discard
        self.chart: list[int] = list(comp.chart)
        # the options the rules read
        self.idle_round: bool = bool(options["idle_round"])
        self.keep_aside: bool = options["aside_leftovers"] == "keep"
        self.shield_gifts: bool = bool(options["shield_gifts"])
        self.star_optional: bool = options["star_treasure"] == "optional"

    def is_vision(self, kind: int) -> bool:
        return kind < self.num_visions

    def card_stars(self, card: int, position: int) -> int:
        """Stars physical ``card`` shows in row position ``position``."""
        return self.stars[3 * self.card_kind[card] + position]
