"""The circle page's expense form read into the API's expense body (docs/api.md): who
paid, how much, who shares it, how (equally, by shares, exact amounts or percentages,
one part per sharer) and, optionally, in another currency at the rate entered."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.service_layer.circles import CircleView

SPLITS = ("equal", "shares", "exact", "percent")
# Where each of the use case's refusals shows on the form.
FIELD_OF = {"cents": "amount", "parts": "parts", "split": "split", "rate": "rate"}


def expense_body(
    form: Mapping[str, Any], view: CircleView, cents_of: Callable[[Any], Any]
) -> dict[str, Any]:
    """The body of ``POST .../expenses`` from the form: parts are typed per member
    (``part-<member number>``) in the units people use — exact amounts in money (12.50),
    shares and percentages as numbers with a point or a comma."""
    shared_by = form.getlist("shared_by")
    body: dict[str, Any] = {
        "paid_by": form.get("paid_by"),
        "cents": cents_of(form.get("amount")),
        "shared_by": shared_by,
        "note": form.get("note") or None,
    }
    split = form.get("split") or "equal"
    if split != "equal":
        body["split"] = split
        parts = {}
        for name in shared_by:
            index = view.member_index(name)
            typed = (form.get(f"part-{index}") or "").strip() or "0"
            parts[name] = cents_of(typed) if split == "exact" else typed.replace(",", ".")
        body["parts"] = parts
    currency = (form.get("currency") or "").strip().upper()
    if currency and currency != view.currency:
        body["currency"] = currency
        body["rate"] = (form.get("rate") or "").strip().replace(",", ".")
    return body


def on_the_form(errors: Mapping[str, str]) -> dict[str, str]:
    """The use case's field errors under the form's field names."""
    return {FIELD_OF.get(field, field): text for field, text in errors.items()}
