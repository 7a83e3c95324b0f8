"""night rounds: a night played in rounds (how many, how the next is seated, a timed
round's minutes and end), each table's round, the later rounds' byes

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26 06:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every night so far is one round: round 1, its tables numbered as they are.
    with op.batch_alter_table("league_nights") as batch:
        batch.add_column(sa.Column("rounds", sa.Integer(), server_default="1", nullable=False))
        batch.add_column(sa.Column("round_method", sa.String(length=10), nullable=True))
        batch.add_column(sa.Column("round_minutes", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("round_ends_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("later_byes", sa.JSON(), server_default="[]", nullable=False))
    with op.batch_alter_table("league_tables") as batch:
        batch.add_column(sa.Column("round", sa.Integer(), server_default="1", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("league_tables") as batch:
        batch.drop_column("round")
    with op.batch_alter_table("league_nights") as batch:
        batch.drop_column("later_byes")
        batch.drop_column("round_ends_at")
        batch.drop_column("round_minutes")
        batch.drop_column("round_method")
        batch.drop_column("rounds")
