"""league nights: byes, ranking rules, money hidden on public pages, the season schedule

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 12:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(
            sa.Column("rank_by", sa.String(length=10), nullable=False, server_default="rating")
        )
        batch.add_column(sa.Column("min_games", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(
            sa.Column("bye_counts", sa.String(length=10), nullable=False, server_default="none")
        )
        batch.add_column(
            sa.Column("hide_money", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("league_nights") as batch:
        batch.add_column(sa.Column("byes", sa.JSON(), nullable=False, server_default="[]"))
    op.create_table(
        "league_schedule",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("note", sa.String(length=80), nullable=True),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_schedule_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_schedule")),
        sa.UniqueConstraint(
            "league_id", "held_on", name=op.f("uq_league_schedule_league_id_held_on")
        ),
    )


def downgrade() -> None:
    op.drop_table("league_schedule")
    with op.batch_alter_table("league_nights") as batch:
        batch.drop_column("byes")
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("hide_money")
        batch.drop_column("bye_counts")
        batch.drop_column("min_games")
        batch.drop_column("rank_by")
