"""spoken names: the words a table says for its players ("Priya" for Priyanka), kept
with the game as {word: player's name} so the deal reader knows them

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-28 23:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("spoken_names", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("spoken_names")
