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
from grimoire.core.rng import derive_seed
from grimoire.core.state import CHANCE, State
from grimoire.registry import make

SAVE_FORMAT = "grimoire-save/1"
HELP = (
    "Type the number of an action, or its text (e.g. 'claim 21'). "
    "Other commands: 'help', 'scores', 'save [FILE]', 'quit'."
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
    seat: int | list[int] = 0,
) -> Session:
    """A new terminal game: ``seat`` is the person's seat, or the seats of several people
    sharing the terminal (hot seat); ``bots`` names the bots of the other seats."""
    game = make(game_name, players=players, **options)
    humans = sorted({seat} if isinstance(seat, int) else set(seat))
    if not humans or any(not 0 <= s < players for s in humans):
        raise InvalidOptions(f"the people's seats must be in 0..{players - 1}")
    others = [s for s in range(players) if s not in humans]
    if len(bots) == 1:
        bots = bots * len(others)
    if others and len(bots) != len(others):
        raise InvalidOptions(
            f"--bots names {len(bots)} bots for {len(others)} other seats (give one name or "
            f"{len(others)} comma-separated names)"
        )
    kinds = dict(zip(others, bots[: len(others)], strict=True))
    for kind in kinds.values():
        make_bot(kind, game)  # fail early on an unknown bot name
    # the setup's chance is resolved by ``run``, which tells each person what they were dealt
    state = game.new_state(secrets.randbits(31) if seed is None else seed, resolve_chance=False)
    return Session(game, state, humans, kinds)


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


def score_table(
    state: State, humans: list[int], kinds: dict[int, str], viewer: int | None = None
) -> Table:
    """The scores as ``viewer`` may know them ("?" where it cannot); true scores at the end."""
    over = state.is_terminal()
    table = Table(title="Final scores" if over else "Scores")
    table.add_column("Seat")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("")
    winners = state.winners()
    scores: list[float | None] = list(state.scores()) if over else state.public_scores(viewer)
    for seat, score in enumerate(scores):
        who = "you" if seat in humans else f"{kinds.get(seat, '?')} bot"
        if len(humans) > 1 and seat in humans:
            who = f"person {humans.index(seat) + 1}"
        shown = "?" if score is None else f"{score:g}"
        table.add_row(str(seat), who, shown, "🏆 winner" if seat in winners else "")
    return table


@dataclass
class Exit:
    """The people left the game: the process exit code."""

    code: int


class Terminal:
    """The terminal side of a game: what each person has been told, and whose screen it is.

    With one person, log lines are printed as they happen, in that person's words
    (``describe`` for their seat). With several people at one terminal (hot seat), each keeps
    a queue of lines in their own words, shown when they next take the keyboard after the
    screen was cleared, so nothing private is printed while another person may look."""

    def __init__(self, session: Session, console: Console, ask: Callable[[str], str]) -> None:
        self.session = session
        self.console = console
        self.ask = ask
        self.queues: dict[int, list[str]] = {seat: [] for seat in session.humans}
        self.screen: int | None = session.humans[0] if len(session.humans) == 1 else None
        self.last_shown: dict[int, int] = {}

    @property
    def hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    def name(self, seat: int) -> str:
        if seat in self.session.humans:
            return "you" if not self.hot_seat else f"person {self.session.humans.index(seat) + 1}"
        return self.session.bot_kinds.get(seat, "?")

    def apply(self, actor: int, action: int) -> None:
        """Apply an action or chance outcome, telling each person what they may know of it."""
        state = self.session.state
        for seat in self.session.humans:
            text = state.describe(actor, action, seat)  # asked before the action is applied
            if actor == CHANCE:
                line = f"  {text}"
            elif actor == seat:
                line = f"you: {text}"
            else:
                line = f"seat {actor} ({self.name(actor)}): {text}"
            self.queues[seat].append(line)
        state.apply(action, None if actor == CHANCE else actor)
        if not self.hot_seat:
            self.flush(self.session.humans[0])

    def flush(self, seat: int) -> None:
        """Print what ``seat``'s person has not been told yet."""
        lines, self.queues[seat] = self.queues[seat], []
        chance = [line for line in lines if line.startswith("  ")]
        if len(chance) > 40:  # a long setup: say how much happened, not every draw
            lines = [f"  ({len(chance)} chance events)"] + [
                line for line in lines if not line.startswith("  ")
            ]
        for line in lines:
            self.console.print(f"[dim]{line}[/]", highlight=False)

    def take_keyboard(self, seat: int) -> None:
        """Hot seat: clear the screen and wait until ``seat``'s person has the keyboard."""
        if not self.hot_seat or self.screen == seat:
            return
        self.console.clear()
        self.ask(f"Seat {seat} ({self.name(seat)}): press Enter when only you see the screen")
        self.console.clear()
        self.screen = seat
        self.last_shown.pop(seat, None)


def run(
    session: Session,
    console: Console,
    ask: Callable[[str], str],
    default_save: Path,
) -> int:
    """Play until the game ends or the people quit. Returns a process exit code.

    Every decision, simultaneous ones included, is taken one submission at a time: the bots
    and people asked choose on the same position (bots on ``state.for_seat``, never the true
    state); then the oldest choice is applied and the chance it triggers resolved; a choice
    that is no longer legal is asked for again."""
    state = session.state
    term = Terminal(session, console, ask)
    console.print(f"[bold]{session.game.title}[/], {session.game.players} players. {HELP}")
    pending: dict[int, tuple[int, int]] = {}  # seat -> (when it chose, its choice)
    order = 0
    while True:
        while state.is_chance():
            term.apply(CHANCE, state.sample_chance())
        if state.is_terminal():
            break
        seats = state.seats_to_act()
        for seat in list(pending):
            if seat not in seats or pending[seat][1] not in state.legal_actions(seat):
                del pending[seat]
        for seat in sorted(seats - pending.keys()):
            if seat in session.bots:
                mine = state.for_seat(seat, derive_seed(state.seed, f"cli/{seat}/{state.step}"))
                choice: int | Exit = session.bots[seat].choose(mine, seat)
            else:
                choice = _ask_person(session, term, seat, default_save)
            if isinstance(choice, Exit):
                return choice.code
            pending[seat] = (order, choice)
            order += 1
        seat = min(pending, key=lambda s: (pending[s][0], s))
        term.apply(seat, pending.pop(seat)[1])
    if term.hot_seat:  # the game is over: nothing is secret any more
        console.clear()
    else:
        term.flush(session.humans[0])
    console.print(session.game.render_text(state, None))
    console.print(score_table(state, session.humans, session.bot_kinds))
    return 0


def _ask_person(session: Session, term: Terminal, seat: int, default_save: Path) -> int | Exit:
    """Ask the person at ``seat`` for an action until they give a legal one (or leave)."""
    state, console, ask = session.state, term.console, term.ask
    term.take_keyboard(seat)
    term.flush(seat)
    while True:
        if term.last_shown.get(seat) != state.step:
            console.print(session.game.render_text(state, seat))
            term.last_shown[seat] = state.step
        legal = state.legal_actions(seat)
        texts = [state.action_to_string(action) for action in legal]
        if len(legal) == 1:
            console.print(f"[dim]only one choice: {texts[0]}[/]")
            return legal[0]
        for number, text in enumerate(texts, 1):
            console.print(f"  [cyan]{number:>2}[/] {text}")
        prompt = f"Seat {seat}, your choice" if term.hot_seat else "Your choice"
        try:
            answer = ask(prompt).strip()
        except KeyboardInterrupt:
            return Exit(_interrupted(session, console, ask, default_save))
        except EOFError:
            path = save(session, default_save)
            console.print(f"\nInput ended; the game is saved to {path}.")
            return Exit(1)
        if not answer:
            continue
        lowered = answer.lower()
        if lowered in ("help", "?"):
            console.print(HELP)
            continue
        if lowered == "quit":
            return Exit(_interrupted(session, console, ask, default_save))
        if lowered.startswith("save"):
            target = Path(answer[4:].strip() or default_save)
            console.print(f"Saved to {save(session, target)}. Resume with --load {target}.")
            continue
        if lowered == "scores":
            console.print(score_table(state, session.humans, session.bot_kinds, seat))
            continue
        try:
            if answer.isdigit():
                index = int(answer)
                if not 1 <= index <= len(legal):
                    raise IllegalAction(f"choose a number from 1 to {len(legal)}")
                return legal[index - 1]
            action = state.parse_action(answer)
            if action not in legal:
                state.apply(action, seat)  # raises IllegalAction with the engine's reason
            return action
        except GrimoireError as error:
            console.print(f"[bold red]Not possible:[/] {error}")


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
