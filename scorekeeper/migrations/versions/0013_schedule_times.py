"""schedule times: a planned night's start and place, and the league's time zone

Revision ID: 0013
Revises: 0011
Create Date: 2026-11-26 03:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # All nullable: a night planned before has a date only (an all-day event).
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(sa.Column("time_zone", sa.String(length=64), nullable=True))
    with op.batch_alter_table("league_schedule") as batch:
        batch.add_column(sa.Column("starts_at", sa.Time(), nullable=True))
        batch.add_column(sa.Column("place", sa.String(length=80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("league_schedule") as batch:
        batch.drop_column("place")
        batch.drop_column("starts_at")
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("time_zone")
