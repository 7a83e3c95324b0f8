"""Leagues and their house rules, publication and co-organizers."""

from __future__ import annotations

import secrets
from typing import Any

from scorekeeper import scoring
from scorekeeper.i18n import LANGUAGES
from scorekeeper.i18n import gettext as _
from scorekeeper.league import standings, swiss, views
from scorekeeper.league.access import NotFound, clean_name, managed
from scorekeeper.league.log import fields, record
from scorekeeper.league.models import League, LeagueOrganizer
from scorekeeper.league.nights import people_at_table
from scorekeeper.league.rotation import rotate_links
from scorekeeper.league.seating import sizes_said
from scorekeeper.league.views import Rules
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

USUAL_TABLE = 4


def usual_table_size(cls: type[scoring.Variant]) -> int:
    """Four a table where the game allows it, else as near as it allows (2 at gin)."""
    return min(people_at_table(cls), key=lambda size: (abs(size - USUAL_TABLE), size))


def table_sizes_said(cls: type[scoring.Variant]) -> str:
    """The table sizes a game allows, as the rules form says them."""
    sizes = people_at_table(cls)
    if len(sizes) == 1:
        return _("%(sizes)s players a table", sizes=sizes[0])
    said = {"sizes": sizes_said(sizes), "usual": usual_table_size(cls)}
    if cls.partnership:
        return _("%(sizes)s players a table in whole sides (usually %(usual)s)", **said)
    return _("%(sizes)s players a table (usually %(usual)s)", **said)


def table_size_rule(cls: type[scoring.Variant]) -> str:
    """What the table size must be; for a partnership game it counts people, not sides."""
    sizes = people_at_table(cls)
    if len(sizes) == 1:
        return _(
            "must be %(size)s: %(game)s is played %(size)s a table", size=sizes[0], game=cls.name
        )
    said = {"sizes": sizes_said(sizes), "game": cls.name}
    if cls.partnership:
        return _("must be %(sizes)s (players in whole sides) for %(game)s", **said)
    return _("must be %(sizes)s (players) for %(game)s", **said)


def check_rules(*, preset: Any, variant: Any, options: Any, stakes: Any, table_size: Any) -> Rules:
    """House rules as make_setup resolves them, checked for the smallest table.

    Options are kept as given (not resolved) so that defaults that depend on the
    number of players (rummy's target) are resolved per table. No table size
    means the game's usual one.
    """
    preset = preset or None
    variant = variant or None
    errors: dict[str, str] = {}
    cls = None
    try:
        cls = scoring.get_variant(variant or scoring.get_preset(preset).variant)
    except scoring.ScoringError as exc:
        errors.update(exc.errors)
    if cls is not None:
        players = [f"Player {i + 1}" for i in range(cls.min_players)]
        try:
            setup = scoring.make_setup(
                variant=variant, preset=preset, players=players, options=options, stakes=stakes
            )
        except scoring.ScoringError as exc:
            errors.update(exc.errors)
        else:
            variant, preset = setup.variant, setup.preset
        if table_size in (None, ""):
            table_size = usual_table_size(cls)
        if (
            isinstance(table_size, bool)
            or not isinstance(table_size, int)
            or table_size not in people_at_table(cls)
        ):
            errors["table_size"] = table_size_rule(cls)
    if errors:
        raise InvalidInput(_("These house rules cannot be used."), errors)
    return Rules(variant, preset, dict(options or {}), dict(stakes) if stakes else None, table_size)


def check_language(value: Any, errors: dict[str, str]) -> str | None:
    """A league's language: one with a catalog, or none (each reader's own)."""
    if value in (None, ""):
        return None
    # Checked as text first: a list or an object from an import is not a language (nor hashable).
    if not isinstance(value, str) or value not in LANGUAGES:
        errors["language"] = _("must be one of %(choices)s", choices=", ".join(LANGUAGES))
        return None
    return value


def new_league_id() -> str:
    return secrets.token_urlsafe(12)


def _named(name: Any, language: Any, refusal: str) -> tuple[str, str | None]:
    """A league's name and language as given, checked; ``refusal`` says why not."""
    errors: dict[str, str] = {}
    name = clean_name(name, "name", 80, errors)
    language = check_language(language, errors)
    if errors:
        raise InvalidInput(refusal, errors)
    return name, language


def _set_rules(league: League, name: str, rules: Rules, language: str | None) -> None:
    """What the organizer sets when creating a league and changing its rules, alike."""
    league.name = name
    league.variant, league.preset = rules.variant, rules.preset
    league.options = dict(rules.options)
    league.stakes = dict(rules.stakes) if rules.stakes else None
    league.table_size = rules.table_size
    league.language = language


def create_league(
    uow: UnitOfWork, organizer_id: int, *, name: Any, rules: Rules, language: Any = None
) -> str:
    name, language = _named(name, language, _("The league cannot be created as given."))
    with uow:
        league = League(
            public_id=new_league_id(),
            published=False,
            revision=1,
            organizers=[LeagueOrganizer(organizer_id=organizer_id, role="owner")],
        )
        _set_rules(league, name, rules, language)
        uow.session.add(league)
        uow.commit()
        return league.public_id


def update_rules(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    *,
    name: Any,
    rules: Rules,
    language: Any = None,
) -> None:
    """New house rules apply to the nights seated from now on; started games keep theirs."""
    name, language = _named(name, language, _("The league cannot be changed so."))
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        before = fields(league, RULE_FIELDS)
        _set_rules(league, name, rules, language)
        after = fields(league, RULE_FIELDS)
        record(uow.session, league, organizer_id, "settings", "rules", before, after)
        uow.commit()


RULE_FIELDS = ("name", "variant", "preset", "options", "stakes", "table_size", "language")
RANKING_FIELDS = (
    "rank_by",
    "min_games",
    "bye_counts",
    "bye_scores",
    "hide_money",
    "tiebreak",
    "accelerate",
)


def set_published(uow: UnitOfWork, public_id: str, organizer_id: int | None, published: bool):
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        before = fields(league, ("published",))
        league.published = bool(published)
        after = fields(league, ("published",))
        record(uow.session, league, organizer_id, "settings", "published", before, after)
        uow.commit()


def remove_organizer(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, removed_id: int
) -> None:
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        link = next((lo for lo in league.organizers if lo.organizer_id == removed_id), None)
        if link is None:
            raise NotFound(_("That organizer does not run this league."))
        if link.role == "owner":
            raise InvalidInput(
                _("The league's owner cannot be removed."), {"organizer": _("is the owner")}
            )
        league.organizers.remove(link)
        # They saw tonight's edit links: those stop working (league/rotation.py).
        rotate_links(uow.session, league)
        uow.commit()


def set_ranking(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    *,
    rank_by: Any,
    min_games: Any,
    bye_counts: Any,
    hide_money: bool,
    bye_scores: Any = "nothing",
    tiebreak: Any = "buchholz",
    accelerate: bool = False,
) -> None:
    """How the standings rank players and count byes, whether public pages show money,
    and how Swiss rounds order equal scores and whether they accelerate (swiss.py)."""
    errors: dict[str, str] = {}
    if rank_by not in standings.RANK_BY:
        errors["rank_by"] = _(
            "must be one of %(choices)s",
            choices=", ".join(str(label) for label in standings.RANK_BY.values()).lower(),
        )
    if isinstance(min_games, bool) or not isinstance(min_games, int) or not 0 <= min_games <= 1000:
        errors["min_games"] = _("must be a whole number from 0 to 1000")
    if bye_counts not in standings.BYE_COUNTS:
        errors["bye_counts"] = _("must be none or average")
    if bye_scores not in views.BYE_SCORES:
        errors["bye_scores"] = _("must be nothing, half or win")
    if tiebreak not in swiss.TIEBREAKS:
        errors["tiebreak"] = _("must be buchholz, sonneborn or rating")
    if errors:
        raise InvalidInput(_("The ranking rules cannot be used."), errors)
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        before = fields(league, RANKING_FIELDS)
        league.rank_by, league.min_games = rank_by, min_games
        league.bye_counts, league.hide_money = bye_counts, bool(hide_money)
        league.bye_scores = bye_scores
        league.tiebreak, league.accelerate = tiebreak, bool(accelerate)
        after = fields(league, RANKING_FIELDS)
        record(uow.session, league, organizer_id, "settings", "ranking", before, after)
        uow.commit()


def never_pair(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, first: Any, second: Any, keep: bool
) -> None:
    """Two members Swiss rounds never seat together (a couple, family), or no more."""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        ids = {member.id for member in league.members}
        if first not in ids or second not in ids or first == second:
            raise InvalidInput(
                _("Pick two different members."), {"second": _("pick two different members")}
            )
        pair = sorted((first, second))
        pairs = [list(p) for p in league.never_pairs or () if sorted(p) != pair]
        before = fields(league, ("never_pairs",))
        league.never_pairs = [*pairs, pair] if keep else pairs
        record(
            uow.session,
            league,
            organizer_id,
            "settings",
            "never_pairs",
            before,
            fields(league, ("never_pairs",)),
        )
        uow.commit()
