"""partnerships and early end: a game's individual seats and its stored early end

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 11:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Both nullable: every game started before this revision has neither.
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seated_players", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("ending", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("ending")
        batch_op.drop_column("seated_players")
