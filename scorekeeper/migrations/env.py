"""Alembic environment: always run by scorekeeper.db with a live connection."""

from alembic import context

from scorekeeper.league import models as league_models  # noqa: F401  (registers league tables)
from scorekeeper.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through `flask --app scorekeeper init-db`")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    # SQLite cannot ALTER most things in place; batch mode copies the table.
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
