"""league language: the language a league's public pages and printed packs speak

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 15:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: leagues from before speak each reader's own language.
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(sa.Column("language", sa.String(length=5), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("language")
