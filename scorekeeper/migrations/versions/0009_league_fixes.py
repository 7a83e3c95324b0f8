"""league fixes: co-organizer invitations are taken up by a one-time link

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 00:05:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: an invitation from before links has none, and only inviting the
    # address again (a new link) makes it acceptable; it no longer goes to whoever
    # signs up with the address.
    with op.batch_alter_table("organizer_invitations") as batch:
        batch.add_column(sa.Column("token_hash", sa.String(length=64), nullable=True))
        batch.create_unique_constraint(
            op.f("uq_organizer_invitations_token_hash"), ["token_hash"]
        )


def downgrade() -> None:
    with op.batch_alter_table("organizer_invitations") as batch:
        batch.drop_constraint(op.f("uq_organizer_invitations_token_hash"), type_="unique")
        batch.drop_column("token_hash")
