"""Rules in context: the section of a game's rules document that governs the current step.

A game declares ``Game.rules_file`` (its ``docs/rules/<name>.md`` file name, read by
``rules_document()``) and ``Game.phase_rules`` (read by ``rules_sections()``: a phase -> the
start of a ``##`` heading, optionally followed by `` » `` and the bold lead of one step inside
that section, e.g. ``"A turn » **Phase 2**"``); this module reads the document and picks the
section, or the step's paragraph, for ``state.phase``. Nothing here knows a game.

Translations: ``docs/rules/<lang>/<name>.md`` holds the sections the panel shows, in German or
Japanese, each a ``##`` section whose first line is ``<!-- rule: KEY -->``, KEY being exactly a
value of ``phase_rules`` (``Setup``, ``A turn » **Phase 2**``). A key without a translated
section falls back to the English text (``Rule.language`` says which it is, and the panel and
the terminal say so).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from grimoire.core.game import Game
from grimoire.core.i18n import DEFAULT as ENGLISH
from grimoire.core.i18n import N_, language
from grimoire.core.state import State

# A source checkout or editable install reads docs/rules itself; a wheel installs a copy as
# data files under <prefix>/share/grimoire/rules (pyproject's tool.setuptools.data-files).
SEARCH = (
    Path(__file__).resolve().parents[2] / "docs" / "rules",
    Path(sys.prefix) / "share" / "grimoire" / "rules",
)


@dataclass(frozen=True)
class Rule:
    """One ``##`` section of a rules document."""

    document: str
    heading: str
    text: str
    language: str = ENGLISH  # the language of ``heading`` and ``text``


@cache
def sections(document: str) -> dict[str, str]:
    """Heading -> body of every ``##`` section of ``document`` ({} if it cannot be found;
    ``de/ciub.md`` is a translation's)."""
    for folder in SEARCH:
        path = folder / document
        if path.is_file():
            break
    else:
        return {}
    found: dict[str, str] = {}
    heading, body = "", list[str]()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if heading:
                found[heading] = "\n".join(body).strip()
            heading, body = line[3:].strip(), []
        elif heading:
            body.append(line)
    if heading:
        found[heading] = "\n".join(body).strip()
    return found


# said (in the reader's language) above an English section shown for lack of a translation
FALLBACK_NOTE = N_("This section is not translated yet: here it is in English.")

KEY = re.compile(r"<!--\s*rule:\s*(.+?)\s*-->")


@cache
def translated(lang: str, document: str) -> dict[str, tuple[str, str]]:
    """``phase_rules`` key -> (heading, text) of the translated sections of ``document``.

    A section's first line names its key; a marker further down (``<!-- rule: A turn »
    **Phase 2** -->``) starts a step of it, which runs to the next marker or the end."""
    found: dict[str, tuple[str, str]] = {}
    for heading, body in sections(f"{lang}/{document}").items():
        lines = body.splitlines()
        key = KEY.fullmatch(lines[0].strip()) if lines else None
        if key is None:
            continue
        whole: list[str] = []
        steps: dict[str, list[str]] = {}
        current: list[str] | None = None
        for line in lines[1:]:
            marker = KEY.fullmatch(line.strip())
            if marker:
                current = steps.setdefault(marker.group(1), [])
                continue
            whole.append(line)
            if current is not None:
                current.append(line)
        found[key.group(1)] = (heading, "\n".join(whole).strip())
        for step_key, step_lines in steps.items():
            found[step_key] = (heading, "\n".join(step_lines).strip())
    return found


def rule_for(game: Game, state: State, lang: str | None = None) -> Rule | None:
    """The section for ``state``'s step in ``lang`` (default: this context's language; the
    English one where no translation has it), or None if the game declares none for it."""
    start = game.rules_sections().get(game.rules_step(state))
    return None if start is None else rule_named(game, start, lang)


STEP_START = re.compile(r"\s*(\d+\.\s+|-\s+)?\*\*")
TOP_STEP = re.compile(r"(\d+\.\s+)?\*\*")  # a paragraph or numbered item at the margin


def step(text: str, lead: str) -> str | None:
    """The paragraph of ``text`` that begins with ``lead`` (``**Phase 2**``, a numbered item
    ``2. **Turns**`` or a list item ``- **DRAW**``, at any indent), up to the next one: for a
    paragraph or numbered item, the next that begins with a bold lead at the margin; for a
    list item, the next list item or bold lead no deeper than it. None if there is none."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        found = STEP_START.match(line)
        if found and line[found.end() - 2 :].startswith(lead):
            bullet = line.lstrip().startswith("-")
            indent = len(line) - len(line.lstrip())
            end = next(
                (j for j in range(i + 1, len(lines)) if _ends(lines[j], bullet, indent)),
                len(lines),
            )
            return "\n".join(lines[i:end]).strip()
    return None


def rule_named(game: Game, key: str, lang: str | None = None) -> Rule | None:
    """The section (or step) ``key`` of the game's rules, as ``rule_for`` finds it for a phase
    mapped to ``key`` (a value of ``phase_rules``, e.g. ``"A turn » **Phase 2**"``): a
    tutorial's step names the rule it teaches so. None if the game has no rules document or
    no such section."""
    name = game.rules_document()
    if name is None:
        return None
    lang = lang or language()
    if lang != ENGLISH:
        found = translated(lang, name).get(key)
        if found is not None:
            return Rule(f"{lang}/{name}", found[0], found[1], lang)
    start, _, lead = key.partition(" » ")
    for heading, text in sections(name).items():
        if heading.startswith(start):
            return Rule(name, heading, (step(text, lead) if lead else None) or text)
    return None


def _ends(line: str, bullet: bool, indent: int) -> bool:
    """Whether ``line`` starts the step after one begun by a list item (``bullet``) or a
    paragraph indented ``indent``."""
    if TOP_STEP.match(line):
        return True
    if not bullet:
        return False
    stripped = line.lstrip()
    item = re.match(r"(\d+\.|-)\s", stripped) is not None
    return item and len(line) - len(stripped) <= indent
