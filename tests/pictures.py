"""Pictures for people to look at (pages as a phone shows them, PDFs as PNGs), made only
when asked for with SHOTS=1: no check reads one back, and a run made hundreds of them
(a full-page screenshot costs Chromium about 0.2 s, a PDF page in poppler 0.14 s)."""

from __future__ import annotations

import os

PICTURES = os.environ.get("SHOTS", "") not in ("", "0")
