"""leagues: organizers, leagues, members, nights, tables, seats, results cache

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 00:02:27.471739
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=22), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("variant", sa.String(length=20), nullable=False),
        sa.Column("preset", sa.String(length=60), nullable=True),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("stakes", sa.JSON(), nullable=True),
        sa.Column("table_size", sa.Integer(), nullable=False),
        sa.Column("published", sa.Boolean(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leagues")),
        sa.UniqueConstraint("public_id", name=op.f("uq_leagues_public_id")),
    )
    op.create_table(
        "organizers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_organizers")),
        sa.UniqueConstraint("email", name=op.f("uq_organizers_email")),
    )
    op.create_table(
        "league_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("aliases", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_members_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_members")),
        sa.UniqueConstraint(
            "league_id", "name_key", name=op.f("uq_league_members_league_id_name_key")
        ),
    )
    op.create_table(
        "league_nights",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("season", sa.String(length=20), nullable=False),
        sa.Column("seating", sa.String(length=10), nullable=False),
        sa.Column("started", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_nights_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_nights")),
    )
    op.create_table(
        "league_organizers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("organizer_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_organizers_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["organizer_id"],
            ["organizers.id"],
            name=op.f("fk_league_organizers_organizer_id_organizers"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_organizers")),
        sa.UniqueConstraint(
            "league_id", "organizer_id", name=op.f("uq_league_organizers_league_id_organizer_id")
        ),
    )
    with op.batch_alter_table("league_organizers", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_league_organizers_organizer_id"), ["organizer_id"], unique=False
        )

    op.create_table(
        "league_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("edit_token", sa.String(length=64), nullable=True),
        sa.Column("source", sa.String(length=12), nullable=False),
        sa.Column("paper_totals", sa.JSON(), nullable=True),
        sa.Column("closed", sa.Boolean(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("cached_version", sa.Integer(), nullable=True),
        sa.Column("cached_revision", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_league_tables_game_id_games"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["night_id"],
            ["league_nights.id"],
            name=op.f("fk_league_tables_night_id_league_nights"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_tables")),
        sa.UniqueConstraint("night_id", "number", name=op.f("uq_league_tables_night_id_number")),
    )
    op.create_table(
        "league_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("money_cents", sa.Integer(), nullable=False),
        sa.Column("counted_as", sa.String(length=12), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_results_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["league_members.id"],
            name=op.f("fk_league_results_member_id_league_members"),
        ),
        sa.ForeignKeyConstraint(
            ["night_id"],
            ["league_nights.id"],
            name=op.f("fk_league_results_night_id_league_nights"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["league_tables.id"],
            name=op.f("fk_league_results_table_id_league_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_results")),
        sa.UniqueConstraint(
            "table_id", "member_id", name=op.f("uq_league_results_table_id_member_id")
        ),
    )
    with op.batch_alter_table("league_results", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_league_results_league_id"), ["league_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_league_results_member_id"), ["member_id"], unique=False
        )

    op.create_table(
        "league_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["league_members.id"],
            name=op.f("fk_league_seats_member_id_league_members"),
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["league_tables.id"],
            name=op.f("fk_league_seats_table_id_league_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_seats")),
        sa.UniqueConstraint("table_id", "position", name=op.f("uq_league_seats_table_id_position")),
    )
    with op.batch_alter_table("league_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_seats_member_id"), ["member_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("league_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_seats_member_id"))

    op.drop_table("league_seats")
    with op.batch_alter_table("league_results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_results_member_id"))
        batch_op.drop_index(batch_op.f("ix_league_results_league_id"))

    op.drop_table("league_results")
    op.drop_table("league_tables")
    with op.batch_alter_table("league_organizers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_organizers_organizer_id"))

    op.drop_table("league_organizers")
    op.drop_table("league_nights")
    op.drop_table("league_members")
    op.drop_table("organizers")
    op.drop_table("leagues")
