"""Members: adding names, renaming and merging two spellings of one person."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from sqlalchemy import func, select, update

from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import ngettext
from scorekeeper.league.access import NAME_LENGTH, clean_name, managed, member_of, name_key
from scorekeeper.league.log import record
from scorekeeper.league.models import Adjustment, League, LeagueResult, LeagueSeat, Member
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork


def add_members(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    names: Sequence[Any],
    skipped: list[str] | None = None,
) -> list[str]:
    """Add each new name; a name the league knows (or knew, before a merge), or one
    given twice, is skipped (and put in ``skipped``, when given, to be said)."""
    errors: dict[str, str] = {}
    cleaned = [
        clean_name(name, f"names.{i}", NAME_LENGTH, errors) for i, name in enumerate(names, 1)
    ]
    if errors or not cleaned:
        raise InvalidInput(
            _("Member names must be 1 to 40 characters, one per line."),
            errors or {"names": _("list is empty: type at least one name")},
        )
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        known = {name_key(m.name) for m in league.members}
        known |= {name_key(alias) for m in league.members for alias in m.aliases or ()}
        added = []
        for name in cleaned:
            if name_key(name) not in known:
                known.add(name_key(name))
                league.members.append(Member(name=name, name_key=name_key(name), aliases=[]))
                added.append(name)
                record(uow.session, league, organizer_id, "member", name, None, {"name": name})
            elif skipped is not None:
                skipped.append(name)
        uow.commit()
        return added


def rename_member(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, member_id: int, name: Any
) -> None:
    """A new spelling from now on; games already played keep the names they were played with."""
    errors: dict[str, str] = {}
    name = clean_name(name, "name", NAME_LENGTH, errors)
    if errors:
        raise InvalidInput(_("That name cannot be used."), errors)
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        member = member_of(league, member_id)
        if any(m.id != member.id and m.name_key == name_key(name) for m in league.members):
            raise InvalidInput(
                _("Another member has that name; merge them instead."),
                {"name": _("belongs to another member")},
            )
        if member.name != name:
            change = ({"name": member.name}, {"name": name})
            record(uow.session, league, organizer_id, "member", name, *change)
            member.aliases = sorted({*member.aliases, member.name} - {name})
            member.name, member.name_key = name, name_key(name)
            league.revision += 1
        uow.commit()


def set_active(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, member_id: Any, active: bool
) -> None:
    """A member who left (``active`` False) keeps their history, but is no longer
    offered for new nights and their answer link stops working; ``True`` brings them back."""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        member = member_of(league, member_id)
        change = ({"active": member.active}, {"active": active})
        record(uow.session, league, organizer_id, "member", member.name, *change)
        member.active = active
        if not active:
            member.answer_token_hash = None
            for night in league.schedule:  # their answers for nights ahead no longer hold
                if night.held_on >= date.today():
                    night.answers[:] = [a for a in night.answers if a.member_id != member.id]
        uow.commit()


def _mergeable(
    session, public_id: str, organizer_id: int | None, source_id: Any, target_id: Any
) -> tuple[League, Member, Member]:
    """The managed league and its two members, if they can be one person (never two who
    shared a table)."""
    league = managed(session, public_id, organizer_id)
    if source_id == target_id:
        raise InvalidInput(
            _("These two cannot be merged."), {"source": _("Pick two different members to merge.")}
        )
    source, target = member_of(league, source_id), member_of(league, target_id)
    clash = session.scalar(
        select(LeagueSeat.table_id)
        .where(LeagueSeat.member_id == source.id)
        .where(
            LeagueSeat.table_id.in_(
                select(LeagueSeat.table_id).where(LeagueSeat.member_id == target.id)
            )
        )
        .limit(1)
    )
    if clash is not None:
        raise InvalidInput(
            _("These two cannot be merged."),
            {
                "source": _(
                    "%(source)s and %(target)s sat at the same table: they are two people.",
                    source=source.name,
                    target=target.name,
                )
            },
        )
    return league, source, target


def merge_plan(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, source_id: Any, target_id: Any
) -> str:
    """What a merge would do, in words, for the organizer to confirm first."""
    with uow:
        session = uow.session
        _league, source, target = _mergeable(session, public_id, organizer_id, source_id, target_id)
        seats = session.scalar(
            select(func.count()).select_from(LeagueSeat).where(LeagueSeat.member_id == source.id)
        )
        return ngettext(
            "Merge %(source)s into %(target)s? %(source)s's %(num)d seat and its results"
            ' become %(target)s\'s, and "%(source)s" is kept as another spelling of'
            " %(target)s. This cannot be undone.",
            "Merge %(source)s into %(target)s? %(source)s's %(num)d seats and their results"
            ' become %(target)s\'s, and "%(source)s" is kept as another spelling of'
            " %(target)s. This cannot be undone.",
            seats,
            source=source.name,
            target=target.name,
        )


def merge_members(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, source_id: Any, target_id: Any
) -> None:
    """Two spellings of one person: every seat and result of ``source`` becomes ``target``'s."""
    with uow:
        session = uow.session
        league, source, target = _mergeable(session, public_id, organizer_id, source_id, target_id)
        # Seats, results and the director's adjustments all follow the player.
        for row in (LeagueSeat, LeagueResult, Adjustment):
            session.execute(
                update(row).where(row.member_id == source.id).values(member_id=target.id)
            )
        merged = ({"name": source.name}, {"name": target.name, "merged": True})
        record(session, league, organizer_id, "member", source.name, *merged)
        target.aliases = sorted({*target.aliases, source.name, *source.aliases} - {target.name})
        league.members.remove(source)
        league.revision += 1
        uow.commit()
