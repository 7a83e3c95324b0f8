"""The floor bench_load compares scorekeeper against: the least a Flask app can do.

``POST /rows/<key>`` parses a JSON body, inserts one row and renders a small
template; ``GET /rows/<key>`` counts that key's rows and renders the same
template. The engine comes from ``scorekeeper.db`` so the SQLite pragmas (WAL,
busy timeout, synchronous=NORMAL) and the after-fork handling are the app's own.

    .venv/bin/gunicorn -c gunicorn.conf.py \
        "bench.baseline_app:create_app(database_url='sqlite:////tmp/baseline.sqlite3')"
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask, render_template, request
from sqlalchemy import Column, Integer, MetaData, String, Table, Text, func, insert, select

from scorekeeper.db import Database

metadata = MetaData()
rows = Table(
    "baseline_rows",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("key", String(43), index=True),
    Column("body", Text),
)


def create_app(database_url: str) -> Flask:
    app = Flask(__name__, template_folder=str(Path(__file__).parent / "templates"))
    database = Database(database_url)
    metadata.create_all(database.engine)

    @app.post("/rows/<key>")
    def add_row(key: str):
        body = json.dumps(request.get_json())
        with database.engine.begin() as connection:
            connection.execute(insert(rows).values(key=key, body=body))
        return render_template("baseline_row.html", key=key, rows=1, body=body), 201

    @app.get("/rows/<key>")
    def show_rows(key: str):
        with database.engine.connect() as connection:
            count = connection.scalar(select(func.count()).where(rows.c.key == key))
        return render_template("baseline_row.html", key=key, rows=count, body=None)

    return app
