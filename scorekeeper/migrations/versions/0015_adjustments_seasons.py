"""director adjustments and closed seasons: a league's handicap setting and current season,
its adjustments (forfeits, penalty points, averaged tables) and archived seasons

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26 06:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(
            sa.Column("handicap", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch.add_column(
            sa.Column("handicap_nights", sa.Integer(), server_default="6", nullable=False)
        )
        batch.add_column(sa.Column("current_season", sa.String(length=20), nullable=True))
    op.create_table(
        "league_adjustments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=True),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("table_number", sa.Integer(), nullable=True),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("made_by", sa.String(length=80), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("withdrawn_by", sa.String(length=80), nullable=True),
        sa.Column("withdrawn_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_adjustments_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["night_id"],
            ["league_nights.id"],
            name=op.f("fk_league_adjustments_night_id_league_nights"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["league_members.id"],
            name=op.f("fk_league_adjustments_member_id_league_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_adjustments")),
    )
    op.create_index(
        op.f("ix_league_adjustments_league_id"), "league_adjustments", ["league_id"], unique=False
    )
    op.create_table(
        "league_seasons",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("season", sa.String(length=20), nullable=False),
        sa.Column("standings", sa.JSON(), nullable=False),
        sa.Column("awards", sa.JSON(), nullable=False),
        sa.Column("closed_by", sa.String(length=80), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_seasons_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_seasons")),
        sa.UniqueConstraint("league_id", "season", name=op.f("uq_league_seasons_league_id_season")),
    )


def downgrade() -> None:
    op.drop_table("league_seasons")
    op.drop_index(op.f("ix_league_adjustments_league_id"), table_name="league_adjustments")
    op.drop_table("league_adjustments")
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("current_season")
        batch.drop_column("handicap_nights")
        batch.drop_column("handicap")
