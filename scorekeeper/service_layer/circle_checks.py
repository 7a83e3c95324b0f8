"""Checks of what a circle's use cases are given (service_layer.circles): each puts a
field's message in ``errors`` and returns what it could read, so one answer names every
field refused."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from scorekeeper.scoring.game import NAME_LENGTH
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.circle_views import CircleView

MOST_CENTS = 10**9  # ten million a record: more is a typo
MOST_MEMBERS = 100
NOTE_LIMIT = 200


def text(value: Any, limit: int, field: str, errors: dict[str, str], *, required=False) -> Any:
    if value is None and not required:
        return None
    text = value.strip() if isinstance(value, str) else None
    # The limit holds for the text as sent (as the API's schema says), spaces and all.
    if text is None or not (1 if required else 0) <= len(text) or len(value) > limit:
        low = 1 if required else 0
        errors[field] = message(
            "must be text of %(least)s to %(most)s characters", least=low, most=limit
        )
        return None
    if not text.isprintable():
        errors[field] = message("must not contain control characters")
        return None
    return text or None


def new_member_names(members: Any, errors: dict[str, str]) -> list[str]:
    if members is None:
        return []
    if not isinstance(members, list) or len(members) > MOST_MEMBERS:
        errors["members"] = message("must be a list of at most %(count)s names", count=MOST_MEMBERS)
        return []
    names: list[str] = []
    seen: set[str] = set()
    for index, name in enumerate(members):
        checked = text(name, NAME_LENGTH, f"members.{index}", errors, required=True)
        if checked is None:
            continue
        if checked.casefold() in seen:
            errors[f"members.{index}"] = message("%(name)s is already a member", name=checked)
            continue
        seen.add(checked.casefold())
        names.append(checked)
    return names


def member(view: CircleView, name: Any, field: str, errors: dict[str, str]) -> int | None:
    index = view.member_index(name)
    if index is None:
        errors[field] = message("must be a member of this circle")
    return index


def sharers(view: CircleView, names: Any, errors: dict[str, str]) -> set[int]:
    if not isinstance(names, list) or not names:
        errors["shared_by"] = message("must be a list of one or more members")
        return set()
    found: set[int] = set()
    for index, name in enumerate(names):
        member = view.member_index(name)
        if member is None:
            errors[f"shared_by.{index}"] = message("must be a member of this circle")
        elif member in found:
            errors[f"shared_by.{index}"] = message("is named twice")
        else:
            found.add(member)
    return found


def cents(value: Any, errors: dict[str, str]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MOST_CENTS:
        errors["cents"] = message(
            "must be a whole number of cents from 1 to %(most)s", most=MOST_CENTS
        )
        return 0
    return value


def payment(view: CircleView, body: Mapping[str, Any], errors: dict[str, str]) -> dict[str, Any]:
    """A payment's record values (its members by row id)."""
    payer = member(view, body.get("from"), "from", errors)
    payee = member(view, body.get("to"), "to", errors)
    if payer is not None and payer == payee:
        errors["to"] = message("must be another member than the one who pays")
    return {
        "payer": _member_id(view, payer),
        "payee": _member_id(view, payee),
        "cents": cents(body.get("cents"), errors),
        "note": text(body.get("note"), NOTE_LIMIT, "note", errors),
    }


def expense(view: CircleView, body: Mapping[str, Any], errors: dict[str, str]) -> dict[str, Any]:
    """An expense's record values (its members by row id)."""
    payer = member(view, body.get("paid_by"), "paid_by", errors)
    values = {
        "payer": _member_id(view, payer),
        "cents": cents(body.get("cents"), errors),
        "note": text(body.get("note"), NOTE_LIMIT, "note", errors),
    }
    shared_by = sorted(sharers(view, body.get("shared_by"), errors))
    terms: dict[str, Any] = {}
    if body.get("currency") is not None or body.get("rate") is not None:
        terms |= foreign(view, body, values, errors)
    if body.get("split", "equal") != "equal" or body.get("parts") is not None:
        terms |= split_terms(view, body, shared_by, errors)
    return {
        **values,
        "shared_by": [view.members[i].id for i in shared_by],
        "terms": terms or None,
    }


SPLITS = ("equal", "shares", "exact", "percent")
MOST_RATE = Decimal(10**6)


def foreign(
    view: CircleView, body: Mapping[str, Any], values: dict[str, Any], errors: dict[str, str]
) -> dict[str, Any]:
    """An expense paid in another currency: ``cents`` is in that currency, and its rate
    (the circle's money for one unit of it, as entered) makes the ledger's cents."""
    currency, rate = body.get("currency"), decimal(body.get("rate"), 8)
    if not (isinstance(currency, str) and re.fullmatch("[A-Z]{3}", currency)):
        errors["currency"] = message(
            "must be a 3-letter ISO currency code in capitals, such as USD or EUR"
        )
        return {}
    if currency == view.currency:
        errors["currency"] = message(
            "must be another currency than the circle's, %(currency)s", currency=view.currency
        )
        return {}
    amount = values["cents"]
    converted = 0 if rate is None else int((amount * rate).quantize(Decimal(1), ROUND_HALF_UP))
    if rate is None or not 0 < rate <= MOST_RATE or (amount and not 0 < converted <= MOST_CENTS):
        errors["rate"] = message(
            "must be the circle's money for one %(currency)s: above 0, at most 8 decimals, "
            "making the amount 1 to %(most)s cents",
            currency=currency,
            most=MOST_CENTS,
        )
        return {}
    values["cents"] = converted
    return {"currency": currency, "amount": amount, "rate": str(rate)}


def split_terms(
    view: CircleView, body: Mapping[str, Any], shared_by: list[int], errors: dict[str, str]
) -> dict[str, Any]:
    """How an expense is shared other than equally: ``parts`` names each sharer's
    shares, exact cents (in the currency paid) or percentage."""
    kind, parts = body.get("split", "equal"), body.get("parts")
    if kind not in SPLITS or kind == "equal":
        errors["split"] = message("must be shares, exact or percent when parts are given")
        return {}
    by_member: dict[int, Any] = {}
    for name, value in parts.items() if isinstance(parts, Mapping) else ():
        index = view.member_index(name)
        if index is None or index in by_member:
            by_member.clear()
            break
        by_member[index] = value
    if set(by_member) != set(shared_by):
        errors["parts"] = message("must give each member in shared_by their part, once")
        return {}
    read = [decimal(by_member[i], 0 if kind == "exact" else 2) for i in shared_by]
    if any(part is None or part < 0 for part in read) or not any(read):
        errors["parts"] = message(
            "must be numbers of 0 or more, one above 0: shares and percentages with at most "
            "2 decimals, exact amounts in whole cents"
        )
        return {}
    total = sum(read, Decimal(0))
    owed = body.get("cents") if kind == "exact" else 100 if kind == "percent" else total
    if total != owed:
        errors["parts"] = message("must add up to %(total)s", total=owed)
        return {}
    return {"split": kind, "parts": [_number(part) for part in read]}


def decimal(value: Any, places: int) -> Decimal | None:
    """A JSON number (or a decimal string) with at most ``places`` decimals, exactly."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        read = Decimal(str(value).strip())
    except InvalidOperation:
        return None
    if not read.is_finite():
        return None
    try:
        exact = read == read.quantize(Decimal(1).scaleb(-places))
    except InvalidOperation:  # more digits than a Decimal holds at those places (1e20)
        return None
    return read if exact else None


def _number(value: Decimal) -> int | float:
    """A part as JSON gives it back: a whole number stays one."""
    return int(value) if value == value.to_integral_value() else float(value)


def _member_id(view: CircleView, index: int | None) -> int | None:
    # None where the check failed: nothing is stored then.
    return None if index is None else view.members[index].id
