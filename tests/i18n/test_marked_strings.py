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
