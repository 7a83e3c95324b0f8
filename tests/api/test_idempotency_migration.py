"""Revision 0010: a kept key's answer becomes what rebuilds it; the key still replays."""

from __future__ import annotations

import hashlib
import json

from alembic import command
from sqlalchemy import text

from scorekeeper.db import Database, alembic_config


def test_a_key_kept_before_0010_keeps_its_deal_version_and_answers_hash(tmp_path):
    database = Database(f"sqlite:///{tmp_path / 'older.sqlite3'}")
    answer = json.dumps({"id": "g1", "deals": [{"number": 1}, {"number": 2}], "version": 3})
    try:
        with database.engine.begin() as connection:
            command.upgrade(alembic_config(connection), "0008")
            connection.execute(
                text(
                    "INSERT INTO games (public_id, edit_token_hash, variant, options, "
                    "first_dealer, version, created_at, updated_at) VALUES ('g1', :hash, "
                    "'rummy', '{}', 'Ann', 3, '2026-01-01', '2026-01-01')"
                ),
                {"hash": "0" * 64},
            )
            connection.execute(
                text(
                    "INSERT INTO idempotency_records (game_id, key, fingerprint, status, body, "
                    "created_at) VALUES (1, 'k', :print, 201, :body, '2026-01-01')"
                ),
                {"print": "f" * 64, "body": answer},
            )
            command.upgrade(alembic_config(connection), "0010")
            row = connection.execute(text("SELECT * FROM idempotency_records")).mappings().one()
        assert "body" not in row
        assert (row["number"], row["version"]) == (2, 3)
        assert row["answer_hash"] == hashlib.sha256(answer.encode()).hexdigest()
    finally:
        database.dispose()
