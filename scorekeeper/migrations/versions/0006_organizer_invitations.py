"""organizer invitations: co-organizers added by email, waiting for that address

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 13:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "organizer_invitations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_organizer_invitations_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_organizer_invitations")),
        sa.UniqueConstraint(
            "league_id", "email", name=op.f("uq_organizer_invitations_league_id_email")
        ),
    )
    op.create_index(
        op.f("ix_organizer_invitations_email"), "organizer_invitations", ["email"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_organizer_invitations_email"), table_name="organizer_invitations")
    op.drop_table("organizer_invitations")
