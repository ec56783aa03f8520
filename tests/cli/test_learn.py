"""``grimoire learn GAME``: every tutorial walked to its end in the terminal, in English, German
and Japanese, by the moves a person types (numbers and texts); a wrong move refused with the
step's explanation and the engine's reason; the commands; the short game with its hints."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimoire.cli.learn import command_word, label_of
from grimoire.cli.main import app
from grimoire.core.i18n import language_scope
from grimoire.registry import BUILTIN
from grimoire.tutorial import lesson, paragraphs, said

runner = CliRunner()
GAMES = sorted(BUILTIN)
LANGUAGES = ("en", "de", "ja")
STEP = {"en": "Step {n} of {count}", "de": "Schritt {n} von {count}", "ja": "ステップ {n}/{count}"}


def _flat(text: str) -> str:
    """The output without line breaks and spaces (the console wraps at 80 columns, and wraps
    Japanese anywhere)."""
    return "".join(text.split())


def _answers(name: str, lang: str) -> list[str]:
    """The moves of the whole tutorial as a person types them: the number of the move in the
    list, or (every third move) its label as listed, in ``lang``."""
    found = lesson(name)
    typed: list[str] = []
    with language_scope(lang):
        for index in range(len(found)):
            for done in range(found.moves(index)):
                state = found.position(index, done)
                legal = state.legal_actions(found.seat)
                expected = found.expected(index, done)
                if len(typed) % 3 == 2:
                    typed.append(label_of(state, expected))
                else:
                    typed.append(str(legal.index(expected) + 1))
    return typed


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_every_tutorial_is_walked_to_its_end_in_every_language(
    name: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    found = lesson(name)
    answers = _answers(name, lang)
    result = runner.invoke(
        app, ["--lang", lang, "learn", name, "--no-game"], input="\n".join(answers) + "\n"
    )
    assert result.exit_code == 0, result.output[-3000:]
    out = _flat(result.output)
    for n in range(1, len(found) + 1):
        assert _flat(STEP[lang].format(n=n, count=len(found))) in out, n
    tutorial = found.tutorial
    for text in (tutorial.title, tutorial.intro, tutorial.outro):
        assert _flat(paragraphs(said(text, lang))[0]) in out
    for step in found.steps:  # every step's text and what followed, in the language
        assert _flat(paragraphs(said(step.text, lang))[-1].replace("{move}", "")[:30]) in out
        assert _flat(paragraphs(said(step.after, lang))[0][:30]) in out
    assert "Traceback" not in result.output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_move_is_refused_with_the_steps_explanation_and_the_rules_reason(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ciúb's first step asks for 'mark 2': 'pass' is legal but not the step's move, 'claim 21'
    is refused by the rules (the engine's reason), 'xyzzy' is no action at all."""
    monkeypatch.chdir(tmp_path)
    typed = [
        "1",
        "claim 21",
        "xyzzy",
        command_word_in("hint", lang),
        "3",
        command_word_in("quit", lang),
    ]
    result = runner.invoke(app, ["--lang", lang, "learn", "ciub"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.output)
    refusal = {
        "en": "Not this move here.",
        "de": "Nicht dieser Zug hier.",
        "ja": "ここではその手ではありません。",
    }
    assert out.count(_flat(refusal[lang])) == 2  # 'pass' and 'claim 21'
    hint = {"en": "'mark 2'", "de": "„Marker auf 2“", "ja": "「2にマーカーを置く」"}
    assert out.count(_flat(hint[lang])) >= 4  # the step's explanation after each, and 'hint'
    reason = {
        "en": "The rules do not allow it here",
        "de": "Die Regeln erlauben das hier nicht",
        "ja": "ここではルール上できません",
    }
    assert _flat(reason[lang]) in out
    left = {
        "en": "You left the tutorial",
        "de": "Du hast die Einführung verlassen",
        "ja": "チュートリアルを終了しました",
    }
    assert _flat(left[lang]) in out and "--step2" in out  # step 2 is where it goes on


def command_word_in(command: str, lang: str) -> str:
    with language_scope(lang):
        return command_word(command)


def test_rules_and_skip_and_help_at_the_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    typed = ["regeln", "hilfe", "überspringen", "beenden"]
    result = runner.invoke(
        app, ["learn", "five-seals", "--lang", "de"], input="\n".join(typed) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = _flat(result.output)
    assert _flat("Regeln: Spielaufbau (aus de/five-seals-of-magic.md)") in out
    assert _flat("'tipp' nennt den Zug") in out
    assert _flat("(für dich gemacht: Grün nehmen)") in out or "fürdichgemacht" in out
    assert _flat("Schritt 1 von 8") in out


def test_learn_alone_lists_the_games_that_have_a_tutorial() -> None:
    result = runner.invoke(app, ["learn"])
    assert result.exit_code == 0, result.output
    for name in GAMES:
        assert name in result.output
    assert "toy_minimal" in result.output and "no tutorial yet" in result.output


def test_learn_refuses_an_unknown_game_and_a_step_out_of_range() -> None:
    result = runner.invoke(app, ["learn", "chess"])
    assert result.exit_code == 2 and "chess" in result.output
    result = runner.invoke(app, ["learn", "toy_minimal"])
    assert result.exit_code == 2 and "Minimal has no tutorial yet" in result.output
    result = runner.invoke(app, ["learn", "ciub", "--step", "99"])
    assert result.exit_code == 2 and "--step is a step from 1 to 15" in result.output


def test_a_later_step_is_started_with_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["learn", "fatal", "--step", "13", "--no-game"], input="1\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.output)
    assert "Step13of13" in out and "Step12of13" not in out
    assert _flat("your opposing sign: you win at once") in out


def test_the_short_game_follows_with_hints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After the last step the person is offered the short game against the easy bot; 'hint'
    at their turn prints the analysis' best moves, then they quit without saving."""
    monkeypatch.chdir(tmp_path)
    last = len(lesson("ciub"))
    moves = _answers("ciub", "en")[-lesson("ciub").moves(last - 1) :]
    typed = [*moves, "y", "hint", "quit", "n"]
    result = runner.invoke(
        app, ["learn", "ciub", "--step", str(last), "--seed", "5"], input="\n".join(typed) + "\n"
    )
    out = _flat(result.output)
    assert "Playashortgameagainsttheeasybotnow?" in out
    assert "Hintsareon" in out
    assert "Bestmovesbytheanalysis(fromwhatyoucansee):" in out
    assert "%towin" in out
    assert not (tmp_path / "grimoire-save.json").exists()


def test_an_answer_that_is_neither_yes_nor_no_asks_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A newcomer who types the hint word (just mentioned) at the short game's question is
    asked again, in their language; 'j' then starts the game, which 'beenden' leaves."""
    monkeypatch.chdir(tmp_path)
    typed = ["1", "tipp", "j", "beenden", "n"]
    result = runner.invoke(
        app,
        ["--lang", "de", "learn", "fatal", "--step", "13", "--seed", "5"],
        input="\n".join(typed) + "\n",
    )
    out = _flat(result.output)
    assert out.count(_flat("Jetzt eine kurze Partie gegen den leichten Bot spielen?")) == 2
    assert _flat("Antworte j, um die kurze Partie zu spielen, oder n") in out
    assert _flat("F.A.T.A.L. - Runde 1") in out  # the game began


def test_a_hints_score_never_reads_minus_zero() -> None:
    """The hint's expected scores to one decimal: a loss of a few hundredths is 0.0."""
    from grimoire.cli.learn import _tenths

    assert [_tenths(v) for v in (-0.04, -0.0, 0.0, -0.06, 1.25)] == [
        "0.0",
        "0.0",
        "0.0",
        "-0.1",
        "1.2",
    ]
