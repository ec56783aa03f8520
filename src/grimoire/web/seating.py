"""Who sits where: seat tokens, the seats of a new table, taking a free seat, and the rules for
handing a seat to a bot. Decisions only: the room persists and publishes them."""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
from collections.abc import Iterable, Sequence

from grimoire.i18n import N_
from grimoire.web.catalog import LEVELS
from grimoire.web.errors import Conflict, Forbidden, Unprocessable
from grimoire.web.names import clean_name, strip_bot_suffix
from grimoire.web.store import INVITED, Seat


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclasses.dataclass
class SeatRequest:
    kind: str  # "person" or "bot"
    level: str | None = None
    name: str | None = None


class Tokens:
    """The seat of each secret token (by its hash: tokens themselves are never kept), and the
    seat a bot holds for each token whose seat it took."""

    def __init__(self, seats: Iterable[Seat]) -> None:
        seats = list(seats)
        self._seats = {seat.token_hash: seat.seat for seat in seats if seat.token_hash}
        self._held = {seat.held_for: seat.seat for seat in seats if seat.held_for}

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret token this is, or None."""
        if not token:
            return None
        return self._seats.get(token_hash(token))

    def seat_of_hash(self, hashed: str | None) -> int | None:
        return self._seats.get(hashed) if hashed else None

    def held_seat_of(self, token: str | None) -> int | None:
        """The seat a bot holds for this token's person (they may take it back), or None."""
        return self._held.get(token_hash(token)) if token else None

    def moved(self, old: Seat, new: Seat) -> None:
        """``old``'s token no longer holds a seat; ``new``'s holds it."""
        if old.token_hash:
            self._seats.pop(old.token_hash, None)
        if old.held_for:
            self._held.pop(old.held_for, None)
        if new.token_hash:
            self._seats[new.token_hash] = new.seat
        if new.held_for:
            self._held[new.held_for] = new.seat


def new_seats(
    requests: Sequence[SeatRequest],
    players: int,
    join_seat: int | None,
    player_name: str | None,
    default_level: str,
) -> tuple[list[Seat], str | None]:
    """The seats of a new table, and the creator's token when they take ``join_seat``; a bot
    seat that names no level plays ``default_level``."""
    if len(requests) != players:
        raise Unprocessable(
            N_("{given} seats given for a {players}-player game"),
            given=len(requests),
            players=players,
        )
    rows: list[Seat] = []
    for index, request in enumerate(requests):
        if request.kind == "bot":
            level = request.level or default_level
            if level not in LEVELS:
                raise Unprocessable(
                    N_("bot level must be one of {levels}, not {level}"),
                    levels=str(list(LEVELS)),
                    level=repr(level),
                )
            default = f"Bot {index + 1}"
            rows.append(Seat(index, "bot", level, clean_name(request.name, default)))
        elif request.kind == "person":
            rows.append(
                Seat(index, "person", None, clean_name(request.name, f"Player {index + 1}"))
            )
        else:
            raise Unprocessable(
                N_("a seat is a 'person' or a 'bot', not {kind}"), kind=repr(request.kind)
            )
    token: str | None = None
    if join_seat is not None:
        if not 0 <= join_seat < players or rows[join_seat].kind != "person":
            raise Unprocessable(N_("seat {seat} is not a seat for a person"), seat=join_seat + 1)
        token = secrets.token_urlsafe(24)
        rows[join_seat].token_hash = token_hash(token)
        rows[join_seat].name = clean_name(player_name, rows[join_seat].name)
    return rows, token


def may_join(join_policy: str, invite: str | None, key: str | None) -> bool:
    """Whether a visitor with this invitation ``key`` (or none) may take a free seat."""
    if join_policy != INVITED:
        return True
    return bool(key and invite) and secrets.compare_digest(
        (key or "").encode(), (invite or "").encode()
    )


def joined(target: Seat, name: str, allowed: bool) -> tuple[Seat, str]:
    """``target`` taken by a person called ``name``, and its new secret token. ``allowed``:
    whether the visitor may take a seat of this table (see ``may_join``)."""
    # (messages people read on the join page: no 0-based seat numbers)
    if target.kind == "bot":
        raise Conflict(N_("this seat is played by a bot"))
    if target.taken:
        raise Conflict(N_("this seat is already taken"))
    if not allowed:
        raise Forbidden(
            N_("this table's seats are taken by invitation only: ask a player for the link")
        )
    token = secrets.token_urlsafe(24)
    seat = target.seat
    new = dataclasses.replace(
        target, name=clean_name(name, f"Player {seat + 1}"), token_hash=token_hash(token)
    )
    return new, token


@dataclasses.dataclass(frozen=True)
class Handover:
    """A seat handed to a bot: the new seat, why (``left``, ``free``, ``ran_out``, ``away``),
    and the condition its write checks (a concurrent change makes it fail)."""

    seat: Seat
    reason: str
    only_if_free: bool
    only_if_token: str | None


def handover(
    target: Seat,
    level: str,
    *,
    by: int | None,
    held: str | None,
    ran_out: bool,
    bot_due: bool,
    away: bool = False,
    away_due: bool = False,
) -> Handover:
    """Who may hand ``target`` to a bot:

    - its player (``by`` its seat, ``held`` the hash of their token): the "zombie" replacement
      (a second, concurrent leave finds the seat no longer theirs);
    - another seated player (``by``), for a free seat, a seat whose clock ``ran_out``, or a seat
      whose person has been ``away`` long enough (``absence``);
    - the server (``by`` None), once the grace after a clock ran out is over (``bot_due``), or
      its person has been away for the server's longer limit (``away_due``).

    A bot that takes a person's seat from them (ran out, away) holds it for them: their token
    takes it back (``taken_back``)."""
    seat = target.seat
    name = f"{strip_bot_suffix(target.name)} (bot)"
    if by == seat:
        if target.kind != "person" or held is None or target.token_hash != held:
            raise Forbidden(N_("you no longer hold this seat"))
        reason, free, token = "left", False, held
    elif not target.taken:
        reason, free, token, name = "free", True, None, f"Bot {seat + 1}"
    elif ran_out and (by is not None or bot_due):
        reason, free, token = "ran_out", False, target.token_hash
    elif target.kind == "person" and (away_due if by is None else away):
        reason, free, token = "away", False, target.token_hash
    else:
        raise Conflict(
            N_(
                "{name}'s seat is taken: only its player can hand it to a bot, or the "
                "others once its clock has run out or its player has been away long enough"
            ),
            name=target.name,
        )
    # a seat taken from its person is held for them; one they left is not (they chose to go)
    keep = target.token_hash if reason in ("ran_out", "away") else None
    return Handover(Seat(seat, "bot", level, name[:64], None, keep), reason, free, token)


def taken_back(target: Seat) -> Seat:
    """A held bot seat given back to its person (their token again, their name again)."""
    return Seat(target.seat, "person", None, strip_bot_suffix(target.name), target.held_for)
