"""A self-contained SVG of the board and the players' areas, for Python and the browser.

Clickable parts carry ``data-`` attributes named like the fields of the actions' JSON
(``state.action_to_json``), so a client can match a click to the legal actions:

* nodes ``<g class="node" id="node-<id>" data-node="<id>" data-kind="seal|scroll|hall">``, with
  ``data-reach="1"`` / ``data-breakable="1"`` on the targets of the viewer (or player to act);
* dice ``<g class="die" data-colour="R" data-value="4" data-owner="0" data-kind="die|their">``
  (``die`` for the player to act's own dice, ``their`` for the others');
* the supply ``<g class="supply" data-colour="R" data-kind="take">``;
* scrolls ``<g class="scroll" data-card="Growth of Fire" data-owner="0" data-up="1"
  data-kind="use|scroll">``;
* players' areas, mages and familiars ``data-seat="<seat>"`` (choosing an opponent).

Seats are numbered from 1 where a person reads them (labels), from 0 in ``data-`` attributes.

No scripts, fonts or external files.
"""

from __future__ import annotations

import math
from html import escape

from grimoire.core.i18n import N_, language, percent
from grimoire.games.five_seals import scoring
from grimoire.games.five_seals.chance import ROMAN
from grimoire.games.five_seals.components import colour, strength
from grimoire.games.five_seals.odds import seal_odds
from grimoire.games.five_seals.reach import breakable, targets
from grimoire.games.five_seals.render_text import describe_prompt
from grimoire.games.five_seals.state import FiveSealsState
from grimoire.games.five_seals.text import _, colour_name, element
from grimoire.games.five_seals.view import focus

FILL = ("#d7352b", "#2f6fd1", "#e8c21c", "#3e9a47", "#8e44ad")
PALE = ("#f4c6c2", "#c6d6f3", "#f7ecb5", "#c8e6ca", "#e2cdec")
SEAT = ("#222222", "#f08c00", "#00a6a6", "#d6336c", "#6b6b6b")
UNIT = 40.0  # pixels per layout unit
PANEL = 380.0  # width of the players' area
KIND_TEXT = {"seal": N_("seal"), "scroll": N_("scroll"), "hall": N_("hall")}  # a node's kind


_NODES: dict[tuple[object, ...], str] = {}  # a node's SVG by what it depends on (``render``)
NODES_KEPT = 20_000


def _xy(st: FiveSealsState, node: int, centre: float) -> tuple[float, float]:
    spot = st.board.nodes[node]
    angle = math.radians(spot.angle)
    return centre + spot.r * UNIT * math.sin(angle), centre - spot.r * UNIT * math.cos(angle)


def render(st: FiveSealsState, seat: int | None) -> str:
    board = st.board
    radius = max((n.r for n in board.nodes), default=1.0) + 1.2
    centre = radius * UNIT
    size = 2 * centre
    height = max(size, 90.0 + st.n * 170.0)
    width = size + PANEL
    who = focus(st, seat)  # refuses a seat the game does not have
    reach = set(targets(st, who)) if who is not None and st.phase == "play" else set()
    can = set(breakable(st, who)) if reach and who is not None else set()
    # the exact chance that a fresh roll of the player's dice breaks each seal in reach
    chances: dict[int, float] = {}
    if reach and who is not None:
        chances = {row["node"]: row["next_roll"] for row in seal_odds(st, who)}
    pos = [_xy(st, n, centre) for n in range(len(board))]

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif" '
        f'class="five-seals" data-viewer="{"" if seat is None else seat}">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#f7f3ea"/>',
        f'<circle cx="{centre:.1f}" cy="{centre:.1f}" r="{centre - 4:.1f}" fill="#ece4d2" '
        'stroke="#b9ab8c"/>',
    ]
    out.append('<g class="edges" stroke="#a0937a" stroke-width="3">')
    for a, b in board.edges():
        (x1, y1), (x2, y2) = pos[a], pos[b]
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
    out.append("</g>")
    # a node's drawing depends on these alone; most nodes do not change from one move to the
    # next, and every viewer's page is drawn at every move, so they are kept (in every language)
    lang = language()
    for node in range(len(board)):
        key = (
            board,
            st.game.data_hash,
            lang,
            node,
            node in reach,
            node in can,
            chances.get(node),
            st.token[node],
            st.card[node],
        )
        drawn = _NODES.get(key)
        if drawn is None:
            if len(_NODES) >= NODES_KEPT:
                _NODES.clear()
            drawn = _NODES[key] = _node(
                st, node, pos[node], node in reach, node in can, chances.get(node)
            )
        out.append(drawn)
    out.append(_figures(st, pos))
    out.append(_panel(st, seat, size))
    out.append("</svg>")
    return "\n".join(out)


def _text(x: float, y: float, size: int, fill: str, text: str, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" font-size="{size}"{weight} '
        f'fill="{fill}">{escape(text)}</text>'
    )


def _node(
    st: FiveSealsState,
    node: int,
    xy: tuple[float, float],
    reach: bool,
    can: bool,
    chance: float | None = None,
) -> str:
    spot = st.board.nodes[node]
    x, y = xy
    attrs = (
        f'class="node" id="node-{escape(spot.id)}" data-node="{escape(spot.id)}" '
        f'data-kind="{spot.kind}"'
        + (' data-reach="1"' if reach else "")
        + (' data-breakable="1"' if can else "")
        + (f' data-odds="{chance:.4f}"' if chance is not None else "")
    )
    if can:  # breakable now: gold ring; in reach: dark ring
        ring = ' stroke="#ffb000" stroke-width="4"'
    elif reach:
        ring = ' stroke="#555" stroke-width="2.5"'
    else:
        ring = ' stroke="#6d6350" stroke-width="1.2"'
    tooltip = _tooltip(st, node)
    if chance is not None:
        tooltip += " · " + _("a fresh roll of these dice breaks it: {chance}").format(
            chance=percent(chance)
        )
    parts = [f"<g {attrs}><title>{escape(tooltip)}</title>"]
    if spot.kind == "hall":
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.9 * UNIT:.1f}" fill="{PALE[4]}" '
            f'stroke="{FILL[4]}" stroke-width="3"/>'
        )
        parts.append(_text(x, y + 5, 13, "#5b2c6f", _("hall")))
    elif spot.kind == "seal":
        code = st.token[node]
        fill = FILL[code // 10] if code >= 0 else "#fbf8f0"
        dash = "" if code >= 0 else ' stroke-dasharray="3 3"'
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11"{ring}{dash} fill="{fill}"/>')
        parts.append(_text(x, y + 4.5, 13, "#fff", str(code % 10) if code >= 0 else "", True))
    else:
        card = st.card[node]
        fill = FILL[colour(card)] if card >= 0 else "#fbf8f0"
        dash = "" if card >= 0 else ' stroke-dasharray="3 3"'
        parts.append(
            f'<rect x="{x - 19:.1f}" y="{y - 12:.1f}" width="38" height="24" rx="3"'
            f'{ring}{dash} fill="{fill}"/>'
        )
        if card >= 0:
            short = st.comp.spells[card // 5].name[:4] if card < 100 else "Bind"
            parts.append(_text(x, y - 1, 9, "#fff", short))
            parts.append(_text(x, y + 9, 9, "#fff", str(strength(card)), True))
        else:
            parts.append(_text(x, y + 4, 9, "#999", str(spot.strength)))
    if chance is not None:
        below = y + 24 if spot.kind == "seal" else y + 23
        parts.append(_text(x, below, 10, "#222", percent(chance), True))
    parts.append("</g>")
    return "".join(parts)


def _tooltip(st: FiveSealsState, node: int) -> str:
    spot = st.board.nodes[node]
    if st.token[node] >= 0:
        code = st.token[node]
        return _("{node}: {element} seal, strength {strength}").format(
            node=spot.id, element=element(st, code // 10), strength=code % 10
        )
    if st.card[node] >= 0:
        return f"{spot.id}: {st.comp.card_name(st.card[node])} ({strength(st.card[node])})"
    kind = _(KIND_TEXT[spot.kind]) if spot.kind in KIND_TEXT else spot.kind
    return _("{node}: empty ({kind})").format(node=spot.id, kind=kind)


def _figures(st: FiveSealsState, pos: list[tuple[float, float]]) -> str:
    parts = ['<g class="figures">']
    crowd: dict[int, int] = {}
    for s in range(st.n):
        for kind, node in (("mage", st.mage[s]), ("familiar", st.familiar[s])):
            if node < 0:
                continue
            k = crowd.get(node, 0)
            crowd[node] = k + 1
            x, y = pos[node]
            if node == st.board.hall:  # spread the figures around the hall's centre
                x += 22 * math.cos(k * 1.25)
                y += 22 * math.sin(k * 1.25)
            else:
                x += 12 + 6 * k
                y -= 12
            if kind == "mage":
                parts.append(
                    f'<g class="mage" data-seat="{s}"><polygon points="{x:.1f},{y - 10:.1f} '
                    f'{x - 8:.1f},{y + 7:.1f} {x + 8:.1f},{y + 7:.1f}" fill="{SEAT[s]}" '
                    f'stroke="#fff" stroke-width="1.5"/><text x="{x:.1f}" y="{y + 5:.1f}" '
                    f'text-anchor="middle" font-size="8" fill="#fff">{s + 1}</text></g>'
                )
            else:
                parts.append(
                    f'<g class="familiar" data-seat="{s}"><circle cx="{x:.1f}" cy="{y:.1f}" '
                    f'r="6" fill="{SEAT[s]}" stroke="#fff" stroke-width="1.5"/></g>'
                )
    for col, node in enumerate(st.guardian):
        if node >= 0:
            x, y = pos[node]
            parts.append(
                f'<g class="guardian" data-guardian="{st.comp.letters[col]}">'
                f'<rect x="{x + 12:.1f}" y="{y - 20:.1f}" width="12" height="12" '
                f'fill="{FILL[col]}" stroke="#000"/>'
                f'<text x="{x + 18:.1f}" y="{y - 10:.1f}" text-anchor="middle" font-size="9" '
                'fill="#fff">G</text></g>'
            )
    parts.append("</g>")
    return "".join(parts)


def _panel(st: FiveSealsState, seat: int | None, left: float) -> str:
    comp = st.comp
    x0 = left + 10
    parts = [f'<g class="players" transform="translate({x0:.0f},0)">']
    circle = ROMAN.get(st.circle, "?")
    heading = _("Round {round} - circle {circle} - 6s left {left}/{end}").format(
        round=st.round, circle=circle, left=st.scrolls_on_board(6), end=comp.end_threshold[st.n]
    )
    parts.append(f'<text x="0" y="24" font-size="15" font-weight="bold">{escape(heading)}</text>')
    parts.append(f'<text x="0" y="44" font-size="11">{escape(describe_prompt(st))}</text>')
    actor = focus(st, None)  # the seat to act (None at chance nodes and at the end)
    supply = _("supply")
    parts.append(f'<text x="0" y="64" font-size="11">{escape(supply)}</text>')
    for c in range(4):
        x = 48 + c * 44
        # translated outside the f-string: the catalogue's extractor skips f-strings' insides
        take = _("take a {colour} die").format(colour=colour_name(st, c))
        parts.append(
            f'<g class="supply" data-colour="{comp.letters[c]}" data-kind="take">'
            f"<title>{escape(take)}</title>"
            f'<rect x="{x}" y="50" width="20" height="20" rx="4" fill="{FILL[c]}"/>'
            f'<text x="{x + 24}" y="64" font-size="11">{st.supply(c)}</text></g>'
        )
    totals = scoring.scores(st)
    y = 80.0
    for s in range(st.n):
        mage, familiar = comp.mages[s]
        place = _familiar_place(st, s)
        mark = " " + _("(you)") if s == seat else ""
        state = " - " + _("round over") if st.over[s] else ""
        to_act = actor == s
        score = _("score {score}").format(score=totals[s])
        familiar_line = _("familiar {name}: {place}").format(name=familiar, place=place)
        parts.append(
            f'<g class="player" data-seat="{s}" transform="translate(0,{y:.0f})">'
            f'<rect width="{PANEL - 20:.0f}" height="160" rx="6" fill="#fffdf8" '
            f'stroke="{SEAT[s]}" stroke-width="{3 if to_act else 1.5}"/>'
            f'<text x="8" y="18" font-size="13" font-weight="bold" fill="{SEAT[s]}">'
            f"{s + 1} {escape(mage)}{escape(mark + state)}</text>"
            f'<text x="{PANEL - 30:.0f}" y="18" font-size="13" text-anchor="end">'
            f"{escape(score)}</text>"
            f'<text x="8" y="34" font-size="10">'
            f"{escape(familiar_line)}</text>"
        )
        dx = 8.0
        for die in range(24):
            if st.die_owner[die] == s:
                value = st.die_val[die]
                kind = "die" if s == actor else "their"
                parts.append(
                    f'<g class="die" data-colour="{comp.letters[die // 6]}" data-value="{value}" '
                    f'data-owner="{s}" data-kind="{kind}">'
                    f'<rect x="{dx:.0f}" y="42" width="22" height="22" rx="4" '
                    f'fill="{FILL[die // 6]}"/><text x="{dx + 11:.0f}" y="58" font-size="13" '
                    f'text-anchor="middle" fill="#fff" font-weight="bold">{value or "?"}'
                    "</text></g>"
                )
                dx += 26
        for i, (card, up, token) in enumerate(st.hands[s]):
            cx, cy = 8 + (i % 4) * 86, 72 + (i // 4) * 28
            fill = FILL[colour(card)] if up else "#9a9a9a"
            label = comp.card_name(card)
            kind = "use" if s == actor else "scroll"
            down = "" if up else ", " + _("face down")
            parts.append(
                f'<g class="scroll" data-card="{escape(label)}" data-owner="{s}" '
                f'data-up="{1 if up else 0}" data-kind="{kind}">'
                f"<title>{escape(label)} ({strength(card)}){escape(down)}</title>"
                f'<rect x="{cx}" y="{cy}" width="82" height="24" rx="3" fill="{fill}"/>'
                f'<text x="{cx + 4}" y="{cy + 15}" font-size="9" fill="#fff">'
                f"{escape(label[:16])} {strength(card)}</text>"
            )
            if token >= 0:
                parts.append(
                    f'<circle cx="{cx + 74}" cy="{cy + 6}" r="6" fill="{FILL[token // 10]}" '
                    'stroke="#fff"/>'
                )
            parts.append("</g>")
        parts.append("</g>")
        y += 170
    parts.append("</g>")
    return "".join(parts)


def _familiar_place(st: FiveSealsState, seat: int) -> str:
    if st.familiar[seat] >= 0:
        return _("on {node}").format(node=st.board.node_id(st.familiar[seat]))
    return _("on Binding") if st.over[seat] else _("with its mage's player")
