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

from grimoire.games.fatal.state import FatalState

STYLE = {"red": "bold red", "yellow": "bold yellow", "blue": "bold blue", "green": "bold green"}
STYLE["violet"] = "bold magenta"
LETTER_STYLE = {"R": "red", "Y": "yellow", "B": "blue", "G": "green", "V": "magenta"}
ORIENT = {"straight": "^", "reversed": "v", "sideways": ">"}
LEGEND = "^ straight: type  v reversed: ONE/SECOND  > sideways: tip stars  * a star"


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
        "sideways": "tip",
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
        return Text("Your hand: (empty)", style="bold")
    comp = st.comp
    table = Table(title="Your hand", title_justify="left", header_style="bold", expand=False)
    for column in ("card", "^ straight", "v reversed", "> sideways", "symbol"):
        table.add_column(column)
    for name in hand:
        kind = comp.card_by_name(name)
        if kind is None or not comp.is_vision(kind):
            text = comp.enchantment(kind).text if kind is not None else ""
            table.add_row(name, Text(text, style="italic"), "", "", "")
            continue
        v = comp.visions[kind]
        table.add_row(
            name,
            stars(v.type, v.head_stars),
            stars("SECOND" if v.second else "ONE", v.foot_stars),
            stars("tip", v.tip_stars),
            v.symbol,
        )
    return table


def render(st: FatalState, seat: int | None) -> Group:
    view = st.view(seat)
    parts: list[Any] = []
    head = Text(f"F.A.T.A.L. - round {view['round']}", style="bold")
    if view["turn"] >= 0:
        head.append(f", seat {view['turn']}'s turn")
    if seat is not None:
        head.append(f" - you are seat {seat}")
    parts.append(head)
    parts.append(Text(view["prompt"], style="italic"))
    deck = view["treasure_deck"]
    shelf = Text("Display: ")
    for slot, name in enumerate(view["display"]):
        shelf.append(f"{slot + 1}:")
        shelf.append_text(treasure_text(name))
        shelf.append("  ")
    shelf.append(
        f"| treasure deck {deck['count']} (the Queen is among the last "
        f"{max(deck['count'] - deck['above_queen_pool'], 0)})"
        if not deck["queen_revealed"]
        else "| the Queen is revealed"
    )
    parts.append(shelf)
    if deck["known_top"]:
        known = ", ".join(f"{k['place']}:{k['treasure']}" for k in deck["known_top"])
        parts.append(Text(f"You know the top of the treasure deck: {known}"))
    if deck["under"]:
        parts.append(Text("Under the treasure deck: " + " ".join(deck["under"])))
    parts.append(
        Text(
            f"Playing deck {view['deck_count']}, discard pile {len(view['discard'])}"
            + (f" (top: {view['discard'][-1]})" if view["discard"] else "")
            + (f"; in effect: {', '.join(view['in_effect'])}" if view["in_effect"] else "")
        )
    )

    table = Table(show_header=True, header_style="bold", expand=False)
    for column in ("seat", "character", "hand", "aside", "treasures", "stars"):
        table.add_column(column)
    for entry in view["seats"]:
        s = entry["seat"]
        who = Text(str(s) + (" (you)" if s == seat else ""))
        if entry["out"]:
            who.append(" out", style="dim")
        if entry["character"]:
            char = Text(entry["character"], style=STYLE.get(entry["colour"], ""))
            if entry["revealed"]:
                char.append(" (revealed)", style="dim")
            elif view["phase"] != "over":
                char.append(" (hidden)", style="dim")
        else:
            char = Text("?", style="dim")
        treasures = Text()
        for name in entry["face_up"]:
            treasures.append_text(treasure_text(name))
            treasures.append(" ")
        hidden = entry.get("treasures")
        if hidden is not None:
            for name in hidden:
                treasures.append_text(treasure_text(name))
                treasures.append("(down) ", style="dim")
        else:
            treasures.append(f"{entry['treasure_count']} down", style="dim")
            if entry["known_treasures"]:
                treasures.append(" incl. " + " ".join(entry["known_treasures"]))
        table.add_row(
            who,
            char,
            str(entry["hand_count"]),
            str(entry["aside_count"]),
            treasures,
            str(entry["stars"]),
        )
    parts.append(table)
    for entry in view["seats"]:
        for r, row in enumerate(entry["rows"]):
            line = Text(f"seat {entry['seat']} row {r + 1}: ", style="bold" if r == 0 else "")
            if not row:
                line.append("(empty)", style="dim")
            for i, card in enumerate(row):
                if i:
                    line.append(" | ")
                line.append_text(card_text(card))
            parts.append(line)
    parts.append(Text(LEGEND, style="dim"))
    if seat is not None:
        me = view["seats"][seat]
        parts.append(hand_table(st, me["hand"]))
        for entry in view["seats"]:
            if entry["seat"] != seat and entry["known_hand"]:
                parts.append(
                    Text(f"You know seat {entry['seat']} holds: " + " ".join(entry["known_hand"]))
                )
        looking = view["looking"]
        if looking["cards"]:
            parts.append(Text("You look at: " + " ".join(looking["cards"]), style="bold"))
    if view["round1"] is not None:
        parts.append(Text("Round 1 tally: " + ", ".join(map(str, view["round1"]))))
    if "reveal" in view:
        chosen = view["reveal"]["has_chosen"]
        parts.append(Text(f"Seats that have chosen: {chosen or 'none yet'}"))
    return Group(*parts)
