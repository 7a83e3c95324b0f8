"""the league's log (who changed what, when, before and after), and a planned night's
calendar history: the UID's key kept when it moves, its SEQUENCE, its last change
(DTSTAMP, LAST-MODIFIED) and whether it was called off

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28 23:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("league_schedule") as batch:
        batch.add_column(sa.Column("calendar_key", sa.String(length=16), nullable=True))
        batch.add_column(sa.Column("sequence", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(
            sa.Column("cancelled", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    # Nights planned before: their last change is now, from here on the same every fetch.
    op.execute("UPDATE league_schedule SET changed_at = CURRENT_TIMESTAMP")
    op.create_table(
        "league_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("who", sa.String(length=80), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("subject", sa.String(length=120), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("after_confirmation", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_log_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_log")),
    )
    op.create_index(op.f("ix_league_log_league_id"), "league_log", ["league_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_league_log_league_id"), table_name="league_log")
    op.drop_table("league_log")
    with op.batch_alter_table("league_schedule") as batch:
        batch.drop_column("cancelled")
        batch.drop_column("changed_at")
        batch.drop_column("sequence")
        batch.drop_column("calendar_key")
