"""Leagues of games won by the lowest total (RULES.md: Penalty Rummy, pool rummy,
Crazy Gin, Five Crowns, Phase 10): the lowest total ranks first, whether the variant
is always won low or the game's own options make it so."""

from __future__ import annotations

import pytest

from scorekeeper.league import services as league
from scorekeeper.service_layer import services

from .support import NAMES, make_league, make_organizer, member_ids
from .support import started_night as start

LOWER_WINS = [
    ("rummy", "Penalty Rummy", {}),
    ("indian", "Pool Rummy 101", {}),
    ("indian", "Pool Rummy 61", {}),
    ("thirteen", "Crazy Gin (13 deals)", {}),
    ("five_crowns", "Five Crowns", {}),
    ("phase10", "Phase 10", {}),
]


def a_deal(variant: str, names: list[str]) -> dict:
    """names[0] goes out with nothing; the others keep 30 and 15 in hand."""
    entry = {"out": names[0], "hands": {names[1]: 30, names[2]: 15}}
    if variant == "phase10":
        entry["completed"] = [names[0]]
    return entry


@pytest.mark.parametrize(("variant", "preset", "options"), LOWER_WINS)
@pytest.mark.parametrize("rank_by", ["rating", "points"])
def test_the_lowest_total_ranks_first(uow, variant, preset, options, rank_by):
    olga = make_organizer(uow)
    rules = league.Rules(variant, preset, options, None, 3)
    lid = make_league(uow, olga, names=NAMES[:6], rules=rules)
    league.set_ranking(
        uow, lid, olga, rank_by=rank_by, min_games=0, bye_counts="none", hide_money=False
    )
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:6]])
    played, paper = night.tables
    names = list(played.names)
    services.record_deal(uow, played.game_id, played.edit_token, a_deal(variant, names))
    services.end_game(uow, played.game_id, played.edit_token)
    on_paper = list(paper.names)
    league.set_paper_totals(
        uow, lid, olga, night.id, paper.number, dict(zip(on_paper, [25, 3, 40], strict=True))
    )

    _, standing = league.league_standings(uow, lid, olga, None)

    assert standing.higher_wins is False
    lines = {line.name: line for line in standing.lines}
    assert (lines[names[0]].wins, lines[on_paper[1]].wins) == (1, 1)
    assert lines[names[1]].wins == lines[on_paper[0]].wins == 0
    ranked = [line.name for line in standing.lines]
    if rank_by == "points":
        assert ranked[:2] == [names[0], on_paper[1]]  # 0 and 3 points
    else:
        assert set(ranked[:2]) == {names[0], on_paper[1]}  # the two winners
    glance = league.night_glance(uow, lid, olga, night.id)
    assert [table.leaders for table in glance] == [(names[0],), (on_paper[1],)]
