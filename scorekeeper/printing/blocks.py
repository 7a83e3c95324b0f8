"""A family's paper blocks as printed: its words translated, its fragment named.

The scoring core declares what a family prints (scoring/paper.py): blocks of a kind,
with plain data and Message words, and the grid's lead columns. Here each is made
ready for its template fragment, ``templates/print/blocks/<surface>/<kind>.html``
(a macro ``render``), so the sheet and the pad render a list of parts without asking
which game they print.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.scoring.messages import Message
from scorekeeper.scoring.paper import Block, Lead, Limit, OutMark
from scorekeeper.translate import translate


@dataclass(frozen=True)
class PrintBlock:
    kind: str
    data: Mapping[str, Any]
    surface: str  # "sheet" or "pad": the folder of its fragment

    @property
    def fragment(self) -> str:
        return f"blocks/{self.surface}/{self.kind}.html"


@dataclass(frozen=True)
class PrintLead:
    """A lead column as printed: its head in words, its look and its width."""

    head: str
    style: str
    width_mm: float


def printed(block: Block, surface: str) -> PrintBlock:
    return PrintBlock(block.kind, _words(block.data), surface)


def printed_blocks(blocks: Sequence[Block], surface: str) -> tuple[PrintBlock, ...]:
    return tuple(printed(block, surface) for block in blocks)


def leads(declared: Sequence[Lead], mark_mm: float) -> tuple[PrintLead, ...]:
    """The lead columns in the page's language, a mark's ``mark_mm`` wide unless set."""
    return tuple(
        PrintLead(translate(lead.head), lead.style, lead.width_mm or mark_mm) for lead in declared
    )


@dataclass(frozen=True)
class PrintLimit:
    """A limit line as printed: its label in words and the total it marks."""

    words: str
    total: int


def limit(declared: Limit | None) -> PrintLimit | None:
    return None if declared is None else PrintLimit(translate(declared.words), declared.total)


@dataclass(frozen=True)
class PrintOutMark:
    """Who went out, as printed: the sheet's sign, the pad's circle, the key's words."""

    sign: str
    box: str
    words: str


def out_mark(declared: OutMark | None) -> PrintOutMark | None:
    if declared is None:
        return None
    return PrintOutMark(declared.sign, declared.box, translate(declared.words))


def cells(values: Sequence[Any]) -> tuple[str, ...]:
    """A deal's lead cells in words."""
    return tuple(translate(value) if isinstance(value, str) else str(value) for value in values)


def _words(value: Any) -> Any:
    """``value`` with every Message in it translated (mappings and sequences walked)."""
    if isinstance(value, Message):
        return translate(value)
    if isinstance(value, Mapping):
        return {key: _words(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return tuple(_words(item) for item in value)
    return value
