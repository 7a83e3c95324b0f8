"""Players shared by the families' page tests."""

from __future__ import annotations

THREE = ["Ann", "Bob", "Cy"]


POOL = ["Aarav", "Bhavna", "Chandrasekhar Venkataraman-Iyer", "Divyā"]
