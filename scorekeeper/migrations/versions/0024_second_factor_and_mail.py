"""second factor and mail: an organizer's authenticator-app secret, passkeys and
one-time recovery codes, and a league's setting that every organizer use one; a
member's address for mail, its language and unsubscription, and when a planned night's
answer reminders went out

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-29 00:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("organizers") as batch:
        batch.add_column(sa.Column("totp_secret", sa.String(64), nullable=True))
        batch.add_column(sa.Column("totp_last_step", sa.Integer(), nullable=True))
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(
            sa.Column(
                "require_second_factor", sa.Boolean(), nullable=False, server_default=sa.false()
            )
        )
    with op.batch_alter_table("league_members") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("language", sa.String(5), nullable=True))
        batch.add_column(
            sa.Column("mail_off", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("league_schedule") as batch:
        batch.add_column(sa.Column("reminded_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "organizer_passkeys",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "organizer_id",
            sa.Integer(),
            sa.ForeignKey("organizers.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("credential_id", sa.LargeBinary(1023), nullable=False, unique=True),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_organizer_passkeys_organizer_id", "organizer_passkeys", ["organizer_id"])
    op.create_table(
        "organizer_recovery_codes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "organizer_id",
            sa.Integer(),
            sa.ForeignKey("organizers.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index(
        "ix_organizer_recovery_codes_organizer_id", "organizer_recovery_codes", ["organizer_id"]
    )


def downgrade() -> None:
    op.drop_index("ix_organizer_recovery_codes_organizer_id", "organizer_recovery_codes")
    op.drop_table("organizer_recovery_codes")
    op.drop_index("ix_organizer_passkeys_organizer_id", "organizer_passkeys")
    op.drop_table("organizer_passkeys")
    with op.batch_alter_table("league_schedule") as batch:
        batch.drop_column("reminded_at")
    with op.batch_alter_table("league_members") as batch:
        batch.drop_column("mail_off")
        batch.drop_column("language")
        batch.drop_column("email")
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("require_second_factor")
    with op.batch_alter_table("organizers") as batch:
        batch.drop_column("totp_last_step")
        batch.drop_column("totp_secret")
