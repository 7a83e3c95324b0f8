"""a league's Swiss rules: the tie-break for equal scores, Baku acceleration and the
pairs never seated together; the round a member asks to sit out with a bye

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-28 23:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(
            sa.Column("tiebreak", sa.String(length=10), server_default="buchholz", nullable=False)
        )
        batch.add_column(
            sa.Column("accelerate", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch.add_column(sa.Column("never_pairs", sa.JSON(), server_default="[]", nullable=False))
    with op.batch_alter_table("league_answers") as batch:
        batch.add_column(sa.Column("bye_round", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("league_answers") as batch:
        batch.drop_column("bye_round")
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("never_pairs")
        batch.drop_column("accelerate")
        batch.drop_column("tiebreak")
