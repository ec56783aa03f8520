"""Ciúb's action space: stable integer ids, each with a kind and an argument.

The space is a list of segments (kind, size); an id is the segment's base plus the argument
(a card id, a die id, a colour index, a face index). Swap is the one two-argument kind
(die x colour). Everything else is a single small decision; multi-step dice actions go through
pending frames in the state (use a die, pick its target, pick a face).
"""

from __future__ import annotations

from dataclasses import dataclass

from grimoire.games.ciub.components import Components


@dataclass(frozen=True)
class Decoded:
    kind: str
    arg: int = 0
    arg2: int = 0


# kind -> what its argument is
ARG_OF = {
    "pass": None,
    "mark": "card",
    "remove": "card",
    "use": "die",
    "target": "die",
    "face": "face",
    "cancel": None,
    "swap": "die_colour",
    "done": None,
    "set_aside": "die",
    "roll": None,
    "stop": None,
    "claim": "card",
    "no_claim": None,
    "move_down": "card",
    "return": "die",
    "take": "colour",
    "trade": "die",
    "pick": "colour",
    "whiten": "die",
    "end_turn": None,
}


class ActionCodec:
    """Encodes (kind, args) to ids and back, for one set of components."""

    def __init__(self, components: Components) -> None:
        self.num_dice = components.num_dice
        self.num_colours = len(components.colours)
        self.max_card = max(components.cards)
        sizes = {
            "card": self.max_card + 1,
            "die": self.num_dice,
            "face": 6,
            "colour": self.num_colours,
            "die_colour": self.num_dice * self.num_colours,
            None: 1,
        }
        self.base: dict[str, int] = {}
        self.size: dict[str, int] = {}
        offset = 0
        for kind, arg in ARG_OF.items():
            self.base[kind] = offset
            self.size[kind] = sizes[arg]
            offset += sizes[arg]
        self.total = offset
        self._kinds = sorted(self.base.items(), key=lambda item: item[1])

    def encode(self, kind: str, arg: int = 0, arg2: int = 0) -> int:
        if ARG_OF[kind] == "die_colour":
            return self.base[kind] + arg * self.num_colours + arg2
        return self.base[kind] + arg

    def decode(self, action: int) -> Decoded:
        if not 0 <= action < self.total:
            raise ValueError(f"action {action} is outside 0..{self.total - 1}")
        kind = ""
        for name, base in self._kinds:
            if base <= action:
                kind = name
            else:
                break
        offset = action - self.base[kind]
        if ARG_OF[kind] == "die_colour":
            return Decoded(kind, offset // self.num_colours, offset % self.num_colours)
        return Decoded(kind, offset)
