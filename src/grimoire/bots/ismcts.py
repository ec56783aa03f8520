"""``ismcts``: information-set Monte Carlo tree search for games with hidden information.

Every iteration searches a new determinisation (``state.resample(seat, rng, informed=True)``;
even with ``deal=uniform``): what the seat cannot see is re-dealt each time, so no single guess
of the hidden cards is trusted. The tree is the searching seat's information sets: its own
actions are edges by id, everybody else's (and, with ``chance="closed"``, chance outcomes) lead
to children keyed by what the seat observes of them (``describe(actor, action, seat)``), so a
hidden choice or draw leads to one child whatever it was. Actions that are legal in some
determinisations only are judged with availability counts. Simultaneous decisions are walked as
one decoupled node whose picks are submitted in turn (see ``grimoire.bots.search``).
"""

from __future__ import annotations

from grimoire.bots.search import SearchBot


class IsmctsBot(SearchBot):
    name = "ismcts"
    determinize_each = True
    observe_others = True
