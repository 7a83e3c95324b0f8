"""A league or a single game written out: JSON (complete) and CSV (for spreadsheets).

What the files hold, and what they leave out (edit tokens, derived figures), is told
in scorekeeper/league/transfer.py, which reads them back."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from scorekeeper import scoring
from scorekeeper.league import director_transfer, log
from scorekeeper.league.access import managed
from scorekeeper.league.rounds import rounds_document
from scorekeeper.models import as_utc
from scorekeeper.service_layer import services
from scorekeeper.service_layer.repository import Revision, StoredGame
from scorekeeper.service_layer.results import game_state
from scorekeeper.service_layer.unit_of_work import UnitOfWork

LEAGUE_FORMAT = "scorekeeper.league"
GAME_FORMAT = "scorekeeper.game"
FORMAT_VERSION = 1


def _iso(moment: datetime) -> str:
    return as_utc(moment).isoformat()


def game_document(game: StoredGame, revisions: list[Revision]) -> dict[str, Any]:
    return {
        "format": GAME_FORMAT,
        "version": FORMAT_VERSION,
        # Kept by an import where this server has no game of that id (printed QR codes).
        "id": game.public_id,
        "title": game.title,
        "created_at": _iso(game.created_at),
        "setup": game.setup.to_dict(),
        # The table's early end (docs/rules.md section 15), as stored: null or {"split": bool}.
        "ending": game.ending,
        "deals": [
            {
                "number": deal.number,
                "entry": deal.entry,
                "recorded_at": _iso(deal.recorded_at),
                "recorded_by": deal.recorded_by,
            }
            for deal in game.deals
        ],
        "revisions": [
            {
                "number": revision.number,
                "entry": revision.entry,
                "action": revision.action,
                "recorded_at": _iso(revision.recorded_at),
                "recorded_by": revision.recorded_by,
                "replaced_at": _iso(revision.replaced_at),
                "replaced_by": revision.replaced_by,
            }
            for revision in revisions
        ],
    }


def export_game(uow: UnitOfWork, public_id: str) -> dict[str, Any]:
    """Anyone who can read the game (has its id) can export it."""
    with uow:
        game = uow.games.get(public_id)
        return game_document(game, uow.games.revisions([game.id]).get(game.id, []))


def _league_settings(league) -> dict[str, Any]:
    return {
        "id": league.public_id,
        "name": league.name,
        "variant": league.variant,
        "preset": league.preset,
        "options": league.options,
        "stakes": league.stakes,
        "table_size": league.table_size,
        "published": league.published,
        "rank_by": league.rank_by,
        "min_games": league.min_games,
        "bye_counts": league.bye_counts,
        "bye_scores": league.bye_scores,
        "tiebreak": league.tiebreak,
        "accelerate": league.accelerate,
        # Member ids as the export's members list them.
        "never_pairs": [list(pair) for pair in league.never_pairs or ()],
        "hide_money": league.hide_money,
        "language": league.language,
        "time_zone": league.time_zone,
    }


def _scheduled_night(night) -> dict[str, Any]:
    return {
        "held_on": night.held_on.isoformat(),
        "note": night.note,
        "starts_at": night.starts_at.strftime("%H:%M") if night.starts_at else None,
        "place": night.place,
        "capacity": night.capacity,
        "answer_by": _iso(night.answer_by) if night.answer_by else None,
        "calendar_key": night.calendar_key,
        "sequence": night.sequence or 0,
        "changed_at": _iso(night.changed_at) if night.changed_at else None,
        "cancelled": night.cancelled,
    }


def _night_document(
    night, games: dict[int, StoredGame], revisions: dict[int, list[Revision]]
) -> dict[str, Any]:
    """A night played: its tables with their seats and, where one was played, the game."""
    return {
        "held_on": night.held_on.isoformat(),
        "season": night.season,
        "seating": night.seating,
        "started": night.started,
        "byes": list(night.byes or ()),
        **rounds_document(night),
        "tables": [
            {
                "number": table.number,
                **({"round": table.round} if table.round > 1 else {}),
                "source": table.source,
                "paper_totals": table.paper_totals,
                "closed": table.closed,
                "seats": [seat.member_id for seat in table.seats],
                "game": None
                if table.game_id is None
                else game_document(games[table.game_id], revisions.get(table.game_id, [])),
            }
            for table in night.tables
        ],
    }


def export_league(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> dict[str, Any]:
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        game_ids = [t.game_id for n in league.nights for t in n.tables if t.game_id is not None]
        games = uow.games.many(game_ids)
        revisions = uow.games.revisions(game_ids)
        return {
            "format": LEAGUE_FORMAT,
            "version": FORMAT_VERSION,
            "league": _league_settings(league),
            # By email only: an import invites them again (rights at their next login).
            "organizers": [
                {"email": lo.organizer.email, "role": lo.role}
                for lo in sorted(league.organizers, key=lambda lo: (lo.role != "owner", lo.id))
            ],
            "invitations": [
                {"email": invitation.email, "role": invitation.role}
                for invitation in league.invitations
            ],
            "schedule": [_scheduled_night(night) for night in league.schedule],
            "members": [
                {"id": m.id, "name": m.name, "aliases": list(m.aliases or ()), "active": m.active}
                for m in league.members
            ],
            "nights": [_night_document(night, games, revisions) for night in league.nights],
            "director": director_transfer.export_part(session, league),
            "log": log.export_log(session, league),
        }


GAME_COLUMNS = ["deal", "dealer", "winner"]


def game_rows(uow: UnitOfWork, public_id: str) -> list[list[Any]]:
    """One row per deal: the points each player scored, then the running totals."""
    view = services.load_game(uow, public_id)
    state = view.state
    players = list(state.players)
    rows: list[list[Any]] = [[*GAME_COLUMNS, *players, *(f"{name} total" for name in players)]]
    for deal, running in zip(state.deals, state.running_totals, strict=True):
        rows.append(
            [
                deal.number,
                deal.dealer,
                deal.winner or "",
                *(deal.points.get(name, 0) for name in players),
                *(running[name] for name in players),
            ]
        )
    return rows


LEAGUE_COLUMNS = [
    "night",
    "season",
    "table",
    "source",
    "game",
    "deal",
    "dealer",
    "player",
    "points",
    "running_total",
]


def league_rows(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> list[list[Any]]:
    """Long format, one row per player per deal (per game for totals typed from paper)."""
    document = export_league(uow, public_id, organizer_id)
    rows: list[list[Any]] = [LEAGUE_COLUMNS]
    for night in document["nights"]:
        for table in night["tables"]:
            game = table["game"]
            if game is None:
                continue
            head = [night["held_on"], night["season"], table["number"], table["source"]]
            setup = scoring.Setup.from_dict(game["setup"])
            if table["source"] == "paper_totals" and table["paper_totals"]:
                for name, total in table["paper_totals"].items():
                    rows.append([*head, game.get("title") or "", "", "", name, total, total])
                continue
            entries = [deal["entry"] for deal in game["deals"]]
            state = game_state(setup, entries, game["ending"])
            for deal, running in zip(state.deals, state.running_totals, strict=True):
                for name in state.players:
                    rows.append(
                        [
                            *head,
                            game.get("title") or "",
                            deal.number,
                            deal.dealer,
                            name,
                            deal.points.get(name, 0),
                            running[name],
                        ]
                    )
    return rows
