"""Terminal rendering with ``rich``, from the viewer's view only: the pending decision, the
professors, the runes on display with their patterns, and each player's grid (coloured dice,
the disc's colour on each side), storage, cards and points."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from grimoire.core.i18n import N_
from grimoire.games.runika.state import RunikaState
from grimoire.games.runika.text import _

STYLE = {"G": "bold green", "R": "bold red", "B": "bold blue", "Y": "bold yellow"}
# what the codes of this screen mean, said on it
DICE_LEGEND = N_(
    "Dice: colour letter + face (G green, R red, B blue, Y yellow; 1 a 1 face, e element, "
    "r rotate, f flame, ? not rolled yet: Be = a blue die showing its element); .. an empty "
    "cell"
)
PATTERN_LEGEND = N_(
    "Patterns: G R B Y a die of that colour; P dice of one colour, the same for every P; "
    ". anything or nothing; K (mastery runes) empty or a die of another colour. A pattern may "
    "be turned, never mirrored. Timing: C continuous, R once per round, F flip once per game"
)
PATTERN_STYLE = STYLE | {"P": "bold magenta", "K": "bold white on grey23", ".": "dim"}


def die(text: str | None) -> Text:
    if text is None:
        return Text("..", style="dim")
    return Text(text, style=STYLE.get(text[0], ""))


def pattern(rows: list[str]) -> Text:
    out = Text()
    for i, row in enumerate(rows):
        if i:
            out.append("\n")
        for code in row:
            out.append(code + " ", style=PATTERN_STYLE.get(code, ""))
    return out


def rune_line(info: dict[str, Any]) -> Text:
    head = _("{name} ({points} pt, {timing}, starting rune)") if info["start"] else None
    head = head or _("{name} ({points} pt, {timing})")
    line = Text(head.format(name=info["name"], points=info["points"], timing=info["timing"]))
    line.append(f" {info['ability']}", style="italic")
    return line


def grid_block(seat: dict[str, Any]) -> Text:
    sides = {side: letter for side, letter in seat["sides"].items()}
    out = Text("       ")
    out.append(" ".join([sides["top"]] * 4), style=STYLE[sides["top"]])
    out.append("\n")
    for r, row in enumerate(seat["grid"]):
        out.append(f"  {sides['left']}  ", style=STYLE[sides["left"]])
        for cell in row:
            out.append_text(die(cell))
            out.append(" ")
        out.append(f" {sides['right']}", style=STYLE[sides["right"]])
        out.append(f"   {r + 1}\n")
    out.append("       ")
    out.append(" ".join([sides["bottom"]] * 4), style=STYLE[sides["bottom"]])
    out.append("\n       a  b  c  d")
    return out


def render(st: RunikaState, seat: int | None) -> Group:
    """The table as ``seat`` sees it (None: a spectator): heading, pending decision, middle,
    professors, runes, then one row per seat."""
    view = st.view(seat)
    parts: list[Any] = [heading(view), Text(view["prompt"], style="italic")]
    if view["middle"]:
        parts.append(
            Text(_("middle: ")).append_text(Text(" ").join(die(d) for d in view["middle"]))
        )
    parts.append(professors(view))
    if view["below_luniorn"] is not None:
        parts.append(Text(_("below Luniorn: {dice}").format(dice=" ".join(view["below_luniorn"]))))
    runes = rune_table(view)
    if runes.row_count:
        parts.append(runes)
    parts.append(seat_table(view, seat))
    parts.append(Text(_(DICE_LEGEND), style="dim"))
    if runes.row_count:
        parts.append(Text(_(PATTERN_LEGEND), style="dim"))
    return Group(*parts)


def heading(view: dict[str, Any]) -> Text:
    """Round, initiative, goal, bag and decks."""
    bag = view["bag"]
    hidden = _("{count} hidden").format(count=view["bag_total"])
    bag_text = " ".join(f"{k}{v}" for k, v in bag.items()) if bag else hidden
    goal = (
        _("goal {goal}; ").format(goal=view["goal"])
        if view["goal"] is not None
        else _("goal: the solo runes; ")
    )
    return Text(
        _("Runika - round {round}, initiative seat {seat}, ").format(
            round=view["round"], seat=view["initiative"] + 1
        )
        + goal
        + _("bag {bag}; rune deck {deck}, achievements {left}").format(
            bag=bag_text, deck=view["deck"], left=view["achievements_left"]
        ),
        style="bold",
    )


def professors(view: dict[str, Any]) -> Text:
    """The professors in play, the dice on them and their prestige tokens."""
    profs = Text(_("professors: "))
    for prof in view["professors"]:
        if not prof["in_play"]:
            continue
        profs.append(f"{prof['name']}[{prof['colour']}] ")
        profs.append_text(Text(" ").join(die(d) for d in prof["dice"]) or Text("-", style="dim"))
        profs.append(_(" tokens {tokens}  ").format(tokens=prof["tokens"]))
    return profs


def rune_table(view: dict[str, Any]) -> Table:
    """The runes on display (a stack's size) and the mastery runes (their owner)."""
    runes = Table(show_header=True, header_style="bold", expand=False)
    for column in (_("rune"), _("pattern"), _("about")):
        runes.add_column(column, overflow="fold")  # Japanese has no spaces to wrap at
    for slot in view["display"]:
        if slot["rune"]:
            name = slot["rune"]["id"] + (f" x{slot['stack']}" if slot["stack"] > 1 else "")
            runes.add_row(name, pattern(slot["rune"]["pattern"]), rune_line(slot["rune"]))
    for entry in view["mastery"]:
        owner = (
            "" if entry["owner"] is None else _(" (seat {seat})").format(seat=entry["owner"] + 1)
        )
        runes.add_row(
            entry["rune"]["id"] + owner, pattern(entry["rune"]["pattern"]), rune_line(entry["rune"])
        )
    return runes


def seat_table(view: dict[str, Any], seat: int | None) -> Table:
    """One row per seat: who, the grid, storage and cards."""
    seats = Table(show_header=True, header_style="bold", expand=False)
    for column in (_("seat"), _("grid"), _("storage and cards")):
        seats.add_column(column, overflow="fold")
    for s, info in enumerate(view["seats"]):
        # counted from 1, as people count seats
        who = f"{s + 1}" + (_(" (you)") if s == seat else "")
        who += "\n" + _("{points} pts").format(points=info["score"])
        who += "\n" + _("charm") if view["charm"] == s else ""
        seats.add_row(Text(who), grid_block(info), seat_cards(info))
    return seats


def seat_cards(info: dict[str, Any]) -> Text:
    """A seat's storage, pocket, quick-draft hand, tokens and cards, one per line."""
    cards = Text(_("store: ")).append_text(Text(" ").join(die(d) for d in info["store"]))
    if info["pocket"]:
        cards.append("  " + _("pocket") + " ").append_text(die(info["pocket"]))
    if info["quick_hand"]:
        hand = [d if d is None else d + "?" for d in info["quick_hand"]]
        shown = " ".join("?" if d is None else d for d in hand)
        cards.append("\n" + _("quick hand: {dice}").format(dice=shown))
    cards.append(
        "\n"
        + _("tokens {tokens}, prestige left {left}").format(
            tokens=info["tokens"], left=info["prestige_left"]
        )
    )
    for line in card_lines(info):
        cards.append("\n" + line)
    return cards


def card_lines(info: dict[str, Any]) -> list[str]:
    """A seat's runes (flipped or used), achievements, secret runes and sealed claims."""
    lines = []
    for rune in info["runes"]:
        mark = _("flipped") if rune["flipped"] else _("used") if rune["used"] else ""
        card = _("{name} {points}pt").format(name=rune["name"], points=rune["points"])
        lines.append(card + (f" ({mark})" if mark else ""))
    for ach in info["achievements"]:
        card = _("{name} {points}pt").format(name=ach["name"], points=ach["points"])
        lines.append(card + (" (" + _("flipped") + ")" if ach["flipped"] else ""))
    for entry in info["secret"]:
        name = entry["rune"]["name"] if entry["rune"] else "?"
        gained = " (" + _("gained") + ")" if entry["gained"] else ""
        lines.append(_("secret: {name}").format(name=name) + gained)
    if info["claims"]:
        claimed = ", ".join(c or "?" for c in info["claims"])
        lines.append(_("sealed claims: {runes}").format(runes=claimed))
    return lines
