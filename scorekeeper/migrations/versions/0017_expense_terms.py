"""expenses shared as people share them: how an expense is split (shares, exact
amounts, percentages) and the currency and rate it was paid in, as entered

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-28 22:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Null for every record so far: an equal split in the circle's currency.
    with op.batch_alter_table("circle_records") as batch:
        batch.add_column(sa.Column("terms", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("circle_records") as batch:
        batch.drop_column("terms")
