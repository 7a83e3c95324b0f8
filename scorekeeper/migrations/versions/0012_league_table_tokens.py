"""league tables keep no plain edit token: their links derive from the secret key

A table's edit token was kept in clear for the organizer's pages and pack. Now it is
an HMAC of the game's id and the table's link round (league/table_links.py) and only
the game's token hash is stored, as for every game. The game already holds the hash
of each kept token, so every link printed before keeps opening its table; the plain
copies go. Those tables get no link round: their link cannot be shown again, and the
organizer may make a new one (issue 23).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-26 02:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("league_tables") as batch:
        batch.add_column(sa.Column("link_round", sa.Integer(), nullable=True))
        batch.drop_column("edit_token")


def downgrade() -> None:
    # The plain tokens are gone for good: the older pages show no working link for
    # these tables (the links themselves keep working; the games keep their hashes).
    with op.batch_alter_table("league_tables") as batch:
        batch.add_column(sa.Column("edit_token", sa.String(length=64), nullable=True))
        batch.drop_column("link_round")
