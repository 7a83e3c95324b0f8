"""Gin's paper (scoring/paper.py): its pad of boxes and its sheet's breakdown.

A gin pad writes each hand's points and ticks who won the box, with the box rows under
(points, boxes x the box bonus, the game bonus, the shutout, the final and the margin);
Hollywood has three games side by side. A finished sheet adds up each game's final the
same way, line by line, from the core's own arithmetic (``gin_final.final_parts``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .gin_final import final_parts
from .messages import message
from .paper import Block, PadPaper, SheetPaper

if TYPE_CHECKING:
    from .state import GameState

# Hands a pad has (Hollywood's third game needs the most); landscape has less height.
HANDS = {1: {"portrait": 14, "landscape": 9}, 3: {"portrait": 16, "landscape": 10}}
HALF_SHEET_HANDS = 9  # the box rows take the room of a few hands on a half sheet
LABEL_MM = 34.0  # the first column holds the box rows' labels
OUT_MM = 48.0  # a sheet's knocked column: its notes are long ("undercut by ...; upcard")
MARKS_RULE = message(
    "Circle how each hand ended: K knock, G gin, BG big gin, U undercut; "
    "tick the box of the player who won it."
)


class GinPaper:
    """Gin's paper declarations, ahead of the defaults in Gin's bases."""

    @classmethod
    def paper_times(cls, options: Mapping[str, Any]) -> bool:
        return bool(options["knock_card"])  # Oklahoma: a spade upcard doubles the hand

    @classmethod
    def pad_paper(cls, options: Mapping[str, Any]) -> PadPaper:
        games = 3 if options["hollywood"] else 1
        box = {
            "games": games,
            "box_bonus": options["box_bonus"],
            "game_bonus": options["game_bonus"],
            "shutout_double": bool(options["shutout_double"]),
        }
        return PadPaper(
            grid=Block("boxes", box),
            columns=("hand", "total", "box") if games == 1 else (),
            rows=HANDS[games],
            two_up_rows=HALF_SHEET_HANDS,
            label_mm=LABEL_MM,
            spans=games,
            keys=(MARKS_RULE,),
            running=False,
            portrait=True,
        )

    @classmethod
    def sheet_paper(cls, state: GameState, options: Mapping[str, Any]) -> SheetPaper:
        games = _games(state, options)
        boxes = {
            "games": games,
            "box_bonus": options["box_bonus"],
            "shutout": any(any(game["shutout"]) for game in games),
        }
        pays = Block("margin_pays")
        if not state.games:
            grid, closing = Block("rows"), (Block("gin_breakdown", boxes), pays)
        else:  # Hollywood: its hands' points in the games they scored in
            hands = tuple(_hand_points(state, deal) for deal in state.deals)
            grid = Block("hollywood", {**boxes, "hands": hands})
            closing = (Block("match_margin", {"over": state.final is not None}), pays)
        return SheetPaper(
            grid=grid,
            closing=closing,
            out_head=message("Knocked"),
            out_mm=OUT_MM,
            closing_rows=4 + 2 * len(state.games or ()),
            spans=len(games) if state.games else 1,
            style="gin-sheet",
        )


def _games(state: GameState, options: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
    """Each game of the match and how its finals are reached, per player in seat order."""
    players = state.players
    if not state.games:
        winner = state.winners[0] if state.finished and state.winners else None
        one = {
            "totals": state.totals,
            "boxes": state.boxes,
            "final": state.final,
            "winner": winner,
            "margin": state.margin,
        }
        return (_game(message("Game"), one, options, players),)
    return tuple(
        _game(message("Game %(number)s", number=number), game, options, players)
        for number, game in enumerate(state.games, 1)
    )


def _game(label, game: Mapping[str, Any], options, players) -> dict[str, Any]:
    points = [game["totals"][p] for p in players]
    boxes = [game["boxes"][p] for p in players]
    winner = game["winner"]
    parts = final_parts(points, boxes, None if winner is None else players.index(winner), options)
    final = game["final"]
    return {
        "label": label,
        "points": tuple(points),
        "boxes": tuple(boxes),
        "box_points": tuple(part.box_points for part in parts),
        "game_bonus": tuple(part.game_bonus for part in parts),
        "shutout": tuple(part.shutout for part in parts),
        "final": None if final is None else tuple(final[p] for p in players),
        "winner": winner,
        "margin": game["margin"],
    }


def _hand_points(state: GameState, deal: Any) -> tuple[tuple[int | None, ...], ...]:
    """A Hollywood hand's points game by game: per game, per player (None: not scored there)."""
    games: list[tuple[int | None, ...]] = []
    scorer = deal.winner
    for game in range(len(state.games)):
        if scorer is None or game not in deal.scored_in:
            games.append((None,) * len(state.players))
        else:
            each = deal.points[scorer] // len(deal.scored_in)
            games.append(tuple(each if name == scorer else None for name in state.players))
    return tuple(games)
