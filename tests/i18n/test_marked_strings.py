"""Marked strings the extractor can see: on Python 3.11 an f-string is one token, so Babel never
finds a ``_("...")`` inside it and the message silently stays out of the catalogue (English in
every language). No translation call may sit inside an f-string."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "grimoire"
CALL = re.compile(r"(?<![\w.])(_|_t|gettext|N_|tg|engine_text)\(")


def calls_in_fstrings(source: str) -> list[tuple[int, str]]:
    """(line, token) of every f-string token that holds a translation call."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.STRING:
            continue
        prefix = token.string[: token.string.index(token.string.lstrip("rRbBuUfF")[0])]
        if "f" in prefix.lower() and CALL.search(token.string):
            found.append((token.start[0], token.string))
    return found


def test_the_check_finds_a_call_inside_an_fstring() -> None:
    assert calls_in_fstrings("x = f\"({_('flipped')})\"\n")
    assert calls_in_fstrings("x = rf'{tg(\"a\")}'\n")
    assert not calls_in_fstrings('x = " (" + _("flipped") + ")"\n')
    assert not calls_in_fstrings('x = f"{escape(text)}"\n')


def test_no_translation_call_sits_inside_an_fstring() -> None:
    found = [
        f"{path.relative_to(SRC)}:{line}: {text[:60]}"
        for path in sorted(SRC.rglob("*.py"))
        for line, text in calls_in_fstrings(path.read_text(encoding="utf-8"))
    ]
    assert not found, "translate before the f-string (the extractor skips it):\n" + "\n".join(found)


JS_CALL = re.compile(r"(?<![\w.])(t|tg)\(")


def calls_missed_in_js(source: str) -> list[str]:
    """The ``t("...", {...})``/``tg`` calls that Babel's JS extractor does not see: inside a
    template literal's ``${}`` with an object argument, or inside another call's arguments."""
    found = []
    for line in source.splitlines():
        for expression in re.findall(r"\$\{((?:[^{}]|\{[^{}]*\})*)\}", line):
            if JS_CALL.search(expression) and "{" in expression:
                found.append(line.strip())
        nested = r"(?<![\w.])tg?\(\s*\"[^\"]*\",\s*\{[^}]*(?<![\w.])tg?\(\s*\""
        for call in re.finditer(nested, line):
            found.append(call.group(0))
    return found


def test_the_js_check_finds_a_call_the_extractor_misses() -> None:
    assert calls_missed_in_js('x = ` + ${t("{time} reserve", { time: f(x) })}`;')
    assert calls_missed_in_js('x = tg("{seats} to play", { seats: a || tg("none") });')
    assert not calls_missed_in_js('x = `${t("one")} · ${n}`;')
    assert not calls_missed_in_js('const r = t("{time} reserve", { time: f(x) });')


def test_no_js_translation_call_hides_from_the_extractor() -> None:
    scripts = [*SRC.glob("web/static/*.js"), *SRC.glob("games/*/web/*.js")]
    found = [
        f"{path.relative_to(SRC)}: {text[:80]}"
        for path in sorted(scripts)
        for text in calls_missed_in_js(path.read_text(encoding="utf-8"))
    ]
    assert not found, "translate before the template literal or call:\n" + "\n".join(found)
