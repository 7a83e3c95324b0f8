"""A table's collapsed borders drawn a line a rule, not a line a cell's edge.

WeasyPrint draws a collapsed-border table's rules as one segment for each edge of
each cell (weasyprint.draw.draw_collapsed_borders), each in its own saved state and
marked-content artifact: ~550 segments on the finished golf card, ~10 ms of it, while
the floor a sheet is measured against has no borders at all. The segments of one rule
(a row's top edge across the table, a column's edge down it) lie end to end on one
line and overlap where they meet, so drawing their union as one line paints the same
area. Here WeasyPrint lists the segments as it always does, in its painting order, and
each run of solid, opaque segments of one width and one colour is drawn as its rules.
A run of mixed colours (a heavy black rule meeting grey cell edges of the same width)
is drawn segment by segment as before: which colour wins at a corner depends on the
order, which joining would change.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from itertools import groupby

import weasyprint.draw

# (x1, y1, x2, y2, width, style, colour), as WeasyPrint passes them to draw_line
Segment = tuple


class _Listed:
    """Stands in for the PDF stream while WeasyPrint works out a table's segments:
    draw_line (patched below) lists each segment here instead of drawing it."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []

    def artifact(self):
        return nullcontext()

    stacked = artifact


def _listing(draw_line):
    def draw(stream, x1, y1, x2, y2, thickness, style, color, offset=0):
        if type(stream) is _Listed:
            stream.segments.append((x1, y1, x2, y2, thickness, style, color))
            return None
        return draw_line(stream, x1, y1, x2, y2, thickness, style, color, offset)

    draw.lists = True
    return draw


def _joined(run: list[Segment]) -> Iterator[Segment]:
    """``run``'s segments (one width, style and colour), those end to end on one line
    drawn as one: horizontal ones by their y, then vertical ones by their x."""
    horizontal = sorted((s for s in run if s[1] == s[3]), key=lambda s: (s[1], s[0]))
    vertical = sorted((s for s in run if s[1] != s[3]), key=lambda s: (s[0], s[1]))
    for segments, along in ((horizontal, 0), (vertical, 1)):
        line: list | None = None
        for segment in segments:
            on_line = line is not None and line[1 - along] == segment[1 - along]
            if on_line and segment[along] <= line[along + 2]:
                line[along + 2] = max(line[along + 2], segment[along + 2])
                continue
            if line is not None:
                yield tuple(line)
            line = list(segment)
        if line is not None:
            yield tuple(line)


def joined_segments(segments: Iterable[Segment]) -> Iterator[Segment]:
    """``segments`` in painting order (each width and style's, WeasyPrint's border
    score, together), each run of solid opaque segments of one colour joined."""
    for _, run in groupby(segments, key=lambda s: (s[4], s[5])):
        run = list(run)
        colours = {s[6] for s in run}
        if run[0][5] == "solid" and len(colours) == 1 and run[0][6].alpha == 1:
            yield from _joined(run)
        else:
            yield from run


def _joining(draw_collapsed_borders):
    def draw(stream, table):
        listed = _Listed()
        draw_collapsed_borders(listed, table)
        for x1, y1, x2, y2, width, style, color in joined_segments(listed.segments):
            with stream.artifact(), stream.stacked():
                weasyprint.draw.draw_line(stream, x1, y1, x2, y2, width, style, color)

    draw.joins = True
    return draw


def list_segments(table) -> list[Segment]:
    """The segments WeasyPrint draws for a laid-out collapsed-border ``table`` box, in
    its painting order (for tests)."""
    listed = _Listed()
    _DRAW_COLLAPSED_BORDERS(listed, table)
    return listed.segments


_DRAW_COLLAPSED_BORDERS = getattr(
    weasyprint.draw.draw_collapsed_borders,
    "__wrapped_draw__",
    weasyprint.draw.draw_collapsed_borders,
)

if not getattr(weasyprint.draw.draw_line, "lists", False):
    weasyprint.draw.draw_line = _listing(weasyprint.draw.draw_line)
if not getattr(weasyprint.draw.draw_collapsed_borders, "joins", False):
    joining = _joining(weasyprint.draw.draw_collapsed_borders)
    joining.__wrapped_draw__ = weasyprint.draw.draw_collapsed_borders
    weasyprint.draw.draw_collapsed_borders = joining
