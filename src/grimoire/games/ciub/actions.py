"""Ciúb's actions, declared once (``core.action_declaration``): the kinds in id order, the
domains their arguments range over, and the one rule the parser adds (twin dice).

The kinds are the record format: never reorder them, add new kinds at the end. A multi-step
dice action is a run of small decisions through the decision frames (``frames.py``):
``use P1`` -> ``target R2`` -> ``face 6``, with ``cancel``. Dice are named W1..W20, Y1..Y7,
O, R, G, P, B1..B7 (``Components.die_label``); colours by name or letter (``take red``,
``take r``); cards by number (``claim 21``); a face by the symbol of the die being adjusted
(``face skull``, ``face 2-for-1``, ``face 6``) or by its index anywhere (``face #3``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core.action_declaration import (
    ActionCodec,
    Actions,
    Domain,
    Kind,
    Labelled,
    Translate,
    normalise,
)
from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import N_
from grimoire.games.ciub.components import TWO_FOR_ONE, Components
from grimoire.games.ciub.frames import Face, Target
from grimoire.games.ciub.text import _, face_shown, face_text

if TYPE_CHECKING:
    from grimoire.core.frames import Frame
    from grimoire.core.state import State
    from grimoire.games.ciub.state import CiubState

ACTIONS = Actions(
    Kind("pass", N_("pass"), help="phase 1: leave your marker and the top row as they are"),
    Kind(
        "mark",
        N_("mark {card}"),
        help="phase 1: place your marker on a face-up card without one, or shift it there",
    ),
    Kind(
        "remove",
        N_("remove {card}"),
        help="phase 1: remove an unmarked top-row card from the game (the pile refills it)",
    ),
    Kind(
        "use",
        N_("use {die}"),
        help="phase 2: act with a die showing re-roll or adjust (then `target`, then `face`)",
    ),
    Kind("target", N_("target {die}"), help="phase 2: the die a re-roll or adjust acts on"),
    Kind(
        "face",
        N_("face {face}"),
        help="phase 2: the face an adjusted die is turned to, by its symbol (`face skull`, "
        "`face 6`) or its index (`face #3`)",
    ),
    Kind("cancel", N_("cancel"), help="phase 2: take back a half-chosen re-roll or adjust"),
    Kind(
        "swap",
        N_("swap {die} for {colour}"),
        also=("swap {die} {colour}",),
        help="phase 2: a die showing swap goes to the supply for a supply die of that colour",
    ),
    Kind("done", N_("done"), help="phase 2: end the dice actions (skulls go into the tray)"),
    Kind("set_aside", N_("set aside {die}"), help="phase 2: put an active die into your tray"),
    Kind("roll", N_("roll"), help="phase 2: roll the dice outside the tray again"),
    Kind("stop", N_("stop"), help="phase 2: stop rolling and go on to phase 3"),
    Kind(
        "claim",
        N_("claim {card}"),
        help="phase 3: claim a card your tray meets (bottom row; either row in the final turns)",
    ),
    Kind(
        "no_claim",
        N_("no claim"),
        help="phase 3: claim nothing and take one die from the supply instead",
    ),
    Kind(
        "move_down",
        N_("move down {card}"),
        help="phase 3: move a top-row card down into the gap the claimed card left",
    ),
    Kind("return", N_("return {die}"), help="phase 3: return a die to the supply (down to 5)"),
    Kind("take", N_("take {colour}"), help="phase 3: after no claim, the supply die you take"),
    Kind(
        "trade",
        N_("trade {die}"),
        help="phase 4: trade a tray die showing 2-for-1 for two dice of other colours",
    ),
    Kind("pick", N_("pick {colour}"), help="phase 4: a die a 2-for-1 trade gives"),
    Kind("whiten", N_("whiten {die}"), help="phase 4: trade a coloured die for a white one"),
    Kind("end_turn", N_("end turn"), help="phase 4: end your turn (excess dice go back)"),
)

# the kinds whose first argument is a die: a twin die's label names the same move
DIE_KINDS = frozenset({"use", "target", "swap", "set_aside", "return", "trade", "whiten"})


def codec(c: Components) -> ActionCodec:
    """The actions of one set of components: cards by id 0..max, dice, 6 faces, colours."""
    return ACTIONS.bind(
        _,
        card=Cards(c),
        die=Labelled(
            c.die_label,
            what="die",
            unknown=N_("there is no die {value} (dice are named like W1, B3)"),
        ),
        face=Faces(c),
        colour=Labelled(
            [colour.name for colour in c.colours],
            what="colour",
            spellings={colour.letter.lower(): colour.index for colour in c.colours},
            translated=True,  # the colours' names are msgids (text.COLOUR_TEXT)
            unknown=N_("there is no colour {value} (say e.g. {examples})"),
        ),
    )


class Cards(Domain):
    """The spell cards by number (``claim 21``). Ids run 0..the highest card, and only the
    data's cards read back: ``mark 0`` and ``mark -1`` name no card."""

    def __init__(self, c: Components) -> None:
        super().__init__(
            max(c.cards) + 1,
            what="card",
            unknown=N_("there is no card {value} (say e.g. {examples})"),
        )
        self.cards = frozenset(c.cards)
        self.some = [str(card) for card in sorted(c.cards)[:3]]

    def read(self, words: str, state: State | None) -> int | None:
        # decimal digits only: int() reads them all, while "²" is a digit int() refuses
        if words.isdecimal() and int(words) in self.cards:
            return int(words)
        return None

    def fields(self, field: str, value: int) -> dict[str, Any]:
        return {field: value}

    def examples(self) -> list[str]:
        return self.some


# the face words a player may type besides the English face names (after ``normalise``)
FACE_SPELLINGS = {"2 for 1": TWO_FOR_ONE, "2for1": TWO_FOR_ONE, "re roll": "reroll"}


class Faces(Domain):
    """A die's six faces by index. While a die is being adjusted (the ``Face`` frame), a face
    reads and shows as that die's symbol (``face skull``, ``face 2-for-1``, ``face 6``; its
    first face of that symbol); ``#3`` names an index anywhere, and is the text of a face
    where no die is being adjusted."""

    def __init__(self, c: Components) -> None:
        super().__init__(6, what="face")
        self.c = c

    def label(self, value: int) -> str:
        return f"#{value}"

    def shown(self, value: int, state: State | None, translate: Translate) -> str:
        target = adjusted(state)
        if target is None:
            return self.label(value)
        return face_shown(self.c.face_symbol(target, value))

    def read(self, words: str, state: State | None) -> int | None:
        if words.startswith("#"):
            index = words[1:]
            return int(index) if index.isdecimal() and int(index) < 6 else None
        target = adjusted(state)
        if target is None:
            return None
        colour = self.c.colours[self.c.die_colour[target]]
        symbol = FACE_SPELLINGS.get(words, words)
        return next((i for i in colour.distinct_faces if colour.faces[i] == symbol), None)

    def fields(self, field: str, value: int) -> dict[str, Any]:
        return {field: value}


def adjusted(state: State | None) -> int | None:
    """The die whose new face is being chosen (the ``Face`` frame's target), if any."""
    stack: list[Frame] = getattr(state, "stack", [])
    frame = stack[-1] if stack else None
    return frame.target if isinstance(frame, Face) else None


def as_offered(st: CiubState, action: int) -> int:
    """The action on the die named, or on the identical die the legal actions offer instead:
    the rules offer one die of each set of identical dice (same colour, place, face, tray and
    spent mark), so naming any of them means the same move and every label stays usable."""
    if not isinstance(st.current_player, int) or st.current_player < 0:
        return action
    move = st.space.decode(action)
    if move.kind not in DIE_KINDS:
        return action
    legal = st.legal_actions()
    if action in legal:
        return action
    die, rest = move.args[0], move.args[1:]
    frame = st.stack[-1] if st.stack else None
    by = frame.by if isinstance(frame, Target | Face) else None
    for other in range(st.c.num_dice):
        if other == die or by in (die, other) or not _identical(st, die, other):
            continue
        twin = st.space.encode(move.kind, other, *rest)
        if twin in legal:
            return twin
    return action


def _identical(st: CiubState, a: int, b: int) -> bool:
    return (
        st.c.die_colour[a] == st.c.die_colour[b]
        and st.loc[a] == st.loc[b]
        and st.face[a] == st.face[b]
        and st.tray[a] == st.tray[b]
        and st.spent[a] == st.spent[b]
    )


def refuse_face(st: CiubState, source: str) -> None:
    """For a ``face ...`` text the parser could not read, raise IllegalAction saying why in
    this position: an index out of #0..#5, no die being adjusted, or the faces the die being
    adjusted has. Any other text: nothing (the parser's own refusal stands)."""
    words = normalise(source)
    if not words.startswith("face ") or st.is_chance():
        return
    name = words[len("face ") :]
    if name.startswith("#") and name[1:].isdecimal():
        raise IllegalAction(_("there is no face {face} (faces are #0..#5)").format(face=name))
    target = adjusted(st)
    if target is None:
        raise IllegalAction(_("'face ...' only answers which face to adjust a die to"))
    colour = st.c.colours[st.c.die_colour[target]]
    shown = ", ".join(face_text(colour.faces[i]) for i in colour.distinct_faces)
    raise IllegalAction(
        _("a {colour} die has no face {face} (faces: {faces})").format(
            colour=colour.name, face=repr(name), faces=shown
        )
    )
