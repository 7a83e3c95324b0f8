"""scorers and second-phone confirmation: an invitation's role (co or scorer), a league
that asks a second phone to confirm each table's result, and what a table's confirmation
was given for (the game's version and the table's revision: a correction un-confirms), and an index
to find a game's league table

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-26 05:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("organizer_invitations") as batch:
        batch.add_column(
            sa.Column("role", sa.String(length=10), server_default="co", nullable=False)
        )
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(
            sa.Column("confirm_results", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    with op.batch_alter_table("league_tables") as batch:
        batch.add_column(sa.Column("confirmed_version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("confirmed_revision", sa.Integer(), nullable=True))
    # The game page of a confirming league's table finds its table by the game.
    op.create_index(op.f("ix_league_tables_game_id"), "league_tables", ["game_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_league_tables_game_id"), table_name="league_tables")
    with op.batch_alter_table("league_tables") as batch:
        batch.drop_column("confirmed_revision")
        batch.drop_column("confirmed_version")
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("confirm_results")
    with op.batch_alter_table("organizer_invitations") as batch:
        batch.drop_column("role")
