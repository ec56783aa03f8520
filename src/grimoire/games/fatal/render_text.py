"""Terminal rendering with ``rich``, built only from ``view(seat)``: what that seat may see.

The pending decision, the display and the treasure deck, then a table of the players (their
character when known, hand and set-aside counts, treasures, stars), each player's rows with
every card's orientation (one line per row, so nothing wraps at 80 columns), and the viewer's
own hand with what each card shows in each orientation, and the facts it knows.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from grimoire.core.i18n import N_
from grimoire.games.fatal.components import Components
from grimoire.games.fatal.state import FatalState
from grimoire.games.fatal.text import _, colour_text

# The words are in the current language (the game's catalogue); card ids, card names, the
# printed type (DRAW, TAKE, STEAL, DISCARD), ONE/SECOND and symbols stay as in the data.

STYLE = {"red": "bold red", "yellow": "bold yellow", "blue": "bold blue", "green": "bold green"}
STYLE["violet"] = "bold magenta"
LETTER_STYLE = {"R": "red", "Y": "yellow", "B": "blue", "G": "green", "V": "magenta"}
ORIENT = {"straight": "^", "reversed": "v", "sideways": ">"}
LEGEND = N_("^ straight: type  v reversed: ONE/SECOND  > sideways: tip stars  * a star")
TREASURE_LEGEND = N_(
    "Treasures: colour letter + value (Y3 = yellow, worth 3; R red, Y yellow, B blue, G green, "
    "V violet); -- an empty slot. Stone beats multiblade beats parchment beats stone"
)

# what the printed trimagic words mean (the types, ONE/SECOND, the count)
TRIMAGIC_LEGEND = N_(
    "Trimagics (a row of 3 cards): DRAW the target gets cards the caster draws; TAKE the target "
    "gets display treasures; STEAL the caster takes random face-down treasures of the target; "
    "DISCARD the target discards random cards. ONE: one target, SECOND: a second one too. 1 "
    "each, 2 when the 2nd card's foot stars and the 3rd card's tip stars make 2"
)


def treasure_text(name: str | None) -> Text:
    if name is None:
        return Text("--", style="dim")
    return Text(name, style=LETTER_STYLE.get(name[:1], "bold white"))


def card_text(card: dict[str, Any]) -> Text:
    """``V07^ DRAW stone *1``: the card, its orientation (^ straight, v reversed, > sideways),
    what that orientation shows and its stars."""
    orient = card["orientation"]
    shows = {
        "straight": card["type"],
        "reversed": card["target"],
        "sideways": _("tip"),
    }[orient]
    text = Text(f"{card['card']}{ORIENT[orient]} {shows} {card['symbol']}")
    if card["stars"]:
        text.append(" " + "*" * card["stars"], style="bold yellow")
    return text


def stars(what: str, count: int) -> str:
    return f"{what} {'*' * count}" if count else what


def hand_table(st: FatalState, hand: list[str]) -> Table | Text:
    """The viewer's hand: each vision with what it shows straight, reversed and sideways; each
    enchantment with its text (card data is public, so this reveals nothing)."""
    if not hand:
        return Text(_("Your hand: (empty)"), style="bold")
    comp = st.comp
    table = Table(title=_("Your hand"), title_justify="left", header_style="bold", expand=False)
    for column in (N_("card"), N_("^ straight"), N_("v reversed"), N_("> sideways"), N_("symbol")):
        table.add_column(_(column), overflow="fold")  # never cut (Japanese has no spaces)
    for name in hand:
        kind = comp.card_by_name(name)
        if kind is None or not comp.is_vision(kind):
            text = _(comp.enchantment(kind).text) if kind is not None else ""  # faces.py
            table.add_row(name, Text(text, style="italic"), "", "", "")
            continue
        v = comp.visions[kind]
        table.add_row(
            name,
            stars(v.type, v.head_stars),
            stars("SECOND" if v.second else "ONE", v.foot_stars),
            stars(_("tip"), v.tip_stars),
            v.symbol,
        )
    return table


def render(st: FatalState, seat: int | None) -> Group:
    view = st.view(seat)
    parts: list[Any] = [_heading(view, seat), Text(view["prompt"], style="italic")]
    parts += _treasure_deck(view)
    parts.append(_piles(view))
    parts.append(_players(view, seat))
    if seat is not None:
        parts.append(_secret(st.comp, view, seat))
    parts += _rows(view)
    parts.append(Text(_(LEGEND), style="dim"))
    parts.append(Text(_(TREASURE_LEGEND), style="dim"))
    parts.append(Text(_(TRIMAGIC_LEGEND), style="dim"))
    if seat is not None:
        parts += _private(st, view, seat)
    parts += _round_notes(view)
    return Group(*parts)


def _secret(comp: Components, view: dict[str, Any], seat: int) -> Text:
    """The viewer's own character, always on screen: its colour (the treasures that score by
    the chart once revealed) and its opposing sign."""
    me = view["seats"][seat]
    if not me["character"]:
        return Text(_("Your character is not dealt yet."), style="dim")
    colour = colour_text(me["colour"])
    line = Text(_("You are "), style="bold")
    line.append(
        _("{sign} ({colour})").format(sign=me["character"], colour=colour),
        style=STYLE.get(me["colour"], ""),
    )
    if not me["revealed"]:
        line.append(_(", secret"), style="dim")
    rival = comp.sign_by_name(me["opposing"])
    rival_colour = colour_text(comp.signs[rival].colour) if rival is not None else "?"
    line.append(
        _(
            "; your opposing sign: {rival} ({rival_colour}). Revealed, your {colour} treasures "
            "score by the chart {chart}."
        ).format(
            rival=me["opposing"],
            rival_colour=rival_colour,
            colour=colour,
            chart=", ".join(map(str, comp.chart)),
        )
    )
    return line


def _heading(view: dict[str, Any], seat: int | None) -> Text:
    head = Text(_("F.A.T.A.L. - round {round}").format(round=view["round"]), style="bold")
    if view["turn"] >= 0:
        head.append(_(", seat {seat}'s turn").format(seat=view["turn"] + 1))
    if seat is not None:
        head.append(_(" - you are seat {seat}").format(seat=seat + 1))
    return head


def _treasure_deck(view: dict[str, Any]) -> list[Text]:
    """The display, the treasure deck's count and where the Queen lies, and what the viewer
    knows of its top and bottom."""
    deck = view["treasure_deck"]
    shelf = Text(_("Display: "))
    for slot, name in enumerate(view["display"]):
        shelf.append(f"{slot + 1}:")
        shelf.append_text(treasure_text(name))
        shelf.append("  ")
    shelf.append(
        _("| treasure deck {count} (the Queen is among the last {last})").format(
            count=deck["count"], last=max(deck["count"] - deck["above_queen_pool"], 0)
        )
        if not deck["queen_revealed"]
        else _("| the Queen is revealed")
    )
    lines = [shelf]
    if deck["known_top"]:
        known = ", ".join(f"{k['place']}:{k['treasure']}" for k in deck["known_top"])
        lines.append(Text(_("You know the top of the treasure deck: {known}").format(known=known)))
    if deck["under"]:
        lines.append(
            Text(_("Under the treasure deck: {cards}").format(cards=" ".join(deck["under"])))
        )
    return lines


def _piles(view: dict[str, Any]) -> Text:
    piles = _("Playing deck {deck}, discard pile {discard}").format(
        deck=view["deck_count"], discard=len(view["discard"])
    )
    if view["discard"]:
        piles += _(" (top: {card})").format(card=view["discard"][-1])
    if view["in_effect"]:
        piles += _("; in effect: {cards}").format(cards=", ".join(view["in_effect"]))
    return Text(piles)


def _players(view: dict[str, Any], seat: int | None) -> Table:
    """One line per player: who, character, hand and set-aside counts, treasures, stars."""
    table = Table(show_header=True, header_style="bold", expand=False)
    columns = (N_("seat"), N_("character"), N_("hand"), N_("aside"), N_("treasures"), N_("stars"))
    for column in columns:
        table.add_column(_(column), overflow="fold")  # never cut (Japanese has no spaces)
    bonus = view["turn_state"]["bonus"]
    for entry in view["seats"]:
        table.add_row(
            _who(entry, seat),
            _character(entry, view["phase"], entry["seat"] == seat),
            str(entry["hand_count"]),
            str(entry["aside_count"]),
            _treasures(entry),
            _stars(entry, bonus if entry["seat"] == view["turn"] else 0),
        )
    return table


def _stars(entry: dict[str, Any], bonus: int) -> Text:
    """The stars as the game counts them for the treasure check: the rows', plus Falling
    Star's 2 for the seat whose turn it is."""
    if not bonus:
        return Text(str(entry["stars"]))
    return Text(
        _("{total} ({stars} + {bonus} Falling Star)").format(
            total=entry["stars"] + bonus, stars=entry["stars"], bonus=bonus
        )
    )


def _who(entry: dict[str, Any], seat: int | None) -> Text:
    s = entry["seat"]
    # counted from 1, as people count seats (as every text of the game does)
    who = Text(str(s + 1) + (_(" (you)") if s == seat else ""))
    if entry["out"]:
        who.append(_(" out"), style="dim")
    return who


def _character(entry: dict[str, Any], phase: str, mine: bool) -> Text:
    """A character as the viewer knows it, always with its colour: ``Lichtenborn (yellow)``;
    ``revealed`` when everyone sees it, ``seen`` when the viewer alone unmasked it."""
    if not entry["character"]:
        return Text("?", style="dim")
    char = Text(
        _("{sign} ({colour})").format(sign=entry["character"], colour=colour_text(entry["colour"])),
        style=STYLE.get(entry["colour"], ""),
    )
    if entry["revealed"]:
        char.append(_(" revealed"), style="dim")
    elif not mine and phase != "over":
        char.append(_(" seen by you"), style="dim")
    return char


def _treasures(entry: dict[str, Any]) -> Text:
    """Face-up treasures, then the face-down ones as far as the viewer knows them."""
    treasures = Text()
    for name in entry["face_up"]:
        treasures.append_text(treasure_text(name))
        treasures.append(" ")
    hidden = entry.get("treasures")
    if hidden is not None:
        for name in hidden:
            treasures.append_text(treasure_text(name))
            treasures.append(_("(down) "), style="dim")
        return treasures
    treasures.append(_("{count} down").format(count=entry["treasure_count"]), style="dim")
    if entry["known_treasures"]:
        treasures.append(
            _(" incl. {treasures}").format(treasures=" ".join(entry["known_treasures"]))
        )
    return treasures


def _rows(view: dict[str, Any]) -> list[Text]:
    """Every player's rows, one line each, every card with its orientation."""
    lines = []
    for entry in view["seats"]:
        for r, row in enumerate(entry["rows"]):
            line = Text(
                _("seat {seat} row {row}: ").format(seat=entry["seat"] + 1, row=r + 1),
                style="bold" if r == 0 else "",
            )
            if not row:
                line.append(_("(empty)"), style="dim")
            for i, card in enumerate(row):
                if i:
                    line.append(" | ")
                line.append_text(card_text(card))
            lines.append(line)
    return lines


def _private(st: FatalState, view: dict[str, Any], seat: int) -> list[Any]:
    """What the viewer alone sees: its hand, the hands it knows, the cards it looks at."""
    parts: list[Any] = [hand_table(st, view["seats"][seat]["hand"])]
    for entry in view["seats"]:
        if entry["seat"] != seat and entry["known_hand"]:
            parts.append(
                Text(
                    _("You know seat {seat} holds: {cards}").format(
                        seat=entry["seat"] + 1, cards=" ".join(entry["known_hand"])
                    )
                )
            )
    looking = view["looking"]
    if looking["cards"]:
        cards = " ".join(looking["cards"])
        parts.append(Text(_("You look at: {cards}").format(cards=cards), style="bold"))
    return parts


def _round_notes(view: dict[str, Any]) -> list[Text]:
    """The round-1 tally, and who has chosen at the sealed reveal."""
    notes = []
    if view["round1"] is not None:
        tally = ", ".join(map(str, view["round1"]))
        notes.append(Text(_("Round 1 tally: {tally}").format(tally=tally)))
    if "reveal" in view:
        chosen = ", ".join(str(s + 1) for s in view["reveal"]["has_chosen"])
        notes.append(
            Text(_("Seats that have chosen: {seats}").format(seats=chosen or _("none yet")))
        )
    return notes
