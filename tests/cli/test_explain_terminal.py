"""Issue 35 at the terminal: the rule behind every move (``explain N``, ``? N``, ``why TEXT``,
in the person's language, nothing played), ``rules`` as the paragraph of the current step, and
screens that carry what a newcomer needs: F.A.T.A.L.'s secret colour always in sight, its stars
counted as the game counts them (Falling Star), bot turns said as a person would say them (the
trimagic named), Runika's legend of its codes, Ciúb's odds that never call a card met before
the tray meets it, and where every point came from at the end."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from tests.rules.fatal.fatal_helpers import fatal_state
from typer.testing import CliRunner

import grimoire
from grimoire.cli.main import app
from grimoire.cli.play import Session, Terminal, new_session, run
from grimoire.core.state import State
from grimoire.i18n import language_scope, set_language

WIDE = {"COLUMNS": "200", "TERM": "dumb"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English (``--lang`` sets the language of the process)."""
    set_language("en")
    yield
    set_language("en")


def flat(text: str) -> str:
    return " ".join(text.split())


def text_of(renderable: object, width: int = 200) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def typed(lines: list[str], game: str = "ciub", lang: str = "en", *extra: str) -> str:
    """What the terminal prints when a person types ``lines`` and then quits unsaved."""
    command = ["--lang", lang, "play", game, "--players", "2", "--seed", "3", *extra]
    result = CliRunner().invoke(
        app, command, input="\n".join([*lines, "quit", "n"]) + "\n", env=WIDE
    )
    assert result.exit_code == 130, result.output
    return result.output


def positions(game: str, players: int, seed: int) -> Iterator[State]:
    """The positions of a seeded random game where a seat decides (progress actions only)."""
    state = grimoire.make(game, players=players).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        yield state
        seat = min(state.seats_to_act())
        state.apply(rng.choice(state.progress_actions(seat)), seat)


def first(game: str, players: int, found: Callable[[State], bool]) -> State:
    for seed in range(40):
        for state in positions(game, players, seed):
            if found(state):
                return state.clone()
    raise AssertionError("no such position in 40 games")


# ---------------------------------------------------------------------- explain, ?, why
def test_explain_tells_what_a_listed_action_does_before_it_is_played() -> None:
    out = flat(typed(["explain 2", "? 2", "?2", "explain"]))
    said = re.findall(r"2 mark (\d+): puts your marker on card \1 \([^)]*\): no other player", out)
    assert len(said) == 4  # explain 2, ? 2, ?2 and the whole list
    assert "(rules: a turn, phase 1: your marker, or a card removed)" in out
    assert "1 pass: leaves your marker and the top row as they are" in out
    assert "you: " not in out  # nothing was played


def test_why_names_the_rule_that_refuses_an_action() -> None:
    out = flat(typed(["why claim 21", "why pass", "explain 99", "why fly away"]))
    assert "'claim 21' is not possible: that is done in phase 3 (claiming a card)" in out
    assert "1 pass: leaves your marker" in out  # a legal one is explained
    assert "choose a number from 1 to" in out
    assert "cannot read 'fly away'" in out
    assert "you: " not in out


def test_help_lists_explain_and_why_in_the_persons_language() -> None:
    assert "'explain N' or '? N' (what action N does, and its rule), 'why TEXT'" in flat(
        typed(["help"])
    )
    german = flat(typed(["hilfe", "erklären 2", "warum claim 21"], lang="de"))
    assert "'erklären N' oder '? N' (was Aktion N bewirkt, und ihre Regel)" in german
    assert "setzt deinen Marker auf Karte" in german and "(Regeln: ein Zug, Phase 1" in german
    assert "'claim 21' ist nicht möglich" in german or "erfüllen" in german
    japanese = flat(typed(["説明 2", "なぜ claim 21"], lang="ja"))
    assert "にマーカーを置く" in japanese and "（ルール：手番、フェイズ1" in japanese


# ---------------------------------------------------------------------- rules of the step
@pytest.mark.parametrize(
    ("lang", "here", "not_here"),
    [
        ("en", "**Play one or two visions**", "**Steal one vision**"),
        ("de", "**Eine oder zwei Visionen spielen**", "**Eine Vision stehlen**"),
        ("ja", "**ヴィジョンを1〜2枚出す**", "**ヴィジョンを1枚奪う**"),
    ],
)
def test_rules_prints_the_paragraph_of_the_step_in_the_language(
    lang: str, here: str, not_here: str
) -> None:
    state = first("fatal", 3, lambda st: fatal_state(st).stack[-1].kind == "play")
    session = Session(state.game, state, [min(state.seats_to_act())], {})
    from grimoire.cli.play import rules_text

    with language_scope(lang):
        text = rules_text(session.game, state)
    assert here in text and not_here not in text
    assert "not translated" not in text and "nicht übersetzt" not in text


# ---------------------------------------------------------------------- F.A.T.A.L.'s screens
def test_fatal_shows_your_character_and_colour_on_every_screen() -> None:
    seen = 0
    for state in positions("fatal", 3, 5):
        seat = min(state.seats_to_act())
        me = state.view(seat)["seats"][seat]
        if not me["character"]:
            continue
        screen = flat(text_of(state.game.render_text(state, seat)))
        colour = me["colour"]
        assert f"{me['character']} ({colour})" in screen
        assert f"You are {me['character']} ({colour})" in screen
        assert "(hidden)" not in screen
        seen += 1
        if seen > 60:
            break
    assert seen > 20


def test_fatal_counts_falling_star_in_the_stars_column() -> None:
    state = first("fatal", 3, lambda st: st.view(None)["turn_state"]["bonus"] > 0)
    view = state.view(None)
    turn = view["turn"]
    rows = view["seats"][turn]["stars"]
    screen = flat(text_of(state.game.render_text(state, turn)))
    assert f"{rows + 2} ({rows} + 2 Falling Star)" in screen


def test_fatal_bot_turns_name_the_trimagic_cast_and_never_the_seat_twice(tmp_path: Path) -> None:
    state = first("fatal", 3, lambda st: fatal_state(st).stack[-1].kind == "target")
    caster = min(state.seats_to_act())
    viewer = (caster + 1) % 3
    session = Session(state.game, state, [viewer], {caster: "random", (caster + 2) % 3: "random"})
    out = io.StringIO()
    term = Terminal(session, Console(file=out, width=200, color_system=None), lambda _: "")
    action = state.legal_actions(caster)[0]
    term.apply(caster, action)
    line = out.getvalue()
    assert re.search(r"casts a (DRAW|TAKE|STEAL|DISCARD) trimagic \(row \d\) on seat \d: ", line)
    assert f"seat {caster + 1} (random): casts" in line
    assert f"seat {caster + 1} (random): seat {caster + 1}" not in line


def test_a_whole_fatal_game_ends_with_where_every_point_came_from() -> None:
    session = new_session("fatal", 3, ["random"], seed=11, options={})
    out = io.StringIO()
    rng = random.Random(3)

    def ask(prompt: str) -> str:
        return str(rng.randrange(len(session.state.legal_actions(0))) + 1)

    assert run(session, Console(file=out, width=200, color_system=None), ask, Path("x")) == 0
    text = out.getvalue()
    assert "Where the points came from" in text
    end = text.split("Where the points came from")[1]
    for seat, score in enumerate(session.state.scores()):
        assert re.search(rf"│ {seat + 1}\s+│.*│\s+{score:g} │", end), end
    assert "(hidden)" not in text
    assert not re.search(r"seat (\d) \([a-z]+\): seat \1\b", text)
    # a trimagic of strength 1 is said in the singular ("1 card", never "1 cards")
    assert re.search(r"trimagic \(row \d\) on seat \d: .*\b1 (random )?card\b", text)
    assert not re.search(r"\b1 (random |display )?(face-down )?(cards|treasures)\b", text)


# ---------------------------------------------------------------------- Runika and Ciúb
def test_runika_says_what_its_codes_mean_on_the_screen() -> None:
    state = grimoire.make("runika", players=2).new_state(1)
    screen = flat(text_of(state.game.render_text(state, 0)))
    assert (
        "Dice: colour letter + face" in screen and "Be = a blue die showing its element" in screen
    )
    assert "K (mastery runes) empty or a die of another colour" in screen
    assert "P dice of one colour" in screen and ". anything or nothing" in screen
    with language_scope("ja"):
        assert "ダイス：色の文字＋目" in flat(text_of(state.game.render_text(state, 0)))


def test_ciub_marks_a_card_met_only_when_the_tray_meets_it_and_stop_says_so() -> None:
    from grimoire.games.ciub import odds

    def glance(st: State) -> list[dict[str, object]]:
        return odds.glance(st) if st.phase == "set_aside" else []  # type: ignore[arg-type]

    state = first("ciub", 2, lambda st: any(row["met"] for row in glance(st)))
    met = next(row["card"] for row in glance(state) if row["met"])
    board = flat(text_of(state.game.render_text(state, None)))
    assert re.search(rf"\[ ?{met}\] \S+ \d+VP( 🦉)?( ◆\S+)? ✓", board), board
    said = state.game.explain(state, state.parse_action("stop"), None)
    assert f"your tray meets card {met} (" in said

    # a sure thing that still needs a die set aside: a percentage, never ✓, and stop claims
    # nothing of it
    def sure_not_met(st: State) -> bool:
        return any(row["turn"] == 1.0 and not row["met"] for row in glance(st))

    state = first("ciub", 2, sure_not_met)
    card = next(r["card"] for r in glance(state) if r["turn"] == 1.0 and not r["met"])
    board = flat(text_of(state.game.render_text(state, None)))
    assert re.search(rf"\[ ?{card}\] \S+ \d+VP( 🦉)?( ◆\S+)? 100%", board), board
    said = state.game.explain(state, state.parse_action("stop"), None)
    assert f"card {card} (" not in said
    assert "even a sure thing still needs the right dice set aside" in board


# ---------------------------------------------------------------------- a bot's turn in short
def whole_game(game: str, players: int, lang: str = "en") -> str:
    """The terminal's text of a whole game: a person choosing at random against random bots."""
    session = new_session(game, players, ["random"], seed=11, options={})
    out = io.StringIO()
    rng = random.Random(3)

    def ask(prompt: str) -> str:
        return str(rng.randrange(len(session.state.legal_actions(0))) + 1)

    with language_scope(lang):
        assert run(session, Console(file=out, width=200, color_system=None), ask, Path("x")) == 0
    return out.getvalue()


def test_a_ciub_bot_turn_is_said_in_short_with_its_score() -> None:
    text = whole_game("ciub", 2)
    short = re.findall(r"seat 2 \(random\), the turn in short: (.*)", text)
    assert len(short) > 10
    claimed = [line for line in short if line.startswith("claims card")]
    assert claimed
    for line in claimed:  # the score moves by the VP of the cards claimed
        vp = sum(int(v) for v in re.findall(r"claims card \d+ \([^)]*?(\d+) VP\)", line))
        before, after = (int(x) for x in re.search(r"score (\d+) → (\d+)", line).groups())  # type: ignore[union-attr]
        assert after - before == vp, line
    assert any(re.search(r"takes (\d \w+, )*\d \w+; now holds \d+ dice", line) for line in short)
    assert "seat 1 (" not in " ".join(re.findall(r"seat \d \(\w+\), the turn in short", text))
    german = whole_game("ciub", 2, "de")
    assert re.search(r"Platz 2 \(zufällig\), der Zug in Kürze: erfüllt Karte \d+", german)
    assert re.search(r"Punkte \d+ → \d+", german)


def test_a_runika_bot_turn_is_said_in_short() -> None:
    text = whole_game("runika", 2)
    short = re.findall(r"seat 2 \(random\), the turn in short: (.*)", text)
    boards = [re.search(r"its board: (\d+) → (\d+) dice", line) for line in short]
    assert sum(1 for found in boards if found) > 5
    assert any(re.search(r"claims the rune [A-Z]", line) for line in short)
    for line in short:  # a rune claimed is the score's change, never a raw id
        assert not re.search(r"(claims the rune|masters) [a-z_]+\b", line), line
    japanese = whole_game("runika", 2, "ja")
    assert "の手番のまとめ：ボードのダイス：" in japanese


def test_a_five_seals_bot_turn_is_said_in_short() -> None:
    text = whole_game("five-seals", 2)
    short = re.findall(r"seat 2 \(random\), the turn in short: (.*)", text)
    assert sum(1 for line in short if re.search(r"its mage moves to \d[A-Z]", line)) > 3
    won = [line for line in short if "wins the scroll" in line]
    assert won and all(re.search(r"score \d+ → \d+", line) for line in won)
    assert not any(re.search(r"wins the scrolls [^,;]+;", line) for line in won)  # 1: singular
    assert "魔術師が" in whole_game("five-seals", 2, "ja")
