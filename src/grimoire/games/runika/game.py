"""Runika and the Six-Sided Spellbooks (Shannon Kelly; Fox Tale Games 2019) as a ``Game``.

Rules, rulings, options and the position format: docs/rules/runika.md.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

from grimoire.core.bot import Bot
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game
from grimoire.core.i18n import N_
from grimoire.core.observation import ObservationEncoder
from grimoire.core.options import Option
from grimoire.core.state import State
from grimoire.games.runika import evaluation, position
from grimoire.games.runika.actions import ActionIds, bind
from grimoire.games.runika.components import LOADER, Components
from grimoire.games.runika.facts import Rules, Tables
from grimoire.games.runika.patterns import Placement
from grimoire.games.runika.state import RunikaState

SOLO_PROFESSORS = ("random", "simza", "ainfean", "ekamu", "kobataan")


class RunikaGame(Game):
    """Draft dice, push them into a 4x4 spell grid, complete rune patterns for points."""

    name: ClassVar[str] = "runika"
    title: ClassVar[str] = "Runika and the Six-Sided Spellbooks"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 5
    decision_limit: ClassVar[int | None] = 3000  # the engine safeguard
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option(
            "components",
            None,
            N_("path of a components TOML file to use instead of the shipped (PROPOSED) card data"),
            kind=str,
        ),
        Option(
            "first_player",
            "random",
            N_("who takes the initiative token first: random (a chance node at setup) or a seat"),
            choices=("random", 0, 1, 2, 3, 4),
        ),
        Option(
            "goal",
            20,
            N_(
                "points that end the game at the round end: 20, 30 (long game) or 15 (short game, "
                "recommended with the quick draft)"
            ),
            choices=(20, 15, 30),
        ),
        Option(
            "starting_rune_end",
            False,
            N_(
                "short game: the game also ends at the round end once someone gains a starting rune"
            ),
            kind=bool,
        ),
        Option(
            "flame_target",
            "non_red",
            N_(
                "flame option (a) replaces a non-red die (ruling 5, the Japanese reference) or a "
                "red die (the English rendering)"
            ),
            choices=("non_red", "red"),
        ),
        Option(
            "luniorn", False, N_("optional rule: Headmaster Luniorn, a fifth professor"), kind=bool
        ),
        Option(
            "simultaneous",
            False,
            N_(
                "optional rule: everyone plays their turn at the same time; runes are gained at "
                "the round end"
            ),
            kind=bool,
        ),
        Option(
            "secret_runes",
            False,
            N_(
                "optional rule: three secret runes dealt to each player, the first to gain all "
                "three wins (2..4 players)"
            ),
            kind=bool,
        ),
        Option(
            "secret_winner",
            "turn_order",
            N_(
                "with secret runes, when several players complete their three in the same round: "
                "the first in turn order wins (ruling 20), or points decide (the ruling 8 "
                "tie-break); simultaneous play always uses the points"
            ),
            choices=("turn_order", "points"),
        ),
        Option(
            "interaction",
            False,
            N_("with secret runes: Simza's and Ainfean's abilities may act on another grid"),
            kind=bool,
        ),
        Option(
            "quick_draft",
            False,
            N_("optional rule: each player takes 4 dice and passes one in secret"),
            kind=bool,
        ),
        Option(
            "charm",
            False,
            N_("5-player expansion: the charm token for the player who plays last each round"),
            kind=bool,
        ),
        Option(
            "solo_professor",
            "random",
            N_("solo (1 player): the professor turned over, whose runes are the goal"),
            choices=SOLO_PROFESSORS,
        ),
    )

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.comp = LOADER.load(self.options["components"])
        self.codec = bind(self.comp)
        self.ids = ActionIds(self.codec)
        self.rules = self._rules()
        self.hidden_information = self.rules.secret or self.rules.quick or self.rules.simultaneous
        self.simultaneous_decisions = self.rules.quick or self.rules.simultaneous

    def _check_options(self) -> None:
        opts, n = self.options, self.players
        first = opts["first_player"]
        if first != "random" and not 0 <= int(first) < n:
            raise InvalidOptions(f"first_player {first} is not a seat of {n} players")
        if n == 1:
            for name in ("simultaneous", "secret_runes", "quick_draft", "charm"):
                if opts[name]:
                    raise InvalidOptions(f"{name} needs other players: solo refuses it")
            if opts["starting_rune_end"] or opts["goal"] != 20:
                raise InvalidOptions("solo has its own goal: leave goal and starting_rune_end")
        elif opts["solo_professor"] != "random":
            raise InvalidOptions("solo_professor is for a 1-player game")
        if opts["interaction"] and not opts["secret_runes"]:
            raise InvalidOptions("interaction is part of the secret-runes rule: set secret_runes")
        if opts["secret_winner"] != "turn_order" and not opts["secret_runes"]:
            raise InvalidOptions("secret_winner is part of the secret-runes rule: set secret_runes")
        if opts["charm"] and n != 5:  # ruling 22
            raise InvalidOptions(
                f"charm is the 5-player expansion's token: it needs 5 players, not {n}"
            )
        if opts["secret_runes"] and n > 4:
            raise InvalidOptions("secret_runes is for 2..4 players: there are 4 mastery runes")
        if opts["charm"] and opts["simultaneous"]:
            raise InvalidOptions("the charm token goes to who plays last: not in simultaneous play")

    def _rules(self) -> Rules:
        opts, comp = self.options, self.comp
        luniorn = bool(opts["luniorn"])
        profs = tuple(p.index for p in comp.professors if luniorn or not p.optional)
        solo = self.players == 1
        named = opts["solo_professor"]
        solo_prof = -1 if named == "random" else comp.professor_by_name(named)
        if opts["secret_runes"] and (
            len(comp.mastery) < self.players
            or sum(1 for r in comp.basic if comp.runes[r].start) < self.players
        ):
            raise InvalidOptions("the components have too few starting or mastery runes to deal")
        first = opts["first_player"]
        return Rules(
            solo=solo,
            simultaneous=bool(opts["simultaneous"]),
            secret=bool(opts["secret_runes"]),
            secret_turn_order=opts["secret_winner"] == "turn_order",
            interaction=bool(opts["interaction"]),
            quick=bool(opts["quick_draft"]),
            charm=bool(opts["charm"]),
            luniorn=luniorn,
            flame_red=opts["flame_target"] == "red",
            goal=int(opts["goal"]),
            start_end=bool(opts["starting_rune_end"]),
            first=-1 if first == "random" else int(first),
            solo_prof=-1 if solo_prof is None else solo_prof,
            professors=profs,
            luniorn_index=next((p.index for p in comp.professors if p.optional), -1)
            if luniorn
            else -1,
        )

    @cached_property
    def placements(self) -> tuple[tuple[Placement, ...], ...]:
        """Every placement of every rune's pattern (precomputed once per components)."""
        return _placements(self.comp)

    @cached_property
    def tables(self) -> Tables:
        """The components as flat tables (``facts.Tables``), made once per components."""
        tables = _TABLES.get(self.comp)
        if tables is None:
            tables = _TABLES[self.comp] = Tables(self.comp, self.placements)
        return tables

    def component_texts(self) -> list[str]:
        return [LOADER.text(self.options["components"])]

    @property
    def max_chance_outcomes(self) -> int:
        comp = self.comp
        return max(len(comp.runes), len(comp.achievements), len(comp.professors), 5, 4)

    @property
    def max_game_length(self) -> int:
        return int(self.options["decision_limit"])

    def _new_state(self, seed: int) -> State:
        return RunikaState(self, seed)

    def _state_from_position(self, seed: int, doc: dict[str, Any]) -> State:
        return position.load(RunikaState(self, seed, fresh=False), doc)

    evaluate = staticmethod(evaluation.evaluate)
    search_iterations = 320  # hard: about 1 CPU s a decision (docs/bots.md)

    def heuristic_bot(self, seed: int | None = None) -> Bot | None:
        from grimoire.games.runika.heuristic import RunikaHeuristicBot

        return RunikaHeuristicBot(seed)

    def observation_encoder(self) -> ObservationEncoder:
        from grimoire.games.runika.observation import RunikaObservation

        return RunikaObservation(self)

    rules_file: ClassVar[str | None] = "runika.md"  # in docs/rules (grimoire.rulebook)

    # State.phase -> the start of the heading of the rules section that governs it
    phase_rules: ClassVar[Mapping[str, str]] = {
        "setup": "Setup",
        "draft": "A round » **Draft**",
        "pass": "A round",
        "turns": "A round » **Turns**",
        "end": "A round » **Round end**",
        "cleanup": "A round » **Round end**",
        "over": "A round » **Game end**",
        # the steps of a turn (``rules_step``: the pending question): one paragraph each
        "turns/reroll": "A round » **Re-rolls**",
        "turns/resolve": "A round » **Resolving**",
        "turns/one": "A round » **1 face**",
        "turns/element": "A round » **element face**",
        "turns/rotate": "A round » **rotate face**",
        "turns/flame": "A round » **flame face**",
        "turns/runes": "A round » **Runes**",
    }

    def rules_step(self, state: State) -> str:
        from grimoire.games.runika.explain import rules_step

        assert isinstance(state, RunikaState)
        return rules_step(state)

    def explain(self, state: State, action: int, seat: int | None = None) -> str:
        from grimoire.games.runika.explain import explain

        assert isinstance(state, RunikaState)
        return explain(
            state, action, min(state.seats_to_act(), default=0) if seat is None else seat
        )

    def turn_summary(
        self, before: State, after: State, seat: int, viewer: int | None
    ) -> str | None:
        from grimoire.games.runika.explain import turn_summary

        assert isinstance(before, RunikaState) and isinstance(after, RunikaState)
        return turn_summary(before, after, seat, viewer)

    def score_breakdown(self, state: State, viewer: int | None) -> list[dict[str, Any]]:
        from grimoire.games.runika.explain import breakdown

        assert isinstance(state, RunikaState)
        return breakdown(state, viewer)

    def render_text(self, state: State, seat: int | None) -> Any:
        from grimoire.games.runika.render_text import render

        assert isinstance(state, RunikaState)
        return render(state, seat)


def _placements(comp: Components) -> tuple[tuple[Placement, ...], ...]:
    found = _PLACEMENTS.get(comp)
    if found is None:
        found = _PLACEMENTS[comp] = tuple(r.pattern.placements(comp.letters) for r in comp.runes)
    return found


_PLACEMENTS: weakref.WeakKeyDictionary[Components, tuple[tuple[Placement, ...], ...]] = (
    weakref.WeakKeyDictionary()
)
_TABLES: weakref.WeakKeyDictionary[Components, Tables] = weakref.WeakKeyDictionary()
