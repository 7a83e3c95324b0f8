"""People's records in a circle (docs/circles.md, "People"): one member's lifetime and
per-family record, and head-to-head between two members, worked out from the circle's
games as it reads them (their stored results). Finished games only, in the order they
were started; a partnership side's result (its total, its win) is each of its members'.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scorekeeper.scoring.circle import changes
from scorekeeper.service_layer.circle_views import CircleGameView, CircleView


def _played(view: CircleView) -> Iterator[CircleGameView]:
    """The finished games, oldest first (``view.games`` is newest first)."""
    return (game for game in reversed(view.games) if game.result.finished)


def _place_of(game: CircleGameView, member: int) -> int | None:
    for place, sitting in enumerate(game.result.sides):
        if member in sitting:
            return place
    return None


def _better(game: CircleGameView, mine: int, theirs: int) -> bool:
    return mine > theirs if game.higher_wins else mine < theirs


def _line(results: list[tuple[CircleGameView, int, bool, int]]) -> dict[str, Any]:
    """games, wins, win rate (percent) and net money at the table."""
    games = len(results)
    wins = sum(won for _, _, won, _ in results)
    return {
        "games": games,
        "wins": wins,
        "win_rate": round(100 * wins / games) if games else 0,
        "net_cents": sum(cents for _, _, _, cents in results),
    }


def _totals(results: list[tuple[CircleGameView, int, bool, int]]) -> dict[str, Any]:
    """One family's average, best and worst total (best as the family counts: most
    points, or fewest where the lowest wins)."""
    totals = [total for _, total, _, _ in results]
    higher = results[0][0].higher_wins
    return {
        "average": round(sum(totals) / len(totals), 1),
        "best": max(totals) if higher else min(totals),
        "worst": min(totals) if higher else max(totals),
    }


def _streak(results: list[tuple[CircleGameView, int, bool, int]]) -> dict[str, Any] | None:
    """The run the member is on: the latest games all won, or all not won."""
    if not results:
        return None
    last = results[-1][2]
    length = 0
    for _, _, won, _ in reversed(results):
        if won != last:
            break
        length += 1
    return {"won": last, "games": length}


def person(view: CircleView, member: int) -> dict[str, Any]:
    """One member's record: lifetime, per game family (variant), current streak and money
    (net at the table, and their balance in the ledger with expenses and payments)."""
    results = []
    for game in _played(view):
        place = _place_of(game, member)
        if place is None:
            continue
        won = place in game.result.winners
        # their part of the side's settlement, as the ledger counts it (0 without stakes)
        results.append((game, game.totals[place], won, changes(game.result).get(member, 0)))
    by_variant: dict[str, list] = {}
    for line in results:
        by_variant.setdefault(line[0].result.variant, []).append(line)
    return {
        "name": view.names[member],
        "lifetime": _line(results),
        "streak": _streak(results),
        "by_variant": {
            variant: {**_line(lines), **_totals(lines), "streak": _streak(lines)}
            for variant, lines in by_variant.items()
        },
        "balance_cents": view.balances()[member],
    }


def head_to_head(view: CircleView, a: int, b: int) -> dict[str, Any]:
    """The finished games both played: how many, how many each won, how often they sat
    as partners, and of the games against each other, how often each finished ahead."""
    names = view.names
    made = {"games": 0, "partners": 0, "against": 0, "level": 0}
    wins = {names[a]: 0, names[b]: 0}
    ahead = {names[a]: 0, names[b]: 0}
    for game in _played(view):
        mine, theirs = _place_of(game, a), _place_of(game, b)
        if mine is None or theirs is None:
            continue
        made["games"] += 1
        wins[names[a]] += mine in game.result.winners
        wins[names[b]] += theirs in game.result.winners
        if mine == theirs:
            made["partners"] += 1
            continue
        made["against"] += 1
        first, second = game.totals[mine], game.totals[theirs]
        if _better(game, first, second):
            ahead[names[a]] += 1
        elif _better(game, second, first):
            ahead[names[b]] += 1
        else:
            made["level"] += 1
    return {"a": names[a], "b": names[b], **made, "wins": wins, "ahead": ahead}
