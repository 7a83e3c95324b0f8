"""Untrusted JSON read with bounds: its nesting, its numbers and its text, each problem
named by where it is in the file (an import, or a house rule's value)."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from scorekeeper.db import storable
from scorekeeper.i18n import gettext as _
from scorekeeper.service_layer.services import InvalidInput

# An export nests about ten levels (nights, tables, game, deals, entry, hands);
# an option value a few. Deeper is not an export, and would exhaust the parser.
MAX_DEPTH = 24

BRACKET_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class NotJson(InvalidInput):
    """The text does not parse as JSON at all."""


class NotJsonValue:
    """What the parser keeps in place of NaN, Infinity or a number too large to store."""

    def __init__(self, text: str):
        self.text = text


def read_json(raw: bytes | str, *, max_depth: int = MAX_DEPTH, field: str = "file") -> Any:
    """Untrusted JSON, every problem an InvalidInput naming where it is.

    The nesting is measured before parsing (the parser would run out of stack
    on a deep file); NaN, Infinity, numbers beyond 64 bits and text no database
    can store (NUL, an unpaired surrogate) are refused by their path.
    """
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise InvalidInput(
            _("That file is not UTF-8 text."),
            {field: _("has a byte that is not UTF-8 at %(place)s", place=exc.start)},
        ) from None
    deep_at = nesting_beyond(text, max_depth)
    if deep_at is not None:
        raise InvalidInput(
            _("That is nested too deeply."),
            {
                field: _(
                    "is nested more than %(depth)s levels deep at %(place)s",
                    depth=max_depth,
                    place=place(text, deep_at),
                )
            },
        )
    try:
        value = json.loads(
            text, parse_constant=NotJsonValue, parse_int=bounded_int, parse_float=finite_float
        )
    except json.JSONDecodeError as exc:
        raise NotJson(
            _("That is not JSON."),
            # json's "Unterminated string starting at" would read "starting at at line 1".
            {
                field: _(
                    "%(problem)s at %(place)s",
                    problem=exc.msg.removesuffix(" starting at"),
                    place=place(text, exc.pos),
                )
            },
        ) from None
    errors = unusable_values(value)
    if errors:
        raise InvalidInput(_("That file holds values that cannot be stored."), errors)
    return value


def place(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return _("line %(line)s, column %(column)s", line=line, column=column)


def nesting_beyond(text: str, limit: int) -> int | None:
    """The offset where arrays and objects first nest deeper than ``limit``, if they do."""
    depth = 0
    for match in BRACKET_OR_STRING.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > limit:
                return match.start()
        elif token in ("]", "}"):
            depth -= 1
    return None


def bounded_int(text: str) -> int | NotJsonValue:
    return int(text) if len(text.lstrip("-")) <= 18 else NotJsonValue(text)


def finite_float(text: str) -> float | NotJsonValue:
    number = float(text)
    return number if math.isfinite(number) else NotJsonValue(text)


def unusable_values(value: Any) -> dict[str, str]:
    """NaN, Infinity, huge numbers and unstorable text, by path (``nights.0.season``)."""
    errors: dict[str, str] = {}
    pending: list[tuple[str, Any]] = [("", value)]
    while pending:
        path, item = pending.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                if not storable(key):
                    errors[path or "document"] = _("has a name with a NUL or an unpaired surrogate")
                else:
                    pending.append((f"{path}.{key}" if path else key, child))
        elif isinstance(item, list):
            pending.extend(
                (f"{path}.{i}" if path else str(i), child) for i, child in enumerate(item)
            )
        elif isinstance(item, NotJsonValue):
            errors[path or "document"] = _(
                "is %(text)s, not a number that can be stored", text=item.text[:20]
            )
        elif isinstance(item, str) and not storable(item):
            errors[path or "document"] = _("must not contain a NUL or an unpaired surrogate")
    return errors


def in_the_file(field: str) -> str:
    """A core error's path as a path in the file: the core names deal 3 "deals.3", the
    file's list holds it at index 2."""
    head, _dot, rest = field.partition(".")
    number, dot, tail = rest.partition(".")
    if head == "deals" and number.isdigit() and int(number) > 0:
        return f"deals.{int(number) - 1}{dot}{tail}"
    return field


def readable_path(path: str) -> str:
    """An error's place in a file for people: its keys as the file has them, each index
    counted from 1 like the deals and nights the messages name ("nights #1 / tables #2
    / game / deals #3", never a night 0 beside a deal 3)."""
    return " / ".join(
        f"#{int(part) + 1}" if part.isdigit() else part for part in path.split(".")
    ).replace(" / #", " #")
