"""Actions declared once: each kind's words and typed arguments, and all that follows from them.

A game declares its actions as ``Kind``\\ s in id order (the record format: never reorder them,
new kinds go at the end). A kind has a name (the JSON ``kind``), an English text whose
``{slots}`` are its arguments, and for each argument the domain it ranges over: a die, a card,
a seat, a lane with its board label, a node... ``Actions.bind(domains)`` makes the game's
``ActionCodec`` from the domains its components give, and the codec derives the rest:

- the ids (an ``ActionSpace``: the kinds in order, each over its arguments' domains);
- the text of an action, in English and in the current language (each kind's text is a msgid
  of the game's catalogue, each value is shown by its domain);
- the parser: the English texts (any case and spacing, a hyphen as a space), each domain's
  labels and spellings (numbers, names, board labels), the old texts a kind still reads
  (``also``), and the texts as shown in the current language;
- the JSON of an action (``{"id", "text", "kind", <field>: value}``) for the web and the RL
  environments, and the list of those fields the page matches against its pieces;
- the rows of ``docs/actions/<game>.md``.

>>> from grimoire.core.action_declaration import Actions, Kind, Labelled, Numbered
>>> ACTIONS = Actions(
...     Kind("roll", "roll", help="roll the dice"),
...     Kind("take", "take {die}", help="keep one of the rolled dice"),
...     Kind("move", "move {piece} to row {row}", also=("{piece} {row}",)),
... )
>>> codec = ACTIONS.bind(
...     die=Numbered(2, what="die"),
...     piece=Labelled(["red", "blue"], what="piece", spellings={"r": 0, "b": 1}),
...     row=Numbered(3, what="row"),
... )
>>> codec.total, codec.encode("move", 1, 2)
(9, 8)
>>> codec.text(8)
'move blue to row 3'
>>> codec.parse("Move BLUE to row 3"), codec.parse("b 3"), codec.parse("take 2")
(8, 8, 2)
>>> codec.json(2)
{'id': 2, 'text': 'take 2', 'kind': 'take', 'die': 2}
>>> codec.fields
['die', 'piece', 'row']
>>> codec.parse("move green to row 1")
Traceback (most recent call last):
 ...
grimoire.core.errors.IllegalAction: there is no piece 'green' (say e.g. red, blue)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from grimoire.core.actions import ActionSpace, Decoded
from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import N_, engine_text

if TYPE_CHECKING:
    from grimoire.core.state import State

Translate = Callable[[str], str]
# a value the parser could not read: its domain and the span of words it stood on
_Unread = tuple["Domain", int, int]

_SLOT = re.compile(r"\{(\w+)\}")
# A hyphen inside a word ("re-roll", "2-for-1") reads as a space; a leading minus does not.
_HYPHEN = re.compile(r"(?<=\w)-(?=\w)")


def normalise(text: str) -> str:
    """A text as the parser compares it: lower case, single spaces, inner hyphens as spaces.

    >>> normalise("  Set  ASIDE w1 ")
    'set aside w1'
    >>> normalise("face re-roll")
    'face re roll'
    """
    return " ".join(_HYPHEN.sub(" ", text.strip().lower()).split())


def _same(text: str) -> str:
    return text


# --------------------------------------------------------------------------- domains
@mypyc_attr(allow_interpreted_subclasses=True)
class Domain:
    """What an argument ranges over: ``size`` values, each with a label (the English text
    that names it, read back by the parser), its text in the current language and its JSON
    fields. A game subclasses it where a value's text depends on the position (Ciúb's die
    faces); most arguments are a ``Labelled`` or a ``Numbered``.

    ``shape``: how the argument lays its ids out (default one dimension of ``size``); a board
    lane is ``(4, 4)``, a side and a lane, one value for the parser and the texts."""

    def __init__(
        self,
        size: int,
        *,
        what: str = N_("value"),
        shape: tuple[int, ...] | None = None,
        unknown: str | None = None,
    ) -> None:
        if size < 1:
            raise ValueError(f"a domain has at least one value, not {size}")
        self.size = size
        self.what = what  # msgid naming one value ("die"), for refusals and docs
        self.shape = shape if shape is not None else (size,)
        product = 1
        for dim in self.shape:
            product *= dim
        if product != size:
            raise ValueError(f"shape {self.shape} does not hold {size} values")
        # msgid of the refusal of an unknown value ({value}, {what}, {examples})
        self.unknown = (
            unknown
            if unknown is not None
            else N_("there is no {what} {value} (say e.g. {examples})")
        )

    def label(self, value: int) -> str:
        """The English text of ``value`` (what the parser reads back)."""
        return str(value)

    def shown(self, value: int, state: State | None, translate: Translate) -> str:
        """The text of ``value`` in the current language (``translate``: the game's catalogue),
        in ``state`` (None: out of any position, e.g. the docs). Default: its label."""
        return self.label(value)

    def read(self, words: str, state: State | None) -> int | None:
        """The value named by ``words`` (``normalise``\\ d), or None."""
        for value in range(self.size):
            if normalise(self.label(value)) == words:
                return value
        return None

    def fields(self, field: str, value: int) -> dict[str, Any]:
        """The JSON fields of ``value`` as the argument ``field`` (default ``{field: label}``)."""
        return {field: self.label(value)}

    def field_names(self, field: str) -> list[str]:
        """The names of the JSON fields ``fields`` gives (default: ``[field]``)."""
        return [field]

    def examples(self) -> list[str]:
        """A few labels, for refusals and the docs."""
        return [self.label(value) for value in range(min(self.size, 3))]


@mypyc_attr(allow_interpreted_subclasses=True)
class Labelled(Domain):
    """Values named by their labels: ``labels[value]`` (English, read back case-insensitively),
    further ``spellings`` the parser reads (``{"r": 0}``, old names), ``shown`` the text in the
    current language (default: the label translated as a msgid when ``translated``, else the
    label) and ``json`` the value of the JSON field (default: the label)."""

    def __init__(
        self,
        labels: Sequence[str],
        *,
        what: str = N_("value"),
        spellings: Mapping[str, int] | None = None,
        shown: Callable[[int], str] | None = None,
        translated: bool = False,
        json: Callable[[int], Any] | None = None,
        shape: tuple[int, ...] | None = None,
        unknown: str | None = None,
    ) -> None:
        super().__init__(len(labels), what=what, shape=shape, unknown=unknown)
        self.labels = list(labels)
        self._shown = shown
        self._translated = translated
        self._json = json
        index: dict[str, int] = {}
        for value in reversed(range(len(labels))):  # the first of equal labels wins
            index[normalise(labels[value])] = value
        for spelling, value in (spellings or {}).items():
            if not 0 <= value < len(labels):
                raise ValueError(f"spelling {spelling!r} names value {value}, outside the domain")
            index.setdefault(normalise(spelling), value)
        self._index = index

    def label(self, value: int) -> str:
        return self.labels[value]

    def shown(self, value: int, state: State | None, translate: Translate) -> str:
        if self._shown is not None:
            return self._shown(value)
        return translate(self.labels[value]) if self._translated else self.labels[value]

    def read(self, words: str, state: State | None) -> int | None:
        return self._index.get(words)

    def fields(self, field: str, value: int) -> dict[str, Any]:
        return {field: self.labels[value] if self._json is None else self._json(value)}


@mypyc_attr(allow_interpreted_subclasses=True)
class Numbered(Domain):
    """Values counted from ``first`` in texts (rows ``1..3``; seats from 0): value ``v`` reads
    and prints as ``v + first``; its JSON field is that number too, unless ``json_first``
    says where the JSON counts from."""

    def __init__(
        self,
        count: int,
        *,
        first: int = 1,
        what: str = N_("number"),
        json_first: int | None = None,
        unknown: str | None = None,
    ) -> None:
        super().__init__(count, what=what, unknown=unknown)
        self.first = first
        self.json_first = first if json_first is None else json_first

    def label(self, value: int) -> str:
        return str(value + self.first)

    def read(self, words: str, state: State | None) -> int | None:
        # isdecimal, not isdigit: "²" is a digit that int() refuses
        if words.isascii() and words.lstrip("-").isdecimal():
            value = int(words) - self.first
            if 0 <= value < self.size:
                return value
        return None

    def fields(self, field: str, value: int) -> dict[str, Any]:
        return {field: value + self.json_first}


# --------------------------------------------------------------------------- kinds
class Kind:
    """One kind of action: its JSON ``name``, its English ``text`` (a msgid of the game's
    catalogue) whose ``{slots}`` are its arguments in id order, each over the domain of the
    same name unless ``domains`` names another (``domains={"card": "vision"}``); ``also``:
    other texts the parser reads (old spellings, short forms); ``help``: what it means (the
    docs table)."""

    def __init__(
        self,
        name: str,
        text: str,
        *,
        help: str = "",
        also: Iterable[str] = (),
        domains: Mapping[str, str] | None = None,
    ) -> None:
        self.name = name
        self.text = text
        self.help = help
        self.slots: tuple[str, ...] = tuple(_SLOT.findall(text))
        if len(set(self.slots)) != len(self.slots):
            raise ValueError(f"action kind {name!r} names a slot twice: {text!r}")
        self.domains = {slot: (domains or {}).get(slot, slot) for slot in self.slots}
        unknown = set(domains or {}) - set(self.slots)
        if unknown:
            raise ValueError(f"action kind {name!r} has no slot {sorted(unknown)[0]!r}")
        self.also = tuple(also)
        for other in self.also:
            if sorted(_SLOT.findall(other)) != sorted(self.slots):
                raise ValueError(f"{other!r} does not name the slots of {text!r}")

    def __repr__(self) -> str:
        return f"Kind({self.name!r}, {self.text!r})"


class Actions:
    """A game's action kinds in id order; ``bind`` them to the domains of one set of
    components."""

    def __init__(self, *kinds: Kind) -> None:
        names = [kind.name for kind in kinds]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"action kind {name!r} is declared twice")
        self.kinds = kinds

    def bind(self, translate: Translate | None = None, /, **domains: Domain) -> ActionCodec:
        """The codec of these kinds over ``domains`` (one per domain name the kinds use);
        ``translate``: the game's catalogue (texts in the current language; default English)."""
        return ActionCodec(self.kinds, domains, translate or _same)


# --------------------------------------------------------------------------- the codec
class _Pattern:
    """One text the parser reads for a kind: literal words and slots, in order."""

    def __init__(self, kind: Kind, text: str) -> None:
        self.kind = kind
        self.parts: list[tuple[bool, str]] = []  # (is a slot, literal words or slot name)
        for piece in re.split(r"(\{\w+\})", text):
            if piece.startswith("{"):
                self.parts.append((True, piece[1:-1]))
            else:
                self.parts.extend((False, word) for word in normalise(piece).split())


class ActionCodec:
    """Ids, texts, parser, JSON and docs rows of one game's actions (``Actions.bind``).

    ``decode``/``encode``/``base``/``ids`` are the ``ActionSpace``'s, the hot path of the
    rules; the rest is for people and interfaces."""

    def __init__(
        self, kinds: Sequence[Kind], domains: Mapping[str, Domain], translate: Translate
    ) -> None:
        missing = sorted({d for kind in kinds for d in kind.domains.values()} - set(domains))
        if missing:
            raise ValueError(f"no domain given for {', '.join(missing)}")
        self.kinds = list(kinds)
        self.domains = dict(domains)
        self.translate = translate
        self.space = ActionSpace(
            (kind.name, tuple(dim for slot in kind.slots for dim in self._domain(kind, slot).shape))
            for kind in kinds
        )
        self.total = self.space.total
        self.by_name = {kind.name: kind for kind in kinds}
        self._patterns = [
            _Pattern(kind, text) for kind in kinds for text in (kind.text, *kind.also)
        ]
        fields: list[str] = []
        for kind in kinds:
            for slot in kind.slots:
                for name in self._domain(kind, slot).field_names(slot):
                    if name not in fields:
                        fields.append(name)
        self.fields = fields  # the JSON fields an action may carry besides id, text, kind

    def say(self, message: str) -> str:
        """``message`` in the current language: the game's catalogue, else the shell's (the
        core's own refusals), else ``message`` itself."""
        found = self.translate(message)
        return found if found != message else engine_text(message)

    def _domain(self, kind: Kind, slot: str) -> Domain:
        return self.domains[kind.domains[slot]]

    # ------------------------------------------------------------- ids
    def decode(self, action: int) -> Decoded:
        """(kind, arguments) of ``action``; IllegalAction outside the space."""
        return self.space.decode(action)

    def encode(self, kind: str, *args: int) -> int:
        """The id of ``kind`` with ``args`` (one per dimension of its arguments' shapes)."""
        return self.space.encode(kind, *args)

    def base(self, kind: str) -> int:
        """The first id of ``kind``: ``base(kind) + value`` is the id of a one-argument kind."""
        return self.space.base(kind)

    def ids(self, kind: str) -> range:
        """Every id of ``kind``."""
        return self.space.ids(kind)

    def size(self, kind: str) -> int:
        """How many ids ``kind`` has."""
        return self.space.size(kind)

    def values(self, action: int) -> tuple[Kind, list[tuple[str, Domain, int]]]:
        """The kind of ``action`` and each of its slots with its domain and value (an
        argument of several dimensions, such as a lane, is one value of its domain)."""
        decoded = self.space.decode(action)
        kind = self.by_name[decoded.kind]
        out: list[tuple[str, Domain, int]] = []
        args = decoded.args
        at = 0
        for slot in kind.slots:
            domain = self._domain(kind, slot)
            value = 0
            for dim in domain.shape:
                value = value * dim + args[at]
                at += 1
            out.append((slot, domain, value))
        return kind, out

    def _encode_values(self, kind: Kind, values: Sequence[int]) -> int:
        args: list[int] = []
        for slot, value in zip(kind.slots, values, strict=True):
            shape = self._domain(kind, slot).shape
            digits: list[int] = []
            for dim in reversed(shape):
                digits.append(value % dim)
                value //= dim
            args.extend(reversed(digits))
        return self.space.encode(kind.name, *args)

    # ------------------------------------------------------------- texts
    def text(self, action: int, state: State | None = None) -> str:
        """The text of ``action`` in the current language (English unless the catalogue
        translates it), its values as ``state`` shows them."""
        kind, values = self.values(action)
        shown = {slot: domain.shown(value, state, self.translate) for slot, domain, value in values}
        return self.translate(kind.text).format(**shown)

    def english(self, action: int) -> str:
        """The English text of ``action``: what the parser reads back, in any language."""
        kind, values = self.values(action)
        return kind.text.format(**{slot: domain.label(value) for slot, domain, value in values})

    def json(self, action: int, state: State | None = None) -> dict[str, Any]:
        """``{"id", "text", "kind"}`` and each argument's fields (``codec.fields``)."""
        kind, values = self.values(action)
        doc: dict[str, Any] = {"id": action, "text": self.text(action, state), "kind": kind.name}
        for slot, domain, value in values:
            doc.update(domain.fields(slot, value))
        return doc

    def examples(self) -> list[str]:
        """One English text per kind, with each slot's first example: the kinds that take
        arguments first (they show how values are written), then the single words."""
        out = []
        for kind in sorted(self.kinds, key=lambda kind: not kind.slots):
            shown = {slot: self._domain(kind, slot).examples()[0] for slot in kind.slots}
            out.append(kind.text.format(**shown))
        return out

    # ------------------------------------------------------------- the parser
    def parse(self, text: str, state: State | None = None) -> int:
        """The action named by ``text``: an English text (or one of a kind's ``also`` texts),
        else, with a ``state``, the text of one of its legal actions as shown in the current
        language. IllegalAction naming what could not be read otherwise."""
        words = normalise(text).split()
        if not words:
            raise IllegalAction(self.say(N_("an empty text names no action")))
        refusal: _Unread | None = None
        for pattern in self._patterns:
            found, why = self._match(pattern, words, state)
            if found is not None:
                return found
            refusal = refusal or why
        if state is not None:
            shown = self._shown_legal(" ".join(words), state)
            if shown is not None:
                return shown
        if refusal is not None:
            raise IllegalAction(self._refusal(refusal, text))
        examples = ", ".join(f"'{example}'" for example in self.examples())
        if len(words) == 1 and words[0].isdigit():
            raise IllegalAction(
                self.say(N_("'{text}' is a number, not an action text (e.g. {examples})")).format(
                    text=text.strip(), examples=examples
                )
            )
        raise IllegalAction(
            self.say(N_("cannot read {text}: say e.g. {examples}")).format(
                text=repr(text.strip()), examples=examples
            )
        )

    def _match(
        self, pattern: _Pattern, words: list[str], state: State | None
    ) -> tuple[int | None, _Unread | None]:
        """(the id, None) if ``words`` fit ``pattern``; else (None, the value that could not
        be read where every word of the pattern before it was found, or None)."""
        if len(words) < len(pattern.parts):  # every part takes one word at least
            return None, None
        values: dict[str, int] = {}
        refusal: list[_Unread] = []
        if self._fit(pattern, 0, words, 0, values, state, refusal):
            kind = pattern.kind
            return self._encode_values(kind, [values[slot] for slot in kind.slots]), None
        return None, refusal[0] if refusal else None

    def _fit(
        self,
        pattern: _Pattern,
        part: int,
        words: list[str],
        at: int,
        values: dict[str, int],
        state: State | None,
        refusal: list[_Unread],
    ) -> bool:
        """Whether ``words[at:]`` fit ``pattern.parts[part:]`` (filling ``values``). A slot none
        of whose spans reads as a value, after at least one of the pattern's words matched,
        leaves its refusal in ``refusal``."""
        parts = pattern.parts
        if part == len(parts):
            return at == len(words)
        is_slot, name = parts[part]
        if not is_slot:
            return (
                at < len(words)
                and words[at] == name
                and self._fit(pattern, part + 1, words, at + 1, values, state, refusal)
            )
        domain = self._domain(pattern.kind, name)
        needed = len(parts) - part - 1  # every later part takes one word at least
        read_any = False
        for end in range(at + 1, len(words) - needed + 1):
            value = domain.read(" ".join(words[at:end]), state)
            if value is not None:
                read_any = True
                values[name] = value
                if self._fit(pattern, part + 1, words, end, values, state, refusal):
                    return True
        if not read_any and not refusal and any(not slot for slot, _ in parts[:part]):
            refusal.append((domain, at, self._slot_end(pattern, part, words, at)))
        return False

    @staticmethod
    def _slot_end(pattern: _Pattern, part: int, words: list[str], at: int) -> int:
        """Where the words a slot stood on end: at the pattern's next word, or at the end."""
        following = next((name for slot, name in pattern.parts[part + 1 :] if not slot), None)
        if following is not None and following in words[at + 1 :]:
            return words.index(following, at + 1)
        return len(words)

    def _refusal(self, unread: _Unread, text: str) -> str:
        """The refusal of a value that could not be read, quoting it as typed."""
        domain, start, end = unread
        # the typed words, hyphens read as spaces like ``normalise`` (the same word count)
        typed = " ".join(_HYPHEN.sub(" ", text.strip()).split()).split()
        return self.say(domain.unknown).format(
            what=self.say(domain.what),
            value=repr(" ".join(typed[start:end])),
            examples=", ".join(domain.examples()),
        )

    def _shown_legal(self, wanted: str, state: State) -> int | None:
        """The legal action of ``state`` whose text, as shown in the current language, is
        ``wanted`` (normalised), if exactly one is."""
        if state.is_chance() or state.is_terminal():
            return None
        found = {
            action
            for seat in state.seats_to_act()
            for action in state.legal_actions(seat)
            if normalise(self.text(action, state)) == wanted
        }
        return found.pop() if len(found) == 1 else None

    # ------------------------------------------------------------- docs
    def rows(self) -> list[dict[str, Any]]:
        """One row per kind for the docs table: kind, English text, what it means, its
        arguments (slot, what it ranges over, how many values), first id and count."""
        out = []
        for kind in self.kinds:
            out.append(
                {
                    "kind": kind.name,
                    "text": kind.text,
                    "also": list(kind.also),
                    "help": kind.help,
                    "arguments": [
                        (slot, self._domain(kind, slot).what, self._domain(kind, slot).size)
                        for slot in kind.slots
                    ],
                    "first": self.space.base(kind.name),
                    "count": self.space.size(kind.name),
                }
            )
        return out
