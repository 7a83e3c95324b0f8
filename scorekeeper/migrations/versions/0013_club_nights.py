"""club nights: a planned night's start, place, seats and answer deadline, the league's
time zone, who is coming (members' answers by a personal link), members who left, the venue screen's link

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-26 03:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # All nullable: a night planned before has a date only (an all-day event).
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(sa.Column("time_zone", sa.String(length=64), nullable=True))
    with op.batch_alter_table("league_schedule") as batch:
        batch.add_column(sa.Column("starts_at", sa.Time(), nullable=True))
        batch.add_column(sa.Column("place", sa.String(length=80), nullable=True))
        batch.add_column(sa.Column("capacity", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("answer_by", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("league_nights") as batch:
        batch.add_column(
            sa.Column("screen_round", sa.Integer(), server_default="0", nullable=False)
        )
        batch.add_column(
            sa.Column("screen_open", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    with op.batch_alter_table("league_members") as batch:
        batch.add_column(sa.Column("answer_token_hash", sa.String(length=64), nullable=True))
        batch.add_column(
            sa.Column("active", sa.Boolean(), server_default=sa.true(), nullable=False)
        )
    # An index, not a constraint: SQLite would rebuild the table for a constraint, and
    # a rebuild of a table other tables point at fails with their rows in place.
    op.create_index(
        op.f("ix_league_members_answer_token_hash"),
        "league_members",
        ["answer_token_hash"],
        unique=True,
    )
    op.create_table(
        "league_answers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("planned_night_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("answer", sa.String(length=5), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["planned_night_id"],
            ["league_schedule.id"],
            name=op.f("fk_league_answers_planned_night_id_league_schedule"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["league_members.id"],
            name=op.f("fk_league_answers_member_id_league_members"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_answers")),
        sa.UniqueConstraint(
            "planned_night_id",
            "member_id",
            name=op.f("uq_league_answers_planned_night_id_member_id"),
        ),
    )


def downgrade() -> None:
    op.drop_table("league_answers")
    with op.batch_alter_table("league_nights") as batch:
        batch.drop_column("screen_open")
        batch.drop_column("screen_round")
    op.drop_index(op.f("ix_league_members_answer_token_hash"), table_name="league_members")
    with op.batch_alter_table("league_members") as batch:
        batch.drop_column("answer_token_hash")
        batch.drop_column("active")
    with op.batch_alter_table("league_schedule") as batch:
        batch.drop_column("answer_by")
        batch.drop_column("capacity")
        batch.drop_column("place")
        batch.drop_column("starts_at")
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("time_zone")
