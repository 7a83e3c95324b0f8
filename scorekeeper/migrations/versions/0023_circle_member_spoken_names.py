"""a circle's members keep the spoken names their tables taught (circle_members.spoken_names):
"Priya" learned in one game of the circle is known in the next game started from it

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-29 00:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("circle_members") as batch:
        batch.add_column(sa.Column("spoken_names", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("circle_members") as batch:
        batch.drop_column("spoken_names")
