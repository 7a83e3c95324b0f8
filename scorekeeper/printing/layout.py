"""Paper: the page sizes and orientations a sheet can be printed on."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.printing.errors import PrintError

PAGE_SIZES = ("A4", "Letter")
ORIENTATIONS = ("portrait", "landscape")


@dataclass(frozen=True)
class Page:
    size: str  # "A4" or "Letter"
    orientation: str  # "portrait" or "landscape"

    @property
    def name(self) -> str:
        """The stylesheet's named page for this paper, such as ``a4-landscape``."""
        return f"{self.size.lower()}-{self.orientation}"


def page_for(size: str, *, landscape: bool) -> Page:
    return Page(check_size(size), "landscape" if landscape else "portrait")


def check_size(size: str) -> str:
    """The page size as the stylesheet spells it; ``a4`` and ``letter`` are accepted too."""
    for known in PAGE_SIZES:
        if isinstance(size, str) and size.casefold() == known.casefold():
            return known
    raise PrintError({"page_size": f"must be one of {', '.join(PAGE_SIZES)}"})


def check_orientation(orientation: str | None) -> str | None:
    """``portrait``, ``landscape``, or None for whatever the sheet's width needs."""
    if orientation is None or orientation in ORIENTATIONS:
        return orientation
    raise PrintError({"orientation": f"must be one of {', '.join(ORIENTATIONS)}"})
