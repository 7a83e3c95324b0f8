"""Checks of what a circle's use cases are given (service_layer.circles): each puts a
field's message in ``errors`` and returns what it could read, so one answer names every
field refused."""

from __future__ import annotations

from collections.abc import Mapping
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
    shared_by = sharers(view, body.get("shared_by"), errors)
    return {**values, "shared_by": [view.members[i].id for i in sorted(shared_by)]}


def _member_id(view: CircleView, index: int | None) -> int | None:
    # None where the check failed: nothing is stored then.
    return None if index is None else view.members[index].id
