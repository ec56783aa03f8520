"""Moving objects between zones, with their knowledge masks, and pushing frame sequences."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.fatal.facts import own_colour

if TYPE_CHECKING:
    from collections.abc import Sequence

    from grimoire.games.fatal.frames import FatalFrame as Frame
    from grimoire.games.fatal.state import FatalState


def push_seq(st: FatalState, frames: Sequence[Frame]) -> None:
    """Push ``frames`` so that the first one acts first."""
    st.stack.extend(reversed(frames))


def take_card(st: FatalState, zone: list[int], kind: int) -> int:
    """Remove and return a physical card of ``kind`` from ``zone`` (copies are alike)."""
    kinds = st.tab.card_kind
    for i in range(len(zone)):
        if kinds[zone[i]] == kind:
            return zone.pop(i)
    raise AssertionError(f"no card of kind {kind} in {zone}")


def take_treasure(st: FatalState, zone: list[int], kind: int) -> int:
    kinds = st.tab.tre_kind
    for i in range(len(zone)):
        if kinds[zone[i]] == kind:
            return zone.pop(i)
    raise AssertionError(f"no treasure of kind {kind} in {zone}")


def receive(st: FatalState, seat: int, t: int, mask: int) -> None:
    """A treasure joins ``seat``: face up if the seat is revealed and it is its colour (then
    public), else face down, known to ``mask`` (and always to the seat)."""
    if st.revealed[seat] and own_colour(st, seat, t):
        st.up[seat].append(t)
        st.tk[t] = st.everyone
    else:
        st.tre[seat].append(t)
        st.tk[t] = mask | (1 << seat)


def to_discard(st: FatalState, cards: list[int]) -> None:
    everyone = st.everyone
    ck, discard = st.ck, st.discard
    for card in cards:
        ck[card] = everyone
        discard.append(card)


def reshuffle(st: FatalState) -> None:
    """The discard pile becomes the deck (RULEBOOK); its cards are known to all (ruling 20)."""
    st.deck = sorted(st.discard)
    st.discard = []
    everyone = st.everyone
    for card in st.deck:
        st.ck[card] = everyone
    st.reshuffles += 1


def forget_rest(zone: list[int], masks: list[int], keep: int) -> None:
    """After a random object left ``zone`` unseen by some seats, those seats no longer know
    which of the objects they knew there are still there: keep only the ``keep`` bits (the
    leak of the design review, section 2.2)."""
    for obj in zone:
        masks[obj] &= keep
