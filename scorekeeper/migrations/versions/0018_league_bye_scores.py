"""what a bye scores in a league: nothing, half a win or a win (tonight's score in a
night of rounds, and the wins in the standings)

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28 22:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(
            sa.Column("bye_scores", sa.String(length=10), server_default="nothing", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("bye_scores")
