"""Player names as people typed them, made safe to show next to other text.

A name may not reorder or hide the text around it: bidirectional controls (RLO, LRI, ...),
zero-width characters, the byte order mark and other invisible format characters are dropped
(except a zero-width joiner between two pictures and the tags of a region's flag, which make
one emoji of several: 👩‍💻, 🏳️‍🌈, 🏴󠁧󠁢󠁳󠁣󠁴󠁿),
and the name is NFC-normalised, so "é" typed two ways is one name. The pages also isolate each
name (``<bdi>``, ``unicode-bidi: isolate``, FSI...PDI inside sentences), so a right-to-left name
stays inside its own box.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40
MAX_MARKS = 3  # combining marks kept on one letter: no name may pile marks into other lines
# Letters that draw nothing but are not spaces or format characters.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
ZWJ = "\u200d"  # joins emoji into one picture (👩‍💻): kept between two pictures only
BLACK_FLAG, TAGS = "\U0001f3f4", range(0xE0020, 0xE0080)  # 🏴 + tags: a region's flag


def _picture(ch: str) -> bool:
    """A character an emoji sequence is made of: a symbol, or a skin tone (a modifier)."""
    return unicodedata.category(ch) in ("So", "Sk")


def _joined(text: str, i: int, kept: list[str]) -> bool:
    """Whether the format character ``text[i]`` belongs to an emoji sequence (a zero-width
    joiner between two pictures, or a tag of a region's flag), so that dropping it would split
    one picture into several."""
    ch = text[i]
    if ch == ZWJ:
        before = next((c for c in reversed(kept) if c != "\ufe0f"), "")
        return bool(before) and _picture(before) and i + 1 < len(text) and _picture(text[i + 1])
    if ord(ch) in TAGS:
        return bool(kept) and (kept[-1] == BLACK_FLAG or ord(kept[-1]) in TAGS)
    return False


def clean_name(name: str | None, default: str) -> str:
    """A display name: NFC, without control, format (bidi, zero-width, BOM), surrogate or
    private-use characters, runs of whitespace as one space, at most ``MAX_NAME`` characters;
    ``default`` if nothing visible is left."""
    text = unicodedata.normalize("NFC", name or "")
    kept: list[str] = []
    marks = 0
    for i, ch in enumerate(text):
        category = unicodedata.category(ch)
        if ch.isspace():
            kept.append(" ")
            marks = 0
        elif category == "Cf" and _joined(text, i, kept):
            kept.append(ch)
        elif category in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            continue
        elif category.startswith("M"):
            marks += 1
            if marks <= MAX_MARKS and kept and kept[-1] != " ":
                kept.append(ch)
        else:
            kept.append(ch)
            marks = 0
    cleaned = " ".join("".join(kept).split())[:MAX_NAME].strip()
    cleaned = cleaned.rstrip(ZWJ)  # a sequence cut at the limit: no joiner left dangling
    visible = any(
        not ch.isspace() and ch not in BLANK_LETTERS and unicodedata.category(ch)[0] != "M"
        for ch in cleaned
    )
    return cleaned if visible else default


def strip_bot_suffix(name: str) -> str:
    """``"Ann (bot) (bot)"`` -> ``"Ann"``: a seat handed to a bot is named once, whatever the
    number of times it was handed over."""
    while name.endswith(" (bot)"):
        name = name[: -len(" (bot)")]
    return name
