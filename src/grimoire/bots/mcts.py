"""``mcts``: Monte Carlo tree search for games with chance and (mostly) open information.

It searches one determinisation per move (``state.resample``: a game with hidden information
is searched as if the re-dealt copy were the truth, which suits games whose hidden part hardly
matters, such as Ciúb's face-down removed cards), with open-loop chance, max^n rewards in
[0, 1], rollouts cut after a few decisions and scored by the game's ``evaluate`` hook, and the
game's heuristic as prior and rollout policy. See ``grimoire.bots.search`` for the details
and ``docs/bots.md`` for its strength.
"""

from __future__ import annotations

from grimoire.bots.search import SearchBot


class MctsBot(SearchBot):
    name = "mcts"
    determinize_each = False
    observe_others = False
