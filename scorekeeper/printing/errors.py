"""The one error the printing functions raise for bad input."""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.i18n import gettext as _


class PrintError(ValueError):
    """A sheet cannot be made as asked; ``errors`` maps field paths to messages."""

    def __init__(self, errors: Mapping[str, str], detail: str | None = None):
        super().__init__("; ".join(f"{path}: {message}" for path, message in errors.items()))
        self.errors = dict(errors)
        self.detail = _("The sheet cannot be printed.") if detail is None else detail
