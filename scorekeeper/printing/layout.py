"""Paper: the page sizes and orientations a sheet can be printed on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.i18n import gettext as _
from scorekeeper.printing.errors import PrintError

PAGE_SIZES = ("A4", "Letter")
PAPER_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}  # portrait width, height
# The stylesheet's @page margins: 13 mm at the sides and top, 16 mm at the foot.
MARGIN_MM = (13.0 + 13.0, 13.0 + 16.0)
HALF_GUTTER_MM = 12.0  # between two half sheets, to cut along
ORIENTATIONS = ("portrait", "landscape")


@dataclass(frozen=True)
class Page:
    size: str  # "A4" or "Letter"
    orientation: str  # "portrait" or "landscape": the sheet's
    # 2: two half sheets (2-up), each this wide and high: side by side on a landscape
    # sheet (portrait halves), one above the other on a portrait sheet (landscape halves).
    halves: int = 1

    @property
    def stacked(self) -> bool:
        """Two halves one above the other: a portrait sheet cut across."""
        return self.halves > 1 and self.orientation == "portrait"

    @property
    def half_orientation(self) -> str:
        """The shape of what is printed on: a half sheet's (a stacked half is landscape)."""
        if self.halves == 1:
            return self.orientation
        return "landscape" if self.stacked else "portrait"

    @property
    def width_mm(self) -> float:
        """The width inside the margins (of one half, for a 2-up page)."""
        width, height = PAPER_MM[self.size]
        full = (height if self.orientation == "landscape" else width) - MARGIN_MM[0]
        if self.stacked:
            return full
        return (full - HALF_GUTTER_MM * (self.halves - 1)) / self.halves

    @property
    def height_mm(self) -> float:
        """The height inside the margins (of one half, for a stacked 2-up page)."""
        width, height = PAPER_MM[self.size]
        full = (width if self.orientation == "landscape" else height) - MARGIN_MM[1]
        if self.stacked:
            return (full - HALF_GUTTER_MM * (self.halves - 1)) / self.halves
        return full

    @property
    def name(self) -> str:
        """The stylesheet's named page for this paper, such as ``a4-landscape``."""
        return f"{self.size.lower()}-{self.orientation}"


def page_for(size: str, *, landscape: bool) -> Page:
    return Page(check_size(size), "landscape" if landscape else "portrait")


def check_size(size: str) -> str:
    """The page size as the stylesheet spells it, whatever its case (``letter``, ``a4``)."""
    for known in PAGE_SIZES:
        if isinstance(size, str) and size.strip().casefold() == known.casefold():
            return known
    raise PrintError(
        {
            "page_size": _(
                "must be one of %(sizes)s, not %(size)s",
                sizes=", ".join(PAGE_SIZES),
                size=repr(str(size)[:20]),
            )
        },
        _("That paper size is not one we print on."),
    )


# Where people use Letter paper: the US and Canada (and a few others we default to A4 for).
LETTER_REGIONS = ("US", "CA")


def default_size(locale: str) -> str:
    """The paper a reader in ``locale`` (``en_US``, ``fr_CA``) most likely has."""
    return "Letter" if locale.rpartition("_")[2].upper() in LETTER_REGIONS else "A4"


def requested_size(query: Mapping[str, str], default: str = "A4") -> str:
    """The paper size a PDF route's query asks for: ``page_size``, in any case.

    Every PDF route takes the one name; the pages' older ``size`` is refused with
    a message naming ``page_size`` rather than ignored (which printed A4 silently).
    """
    if "size" in query and "page_size" not in query:
        raise PrintError(
            {"page_size": _("say page_size=%(size)s, not size=", size=query["size"][:20])},
            _("The paper size is given as page_size (A4 or Letter)."),
        )
    return check_size(query.get("page_size", default))


def check_orientation(orientation: str | None) -> str | None:
    """``portrait``, ``landscape``, or None for whatever the sheet's width needs."""
    if orientation is None or orientation in ORIENTATIONS:
        return orientation
    raise PrintError(
        {"orientation": _("must be one of %(orientations)s", orientations=", ".join(ORIENTATIONS))}
    )
