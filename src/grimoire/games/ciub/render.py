"""Terminal rendering of a Ciúb position with ``rich``: rows, markers, dice, tray, supply."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from grimoire.games.ciub.state import CiubState
from grimoire.games.ciub.text import face_text, phase_help

STYLE = {
    "white": "bold black on white",
    "yellow": "bold black on yellow",
    "orange": "bold black on dark_orange",
    "red": "bold white on red3",
    "green": "bold white on green4",
    "purple": "bold white on purple4",
    "blue": "bold white on blue3",
}
SEAT_STYLE = ("red", "cyan", "yellow", "green")
FACE_GLYPH = {"swap": "⇄", "reroll": "↻", "adjust": "✎", "two_for_one": "2:1", "skull": "☠"}


def die_text(s: CiubState, die: int) -> Text:
    c = s.c
    colour = c.colours[c.die_colour[die]].name
    face = "·" if s.face[die] < 0 else c.face_symbol(die, s.face[die])
    glyph = FACE_GLYPH.get(face, face)
    style = STYLE[colour] + (" dim" if s.spent[die] else "")
    return Text(f"{c.die_label[die]}:{glyph}", style=style)


def card_text(s: CiubState, card_id: int) -> Text:
    card = s.c.cards[card_id]
    owner = next((seat for seat, m in enumerate(s.marker) if m == card_id), None)
    text = Text(f"[{card_id:>2}] ", style="bold")
    text.append(card.label, style="bold magenta")
    text.append(f" {card.vp}VP", style="green")
    if card.owl:
        text.append(" 🦉")
    if owner is not None:
        text.append(f" ◆seat{owner}", style=SEAT_STYLE[owner % 4])
    return text


def render(s: CiubState, seat: int | None) -> Group:
    parts: list[object] = []
    rows = Table.grid(padding=(0, 2))
    rows.add_column(style="bold")
    rows.add_column()
    pile = s.pile
    rows.add_row(
        "Pile",
        Text(
            f"B {len(pile['B'])}  C {len(pile['C'])}  D {len(pile['D'])} (Opus Magnum)"
            + ("  — the end has begun!" if s.triggered else "")
        ),
    )
    rows.add_row("Top row", Text("  ").join(card_text(s, i) for i in s.top) or Text("—"))
    rows.add_row("Bottom row", Text("  ").join(card_text(s, i) for i in s.bottom) or Text("—"))
    supply = Text()
    for colour in s.c.colours:
        count = sum(
            1 for d, where in enumerate(s.loc) if where == -1 and s.c.die_colour[d] == colour.index
        )
        supply.append(f" {colour.name} {count} ", style=STYLE[colour.name])
        supply.append(" ")
    rows.add_row("Supply", supply)
    parts.append(rows)

    players = Table(title=None, show_lines=False, expand=False)
    players.add_column("Seat")
    players.add_column("VP", justify="right")
    players.add_column("Dice")
    players.add_column("Tray")
    players.add_column("Cards")
    for other in range(s.game.players):
        mine = [d for d, where in enumerate(s.loc) if where == other]
        free = Text(" ").join(die_text(s, d) for d in mine if not s.tray[d])
        tray = Text(" ").join(die_text(s, d) for d in mine if s.tray[d])
        name = f"seat {other}" + (" (you)" if other == seat else "")
        if other == s.turn and not s.is_terminal():
            name = "▶ " + name
        cards = ", ".join(str(i) for i in s.claimed[other]) or "—"
        players.add_row(
            Text(name, style=SEAT_STYLE[other % 4]), str(s.vp(other)), free, tray, cards
        )
    parts.append(players)
    if s.is_terminal():
        parts.append(Text("Game over.", style="bold"))
    else:
        status = Text(f"Seat {s.turn}: {phase_help(s)}", style="italic")
        if s.opus_holder is not None:
            status.append(
                f"   Final turns: seat {s.opus_holder} holds the Opus Magnum; "
                f"still to play: {', '.join(map(str, s.final_left))}",
                style="bold yellow",
            )
        parts.append(status)
    return Group(*parts)  # type: ignore[arg-type]


def legend() -> str:
    return "Faces: " + ", ".join(f"{glyph} {face_text(face)}" for face, glyph in FACE_GLYPH.items())
