"""What the league pages show: frozen views of leagues, nights, tables and members.

Built from the rows inside a unit of work and handed out of it, so a page never
touches the database. Edit tokens go into a view only for the league's organizers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from scorekeeper import scoring
from scorekeeper.i18n import lazy_gettext as _l
from scorekeeper.league import table_links
from scorekeeper.league.models import League, LeagueTable, Member, Night
from scorekeeper.scoring.options import resolve_stakes
from scorekeeper.translate import preset_name, translate

SOURCES = {
    "phone": _l("phone"),
    "paper_deals": _l("from paper (deals)"),
    "paper_totals": _l("from paper (totals only)"),
}


@dataclass(frozen=True)
class Rules:
    variant: str
    preset: str | None
    options: Mapping[str, Any]
    stakes: Mapping[str, Any] | None
    table_size: int

    @property
    def label(self) -> str:
        """The game in the reader's language (the league stores it in English)."""
        return preset_name(self.preset) or translate(scoring.get_variant(self.variant).name)

    @property
    def currency(self) -> str | None:
        """What its money is in: stakes are kept as given, and no currency given is
        the game's default one; None: played for points only."""
        if not self.stakes:
            return None
        return resolve_stakes(self.stakes, self.variant)[0]["currency"]


@dataclass(frozen=True)
class MemberView:
    id: int
    name: str
    aliases: tuple[str, ...]
    active: bool = True


@dataclass(frozen=True)
class OrganizerView:
    id: int
    name: str
    email: str
    role: str


@dataclass(frozen=True)
class InvitationView:
    """An address invited to run the league, not yet taken up by a login or signup."""

    id: int
    email: str
    role: str = "co"


@dataclass(frozen=True)
class SeatView:
    position: int
    member_id: int
    name: str


@dataclass(frozen=True)
class TableView:
    id: int
    number: int
    seats: tuple[SeatView, ...]
    game_id: str | None
    # Only ever put in a view for the league's organizers; None also when the link
    # cannot be shown (league/table_links.py): the page offers a new one.
    edit_token: str | None
    source: str
    paper_totals: Mapping[str, int] | None
    closed: bool
    # The round it is played in (a night in rounds, league/rounds.py); 1 otherwise.
    round: int = 1
    # A second phone confirmed the result as it is now (league/confirm.py).
    confirmed: bool = False

    @property
    def source_label(self) -> str:
        return SOURCES[self.source]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)


@dataclass(frozen=True)
class NightView:
    id: int
    held_on: date
    season: str
    seating: str
    started: bool
    tables: tuple[TableView, ...]
    # Present but sitting out: (member id, name).
    byes: tuple[tuple[int, str], ...] = ()


# What a bye scores (a league's choice): tonight's score in a night of rounds (a share
# of the players a table's winner beats) and the wins in the standings (a share of a win).
BYE_SCORES = {
    "nothing": _l("Nothing"),
    "half": _l("Half a win"),
    "win": _l("A win"),
}
BYE_SHARE = {"nothing": 0, "half": 0.5, "win": 1}
# What orders equal scores in a night of Swiss rounds (league/swiss.py), as said.
TIEBREAKS = {
    "buchholz": _l("Buchholz (the opponents' scores)"),
    "sonneborn": _l("Sonneborn-Berger (the beaten opponents' scores)"),
    "rating": _l("The rating"),
}
# Its short name beside each score in tonight's order.
TIEBREAK_SHORT = {"buchholz": _l("Bh"), "sonneborn": _l("SB"), "rating": _l("Rtg")}


def tonight_bye_score(league: League) -> float:
    """What a bye adds to tonight's score, in players beaten: a share of a win at the
    league's table size (3 at tables of four; half: 1.5)."""
    return BYE_SHARE[league.bye_scores] * (league.table_size - 1)


@dataclass(frozen=True)
class Ranking:
    """How the standings rank and count byes, and whether public pages hide money."""

    rank_by: str
    min_games: int
    bye_counts: str
    hide_money: bool
    bye_scores: str = "nothing"
    # Swiss rounds: the tie-break (TIEBREAKS' key), Baku acceleration, and the pairs
    # never seated together as (member id, name, member id, name).
    tiebreak: str = "buchholz"
    accelerate: bool = False
    never_pairs: tuple[tuple[int, str, int, str], ...] = ()

    @property
    def bye_label(self) -> str:
        return str(BYE_SCORES[self.bye_scores])

    @property
    def tiebreak_label(self) -> str:
        return str(TIEBREAKS[self.tiebreak])


@dataclass(frozen=True)
class LeagueHead:
    """What the public pages need of a league."""

    public_id: str
    name: str
    rules: Rules
    ranking: Ranking
    published: bool
    # Whether the viewer may change it (and see edit links).
    manage: bool
    # What its public pages and packs speak; None: each reader's own.
    language: str | None = field(default=None, kw_only=True)
    # Where new nights go once a season was closed (league/seasons.py).
    current_season: str | None = field(default=None, kw_only=True)

    @property
    def money_hidden(self) -> bool:
        """Organizers always see money; everyone else unless the league hides it."""
        return self.ranking.hide_money and not self.manage

    @property
    def shows_money(self) -> bool:
        return bool(self.rules.stakes) and not self.money_hidden

    @property
    def currency(self) -> str | None:
        return self.rules.currency


@dataclass(frozen=True)
class LeagueView(LeagueHead):
    members: tuple[MemberView, ...]
    organizers: tuple[OrganizerView, ...]
    invitations: tuple[InvitationView, ...]
    nights: tuple[NightView, ...]
    # A second phone at each table confirms its result (league/confirm.py).
    confirming: bool = False
    second_factor_required: bool = False


def rules_of(league: League) -> Rules:
    return Rules(league.variant, league.preset, league.options, league.stakes, league.table_size)


def higher_wins(league: League) -> bool:
    """Whether the league's games go to the highest total, as a game of its rules
    decides it (Penalty Rummy and pool rummy are won low, unlike their variants' usual)."""
    cls = scoring.get_variant(league.variant)
    players = [f"Player {i + 1}" for i in range(cls.min_players)]
    setup = scoring.make_setup(
        variant=league.variant, preset=league.preset, players=players, options=league.options
    )
    return cls.ranks_higher(setup)


def member_view(member: Member) -> MemberView:
    return MemberView(member.id, member.name, tuple(member.aliases or ()), member.active)


def table_view(table: LeagueTable, manage: bool) -> TableView:
    return TableView(
        id=table.id,
        number=table.number,
        seats=tuple(
            SeatView(seat.position, seat.member_id, seat.member.name) for seat in table.seats
        ),
        game_id=table.game.public_id if table.game else None,
        edit_token=table_links.shown_token(table) if manage else None,
        source=table.source,
        paper_totals=table.paper_totals,
        closed=table.closed,
        round=table.round or 1,
        confirmed=table.confirmed,
    )


def night_view_of(night: Night, manage: bool) -> NightView:
    names = {member.id: member.name for member in night.league.members}
    return NightView(
        id=night.id,
        held_on=night.held_on,
        season=night.season,
        seating=night.seating,
        started=night.started,
        tables=tuple(table_view(table, manage) for table in night.tables),
        byes=tuple((member_id, names.get(member_id, "?")) for member_id in night.byes or ()),
    )


def ranking_of(league: League) -> Ranking:
    names = {member.id: member.name for member in league.members}
    return Ranking(
        league.rank_by,
        league.min_games,
        league.bye_counts,
        league.hide_money,
        league.bye_scores,
        tiebreak=league.tiebreak,
        accelerate=league.accelerate,
        never_pairs=tuple(
            (a, names.get(a, "?"), b, names.get(b, "?")) for a, b in league.never_pairs or ()
        ),
    )


def head(league: League, manage: bool) -> LeagueHead:
    return LeagueHead(
        league.public_id,
        league.name,
        rules_of(league),
        ranking_of(league),
        league.published,
        manage,
        language=league.language,
    )


def league_view_of(
    league: League, manage: bool, nights: Sequence[Night] | None = None
) -> LeagueView:
    """The league; with ``nights``, only those (a night's page need not load the season)."""
    shown = league.nights if nights is None else nights
    return LeagueView(
        public_id=league.public_id,
        name=league.name,
        rules=rules_of(league),
        ranking=ranking_of(league),
        published=league.published,
        manage=manage,
        language=league.language,
        current_season=league.current_season,
        members=tuple(member_view(m) for m in league.members),
        organizers=tuple(
            OrganizerView(lo.organizer.id, lo.organizer.name, lo.organizer.email, lo.role)
            for lo in sorted(league.organizers, key=lambda lo: (lo.role != "owner", lo.id))
        ),
        invitations=tuple(InvitationView(i.id, i.email, i.role) for i in league.invitations)
        if manage
        else (),
        nights=tuple(night_view_of(n, manage) for n in reversed(shown)),
        confirming=league.confirm_results,
        second_factor_required=league.require_second_factor,
    )
