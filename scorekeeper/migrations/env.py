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
sqlite = connection.dialect.name == "sqlite"
if sqlite:
    # Batch mode rebuilds a table by dropping it, and with foreign keys on SQLite
    # deletes (ON DELETE CASCADE) or refuses every row that points at it: off for the
    # run (this runs before any write, outside SQLite's transaction), rows checked after.
    # The pool turns them on again at the connection's next checkout (scorekeeper.db).
    connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
with context.begin_transaction():
    context.run_migrations()
    if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
        raise RuntimeError("a migration left rows pointing at nothing: nothing was changed")
