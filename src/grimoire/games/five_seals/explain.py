"""Why a Five Seals action is not legal now, in a player's words (the IllegalAction message),
and what a legal one does (``explain``, the rule behind every move).

``why_not`` gives the decision pending and, for the common actions (break, end round, use,
die, take), the rule that stops this one: out of reach, blocked by a figure, dice that do
not add up, a scroll not held face up, an empty supply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimoire.core.i18n import N_
from grimoire.games.five_seals.components import BINDING, SYNERGY, P, colour, family, strength
from grimoire.games.five_seals.frames import Absorb, Dice, Give, Pick, Spell, Take, Turn
from grimoire.games.five_seals.frames import Decision as Frame
from grimoire.games.five_seals.reach import _region, blockers, breakable, seal_of, targets
from grimoire.games.five_seals.scoring import score_of
from grimoire.games.five_seals.text import _, colour_name, die_text, element, prompt, topic_word

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

# the decision (frame kind) each kind of action answers; others answer spells' questions
ANSWERS = {"break": ("turn", "pick"), "end-round": ("turn",), "use": ("turn",)}
ANSWERS |= {"die": ("dice", "give", "spell"), "take": ("take", "spell")}


def refusal(st: FiveSealsState, seat: int, action: int, legal: str) -> str:
    """The IllegalAction text: the action, why it is not possible, and ``legal`` (what is)."""
    return _("'{action}' is not possible: {reason}; {legal}").format(
        action=st.action_to_string(action), reason=why_not(st, seat, action), legal=legal
    )


def why_not(st: FiveSealsState, seat: int, action: int) -> str:
    """The reason, in the current language."""
    decoded = st.codec.decode(action)
    kind, arg = decoded.kind, decoded.arg
    frame = st.stack[-1]
    now = prompt(st).rstrip(".。")
    if kind in ANSWERS and frame.kind not in ANSWERS[kind]:
        return _("that is not the decision now: {now}").format(now=now)
    reason = None
    if kind == "break" and isinstance(frame, Turn):
        reason = _break(st, seat, arg)
    elif kind == "break":
        reason = _("{node} is not one of the seals you may choose now").format(
            node=st.board.node_id(arg)
        )
    elif kind == "end-round":
        can = breakable(st, seat)
        if can:
            reason = _("you must break a seal while you can ({node})").format(
                node=st.board.node_id(can[0])
            )
    elif kind == "use":
        held = {card for _unused, card in st.up_cards(seat)}
        name = st.comp.card_name(arg)
        if arg not in held:
            reason = _("you hold no face-up {card}").format(card=name)
        else:
            reason = _("{card} has no effect now").format(card=name)
    elif kind == "die":
        colour, value = divmod(arg, 6)
        if value + 1 not in st.dice_of(seat, colour):
            reason = _("you have no {die}").format(die=die_text(st, arg))
        elif isinstance(frame, Dice):
            reason = _(
                "dice pay for {node} in one colour (the seal's; any for Mind), highest first, "
                "and no more than it needs"
            ).format(node=st.board.node_id(frame.n))
    elif kind == "take" and st.supply(arg) == 0:
        reason = _("the supply has no {element} die left").format(element=element(st, arg))
    return reason or now


def _break(st: FiveSealsState, seat: int, node: int) -> str:
    spot = st.board.node_id(node)
    if st.token[node] < 0 and st.card[node] < 0:
        return _("{node} holds no seal").format(node=spot)
    if node not in targets(st, seat):
        seen, _found = _region(st, seat)
        if not seen[node]:
            return _(
                "{node} is out of your reach: seals close every path there (type '{map}')"
            ).format(node=spot, map=topic_word("map"))
        if node in blockers(st, seat):
            return _("{node} is blocked by {figure}").format(node=spot, figure=_figure(st, node))
        return _("{node} is blocked by a guardian").format(node=spot)
    col, need = seal_of(st, node)
    sums = st.dice_sums(seat)
    if col == P:
        return _(
            "{node} needs {need} in one colour of dice; your best colour adds up to {best}"
        ).format(node=spot, need=need, best=max(sums))
    return _("{node} needs {element} dice adding up to {need}; yours add up to {have}").format(
        node=spot, element=element(st, col), need=need, have=sums[col]
    )


def _figure(st: FiveSealsState, node: int) -> str:
    for other in range(st.n):
        if st.mage[other] == node:
            return _("seat {seat}'s mage").format(seat=other + 1)
        if st.familiar[other] == node:
            return _("seat {seat}'s familiar").format(seat=other + 1)
    return _("a figure")


# ============================================================== the rule behind every move
# ``explain``: what a legal action does for the seat to play (``Game.explain``), in its words,
# with the rule and its section in docs/rules/five-seals-of-magic.md. Five Seals hides
# nothing, so everything it names is public. Spell summaries are the data's (still English:
# docs/i18n.md).
RULES = {
    "scrolls": N_("a round, 1: scrolls"),
    "break": N_("a round, 2: must break"),
    "pay": N_("a round, 3: paying"),
    "over": N_("a round, 5: round over for you"),
    "setup": N_("setup, 4: dice"),
    "spell": N_("Spells: {spell}"),
}


def explain(st: FiveSealsState, action: int, seat: int) -> str:
    """What ``action`` does for ``seat`` now, and the rule (the game's words)."""
    decoded = st.codec.decode(action)
    frame = st.stack[-1] if st.stack else None
    said = MOVES.get(decoded.kind)
    if frame is None or said is None or st.is_chance():
        return st.action_to_string(action)
    what, rule = said(st, frame, decoded.arg, seat)
    return _("{what} (rules: {rule})").format(what=what, rule=rule)


def _spell_rule(st: FiveSealsState, frame: Frame) -> str:
    card = frame.card if isinstance(frame, Spell) else -1
    name = st.comp.card_name(card) if card >= 0 else "?"
    return _(RULES["spell"]).format(spell=name)


def seal_words(st: FiveSealsState, node: int) -> str:
    """``3Gb: a green seal token of strength 4`` / ``...: the scroll Leap of Fire (3)``."""
    spot = st.board.node_id(node)
    col, need = seal_of(st, node)
    if st.card[node] >= 0:
        return _("{node}: the scroll {card} (strength {strength})").format(
            node=spot, card=st.comp.card_name(st.card[node]), strength=need
        )
    if st.token[node] >= 0:
        return _("{node}: a {colour} seal token of strength {strength}").format(
            node=spot, colour=colour_name(st, col), strength=need
        )
    return spot


def _use(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    name = st.comp.card_name(arg)
    summary = st.comp.binding_summary if arg == BINDING else st.comp.spells[arg // 5].summary
    said = _(summary).rstrip(".。 ")  # the shipped summaries are in the catalogue (spell_text)
    return _("uses {card}: {summary}; the scroll turns face down for this round").format(
        card=name, summary=said
    ), _(RULES["scrolls"])


def _break_node(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    col, need = seal_of(st, arg)
    what = _("breaks {seal}").format(seal=seal_words(st, arg))
    if isinstance(frame, Turn) or (isinstance(frame, Pick) and frame.m != "free"):
        paid = _("any one colour") if col == P else colour_name(st, col)
        what += "; " + _("you pay {strength} with {colour} dice, highest first").format(
            strength=need, colour=paid
        )
    if st.card[arg] >= 0:
        what += "; " + _("the scroll comes to you face up ({points} points at the end)").format(
            points=need
        )
    else:
        what += "; " + _("the token goes back to the box (only scrolls score)")
    if isinstance(frame, Turn):
        what += "; " + _("your mage moves onto it, and your turn is over")
        return what, _(RULES["break"])
    return what, _(RULES["spell"]).format(
        spell=_(PICK_WORDS.get(frame.m, N_("a spell"))) if isinstance(frame, Pick) else "?"
    )


PICK_WORDS = {
    "bind": N_("Binding"),
    "leap": N_("Leap"),
    "tele": N_("Teleportation"),
    "speed": N_("Speed"),
    "free": N_("Speed"),
}


def _die(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    die = die_text(st, arg)
    if isinstance(frame, Dice):
        _col, need = seal_of(st, frame.n)
        paid = sum(frame.v) + arg % 6 + 1
        what = _("pays with {die} for {node}: {paid} of {strength}").format(
            die=die, node=st.board.node_id(frame.n), paid=paid, strength=need
        )
        if paid >= need:
            what += "; " + _("the seal breaks")
        return what + "; " + _("used dice go back to the supply"), _(RULES["pay"])
    if isinstance(frame, Give):
        return _("gives {die} to seat {seat} (Theft)").format(die=die, seat=frame.t + 1), _(
            RULES["spell"]
        ).format(spell="Theft")
    return _("chooses your {die} for the spell").format(die=die), _spell_rule(st, frame)


def _their(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    who = frame.o + 1 if isinstance(frame, Spell) and frame.o >= 0 else "?"
    return _("chooses seat {seat}'s {die} for the spell").format(
        seat=who, die=die_text(st, arg)
    ), _spell_rule(st, frame)


def _take(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    what = _("takes a {colour} die from the supply ({count} left there)").format(
        colour=colour_name(st, arg), count=st.supply(arg)
    )
    if isinstance(frame, Take):
        more = frame.n - 1
        if more:
            what += "; " + _("{count} more to take").format(count=more)
        rule = "setup" if st.phase in ("setup", "draft") else "over"
        return what + "; " + _("you roll your dice at the start of the next round"), _(RULES[rule])
    return what, _spell_rule(st, frame)


def _colour(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    return _("chooses {element} ({colour}) for the spell").format(
        element=element(st, arg), colour=colour_name(st, arg)
    ), _spell_rule(st, frame)


def _seat(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    count = st.dice_count(arg)
    return _("aims the spell at seat {seat} ({count} dice, {scrolls} scrolls)").format(
        seat=arg + 1, count=count, scrolls=len(st.hands[arg])
    ), _spell_rule(st, frame)


def _bind_familiar(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    return _(
        "Binding, option 1: your familiar joins your mage's space, where it blocks the "
        "other players"
    ), _(RULES["spell"]).format(spell="Binding")


def _bind_break(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    return _(
        "Binding, option 2: break a reachable token with your dice; your mage stays, "
        "your familiar takes the space, and your turn is over"
    ), _(RULES["spell"]).format(spell="Binding")


def _done(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    if isinstance(frame, Absorb):
        return _("puts the broken token back in the box instead of on an Absorption scroll"), _(
            RULES["spell"]
        ).format(spell="Absorption")
    return _("finishes the choice; the spell takes effect"), _spell_rule(st, frame)


def _end_round(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    return _(
        "ends your round: your dice cannot break any seal in reach; they go back to the "
        "supply, your scrolls turn face up, and you take 3 dice for the next round"
    ), _(RULES["break"])


def _unguard(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    return _("puts the guardian off the board"), _spell_rule(st, frame)


def _scroll(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    name = st.comp.card_name(arg)
    if isinstance(frame, Absorb):
        return _(
            "stores the broken token on your {card}: it can add its strength to a die later"
        ).format(card=name), _(RULES["spell"]).format(spell="Absorption")
    return _("chooses the scroll {card}").format(card=name), _spell_rule(st, frame)


def _node(st: FiveSealsState, frame: Frame, arg: int, seat: int) -> tuple[str, str]:
    return _("chooses {seal}").format(seal=seal_words(st, arg)), _spell_rule(st, frame)


MOVES: dict[str, Callable[[FiveSealsState, Frame, int, int], tuple[str, str]]] = {
    "use": _use,
    "scroll": _scroll,
    "die": _die,
    "their": _their,
    "take": _take,
    "colour": _colour,
    "seat": _seat,
    "bind-familiar": _bind_familiar,
    "bind-break": _bind_break,
    "done": _done,
    "end-round": _end_round,
    "unguard": _unguard,
    "break": _break_node,
    "node": _node,
}


def breakdown(st: FiveSealsState, viewer: int | None) -> list[dict[str, Any]]:
    """Where each seat's points came from (``Game.score_breakdown``): each scroll's strength
    (Binding 1), and each Synergy's point per scroll of its colour. Nothing is hidden."""
    rows = []
    for seat in range(st.n):
        cards = [entry[0] for entry in st.hands[seat]]
        parts: list[dict[str, Any]] = [
            {"what": st.comp.card_name(card), "points": strength(card)} for card in cards
        ]
        for card in cards:
            if family(card) == SYNERGY:
                count = sum(1 for other in cards if colour(other) == colour(card))
                parts.append(
                    {
                        "what": _("{card}: 1 point per {colour} scroll ({count})").format(
                            card=st.comp.card_name(card),
                            colour=colour_name(st, colour(card)),
                            count=count,
                        ),
                        "points": count,
                    }
                )
        rows.append({"seat": seat, "parts": parts, "total": sum(score_of(st.hands[seat]))})
    return rows


def rules_step(st: FiveSealsState) -> str:
    """The key of ``phase_rules`` for the step being played (``Game.rules_step``): the turn's
    decision, paying for a break, a spell, or taking dice once a round is over."""
    if st.phase != "play" or not st.stack:
        return st.phase
    frame = st.stack[-1]
    if isinstance(frame, Turn):
        return "play/turn"
    if isinstance(frame, Dice):
        return "play/pay"
    if isinstance(frame, Take):
        return "play/take"
    return "play/scrolls"


def turn_summary(
    before: FiveSealsState, after: FiveSealsState, seat: int, viewer: int | None
) -> str | None:
    """``seat``'s turn in short, from ``viewer``'s views before and after it
    (``Game.turn_summary``): the scrolls it won, where its mage went, the familiar it bound."""
    was, now = before.view(viewer), after.view(viewer)
    parts: list[str] = []
    gained = [_scroll_name(entry) for entry in now["seats"][seat]["scrolls"]]
    for name in (_scroll_name(entry) for entry in was["seats"][seat]["scrolls"]):
        if name in gained:
            gained.remove(name)
    if gained:
        won = N_("wins the scroll {names}") if len(gained) == 1 else N_("wins the scrolls {names}")
        parts.append(_(won).format(names=", ".join(gained)))
    if now["mages"][seat] != was["mages"][seat] and now["mages"][seat] is not None:
        parts.append(_("its mage moves to {node}").format(node=now["mages"][seat]))
    if now["familiars"][seat] != was["familiars"][seat] and now["familiars"][seat] is not None:
        parts.append(_("binds a familiar at {node}").format(node=now["familiars"][seat]))
    return "; ".join(parts) or None


def _scroll_name(entry: Any) -> str:
    """A scroll of a hand in the position JSON: its name, or ``{"card": name, ...}``."""
    return str(entry["card"]) if isinstance(entry, dict) else str(entry)
