"""circles: people who play together, their games, expenses and payments

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 23:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "circles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=43), nullable=False),
        sa.Column("edit_token_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_circles")),
        sa.UniqueConstraint("public_id", name=op.f("uq_circles_public_id")),
    )
    op.create_table(
        "circle_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("circle_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["circle_id"],
            ["circles.id"],
            name=op.f("fk_circle_members_circle_id_circles"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_circle_members")),
        sa.UniqueConstraint(
            "circle_id", "position", name=op.f("uq_circle_members_circle_id_position")
        ),
    )
    op.create_table(
        "circle_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("circle_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("member_ids", sa.JSON(), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["circle_id"],
            ["circles.id"],
            name=op.f("fk_circle_games_circle_id_circles"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_circle_games_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_circle_games")),
        sa.UniqueConstraint("game_id", name=op.f("uq_circle_games_game_id")),
    )
    op.create_index(op.f("ix_circle_games_circle_id"), "circle_games", ["circle_id"], unique=False)
    op.create_table(
        "circle_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("circle_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("payer_id", sa.Integer(), nullable=False),
        sa.Column("payee_id", sa.Integer(), nullable=True),
        sa.Column("shared_by", sa.JSON(), nullable=True),
        sa.Column("cents", sa.Integer(), nullable=False),
        sa.Column("note", sa.String(length=200), nullable=True),
        sa.Column("client_key", sa.String(length=64), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("removed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["circle_id"],
            ["circles.id"],
            name=op.f("fk_circle_records_circle_id_circles"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["payer_id"],
            ["circle_members.id"],
            name=op.f("fk_circle_records_payer_id_circle_members"),
        ),
        sa.ForeignKeyConstraint(
            ["payee_id"],
            ["circle_members.id"],
            name=op.f("fk_circle_records_payee_id_circle_members"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_circle_records")),
        sa.UniqueConstraint(
            "circle_id", "kind", "number", name=op.f("uq_circle_records_circle_id_kind_number")
        ),
        sa.UniqueConstraint(
            "circle_id", "client_key", name=op.f("uq_circle_records_circle_id_client_key")
        ),
    )


def downgrade() -> None:
    op.drop_table("circle_records")
    op.drop_index(op.f("ix_circle_games_circle_id"), table_name="circle_games")
    op.drop_table("circle_games")
    op.drop_table("circle_members")
    op.drop_table("circles")
