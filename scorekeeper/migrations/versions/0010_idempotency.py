"""idempotency keys keep what rebuilds an answer, not the answer

Each key row held the whole game's JSON as first answered (94 MB of rows for one long
game): now the deal's number, the version it made and a SHA-256 of the answer, with
an index on created_at for pruning keys past their time (issue 23).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25 23:50:00
"""

import hashlib
import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RECORDS = sa.table(
    "idempotency_records",
    sa.column("id", sa.Integer),
    sa.column("body", sa.Text),
    sa.column("number", sa.Integer),
    sa.column("version", sa.Integer),
    sa.column("answer_hash", sa.String),
)


def upgrade() -> None:
    with op.batch_alter_table("idempotency_records") as batch:
        batch.add_column(sa.Column("number", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("answer_hash", sa.String(length=64), nullable=True))
    connection = op.get_bind()
    # Kept keys go on replaying: their answer's deal number, version and hash, one row
    # at a time (a row may be megabytes).
    ids = connection.scalars(sa.select(RECORDS.c.id)).all()
    for record_id in ids:
        body = connection.scalar(sa.select(RECORDS.c.body).where(RECORDS.c.id == record_id))
        try:
            answer = json.loads(body)
            values = {"number": len(answer["deals"]), "version": int(answer["version"])}
        except (ValueError, TypeError, KeyError):
            values = {"number": 0, "version": 0}  # unreadable: replays the game as it is
        values["answer_hash"] = hashlib.sha256(body.encode()).hexdigest()
        connection.execute(RECORDS.update().where(RECORDS.c.id == record_id).values(values))
    with op.batch_alter_table("idempotency_records") as batch:
        batch.alter_column("number", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("version", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("answer_hash", existing_type=sa.String(length=64), nullable=False)
        batch.drop_column("body")
        batch.create_index(batch.f("ix_idempotency_records_created_at"), ["created_at"])


def downgrade() -> None:
    # The answers are gone: the kept keys are forgotten (a retry then records anew,
    # unless it names its deal number).
    op.execute(RECORDS.delete())
    with op.batch_alter_table("idempotency_records") as batch:
        batch.drop_index(batch.f("ix_idempotency_records_created_at"))
        batch.add_column(sa.Column("body", sa.Text(), nullable=False, server_default=""))
        batch.drop_column("answer_hash")
        batch.drop_column("version")
        batch.drop_column("number")
