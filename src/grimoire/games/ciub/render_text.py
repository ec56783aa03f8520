"""Terminal rendering of a Ciúb position with ``rich``: rows, markers, dice, tray, supply,
and a legend of the symbols. Card rows wrap between cards, never inside one."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from grimoire.core.i18n import N_, percent
from grimoire.games.ciub.state import CiubState
from grimoire.games.ciub.text import _, colour_shown, phase_help
from grimoire.games.ciub.view import check_seat

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


def die_text(st: CiubState, die: int) -> Text:
    c = st.c
    colour = c.colours[c.die_colour[die]].name
    face = "·" if st.face[die] < 0 else c.face_symbol(die, st.face[die])
    glyph = FACE_GLYPH.get(face, face)
    style = STYLE[colour] + (" dim" if st.spent[die] else "")
    return Text(f"{c.die_label[die]}:{glyph}", style=style)


def odds_text(row: dict[str, Any] | None) -> Text:
    """The odds shown after a card (``odds.glance``): ``⚀12%`` the first roll alone meets
    it, ``53%`` the best-play chance this turn, nothing when neither is known."""
    if row is None:
        return Text()
    if row.get("met"):  # the tray meets it now: stopping claims it
        return Text(" ✓", style="bold green")
    if row["first_roll"] is not None:
        return Text(f" ⚀{percent(row['first_roll'])}", style="cyan")
    if row["turn"] is not None:
        return Text(f" {percent(row['turn'])}", style="bold cyan")
    return Text()


def card_text(st: CiubState, card_id: int, odds: dict[int, dict[str, Any]] | None = None) -> Text:
    card = st.c.cards[card_id]
    owner = next((seat for seat, m in enumerate(st.marker) if m == card_id), None)
    text = Text(f"[{card_id:>2}] ", style="bold")
    text.append(card.label, style="bold magenta")
    text.append(f" {card.vp}VP", style="green")
    if card.owl:
        text.append(" 🦉")
    if owner is not None:
        # counted from 1, as people count seats
        marker = _("seat{seat}").format(seat=owner + 1)
        text.append(" ◆" + marker, style=SEAT_STYLE[owner % 4])
    text.append_text(odds_text((odds or {}).get(card_id)))
    return text


class Flow:
    """Items side by side, wrapped onto the next line between items only (a card or a die
    is never split over two lines)."""

    def __init__(self, items: Sequence[Text], gap: int = 2) -> None:
        self.items = list(items)
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self._lines(options.max_width):
            yield from line.render(console)
            yield Segment.line()

    def _lines(self, width: int) -> Iterator[Text]:
        line = Text()
        for item in self.items:
            if line and line.cell_len + self.gap + item.cell_len > width:
                yield line
                line = Text()
            if line:
                line.append(" " * self.gap)
            line.append_text(item)
        if line or not self.items:
            yield line or Text("—")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> object:
        from rich.measure import Measurement

        widest = max((item.cell_len for item in self.items), default=1)
        whole = sum(item.cell_len for item in self.items) + self.gap * max(len(self.items) - 1, 0)
        return Measurement(min(widest, options.max_width), min(whole, options.max_width))


LEGEND = N_(
    "Legend: W1:4 die W1 shows 4 (W Y O R G P B: white yellow orange red green purple blue), "
    "· not rolled, dim: acted; ⇄ swap ↻ re-roll ✎ adjust 2:1 two-for-one ☠ skull; "
    "[13] 1,3,5,7 6VP card 13, its need, its VP; 🦉 owl; ◆ marker; ▶ to play"
)


ODDS_LEGEND = N_(
    "Odds for seat {seat}, exact: after ⚀ the chance that its first roll alone meets the card; "
    "✓ the tray meets it now (stop, then claim it); a plain percentage: the chance of meeting "
    "it this turn with the best play from here (shown once few dice are left to roll): even a "
    "sure thing still needs the right dice set aside, and stopping now claims nothing"
)


def render(st: CiubState, seat: int | None) -> Group:
    """What ``seat`` (None: a spectator) sees; IllegalAction for a seat the game lacks."""
    check_seat(st, seat)
    aids = st.game.aids(st, seat)
    odds = {row["card"]: row for row in aids.get("cards", [])}
    parts: list[object] = [board(st, odds), seats(st, seat), status(st)]
    parts.append(Text(_(LEGEND), style="dim"))
    if any(odds_text(row).plain for row in odds.values()):
        parts.append(Text(_(ODDS_LEGEND).format(seat=aids["seat"] + 1), style="dim"))
    return Group(*parts)  # type: ignore[arg-type]


def board(st: CiubState, odds: dict[int, dict[str, Any]]) -> Table:
    """The pile, the two card rows (with ``odds``) and the supply."""
    rows = Table.grid(padding=(0, 2))
    rows.add_column(style="bold")
    rows.add_column()
    pile = st.pile
    rows.add_row(
        _("Pile"),
        Text(
            f"B {len(pile['B'])}  C {len(pile['C'])}  D {len(pile['D'])} (Opus Magnum)"
            + (_("  — the end has begun!") if st.triggered else "")
        ),
    )
    rows.add_row(_("Top row"), Flow([card_text(st, i, odds) for i in st.top]))
    rows.add_row(_("Bottom row"), Flow([card_text(st, i, odds) for i in st.bottom]))
    rows.add_row(_("Supply"), supply_text(st))
    return rows


def supply_text(st: CiubState) -> Text:
    """How many dice of each colour the supply holds."""
    supply = Text()
    for colour in st.c.colours:
        count = sum(
            1
            for d, where in enumerate(st.loc)
            if where == -1 and st.c.die_colour[d] == colour.index
        )
        supply.append(f" {colour_shown(colour.name)} {count} ", style=STYLE[colour.name])
        supply.append(" ")
    return supply


def seats(st: CiubState, seat: int | None) -> Table:
    """One line per seat: its VP, free dice, tray and claimed cards (``seat``: you)."""
    players = Table(title=None, show_lines=False, expand=False)
    players.add_column(_("Seat"))
    players.add_column(_("VP"), justify="right")
    players.add_column(_("Dice"))
    players.add_column(_("Tray"))
    players.add_column(_("Cards"))
    for other in range(st.game.players):
        mine = [d for d, where in enumerate(st.loc) if where == other]
        free = Text(" ").join(die_text(st, d) for d in mine if not st.tray[d])
        tray = Text(" ").join(die_text(st, d) for d in mine if st.tray[d])
        name = _("seat {seat}").format(seat=other + 1) + (_(" (you)") if other == seat else "")
        if other == st.turn and not st.is_terminal():
            name = "▶ " + name
        cards = ", ".join(str(i) for i in st.claimed[other]) or "—"
        players.add_row(
            Text(name, style=SEAT_STYLE[other % 4]), str(st.vp(other)), free, tray, cards
        )
    return players


def status(st: CiubState) -> Text:
    """Who is to play and what they are asked, and the final turns; or the game's end."""
    if st.is_terminal():
        return Text(_("Game over."), style="bold")
    line = Text(
        _("Seat {seat}: {help}").format(seat=st.turn + 1, help=phase_help(st)), style="italic"
    )
    if st.opus_holder is not None:
        line.append(
            _("   Final turns: seat {seat} holds the Opus Magnum; still to play: {left}").format(
                seat=st.opus_holder + 1, left=", ".join(str(s + 1) for s in st.final_left)
            ),
            style="bold yellow",
        )
    return line
