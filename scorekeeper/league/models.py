"""League tables: organizers, leagues, members, nights, their tables and seats.

Games stay the truth: a night's table points at an ordinary game, and a
league's standings are derived from its games' entries. ``league_results``
is only a cache of each game's derived figures, keyed by the game's version
and the table's revision, so a correction anywhere re-derives that game.
"""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Time,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.models import Base, Game, utcnow


class Organizer(Base):
    __tablename__ = "organizers"

    id: Mapped[int] = mapped_column(primary_key=True)
    # Stored lower-cased and trimmed: the login name.
    email: Mapped[str] = mapped_column(String(254), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    password_hash: Mapped[str] = mapped_column(String(255))
    # Grows on logout and on a new password; a session of an older one is over.
    session_generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # A second factor (league/second_factor.py): the authenticator app's RFC 6238 secret
    # (base32), and the last 30-second step a code was taken for, so a code works once.
    totp_secret: Mapped[str | None] = mapped_column(String(64))
    totp_last_step: Mapped[int | None] = mapped_column(Integer)


class Passkey(Base):
    """An organizer's WebAuthn credential: its id and public key, as the authenticator
    gave them when registered (league/passkeys.py)."""

    __tablename__ = "organizer_passkeys"

    id: Mapped[int] = mapped_column(primary_key=True)
    organizer_id: Mapped[int] = mapped_column(
        ForeignKey("organizers.id", ondelete="CASCADE"), index=True
    )
    credential_id: Mapped[bytes] = mapped_column(LargeBinary(1023), unique=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    # The authenticator's signature counter: one going backwards means a cloned key.
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class RecoveryCode(Base):
    """A one-time recovery code, stored as its SHA-256 (the codes are random, not chosen,
    so a fast hash is enough); used_at is set when it has been used."""

    __tablename__ = "organizer_recovery_codes"

    id: Mapped[int] = mapped_column(primary_key=True)
    organizer_id: Mapped[int] = mapped_column(
        ForeignKey("organizers.id", ondelete="CASCADE"), index=True
    )
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    used_at: Mapped[datetime | None] = mapped_column()


class League(Base):
    __tablename__ = "leagues"

    id: Mapped[int] = mapped_column(primary_key=True)
    # In URLs; random so unpublished leagues cannot be listed by counting.
    public_id: Mapped[str] = mapped_column(String(22), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    # House rules, as make_setup takes them; checked with make_setup on every change.
    variant: Mapped[str] = mapped_column(String(20))
    preset: Mapped[str | None] = mapped_column(String(60))
    options: Mapped[dict[str, Any]]
    stakes: Mapped[dict[str, Any] | None]
    # Players per table the organizer prefers (within the variant's limits).
    table_size: Mapped[int] = mapped_column(Integer, default=4)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    # Ranking rules: what the standings are ordered by (standings.RANK_BY), and how
    # many games a player needs to be ranked (the others are listed below, unranked).
    rank_by: Mapped[str] = mapped_column(String(10), default="rating", server_default="rating")
    min_games: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # How a bye counts in the standings: "none", or "average" (the player's average).
    bye_counts: Mapped[str] = mapped_column(String(10), default="none", server_default="none")
    # What a bye scores (standings.BYE_SCORES): "nothing", "half" or a "win": tonight's
    # score in a night of rounds (Swiss pairs by it) and the wins in the standings.
    bye_scores: Mapped[str] = mapped_column(String(10), default="nothing", server_default="nothing")
    # Swiss rounds (league/swiss.py): the tie-break ordering equal scores (swiss.TIEBREAKS),
    # Baku acceleration of a night's first rounds, and pairs of member ids never seated
    # together (couples, family).
    tiebreak: Mapped[str] = mapped_column(String(10), default="buchholz", server_default="buchholz")
    accelerate: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    never_pairs: Mapped[list[list[int]]] = mapped_column(JSON, default=list, server_default="[]")
    # Public pages show no money (the organizers still see it).
    hide_money: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # What its public pages and printed packs speak (i18n.LANGUAGES); None: each reader's own.
    language: Mapped[str | None] = mapped_column(String(5))
    # Where its nights' start times are read (an IANA zone such as Europe/London).
    time_zone: Mapped[str | None] = mapped_column(String(64))
    # A second phone at each table confirms its result (league/confirm.py).
    confirm_results: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Every organizer of the league logs in with a second factor (league/second_factor.py).
    require_second_factor: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )
    # Grows when something other than a game changes who played what
    # (a merge, a night removed): the rating cache compares it.
    revision: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # A second, handicapped standing beside the scratch one (league/handicap.py), and
    # over how many of a player's latest nights their handicap is taken.
    handicap: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    handicap_nights: Mapped[int] = mapped_column(Integer, default=6, server_default="6")
    # The season new nights go in once the last one was closed (league/seasons.py).
    current_season: Mapped[str | None] = mapped_column(String(20))

    organizers: Mapped[list[LeagueOrganizer]] = relationship(
        back_populates="league", cascade="all, delete-orphan"
    )
    members: Mapped[list[Member]] = relationship(
        back_populates="league", order_by="Member.name", cascade="all, delete-orphan"
    )
    nights: Mapped[list[Night]] = relationship(
        back_populates="league", order_by="Night.held_on, Night.id", cascade="all, delete-orphan"
    )
    schedule: Mapped[list[PlannedNight]] = relationship(
        order_by="PlannedNight.held_on", cascade="all, delete-orphan"
    )
    invitations: Mapped[list[OrganizerInvitation]] = relationship(
        order_by="OrganizerInvitation.email", cascade="all, delete-orphan"
    )


class LeagueOrganizer(Base):
    __tablename__ = "league_organizers"
    __table_args__ = (UniqueConstraint("league_id", "organizer_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    organizer_id: Mapped[int] = mapped_column(
        ForeignKey("organizers.id", ondelete="CASCADE"), index=True
    )
    # "owner" (created it) or "co" (added by an organizer): both may change everything;
    # "scorer": records and corrects results only (league/access.py, ``scored``).
    role: Mapped[str] = mapped_column(String(10))

    league: Mapped[League] = relationship(back_populates="organizers")
    organizer: Mapped[Organizer] = relationship()


class OrganizerInvitation(Base):
    """A co-organizer added by email, waiting for the holder of its link to accept it.

    Every address added is stored, known or not, so no page tells who has an account.
    """

    __tablename__ = "organizer_invitations"
    __table_args__ = (UniqueConstraint("league_id", "email"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    # Lower-cased and trimmed, as organizers' emails are stored: a label, not a check.
    email: Mapped[str] = mapped_column(String(254), index=True)
    # SHA-256 of the one-time link's token (league.invitations); None for an invitation
    # from before links, which only inviting again makes acceptable.
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    # The role the link's holder takes up: "co" or "scorer".
    role: Mapped[str] = mapped_column(String(10), default="co", server_default="co")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Member(Base):
    """A player with a stable identity in one league: "Ann" in March is "Ann" in May."""

    __tablename__ = "league_members"
    __table_args__ = (UniqueConstraint("league_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(40))
    # casefolded name: "ann" and "Ann " are one member.
    name_key: Mapped[str] = mapped_column(String(40))
    # Other spellings merged into this member, kept for imports and history.
    aliases: Mapped[list[str]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Their personal link for saying who is coming, hashed as edit tokens are.
    answer_token_hash: Mapped[str | None] = mapped_column(String(64), index=True, unique=True)
    # False once they left the club: kept in history, out of new nights and answers.
    active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # Mail (league/mailing.py): only to an address given for it, in the member's language
    # (None: the league's), and none at all once they unsubscribed.
    email: Mapped[str | None] = mapped_column(String(254))
    language: Mapped[str | None] = mapped_column(String(5))
    mail_off: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    league: Mapped[League] = relationship(back_populates="members")


class Night(Base):
    __tablename__ = "league_nights"

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    held_on: Mapped[date] = mapped_column(Date)
    season: Mapped[str] = mapped_column(String(20))
    # random, rotating or balanced
    seating: Mapped[str] = mapped_column(String(10))
    # False while the organizer may still swap seats; True once the games exist.
    started: Mapped[bool] = mapped_column(Boolean, default=False)
    # Members present who sat out (the count did not split into legal tables).
    byes: Mapped[list[int]] = mapped_column(JSON, default=list, server_default="[]")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The venue screen's link: derived from the secret and this round (never stored);
    # a new link is the next round, and closing it stops every round.
    screen_round: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    screen_open: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Played in rounds (league/rounds.py): how many, how each next round is seated
    # (pairing.METHODS; None: one round), the minutes a timed round lasts and when the
    # round in play ends; the byes of rounds 2, 3 ... (``byes`` are round 1's).
    rounds: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    round_method: Mapped[str | None] = mapped_column(String(10))
    round_minutes: Mapped[int | None]
    round_ends_at: Mapped[datetime | None]
    later_byes: Mapped[list[list[int]]] = mapped_column(JSON, default=list, server_default="[]")

    league: Mapped[League] = relationship(back_populates="nights")
    tables: Mapped[list[LeagueTable]] = relationship(
        back_populates="night", order_by="LeagueTable.number", cascade="all, delete-orphan"
    )


class PlannedNight(Base):
    """A date in the season's schedule: listed on the public page and in the calendar feed."""

    __tablename__ = "league_schedule"
    __table_args__ = (UniqueConstraint("league_id", "held_on"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    held_on: Mapped[date] = mapped_column(Date)
    # Where and when, as the organizer writes it ("7 pm at The Crown").
    note: Mapped[str | None] = mapped_column(String(80))
    # In the league's time zone; none: an all-day event in calendars.
    starts_at: Mapped[time | None] = mapped_column(Time)
    place: Mapped[str | None] = mapped_column(String(80))
    # Seats for the night: yes answers past it wait in line, in the order given.
    capacity: Mapped[int | None] = mapped_column(Integer)
    # Answers after it are still taken, and marked late for the organizer.
    answer_by: Mapped[datetime | None]
    # What calendar apps go by (RFC 5545): the UID's key, kept when the night moves to
    # another date (none: its date, as planned); SEQUENCE, grown by each move or
    # cancellation; and its last change, its DTSTAMP and LAST-MODIFIED, so an unchanged
    # night reads the same on every fetch.
    calendar_key: Mapped[str | None] = mapped_column(String(16))
    sequence: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    changed_at: Mapped[datetime | None] = mapped_column(default=utcnow)
    # Called off: kept, so calendars show it cancelled rather than losing it.
    cancelled: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # When the members who had not answered were reminded by mail (once a night).
    reminded_at: Mapped[datetime | None]
    answers: Mapped[list[Answer]] = relationship(
        order_by="Answer.answered_at, Answer.id", cascade="all, delete-orphan"
    )


class Answer(Base):
    """A member's yes, maybe or no for a planned night, given by their personal link."""

    __tablename__ = "league_answers"
    __table_args__ = (UniqueConstraint("planned_night_id", "member_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    planned_night_id: Mapped[int] = mapped_column(
        ForeignKey("league_schedule.id", ondelete="CASCADE")
    )
    member_id: Mapped[int] = mapped_column(ForeignKey("league_members.id", ondelete="CASCADE"))
    answer: Mapped[str] = mapped_column(String(5))
    answered_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The round of that night they ask, in advance, to sit out with a bye (None: none).
    bye_round: Mapped[int | None] = mapped_column(Integer)


class LeagueTable(Base):
    __tablename__ = "league_tables"
    __table_args__ = (UniqueConstraint("night_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("league_nights.id", ondelete="CASCADE"))
    # Numbered through the night: round 2 of a six-table night is tables 7 to 12, so a
    # table's number alone names it in every link, correction and export.
    number: Mapped[int]
    round: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # Indexed: a game page asks whether its game is a league table's (league/confirm.py).
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), index=True
    )
    # The round of the table's edit link, derived from the secret key and never stored
    # (league/table_links.py); NULL: a link from before 0012, or none yet.
    link_round: Mapped[int | None]
    # phone, paper_deals or paper_totals: how the table's result reaches the app.
    source: Mapped[str] = mapped_column(String(12), default="phone")
    # Final totals typed from a paper sheet (source paper_totals), by seat name.
    paper_totals: Mapped[dict[str, Any] | None]
    # The organizer ended an unfinished game (time was up): it counts as it stands.
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    # Grows with every change of this row that changes its result.
    revision: Mapped[int] = mapped_column(Integer, default=1)
    # The (game version, revision) that league_results were derived at.
    cached_version: Mapped[int | None]
    cached_revision: Mapped[int | None]
    # What a second phone confirmed: the game's version and this row's revision then.
    # Any change since (a correction) leaves the result unconfirmed (league/confirm.py).
    confirmed_version: Mapped[int | None]
    confirmed_revision: Mapped[int | None]

    night: Mapped[Night] = relationship(back_populates="tables")
    game: Mapped[Game | None] = relationship()
    seats: Mapped[list[LeagueSeat]] = relationship(
        back_populates="table", order_by="LeagueSeat.position", cascade="all, delete-orphan"
    )

    @property
    def confirmed(self) -> bool:
        """Whether a second phone confirmed the result as it is now (league/confirm.py)."""
        return (
            self.game is not None
            and self.confirmed_version == self.game.version
            and self.confirmed_revision == self.revision
        )


class LeagueSeat(Base):
    __tablename__ = "league_seats"
    __table_args__ = (UniqueConstraint("table_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("league_tables.id", ondelete="CASCADE"))
    position: Mapped[int]
    member_id: Mapped[int] = mapped_column(ForeignKey("league_members.id"), index=True)

    table: Mapped[LeagueTable] = relationship(back_populates="seats")
    member: Mapped[Member] = relationship()


class LeagueResult(Base):
    """Cache: one seat's derived result in one counted game (see the module docstring)."""

    __tablename__ = "league_results"
    __table_args__ = (UniqueConstraint("table_id", "member_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("league_tables.id", ondelete="CASCADE"))
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("league_nights.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(ForeignKey("league_members.id"), index=True)
    points: Mapped[int]
    # 1 for the best; tied players share a place.
    place: Mapped[int]
    won: Mapped[bool] = mapped_column(Boolean)
    deals: Mapped[int]
    money_cents: Mapped[int]
    # Why the game counts: finished, closed or totals (typed from paper).
    counted_as: Mapped[str] = mapped_column(String(12))


class Adjustment(Base):
    """A director's adjustment (league/adjustments.py): a forfeit, penalty points or an
    averaged table, with its reason and who made it; withdrawn ones are kept for the record."""

    __tablename__ = "league_adjustments"

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    # forfeit, penalty or averaged
    kind: Mapped[str] = mapped_column(String(10))
    night_id: Mapped[int | None] = mapped_column(ForeignKey("league_nights.id", ondelete="CASCADE"))
    # The member it is about (forfeit, penalty); None for an averaged table.
    member_id: Mapped[int | None] = mapped_column(
        ForeignKey("league_members.id", ondelete="CASCADE")
    )
    # The table averaged (its number on the night).
    table_number: Mapped[int | None]
    points: Mapped[int] = mapped_column(Integer, default=0)
    reason: Mapped[str] = mapped_column(String(200))
    # Names as well as ids: the record reads the same after an organizer leaves.
    made_by: Mapped[str] = mapped_column(String(80))
    made_at: Mapped[datetime] = mapped_column(default=utcnow)
    withdrawn_by: Mapped[str | None] = mapped_column(String(80))
    withdrawn_at: Mapped[datetime | None]


class SeasonArchive(Base):
    """A closed season: its standings and awards as they stood when it was closed."""

    __tablename__ = "league_seasons"
    __table_args__ = (UniqueConstraint("league_id", "season"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    season: Mapped[str] = mapped_column(String(20))
    # The frozen standings lines and the awards (league/seasons.py says their shape).
    standings: Mapped[dict[str, Any]]
    awards: Mapped[list[Any]] = mapped_column(JSON)
    closed_by: Mapped[str] = mapped_column(String(80))
    closed_at: Mapped[datetime] = mapped_column(default=utcnow)


class LogEntry(Base):
    """One change to a league (league/log.py): who made it (the account's name and role
    then, or "import"), when, what kind of thing, which one, and its before and after."""

    __tablename__ = "league_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    who: Mapped[str] = mapped_column(String(80))
    role: Mapped[str] = mapped_column(String(10))
    kind: Mapped[str] = mapped_column(String(12))
    subject: Mapped[str] = mapped_column(String(120))
    before: Mapped[dict[str, Any] | None]
    after: Mapped[dict[str, Any] | None]
    # A result changed after a second phone had confirmed it.
    after_confirmation: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
