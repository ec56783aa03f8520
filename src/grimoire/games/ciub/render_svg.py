"""A self-contained SVG of a Ciúb position (``grimoire render -o board.svg``, RL pictures).

Drawn from ``state.view(seat)`` only, so it shows exactly what that seat may see: the card
rows with their markers, the pile counts, the supply, and each seat's dice (tray framed) and
claimed cards. Parts carry ``data-`` attributes named like the actions' JSON fields:
``data-card``, ``data-die`` (a label such as ``W1``), ``data-colour``, ``data-seat``.
No scripts, fonts or external files.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from grimoire.core.i18n import N_, translator
from grimoire.core.state import State

_ = translator("ciub", Path(__file__).parent / "locale")

FILL = {
    "white": "#f4f4f4",
    "yellow": "#f2cf1d",
    "orange": "#f08a24",
    "red": "#cf2e2e",
    "green": "#2e8b3e",
    "purple": "#6c3a9c",
    "blue": "#2b5cc9",
}
INK = {"white": "#222", "yellow": "#222", "orange": "#222"}  # dark text on light dice
SEAT = ("#c0392b", "#1f8a9e", "#b8860b", "#2e7d32")
FACE = {
    "swap": N_("swap"),
    "reroll": N_("re-roll"),
    "adjust": N_("adjust"),
    "two_for_one": "2:1",
    "skull": N_("skull"),
}
MIN_WIDTH = 820
CARD_W, CARD_H, GAP = 112, 74, 10
DIE = 30


def render(state: State, seat: int | None) -> str:
    view = state.view(seat)
    rows_h = 2 * (CARD_H + 34)
    seats: list[dict[str, Any]] = view["seats"]
    most_dice = max((len(info["dice"]) for info in seats), default=0)
    most_cards = max(len(view["top"]), len(view["bottom"]))
    width = max(MIN_WIDTH, 250 + most_dice * (DIE + 6), 32 + most_cards * (CARD_W + GAP))
    height = 70 + rows_h + 60 + len(seats) * 64 + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif" class="ciub" '
        f'data-viewer="{"" if seat is None else seat}">',
        f'<rect width="{width}" height="{height}" fill="#f6f1e7"/>',
        _text(16, 28, 18, "#222", "Ciúb", bold=True, anchor="start"),
        _text(80, 28, 13, "#444", _status(view), anchor="start"),
    ]
    pile = view["pile"]
    pile_line = _("Pile: B {b}  C {c}  D {d} (Opus Magnum)").format(
        b=pile["B"], c=pile["C"], d=pile["D"]
    )
    if view["endgame"]["triggered"]:
        pile_line += "  - " + _("the end has begun")
    out.append(_text(16, 50, 12, "#555", pile_line, anchor="start"))
    y = 70
    for title, cards in ((_("Top row"), view["top"]), (_("Bottom row"), view["bottom"])):
        out.append(_text(16, y + 14, 13, "#333", title, bold=True, anchor="start"))
        for index, card in enumerate(cards):
            out.append(_card(card, 16 + index * (CARD_W + GAP), y + 22))
        y += CARD_H + 34
    out.append(_text(16, y + 16, 13, "#333", _("Supply"), bold=True, anchor="start"))
    for index, (colour, count) in enumerate(view["supply"].items()):
        x = 80 + index * 70
        out.append(
            f'<g class="supply" data-colour="{colour}">'
            f'<rect x="{x}" y="{y + 2}" width="{DIE}" height="{DIE}" rx="5" fill="{FILL[colour]}" '
            f'stroke="#555"/>'
            + _text(x + DIE / 2, y + 22, 14, INK.get(colour, "#fff"), str(count), bold=True)
            + "</g>"
        )
    y += 60
    for info in seats:
        out.append(_seat(view, info, seat, y, width))
        y += 64
    out.append(
        _text(
            16,
            y + 16,
            11,
            "#666",
            _(
                "Framed dice are in the tray; pale dice have acted; a blank die is not rolled. "
                "Card: its need, its VP; a coloured bar is a marker."
            ),
            anchor="start",
        )
    )
    out.append("</svg>")
    return "\n".join(out)


def vp(points: int) -> str:
    return _("{vp} VP").format(vp=points)


def _status(view: dict[str, Any]) -> str:
    if view["phase"] == "over":
        return _("Game over.")
    return _("seat {seat} to play: {help}").format(seat=view["turn"] + 1, help=view["phase_help"])


def _text(
    x: float,
    y: float,
    size: int,
    fill: str,
    text: str,
    *,
    bold: bool = False,
    anchor: str = "middle",
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}"{weight} '
        f'fill="{fill}">{escape(text)}</text>'
    )


def _card(card: dict[str, Any], x: float, y: float) -> str:
    marker = card["marker"]
    parts = [
        f'<g class="card" data-card="{card["id"]}"'
        + ("" if marker is None else f' data-marker="{marker}"')
        + "><title>"
        + escape(
            _("card {card}: needs {need}, {vp} VP").format(
                card=card["id"], need=card["need"], vp=card["vp"]
            )
        )
        + "</title>",
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffdf7" '
        'stroke="#8a7d63" stroke-width="1.5"/>',
        _text(x + 8, y + 15, 11, "#777", f"{card['id']} ({card['letter']})", anchor="start"),
        _text(x + CARD_W - 8, y + 15, 12, "#2e7d32", vp(card["vp"]), bold=True, anchor="end"),
        _text(x + CARD_W / 2, y + 44, 15, "#222", card["name"] or card["need"], bold=True),
    ]
    if card["owl"]:
        parts.append(_text(x + 8, y + CARD_H - 8, 11, "#7a5c2e", _("owl"), anchor="start"))
    if marker is not None:
        colour = SEAT[marker % len(SEAT)]
        parts.append(
            f'<rect x="{x}" y="{y + CARD_H - 6}" width="{CARD_W}" height="6" fill="{colour}"/>'
        )
        parts.append(
            _text(
                x + CARD_W - 8,
                y + CARD_H - 10,
                11,
                colour,
                _("seat {seat}").format(seat=marker + 1),
                anchor="end",
            )
        )
    parts.append("</g>")
    return "".join(parts)


def _die(die: dict[str, Any], x: float, y: float) -> str:
    colour = die["colour"]
    ink = INK.get(colour, "#fff")
    face = die["face"]
    shown = "" if face is None else _(FACE[face]) if face in FACE else face
    frame = ' stroke="#111" stroke-width="3"' if die["tray"] else ' stroke="#666"'
    extra = (' data-tray="1"' if die["tray"] else "") + (' opacity="0.5"' if die["spent"] else "")
    return (
        f'<g class="die" data-die="{die["label"]}" data-colour="{colour}"{extra}>'
        f'<rect x="{x}" y="{y}" width="{DIE}" height="{DIE}" rx="5" fill="{FILL[colour]}"{frame}/>'
        + _text(x + DIE / 2, y + 20, 14 if len(shown) <= 2 else 8, ink, shown, bold=True)
        + _text(x + DIE / 2, y + DIE + 11, 9, "#444", die["label"])
        + "</g>"
    )


def _seat(
    view: dict[str, Any], info: dict[str, Any], viewer: int | None, y: float, width: int
) -> str:
    seat = info["seat"]
    name = _("seat {seat}").format(seat=seat + 1) + (_(" (you)") if seat == viewer else "")
    if seat == view["turn"] and view["phase"] != "over":
        name = "▶ " + name
    claimed = ", ".join(str(card["id"]) for card in info["claimed"]) or "-"
    parts = [
        f'<g class="seat" data-seat="{seat}">',
        f'<rect x="10" y="{y}" width="{width - 20}" height="56" rx="6" fill="#fff" '
        f'stroke="{SEAT[seat % len(SEAT)]}" stroke-width="1.5"/>',
        _text(20, y + 20, 13, SEAT[seat % len(SEAT)], name, bold=True, anchor="start"),
        _text(
            20,
            y + 40,
            12,
            "#333",
            _("{vp}, cards {cards}").format(vp=vp(info["vp"]), cards=claimed),
            anchor="start",
        ),
    ]
    free = [die for die in info["dice"] if not die["tray"]]
    tray = [die for die in info["dice"] if die["tray"]]
    x = 190.0
    for die in free:
        parts.append(_die(die, x, y + 6))
        x += DIE + 6
    if tray:
        x += 14
        parts.append(_text(x, y + 14, 10, "#555", _("tray"), anchor="start"))
        x += 28
        for die in tray:
            parts.append(_die(die, x, y + 6))
            x += DIE + 6
    parts.append("</g>")
    return "".join(parts)
