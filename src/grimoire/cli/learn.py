"""``grimoire learn GAME``: a game's tutorial in the terminal, then a short game against the
easy bot with hints.

Each step shows the board as ``grimoire play`` does (``render_text``, seats counted from 1),
names the rule it teaches (its section of docs/rules and of the printed rulebook), says what
to read and asks for the step's move: by number or text, as in a game. Another move is
refused with the step's explanation, and, where the rules forbid it, with the engine's own
reason. ``hint`` says the move, ``rules`` prints the rule's paragraph, ``skip`` makes the
step's moves, ``quit`` leaves. The steps come from the game's tutorial file
(``grimoire.tutorial``, docs/tutorials.md).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from grimoire.core.errors import GrimoireError
from grimoire.i18n import N_
from grimoire.i18n import gettext as _t

# the tutorial's own prompt words, typed in the person's language or in English
LEARN_COMMANDS = {
    "hint": N_("command: hint"),
    "skip": N_("command: skip"),
}
HINT_ITERATIONS = 200  # the final game's hints: the web's budget (web/hints.py)

Ask = Callable[[str], str]


class Leave(Exception):
    """The person leaves the tutorial (``quit``, Ctrl-C, the end of input)."""


def label_of(state: Any, action: int) -> str:
    """An action's label as the terminal lists it."""
    return str(state.action_to_string(action))


def label_key(text: str) -> str:
    """A label as typed or shown, without case and spacing differences (any script)."""
    return " ".join(text.casefold().replace("-", " ").split())


def learn(
    game: Annotated[
        str | None, typer.Argument(help="the game to learn (without one: the games to learn)")
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", help="language: en, de or ja (as grimoire --lang; default: English)"
        ),
    ] = None,
    step: Annotated[int, typer.Option(help="start at this step (1 is the first)")] = 1,
    no_game: Annotated[
        bool, typer.Option("--no-game", help="end after the steps, without the short game")
    ] = False,
    seed: Annotated[
        int | None, typer.Option(help="the short game's seed (default: random)")
    ] = None,
) -> None:
    """Learn a game step by step from its rulebook's examples, then play a short game."""
    from grimoire.cli.app import _fail, console

    if lang is not None:
        from grimoire.i18n import resolve, set_language

        chosen, warning = resolve(lang)
        if warning:
            console.print(f"[yellow]{escape(warning)}[/]", highlight=False)
        set_language(chosen)
    ask = lambda prompt: console.input(f"[bold]{escape(prompt)}[/]: ")  # noqa: E731
    try:
        if game is None:
            list_tutorials(console)
            return
        code = run_lesson(console, ask, game, start=step, final_game=not no_game, seed=seed)
    except GrimoireError as error:
        raise _fail(error) from error
    raise typer.Exit(code)


def list_tutorials(console: Console) -> None:
    """The games that have a tutorial, and how to start one."""
    from grimoire.registry import game_class, games
    from grimoire.tutorial import has_tutorial, lesson, said

    console.print(_t("Games with a tutorial:"), highlight=False)
    for name in games():
        if has_tutorial(name):
            title = said(lesson(name).tutorial.title)
            console.print(f"  [bold]{escape(name)}[/]  {escape(title)}", highlight=False)
        else:
            missing = _t("no tutorial yet")
            title = game_class(name).title
            console.print(f"  [dim]{escape(name)}  {escape(title)}: {escape(missing)}[/]")
    console.print(_t("Start one with: grimoire learn GAME"), highlight=False)


def command_word(command: str) -> str:
    """A tutorial command in this language (``hint``, ``skip``; else play's own words)."""
    from grimoire.cli import play

    if command in LEARN_COMMANDS:
        return _t(LEARN_COMMANDS[command]).removeprefix("command: ")
    return play.command_word(command)


def command_of(word: str) -> str | None:
    """The command a typed word names (this language or English), or None."""
    from grimoire.cli import play

    folded = word.casefold()
    for command in LEARN_COMMANDS:
        if folded in (command, command_word(command).casefold()):
            return command
    found = play.command_of(word)
    return found if found in ("help", "rules", "quit") else None


def help_line() -> str:
    words = [f"'{command_word(c)}'" for c in ("hint", "rules", "skip", "help", "quit")]
    text = _t(
        "Make the step's move: type its number or its text. {hint} says the move, {rules} "
        "prints the rule, {skip} makes the step's moves for you, {quit} leaves."
    ).format(hint=words[0], rules=words[1], skip=words[2], quit=words[4])
    if command_word("help") != "help":
        text += " " + _t("The English commands work too.")
    return text


class Teacher:
    """The terminal side of a lesson: prints steps, reads moves, judges them."""

    def __init__(self, console: Console, ask: Ask, game_name: str) -> None:
        from grimoire.tutorial import lesson

        self.console = console
        self.ask = ask
        self.lesson = lesson(game_name)
        self.game = self.lesson.game
        self.seat = self.lesson.seat

    # ---- printing
    def say(self, text: str, style: str = "") -> None:
        body = escape(text)
        self.console.print(f"[{style}]{body}[/]" if style else body, highlight=False)

    def read(self, text: str, style: str = "") -> None:
        """A text of the tutorial file, paragraph by paragraph (the terminal wraps them)."""
        from grimoire.tutorial import paragraphs

        for paragraph in paragraphs(text):
            self.say(paragraph, style)

    def line(self, actor: int, text: str) -> str:
        """A log line as the terminal shows it: whose move, seats counted from 1."""
        from grimoire.core.state import CHANCE

        if actor != CHANCE:
            own = _t("seat {seat}").format(seat=actor + 1)
            for colon in (": ", "："):
                text = text.removeprefix(own + colon)
        if actor == CHANCE:
            return f"  {text}"
        if actor == self.seat:
            return _t("you: {action}").format(action=text)
        return _t("seat {seat}: {action}").format(seat=actor + 1, action=text)

    def tell(self, entries: list[Any]) -> None:
        for entry in entries:
            self.say(self.line(entry.actor, entry.told(self.seat)), "dim")

    def board(self, index: int, done: int) -> None:
        state = self.lesson.position(index, done)
        self.console.print(self.game.render_text(state, self.seat))

    def heading(self, index: int) -> None:
        from grimoire.rulebook import rule_named
        from grimoire.tutorial import rule_title, said

        step = self.lesson.steps[index]
        self.console.rule(
            escape(_t("Step {number} of {count}").format(number=index + 1, count=len(self.lesson)))
        )
        parts = []
        rule = rule_named(self.game, step.rule) if step.rule else None
        if rule is not None and step.rule:
            title = rule_title(rule.heading, rule.text, step.rule)
            parts.append(_t("Rule: {heading}").format(heading=title))
        if step.book:
            parts.append(_t("Rulebook: {section}").format(section=said(step.book)))
        if parts:
            self.say(" · ".join(parts), "cyan")

    def rules(self, index: int) -> None:
        from grimoire.cli.play import _reflow
        from grimoire.i18n import language
        from grimoire.rulebook import FALLBACK_NOTE, rule_named

        key = self.lesson.steps[index].rule
        rule = rule_named(self.game, key) if key else None
        if rule is None:
            self.say(_t("No rules section is known for this step."))
            return
        title = _t("Rules: {heading} (from {document})").format(
            heading=rule.heading, document=rule.document
        )
        if rule.language != language():
            title += "\n" + _t(FALLBACK_NOTE)
        self.say(f"{title}\n\n{_reflow(rule.text)}")

    def label(self, index: int, done: int) -> str:
        return self.lesson.label(index, done)

    # ---- one step
    def step(self, index: int) -> bool:
        """Teach step ``index``; False if the person quits."""
        from grimoire.tutorial import said

        lesson = self.lesson
        self.tell(lesson.before(index))
        self.heading(index)
        self.board(index, 0)
        self.read(said(lesson.steps[index].text).replace("{move}", self.label(index, 0)))
        for done in range(lesson.moves(index)):
            if done:
                self.tell(lesson.happened(index, done))
                self.board(index, done)
            answer = self.ask_move(index, done)
            if answer is None:
                return False
        self.tell(lesson.then(index))
        self.read(said(lesson.steps[index].after), "green")
        return True

    def ask_move(self, index: int, done: int) -> int | None:
        """Ask for move ``done`` of step ``index`` until it is the step's (None: quit)."""
        lesson = self.lesson
        state = lesson.position(index, done)
        legal = state.legal_actions(self.seat)
        for number, action in enumerate(legal, 1):
            self.console.print(f"  [cyan]{number:>2}[/] {escape(label_of(state, action))}")
        while True:
            try:
                answer = self.ask(_t("Your move")).strip()
            except (KeyboardInterrupt, EOFError):
                self.say("")
                return None
            if not answer:
                continue
            # a listed label wins over a command word of the same spelling
            listed = any(label_key(label_of(state, a)) == label_key(answer) for a in legal)
            command = None if listed else command_of(answer)
            try:
                if command is None:
                    chosen = self.judge(index, done, answer, legal)
                else:
                    chosen = self.command(index, done, command)
            except Leave:
                return None
            if chosen is not None:
                return chosen

    def command(self, index: int, done: int, command: str) -> int | None:
        """Do a prompt command: the step's move for ``skip``; ``quit`` raises Leave."""
        lesson = self.lesson
        if command == "quit":
            raise Leave
        if command == "skip":
            self.say(_t("(made for you: {move})").format(move=self.label(index, done)), "dim")
            return lesson.expected(index, done)
        if command == "rules":
            self.rules(index)
        elif command == "hint":
            self.read(lesson.hint(index, done, self.label(index, done)), "yellow")
        else:
            self.say(help_line())
        return None

    def judge(self, index: int, done: int, answer: str, legal: list[int]) -> int | None:
        """The action if ``answer`` is the step's move; else says why not and gives None."""
        state = self.lesson.position(index, done)
        action: int | None = None
        if answer.isdigit():
            if 1 <= int(answer) <= len(legal):
                action = legal[int(answer) - 1]
        else:
            wanted = label_key(answer)
            listed = [a for a in legal if label_key(label_of(state, a)) == wanted]
            if listed:
                action = listed[0]
            else:
                try:
                    action = state.parse_action(answer)
                except GrimoireError as error:
                    self.say(str(error), "bold red")
        if action is None:
            self.read(self.lesson.hint(index, done, self.label(index, done)), "yellow")
            return None
        verdict = self.lesson.attempt(index, done, action)
        if verdict.ok:
            return action
        self.say(_t("Not this move here."), "bold red")
        self.read(self.lesson.hint(index, done, self.label(index, done)), "yellow")
        if verdict.why:
            from grimoire.tutorial import NOT_POSSIBLE

            self.say(_t(NOT_POSSIBLE).format(why=verdict.why), "red")
        return None


def run_lesson(
    console: Console,
    ask: Ask,
    game_name: str,
    *,
    start: int = 1,
    final_game: bool = True,
    seed: int | None = None,
    save_to: Path | None = None,
) -> int:
    """Teach ``game_name``'s tutorial from step ``start`` (1-based), then offer the short
    game. Returns a process exit code."""
    from grimoire.cli.saving import NO, YES
    from grimoire.core.errors import InvalidOptions
    from grimoire.registry import game_class
    from grimoire.tutorial import said

    game_class(game_name)  # UnknownGame for a name that is no game
    teacher = Teacher(console, ask, game_name)
    lesson = teacher.lesson
    if not 1 <= start <= len(lesson):
        raise InvalidOptions(_t("--step is a step from 1 to {count}").format(count=len(lesson)))
    console.print(f"[bold]{escape(said(lesson.tutorial.title))}[/]", highlight=False)
    teacher.read(said(lesson.tutorial.intro))
    teacher.say(help_line(), "dim")
    for index in range(start - 1, len(lesson)):
        if not teacher.step(index):
            teacher.say(
                _t(
                    "You left the tutorial. 'grimoire learn {game} --step {step}' goes on here."
                ).format(game=game_name, step=index + 1)
            )
            return 0
    console.rule()
    teacher.read(said(lesson.tutorial.outro), "bold")
    if not final_game:
        return 0
    question = _t("Play a short game against the easy bot now? [Y/n]")
    while True:  # an answer that is neither yes nor no asks again: the game is not lost to it
        try:
            answer = ask(question).strip().casefold()
        except (KeyboardInterrupt, EOFError):
            return 0
        if not answer or answer in YES:
            return play_final(console, ask, game_name, seed, save_to)
        if answer in NO:
            return 0
        teacher.say(_t("Answer y to play the short game, or n to end here."), "dim")


def play_final(
    console: Console, ask: Ask, game_name: str, seed: int | None, save_to: Path | None
) -> int:
    """The tutorial's short game: the person at the tutorial's seat, easy bots, and a ``hint``
    command that prints the analysis' best moves from what the person can see."""
    from grimoire.cli.play import new_session, run
    from grimoire.tutorial import lesson

    tutorial = lesson(game_name).tutorial
    final = tutorial.final
    session = new_session(
        game_name, final.players, [final.bot], seed, dict(final.options), tutorial.seat
    )
    console.print(
        escape(
            _t("Hints are on: type '{hint}' at your turn for the best moves.").format(
                hint=command_word("hint")
            )
        ),
        highlight=False,
    )
    hinted = hinting_ask(console, ask, session)
    return run(session, console, hinted, save_to or Path("grimoire-save.json"))


def hinting_ask(console: Console, ask: Ask, session: Any) -> Ask:
    """``ask`` that answers ``hint`` at the person's choice prompt itself (the analysis of
    what the person's seat can see) and asks again."""
    choice = {
        _t("Your choice"),
        *(_t("Seat {seat}, your choice").format(seat=s + 1) for s in session.humans),
    }

    def asking(prompt: str) -> str:
        while True:
            answer = ask(prompt)
            if prompt not in choice or command_of(answer.strip()) != "hint":
                return answer
            for line in hint_lines(session):
                console.print(escape(line), highlight=False)

    return asking


def hint_lines(session: Any) -> list[str]:
    """The three best moves for the person to act, by the analysis of what that seat sees."""
    from grimoire.bots.analysis import analyse
    from grimoire.bots.budget import Budget
    from grimoire.core.rng import derive_seed

    state = session.state
    seats = [s for s in sorted(state.seats_to_act()) if s in session.humans]
    if not seats:
        return [_t("No hint: it is not your turn.")]
    seat = seats[0]
    seed = derive_seed(state.seed, f"hint/{seat}/{state.step}")
    rows = analyse(state.for_seat(seat, seed), seat, Budget(iterations=HINT_ITERATIONS), seed)
    lines = [_t("Best moves by the analysis (from what you can see):")]
    for row in [r for r in rows if not r.backs_out][:3]:
        lines.append(
            "  "
            + _t("{move}: {percent}% to win, score {score}").format(
                move=row.text,
                percent=f"{100 * row.win_chance:.0f}",
                score=_tenths(row.expected_score),
            )
        )
    return lines


def _tenths(value: float) -> str:
    """A score to one decimal, never "-0.0" (a loss of a few hundredths reads as no change)."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text
