"""Tuning: search the values of game options and component data that best meet a designer's
target, each candidate judged by a study on the same back-ends.

The designer names the parameters and their ranges (``komi=0..8``, ``data.rune.blaze.points=
1..6``, ``edition=hobbyworld|mayday``) and a target:

* ``balance``: every seat wins its fair share (the worst seat's distance from it, minimised);
* ``first-player``: the player who starts wins the fair share;
* ``length=N`` / ``turns=N``: games last ``N`` decisions (or turns) on average;
* ``feature=KEY``: using a card (a feature of the study's table, e.g. ``use:Blaze``) is not
  associated with winning (the association nearest zero).

Optuna's TPE sampler, seeded, proposes the settings; every trial is a study of ``games`` games
(the same study seed, so a trial is the same games whatever the back-end), trials with the
same settings are played once, and the best settings are played again with fresh seeds
(``confirm`` games) so that their reported intervals are not flattered by the search.
See docs/simulation.md.
"""

from __future__ import annotations

import hashlib
import math
import re
import tomllib
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grimoire.core.errors import InvalidOptions
from grimoire.core.rng import derive_seed
from grimoire.sim.metrics import cell_metrics
from grimoire.sim.stats import Z95
from grimoire.sim.study import Backend, StudySpec, default_kind, hold, local_backend, run_study

TUNE_FORMAT = "grimoire-tune/1"
TARGETS = ("balance", "first-player", "length=N", "turns=N", "feature=KEY")
_RANGE = re.compile(r"(?P<low>[-+0-9.eE]+)\.\.(?P<high>[-+0-9.eE]+)(?::(?P<step>[-+0-9.eE]+))?")
TrialProgress = Callable[[int, int, dict[str, Any]], None]  # (trial, trials, its row)


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


def _choice(text: str) -> Any:
    """A choice as the command line writes it: true/false, a number, else text."""
    value = text.strip()
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    try:
        return _number(value)
    except ValueError:
        return value


@dataclass(frozen=True)
class Param:
    """A parameter to search: an option's name or ``data.<path>``, with a range (whole
    numbers when both ends are; ``step`` optional) or a list of choices."""

    name: str
    low: int | float | None = None
    high: int | float | None = None
    step: int | float | None = None
    choices: tuple[Any, ...] | None = None

    @classmethod
    def parse(cls, text: str) -> Param:
        """``komi=0..8``, ``x=0.5..2:0.5``, ``edition=hobbyworld|mayday``."""
        name, equals, spec = text.partition("=")
        name, spec = name.strip(), spec.strip()
        if not equals or not name or not spec:
            raise InvalidOptions(f"a parameter is NAME=LOW..HIGH or NAME=A|B|C, not {text!r}")
        found = _RANGE.fullmatch(spec)
        if found:
            step = found["step"]
            return cls.of(
                name,
                _number(found["low"]),
                _number(found["high"]),
                None if step is None else _number(step),
            )
        if "|" in spec:
            return cls(name, choices=tuple(_choice(part) for part in spec.split("|")))
        raise InvalidOptions(f"a parameter is NAME=LOW..HIGH or NAME=A|B|C, not {text!r}")

    @classmethod
    def of(
        cls, name: str, low: int | float, high: int | float, step: int | float | None = None
    ) -> Param:
        if low > high:
            raise InvalidOptions(f"parameter {name}: {low} is above {high}")
        return cls(name, low, high, step)

    @classmethod
    def from_toml(cls, name: str, value: Any) -> Param:
        """``komi = "0..8"``, ``komi = {low = 0, high = 8, step = 2}`` or ``edition = ["a",
        "b"]``."""
        if isinstance(value, str):
            return cls.parse(f"{name}={value}")
        if isinstance(value, list):
            return cls(name, choices=tuple(value))
        if isinstance(value, Mapping) and "low" in value and "high" in value:
            return cls.of(name, value["low"], value["high"], value.get("step"))
        raise InvalidOptions(f"parameter {name}: a range 'LOW..HIGH', a table or a list")

    @property
    def whole(self) -> bool:
        return all(isinstance(x, int) for x in (self.low, self.high, self.step or 1))

    def suggest(self, trial: Any) -> Any:
        if self.choices is not None:
            return trial.suggest_categorical(self.name, list(self.choices))
        assert self.low is not None and self.high is not None
        if self.whole:
            return trial.suggest_int(
                self.name, int(self.low), int(self.high), step=int(self.step or 1)
            )
        return trial.suggest_float(self.name, float(self.low), float(self.high), step=self.step)

    @property
    def size(self) -> int | None:
        """How many values the parameter can take (None: a continuous range)."""
        if self.choices is not None:
            return len(self.choices)
        if not self.whole:
            return None
        assert self.low is not None and self.high is not None
        return int(self.high - self.low) // int(self.step or 1) + 1

    def describe(self) -> str:
        if self.choices is not None:
            return f"{self.name} in {' | '.join(map(str, self.choices))}"
        step = f" by {self.step}" if self.step else ""
        return f"{self.name} in {self.low}..{self.high}{step}"


@dataclass
class TuneSpec:
    game: str
    players: int
    params: list[Param]
    target: str = "balance"
    trials: int = 20
    games: int = 200  # per trial
    seed: int = 1
    lineup: list[str] = field(default_factory=list)  # none: the game's default bot
    options: dict[str, Any] = field(default_factory=dict)
    chunk: int = 16
    confirm: int | None = None  # games to play the best settings again (None: 2 x games)

    def __post_init__(self) -> None:
        if not self.lineup:
            self.lineup = [default_kind(self.game)]

    def check(self) -> None:
        if not self.params:
            raise InvalidOptions("name at least one parameter to tune (--param NAME=LOW..HIGH)")
        if self.trials < 1 or self.games < 1:
            raise InvalidOptions("trials and games per trial must be 1 or more")
        names = [param.name for param in self.params]
        if len(set(names)) != len(names):
            raise InvalidOptions("a parameter is named twice")
        target(self.target)  # refuses an unknown target

    def study(self, settings: Mapping[str, Any], games: int, seed: int) -> StudySpec:
        return StudySpec(
            game=self.game,
            players=[self.players],
            games=games,
            seed=seed,
            variants={label(settings): dict(settings)},
            lineups=[list(self.lineup)],
            options=dict(self.options),
            chunk=self.chunk,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": TUNE_FORMAT,
            "game": self.game,
            "players": self.players,
            "params": [param.describe() for param in self.params],
            "target": self.target,
            "trials": self.trials,
            "games": self.games,
            "seed": self.seed,
            "lineup": list(self.lineup),
            "options": dict(self.options),
            "confirm": self.confirm_games,
        }

    @property
    def confirm_games(self) -> int:
        return 2 * self.games if self.confirm is None else self.confirm

    @classmethod
    def from_toml(cls, path: Path) -> TuneSpec:
        try:
            doc = tomllib.loads(path.read_text("utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise InvalidOptions(f"cannot read the tuning {path}: {error}") from error
        return cls.from_dict(doc)

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> TuneSpec:
        known = {"game", "players", "params", "target", "trials", "games", "seed", "lineup"}
        known |= {"options", "chunk", "confirm", "format"}
        unknown = sorted(set(doc) - known)
        if unknown:
            raise InvalidOptions(f"a tuning has no field {unknown[0]!r} (fields: {sorted(known)})")
        if "game" not in doc:
            raise InvalidOptions("a tuning names its game")
        params = doc.get("params", {})
        try:
            return cls(
                game=str(doc["game"]),
                players=int(doc.get("players", 2)),
                params=[
                    p if isinstance(p, Param) else Param.from_toml(str(name), p)
                    for name, p in (params.items() if isinstance(params, Mapping) else [])
                ],
                target=str(doc.get("target", "balance")),
                trials=int(doc.get("trials", 20)),
                games=int(doc.get("games", 200)),
                seed=int(doc.get("seed", 1)),
                lineup=[str(kind) for kind in doc.get("lineup", [])],
                options=dict(doc.get("options", {})),
                chunk=int(doc.get("chunk", 16)),
                confirm=None if doc.get("confirm") is None else int(doc["confirm"]),
            )
        except (TypeError, ValueError, AttributeError) as error:
            raise InvalidOptions(f"malformed tuning: {error}") from error


def label(settings: Mapping[str, Any]) -> str:
    return ",".join(f"{name}={value}" for name, value in settings.items()) or "default"


# --------------------------------------------------------------------------- targets
@dataclass(frozen=True)
class Measure:
    """How far one study cell is from the target (``value``, lower is better), the measured
    quantity with its 95% interval, and whether the interval holds the ideal."""

    value: float
    measured: float | None
    interval: list[float] | None
    ideal: float
    what: str

    @property
    def consistent(self) -> bool:
        return self.interval is not None and self.interval[0] <= self.ideal <= self.interval[1]

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "what": self.what,
            "measured": self.measured,
            "ci95": self.interval,
            "ideal": self.ideal,
            "ideal_in_interval": self.consistent,
        }


def target(text: str) -> tuple[str, str | None]:
    """``balance`` -> ("balance", None); ``length=60`` -> ("length", "60")."""
    name, _eq, argument = text.partition("=")
    name = name.strip()
    if name in ("balance", "first-player") and not argument:
        return name, None
    if name in ("length", "turns", "feature") and argument.strip():
        if name != "feature":
            try:
                float(argument)
            except ValueError as error:
                raise InvalidOptions(f"target {name}=N takes a number, not {argument!r}") from error
        return name, argument.strip()
    raise InvalidOptions(f"no target {text!r}; targets: {', '.join(TARGETS)}")


def measure(metrics: Mapping[str, Any], goal: str) -> Measure:
    """How far a cell's metrics (``cell_metrics``) are from the target ``goal``."""
    name, argument = target(goal)
    balance = metrics["balance"]
    fair = balance["fair_rate"]
    if name == "balance":
        worst = max(metrics["seats"], key=lambda s: (abs((s["win_rate"] or 0) - fair), s["seat"]))
        rate = worst["win_rate"]
        return Measure(
            abs(rate - fair), rate, worst["win_rate_ci95"], fair, f"seat {worst['seat'] + 1} wins"
        )
    if name == "first-player":
        rate = balance["first_player_win_rate"]
        return Measure(
            abs(rate - fair), rate, balance["first_player_win_rate_ci95"], fair, "first player wins"
        )
    if name in ("length", "turns"):
        wanted = float(argument or 0)
        summary = metrics["length"]["decisions" if name == "length" else "turns"]
        if summary is None or summary["mean"] is None:
            raise InvalidOptions(f"{metrics['label']}: the game counts no turns")
        mean = float(summary["mean"])
        return Measure(
            abs(mean - wanted),
            mean,
            summary["ci95"],
            wanted,
            f"mean {name.replace('length', 'decisions')}",
        )
    rows = [row for row in metrics["features"] if row["feature"] == argument]
    if not rows or rows[0]["association"] is None:
        return Measure(1.0, None, None, 0.0, f"association of {argument} (never used)")
    row = rows[0]
    users, others = row["win_rate"], row["others_win_rate"]
    n_users = row["used"]
    n_others = metrics["games"] * metrics["players"] - n_users
    half = Z95 * math.sqrt(users * (1 - users) / n_users + others * (1 - others) / max(1, n_others))
    value = float(row["association"])
    return Measure(
        abs(value), value, [value - half, value + half], 0.0, f"association of {argument}"
    )


# --------------------------------------------------------------------------- the search
@dataclass
class TuneResult:
    spec: TuneSpec
    trials: list[dict[str, Any]]
    best: dict[str, Any]
    confirm: dict[str, Any] | None
    title: str

    def to_json(self) -> dict[str, Any]:
        return {
            "format": TUNE_FORMAT,
            "spec": self.spec.to_json(),
            "title": self.title,
            "target": self.spec.target,
            "best": self.best,
            "separated": not indistinguishable(self),
            "indistinguishable": [row["settings"] for row in indistinguishable(self)],
            "confirm": self.confirm,
            "trials": self.trials,
        }


def run_tune(
    spec: TuneSpec,
    backend: Backend = local_backend,
    folder: Path | None = None,
    progress: TrialProgress | None = None,
) -> TuneResult:
    """Search ``spec.params`` for ``spec.target``: ``spec.trials`` trials proposed by Optuna's
    seeded TPE sampler, each a study of ``spec.games`` games on ``backend`` (a study folder
    per settings in ``folder/trials``, so a stopped tuning resumes), then the best settings
    played again with fresh seeds."""
    try:
        import optuna
    except ImportError as error:
        raise InvalidOptions("tuning needs: pip install 'grimoire[study]' (optuna)") from error
    spec.check()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    rows: dict[str, dict[str, Any]] = {}  # by settings: a setting is played once
    order: list[dict[str, Any]] = []
    title = ""

    def play(settings: dict[str, Any], games: int, seed: int, kind: str) -> dict[str, Any]:
        nonlocal title
        study = spec.study(settings, games, seed)
        where = None
        if folder is not None:
            digest = hashlib.blake2b(f"{kind}/{label(settings)}".encode(), digest_size=6)
            where = folder / kind / digest.hexdigest()
        result = run_study(study, backend, where)
        title = result.title
        cell, stats = result.cells[0]
        metrics = cell_metrics(cell, stats, result.info.get(cell.key))
        found = measure(metrics, spec.target)
        return {
            "settings": dict(settings),
            "games": stats.games,
            **found.to_json(),
            "seat_win_rates": [s["win_rate"] for s in metrics["seats"]],
            "seat_win_rate_ci95": [s["win_rate_ci95"] for s in metrics["seats"]],
            "first_player_win_rate": metrics["balance"]["first_player_win_rate"],
            "first_player_win_rate_ci95": metrics["balance"]["first_player_win_rate_ci95"],
            "mean_decisions": metrics["length"]["decisions"]["mean"],
            "data_changes": metrics.get("data_changes", []),
        }

    def objective(trial: Any) -> float:
        settings = {param.name: param.suggest(trial) for param in spec.params}
        key = label(settings)
        if key in rows:
            return float(rows[key]["value"])
        rows[key] = play(settings, spec.games, spec.seed, "trials")
        row = {"trial": len(order), **rows[key]}
        order.append(row)
        if progress is not None:
            progress(len(order), spec.trials, row)
        return float(row["value"])

    grid = math.prod(param.size or math.inf for param in spec.params)
    if grid <= spec.trials:  # the budget covers every setting: play each once
        with warnings.catch_warnings():  # "experimental" since optuna 3.1, and stable since
            warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
            sampler: Any = optuna.samplers.BruteForceSampler(seed=spec.seed)
    else:
        startup = min(10, max(3, spec.trials // 3))
        sampler = optuna.samplers.TPESampler(seed=spec.seed, n_startup_trials=startup)
    search = optuna.create_study(direction="minimize", sampler=sampler)
    with hold(backend):
        # ``trials`` distinct settings: a proposal played before costs nothing and is not
        # counted (the sampler is still told its value), up to a bound on proposals
        proposals = 0
        while len(rows) < min(spec.trials, grid) and proposals < 20 * spec.trials:
            search.optimize(objective, n_trials=1)
            proposals += 1
        # the best: the lowest value, the earliest trial among equals
        best = min(order, key=lambda row: (row["value"], row["trial"]))
        confirm = None
        if spec.confirm_games > 0:
            fresh = derive_seed(spec.seed, "tune/confirm")
            confirm = play(best["settings"], spec.confirm_games, fresh, "confirm")
    return TuneResult(spec, order, best, confirm, title)


def distance_interval(row: Mapping[str, Any]) -> tuple[float, float] | None:
    """A trial's 95% interval of its distance from the target (``value``), from the interval
    of what it measured: from 0 when that interval holds the target."""
    ci, ideal = row["ci95"], row["ideal"]
    if ci is None:
        return None
    low, high = float(ci[0]), float(ci[1])
    if low <= ideal <= high:
        return 0.0, max(ideal - low, high - ideal)
    near, far = sorted((abs(low - ideal), abs(high - ideal)))
    return near, far


def indistinguishable(result: TuneResult) -> list[dict[str, Any]]:
    """The other trials that cannot be told from the best at 95%: their interval of the
    distance from the target reaches below the top of the best's (a trial without an interval
    cannot be told from anything). Empty: the best is separated from every other trial."""
    mine = distance_interval(result.best)
    tied = []
    for row in result.trials:
        if row["settings"] == result.best["settings"]:
            continue
        theirs = distance_interval(row)
        if mine is None or theirs is None or theirs[0] <= mine[1]:
            tied.append(row)
    return tied


def verdict(result: TuneResult) -> str:
    """One sentence on the best settings, with the confirmation's interval; the best is named
    only when its trial is separated from every other (``indistinguishable``), else the
    sentence says which trials the games cannot tell apart."""
    tied = indistinguishable(result)
    if tied:
        names = ", ".join(label(row["settings"]) for row in tied[:8])
        more = f" and {len(tied) - 8} more" if len(tied) > 8 else ""
        return (
            f"No single best: {label(result.best['settings'])} measured nearest the target, "
            f"but {len(tied)} other trial(s) cannot be told apart from it at 95% (their "
            f"intervals of the distance from the target overlap): {names}{more}. More games "
            f"per trial would separate them. {_best_sentence(result)}"
        )
    return _best_sentence(result)


def _best_sentence(result: TuneResult) -> str:
    best = result.confirm or result.best
    where = "played again with fresh seeds" if result.confirm else "in its trial"
    ci = best["ci95"]
    interval = "" if ci is None else f" [{_fmt(ci[0], best)}–{_fmt(ci[1], best)}]"
    holds = (
        "the interval holds the target"
        if best["ideal_in_interval"]
        else f"the interval misses the target {_fmt(best['ideal'], best)}"
    )
    return (
        f"Best: {label(result.best['settings'])}: {best['what']} "
        f"{_fmt(best['measured'], best)}{interval} over {best['games']} games {where}; {holds} "
        f"(95%)."
    )


def _fmt(value: float | None, row: Mapping[str, Any]) -> str:
    if value is None:
        return "–"
    rate = any(word in row["what"] for word in ("wins", "association"))
    return f"{100 * value:.1f}%" if rate else f"{value:.1f}"


__all__ = [
    "Param",
    "TuneResult",
    "TuneSpec",
    "distance_interval",
    "indistinguishable",
    "measure",
    "run_tune",
    "verdict",
]
