"""Play a game in the terminal against bots: numbered choices or action text, save and resume."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from grimoire.bots import make_bot
from grimoire.core.bot import Bot
from grimoire.core.errors import GrimoireError, IllegalAction, InvalidOptions
from grimoire.core.game import Game
from grimoire.core.record import GameRecord
from grimoire.core.state import State
from grimoire.registry import make

SAVE_FORMAT = "grimoire-save/1"
HELP = (
    "Type the number of an action, or its text (e.g. 'claim 21'). "
    "Other commands: 'help', 'save [FILE]', 'quit'."
)


@dataclass
class Session:
    """A terminal game: the state, which seats are people, and the bots of the others."""

    game: Game
    state: State
    humans: list[int]
    bot_kinds: dict[int, str]
    bots: dict[int, Bot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat, kind in self.bot_kinds.items():
            self.bots[seat] = make_bot(kind, self.game, seed=self.state.seed + 7919 * (seat + 1))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "record": self.state.record().to_json(),
            "humans": self.humans,
            "bots": {str(seat): kind for seat, kind in self.bot_kinds.items()},
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Session:
        if doc.get("format") == SAVE_FORMAT:
            record = GameRecord.from_json(doc["record"])
            humans = [int(seat) for seat in doc.get("humans", [0])]
            kinds = {int(seat): str(kind) for seat, kind in doc.get("bots", {}).items()}
        else:  # a bare game record: every seat but 0 is a heuristic bot
            record = GameRecord.from_json(doc)
            humans = [0]
            kinds = {seat: "heuristic" for seat in range(1, record.players)}
        state = record.replay()
        return cls(state.game, state, humans, kinds)


def new_session(
    game_name: str,
    players: int,
    bots: list[str],
    seed: int | None,
    options: dict[str, Any],
    seat: int = 0,
) -> Session:
    game = make(game_name, players=players, **options)
    if not 0 <= seat < players:
        raise InvalidOptions(f"--seat must be 0..{players - 1}")
    others = [s for s in range(players) if s != seat]
    if len(bots) == 1:
        bots = bots * len(others)
    if len(bots) != len(others):
        raise InvalidOptions(
            f"--bots names {len(bots)} bots for {len(others)} other seats (give one name or "
            f"{len(others)} comma-separated names)"
        )
    kinds = dict(zip(others, bots, strict=True))
    for kind in kinds.values():
        make_bot(kind, game)  # fail early on an unknown bot name
    state = game.new_state(secrets.randbits(31) if seed is None else seed)
    return Session(game, state, [seat], kinds)


def save(session: Session, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(session.to_json(), indent=1))
    return path


def load(path: Path) -> Session:
    try:
        doc = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise InvalidOptions(f"cannot read saved game {path}: {error}") from error
    return Session.from_json(doc)


def score_table(state: State, humans: list[int], kinds: dict[int, str]) -> Table:
    table = Table(title="Final scores" if state.is_terminal() else "Scores")
    table.add_column("Seat")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("")
    winners = state.winners()
    for seat, score in enumerate(state.scores()):
        who = "you" if seat in humans else f"{kinds.get(seat, '?')} bot"
        table.add_row(str(seat), who, f"{score:g}", "🏆 winner" if seat in winners else "")
    return table


def run(
    session: Session,
    console: Console,
    ask: Callable[[str], str],
    default_save: Path,
) -> int:
    """Play until the game ends or the person quits. Returns a process exit code."""
    state = session.state
    console.print(f"[bold]{session.game.title}[/], {session.game.players} players. {HELP}")
    last_shown = -1
    while not state.is_terminal():
        _show_chance(state, console)
        if state.is_terminal():
            break
        seat = state.current_player
        assert isinstance(seat, int)
        if seat in session.bots:
            action = session.bots[seat].choose(state, seat)
            console.print(
                f"[dim]seat {seat} ({session.bot_kinds[seat]}): {state.action_to_string(action)}[/]"
            )
            state.apply(action, seat)
            continue
        if state.step != last_shown:
            console.print(session.game.render_text(state, seat))
            last_shown = state.step
        legal = state.legal_actions(seat)
        texts = [state.action_to_string(action) for action in legal]
        if len(legal) == 1:
            console.print(f"[dim]only one choice: {texts[0]}[/]")
            state.apply(legal[0], seat)
            continue
        for number, text in enumerate(texts, 1):
            console.print(f"  [cyan]{number:>2}[/] {text}")
        try:
            answer = ask("Your choice").strip()
        except KeyboardInterrupt:
            return _interrupted(session, console, ask, default_save)
        except EOFError:
            path = save(session, default_save)
            console.print(f"\nInput ended; the game is saved to {path}.")
            return 1
        if not answer:
            continue
        lowered = answer.lower()
        if lowered in ("help", "?"):
            console.print(HELP)
            continue
        if lowered == "quit":
            return _interrupted(session, console, ask, default_save)
        if lowered.startswith("save"):
            target = Path(answer[4:].strip() or default_save)
            console.print(f"Saved to {save(session, target)}. Resume with --load {target}.")
            continue
        try:
            if answer.isdigit():
                index = int(answer)
                if not 1 <= index <= len(legal):
                    raise IllegalAction(f"choose a number from 1 to {len(legal)}")
                action = legal[index - 1]
            else:
                action = state.parse_action(answer)
            state.apply(action, seat)
        except GrimoireError as error:
            console.print(f"[bold red]Not possible:[/] {error}")
            continue
        last_shown = -1
    console.print(session.game.render_text(state, None))
    console.print(score_table(state, session.humans, session.bot_kinds))
    return 0


def _show_chance(state: State, console: Console) -> None:
    """Resolve chance nodes, printing what they revealed on one line (dice, cards)."""
    shown: list[str] = []
    while state.is_chance():
        outcome = state.sample_chance()
        shown.append(state.describe(-1, outcome, None))
        state.apply(outcome)
    if shown and len(shown) <= 40:
        console.print("[dim]  " + "; ".join(shown) + "[/]")


def _interrupted(session: Session, console: Console, ask: Callable[[str], str], path: Path) -> int:
    try:
        answer = ask(f"\nSave the game before leaving? [Y/n] (file: {path})").strip().lower()
    except (KeyboardInterrupt, EOFError):
        answer = "y"
    if answer in ("", "y", "yes"):
        console.print(f"Saved to {save(session, path)}. Resume with: grimoire play --load {path}")
    else:
        console.print("Left without saving.")
    return 130
