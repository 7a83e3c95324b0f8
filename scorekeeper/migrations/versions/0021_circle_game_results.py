"""a circle's games keep their results (circle_games.result, .result_version): the
circle page reads them instead of deriving every game on each view

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-28 22:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Null: not derived yet; the circle's next read derives and stores each game.
    with op.batch_alter_table("circle_games") as batch:
        batch.add_column(sa.Column("result", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("result_version", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("circle_games") as batch:
        batch.drop_column("result_version")
        batch.drop_column("result")
