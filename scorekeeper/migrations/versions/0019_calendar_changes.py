"""a planned night's calendar history: the UID's key kept when it moves, its SEQUENCE,
its last change (DTSTAMP, LAST-MODIFIED) and whether it was called off

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


def downgrade() -> None:
    with op.batch_alter_table("league_schedule") as batch:
        batch.drop_column("cancelled")
        batch.drop_column("changed_at")
        batch.drop_column("sequence")
        batch.drop_column("calendar_key")
