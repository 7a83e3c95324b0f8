"""Helpers of the families' API tests."""

from __future__ import annotations

FOUR = ["A", "B", "C", "D"]


THREE = ["A", "B", "C"]


def record_all(game, entries):
    for entry in entries:
        response = game.record(entry)
        assert response.status_code == 201, response.get_data(as_text=True)
    return game.state()
