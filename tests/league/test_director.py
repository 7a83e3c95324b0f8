"""Handicaps, director adjustments and closed seasons, with worked numbers (docs/league.md)."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.league import adjustments, director, handicap, seasons
from scorekeeper.league import services as league
from scorekeeper.service_layer import services

from .support import NAMES, make_league, make_organizer, member_ids, play_out
from .support import started_night as start


@pytest.fixture
def organizer(uow) -> int:
    return make_organizer(uow)


@pytest.fixture
def league_id(uow, organizer) -> str:
    return make_league(uow, organizer)


@pytest.fixture
def ids(uow, league_id, organizer) -> dict[str, int]:
    return member_ids(uow, league_id, organizer)


def adjuster(uow, league_id, organizer):
    """Records a director's adjustment at a night: to a member (their id) or a table (its
    number), by the league's organizer."""

    def adjust(night, kind, *, member=None, table=None, points=None, reason) -> int:
        return adjustments.record_adjustment(
            uow,
            league_id,
            organizer,
            kind=kind,
            night_id=night.id,
            member_id=member,
            table_number=table,
            points=points,
            reason=reason,
        )

    return adjust


@pytest.fixture
def adjust(uow, league_id, organizer):
    return adjuster(uow, league_id, organizer)


def eight(ids) -> list[int]:
    return [ids[name] for name in NAMES[:8]]


def played_night(uow, league_id, organizer, ids, day, *, winner_seat=0, open_table=None):
    """Two tables of four; each finished table won by ``winner_seat``, the others tied
    (10 points in hand each); ``open_table`` gets one deal only, so stays open."""
    night = start(uow, league_id, organizer, eight(ids), held_on=day)
    for table in night.tables:
        if table.number == open_table:
            names = list(table.names)
            entry = {"out": names[0], "hands": {n: 10 for n in names[1:]}}
            services.record_deal(uow, table.game_id, table.edit_token, entry)
        else:
            play_out(uow, table, winner_seat)
    return night


def lines(uow, league_id, organizer, season=None):
    _, table = league.league_standings(uow, league_id, organizer, season)
    return table, {line.name: line for line in table.lines}


# ---------------------------------------------------------------- the handicap formula


def test_a_games_percentage_is_the_share_of_opponents_beaten_a_tie_counting_half():
    assert handicap.game_percentage(1, [2, 3, 4]) == 100.0
    assert handicap.game_percentage(2, [1, 3, 4]) == pytest.approx(200 / 3)
    # Places 1, 1, 3, 4: one of the two winners beat two and tied one: 2.5 of 3.
    assert handicap.game_percentage(1, [1, 3, 4]) == pytest.approx(250 / 3)
    assert handicap.game_percentage(4, [1, 1, 3]) == 0.0
    assert handicap.game_percentage(1, []) == 50.0


def test_partners_are_not_opponents_and_a_night_is_the_mean_of_its_games():
    # One partnership table: sides 0 (members 1, 3) and 1 (members 2, 4); side 0 won.
    table = [(7, 1, 1, 0), (7, 2, 2, 1), (7, 3, 1, 0), (7, 4, 2, 1)]
    assert handicap.night_percentages(table) == {1: 100.0, 2: 0.0, 3: 100.0, 4: 0.0}
    # Member 1 also has a director's 50 % game that night: (100 + 50) / 2.
    assert handicap.night_percentages(table, [(1, 50.0)])[1] == 75.0


def test_a_handicap_is_50_less_the_mean_of_the_last_n_nights():
    played = [40.0, 60.0, 30.0, 50.0, 45.0, 55.0, 20.0]
    # The last six: 60, 30, 50, 45, 55, 20, mean 43.33: a handicap of +6.67.
    assert handicap.handicap(played, 6) == pytest.approx(50 - 260 / 6)
    # The last two: 55, 20, mean 37.5: +12.5.
    assert handicap.handicap(played, 2) == 12.5
    assert handicap.handicap([], 6) == 0.0


def test_each_night_counts_with_the_handicap_brought_to_it():
    # Two nights: Ann 75 %, Bob 25 % both times. Night 1: no handicap yet. Night 2: Ann
    # brings 50 - 75 = -25, Bob +25: both score 50 handicapped.
    history = [(1, {1: 75.0, 2: 25.0}), (2, {1: 75.0, 2: 25.0})]
    ann, bob = handicap.rank_handicapped(
        handicap.handicap_lines(history, None, 6, {1: "Ann", 2: "Bob"}), {1, 2}
    )
    assert (ann.name, ann.average, ann.handicapped, ann.handicap, ann.place) == (
        "Ann",
        75.0,
        62.5,
        -25.0,
        1,
    )
    assert (bob.name, bob.average, bob.handicapped, bob.handicap, bob.place) == (
        "Bob",
        25.0,
        37.5,
        25.0,
        2,
    )
    # Only night 2's season: the handicap Ann brought from night 1 still counts.
    (ann2,) = handicap.handicap_lines(history[1:2], None, 6, {1: "Ann", 2: "Bob"})[:1]
    assert ann2.handicapped == 75.0  # no earlier night in this history
    season_only = handicap.handicap_lines(history, {2}, 6, {1: "Ann", 2: "Bob"})
    assert {line.name: line.handicapped for line in season_only} == {"Ann": 50.0, "Bob": 50.0}


def test_the_handicap_standing_is_shown_beside_the_scratch_one(uow, league_id, organizer, ids):
    director.set_handicap(uow, league_id, organizer, enabled=True, nights=6)
    played_night(uow, league_id, organizer, ids, date(2026, 3, 5), winner_seat=0)
    played_night(uow, league_id, organizer, ids, date(2026, 3, 12), winner_seat=0)
    table, _ = lines(uow, league_id, organizer)
    assert table.handicap_nights == 6
    by_name = {line.name: line for line in table.handicap}
    assert len(by_name) == 8
    # A winner of a table of four tied others scores 100 %, the others 33.33 % (1 of 3
    # opponents tied each), whatever the seats; the means and handicaps follow them.
    for line in by_name.values():
        assert line.nights == 2
        assert line.handicap == pytest.approx(50 - line.average)
    assert [line.place for line in table.handicap] == sorted(line.place for line in table.handicap)


def test_the_handicap_setting_is_checked(uow, league_id, organizer):
    with pytest.raises(services.InvalidInput) as refused:
        director.set_handicap(uow, league_id, organizer, enabled=True, nights=0)
    assert "handicap_nights" in refused.value.errors
    table, _ = lines(uow, league_id, organizer)
    assert table.handicap == ()


# ---------------------------------------------------------------- adjustments


def test_penalty_points_come_off_and_withdrawing_gives_them_back(
    uow, league_id, organizer, ids, adjust
):
    night = played_night(uow, league_id, organizer, ids, date(2026, 3, 5))
    _, before = lines(uow, league_id, organizer)
    made = adjust(night, "penalty", member=ids["Ann"], points=25, reason="Slow play, warned twice")
    table, after = lines(uow, league_id, organizer)
    assert after["Ann"].points == before["Ann"].points - 25
    assert after["Ann"].games == before["Ann"].games
    (shown,) = table.adjustments
    assert (shown.kind, shown.number, shown.members, shown.reason, shown.made_by) == (
        "penalty",
        1,
        (ids["Ann"],),
        "Slow play, warned twice",
        "Olga",
    )
    assert shown.made_at is not None
    adjustments.withdraw_adjustment(uow, league_id, organizer, made)
    table, again = lines(uow, league_id, organizer)
    assert again["Ann"].points == before["Ann"].points and table.adjustments == ()
    (record,) = adjustments.league_adjustments(uow, league_id, organizer)
    assert record.withdrawn_by == "Olga" and record.withdrawn_at is not None


def test_a_forfeit_is_a_game_lost_with_the_points_given(uow, league_id, organizer, ids, adjust):
    night = played_night(uow, league_id, organizer, ids, date(2026, 3, 5))
    _, before = lines(uow, league_id, organizer)
    adjust(night, "forfeit", member=ids["Bob"], points=5, reason="Left before the second game")
    _, after = lines(uow, league_id, organizer)
    assert after["Bob"].games == before["Bob"].games + 1
    assert after["Bob"].wins == before["Bob"].wins
    assert after["Bob"].points == before["Bob"].points + 5


def test_an_averaged_table_counts_each_player_their_average(uow, league_id, organizer, ids, adjust):
    played_night(uow, league_id, organizer, ids, date(2026, 3, 5))
    second = played_night(uow, league_id, organizer, ids, date(2026, 3, 12), open_table=2)
    table, before = lines(uow, league_id, organizer)
    assert [g[2] for g in table.open_games] == [2]
    at_two = next(t for t in second.tables if t.number == 2).names
    adjust(second, "averaged", table=2, reason="The venue closed early")
    table, after = lines(uow, league_id, organizer)
    assert table.open_games == ()
    for name in at_two:
        old = before[name]
        assert after[name].games == old.games + 1
        assert after[name].wins == old.wins
        assert after[name].points == old.points + round(old.points / old.games)
    (shown,) = table.adjustments
    assert set(shown.names) == set(at_two)


def test_an_adjustment_needs_a_reason_and_a_fitting_target(uow, league_id, organizer, ids, adjust):
    night = played_night(uow, league_id, organizer, ids, date(2026, 3, 5))
    with pytest.raises(services.InvalidInput) as refused:
        adjust(night, "penalty", member=ids["Ann"], points=10, reason="   ")
    assert set(refused.value.errors) == {"reason"}
    with pytest.raises(services.InvalidInput) as refused:
        adjust(night, "averaged", table=1, reason="Counted already")
    assert set(refused.value.errors) == {"table"}
    with pytest.raises(services.InvalidInput) as refused:
        adjust(night, "penalty", member=ids["Jo"], points=10, reason="Not there")
    assert set(refused.value.errors) == {"member"}
    assert adjustments.league_adjustments(uow, league_id, organizer) == []


# ---------------------------------------------------------------- seasons


def test_awards_from_worked_figures():
    from scorekeeper.league.standings import Line

    lines_ = [
        Line(1, "Ann", games=4, wins=3, place=1),
        Line(2, "Bob", games=4, wins=3, place=1),
        Line(3, "Cy", games=4, wins=1, place=3),
    ]
    season_of = {10: "2025", 11: "2026", 12: "2026"}
    history = [
        (10, {1: 70.0, 2: 40.0, 3: 20.0}),
        (11, {1: 60.0, 2: 60.0, 3: 30.0}),
        (12, {1: 80.0, 2: 60.0, 3: 40.0}),
    ]
    given = {a.kind: a for a in seasons.awards(lines_, history, season_of, "2026")}
    assert given["most_wins"].winners == ((1, "Ann"), (2, "Bob")) and given["most_wins"].figure == 3
    assert given["best_average"].winners == ((1, "Ann"),) and given["best_average"].figure == 70.0
    # Bob 40 -> 60 (+20), Cy 20 -> 35 (+15), Ann 70 -> 70 (0).
    assert given["most_improved"].winners == ((2, "Bob"),) and given["most_improved"].figure == 20.0
    # A first season: the second half of a player's nights against the first half.
    first = {a.kind: a for a in seasons.awards(lines_, history[1:], season_of, "2026")}
    assert first["most_improved"].winners == ((1, "Ann"),) and first["most_improved"].figure == 20.0


def test_a_closed_season_is_frozen_and_the_next_starts_with_members_and_rules(
    uow, league_id, organizer, ids
):
    played_night(uow, league_id, organizer, ids, date(2026, 3, 5))
    played_night(uow, league_id, organizer, ids, date(2026, 3, 12), winner_seat=1)
    live, before = lines(uow, league_id, organizer, "2026")
    given = seasons.close_season(uow, league_id, organizer, season="2026", next_season="2027")
    assert {a.kind for a in given} >= {"most_wins", "best_average"}
    most_wins = next(a for a in given if a.kind == "most_wins")
    assert most_wins.figure == max(line.wins for line in live.lines)
    table, frozen = lines(uow, league_id, organizer, "2026")
    assert table.closed is not None and table.closed.closed_by == "Olga"
    assert [a.kind for a in table.closed.awards] == [a.kind for a in given]
    assert {n: (line.points, line.place) for n, line in frozen.items()} == {
        n: (line.points, line.place) for n, line in before.items()
    }
    # Ranking by points from now on leaves the closed table as it was.
    league.set_ranking(
        uow,
        league_id,
        organizer,
        rank_by="points",
        min_games=0,
        bye_counts="none",
        hide_money=False,
    )
    table, _ = lines(uow, league_id, organizer, "2026")
    assert table.rank_by == "rating"
    # No night in the closed season; the next one has the same members and rules.
    with pytest.raises(services.InvalidInput) as refused:
        league.create_night(
            uow,
            league_id,
            organizer,
            held_on=date(2026, 3, 19),
            season="2026",
            present=eight(ids),
            method="random",
        )
    assert set(refused.value.errors) == {"season"}
    view = league.league_view(uow, league_id, organizer)
    assert view.current_season == "2027" and len(view.members) == len(NAMES)
    night_id = league.create_night(
        uow,
        league_id,
        organizer,
        held_on=date(2027, 1, 7),
        season="2027",
        present=eight(ids),
        method="random",
    )
    assert league.night_view(uow, league_id, organizer, night_id)[1].season == "2027"
    with pytest.raises(services.InvalidInput):
        seasons.close_season(uow, league_id, organizer, season="2026", next_season="2028")


def test_a_season_with_open_games_cannot_be_closed(uow, league_id, organizer, ids):
    played_night(uow, league_id, organizer, ids, date(2026, 3, 5), open_table=1)
    with pytest.raises(services.InvalidInput) as refused:
        seasons.close_season(uow, league_id, organizer, season="2026", next_season="2027")
    assert set(refused.value.errors) == {"season"}


def test_an_averaged_table_whose_game_counts_after_all_counts_its_result(
    uow, league_id, organizer, ids, adjust
):
    played_night(uow, league_id, organizer, ids, date(2026, 3, 5))
    second = played_night(uow, league_id, organizer, ids, date(2026, 3, 12), open_table=2)
    adjust(second, "averaged", table=2, reason="Looked unfinishable")
    league.set_closed(uow, league_id, organizer, second.id, 2, True)
    table, after = lines(uow, league_id, organizer)
    assert table.adjustments == ()
    at_two = next(t for t in second.tables if t.number == 2).names
    assert all(after[name].games == 2 for name in at_two)


def test_a_merged_players_adjustments_follow_them(uow, league_id, organizer, ids, adjust):
    night = played_night(uow, league_id, organizer, ids, date(2026, 3, 5))
    adjust(night, "penalty", member=ids["Bob"], points=7, reason="Misdeal twice")
    league.add_members(uow, league_id, organizer, ["Kim"])
    kim = member_ids(uow, league_id, organizer)["Kim"]
    league.merge_members(uow, league_id, organizer, ids["Bob"], kim)
    (record,) = adjustments.league_adjustments(uow, league_id, organizer)
    assert record.members == (kim,) and record.names == ("Kim",)


# ---------------------------------------------------------------- export and import


def directed_league(uow, league_id, organizer, ids):
    """Two seasons: 2026 closed (a penalty, a withdrawn forfeit, an averaged table), 2027
    under way; handicaps kept over 4 nights."""
    adjust = adjuster(uow, league_id, organizer)
    director.set_handicap(uow, league_id, organizer, enabled=True, nights=4)
    first = played_night(uow, league_id, organizer, ids, date(2026, 3, 5))
    second = played_night(uow, league_id, organizer, ids, date(2026, 3, 12), open_table=2)
    adjust(first, "penalty", member=ids["Cy"], points=12, reason="Slow play")
    gone = adjust(first, "forfeit", member=ids["Dee"], reason="Entered by mistake")
    adjustments.withdraw_adjustment(uow, league_id, organizer, gone)
    adjust(second, "averaged", table=2, reason="Power cut")
    seasons.close_season(uow, league_id, organizer, season="2026", next_season="2027")
    third = start(uow, league_id, organizer, eight(ids), held_on=date(2027, 1, 7))
    for table in third.tables:
        play_out(uow, table, 3)


def test_adjustments_handicaps_and_closed_seasons_round_trip(uow, league_id, organizer, ids):
    import json

    from scorekeeper.league import transfer

    directed_league(uow, league_id, organizer, ids)
    document = transfer.export_league(uow, league_id, organizer)
    part = document["director"]
    assert (part["handicap"], part["handicap_nights"], part["current_season"]) == (True, 4, "2027")
    assert [a["kind"] for a in part["adjustments"]] == ["penalty", "forfeit", "averaged"]
    assert part["adjustments"][1]["withdrawn_by"] == "Olga"
    assert [s["season"] for s in part["closed_seasons"]] == ["2026"]
    imported = transfer.import_document(uow, organizer, json.loads(json.dumps(document)))
    for season in (None, "2026", "2027"):
        old, _ = lines(uow, league_id, organizer, season)
        new, _ = lines(uow, imported.league_id, organizer, season)
        assert [(x.name, x.games, x.wins, x.points, x.place) for x in new.lines] == [
            (x.name, x.games, x.wins, x.points, x.place) for x in old.lines
        ]
        assert new.handicap == tuple(
            type(h)(**{**h.__dict__, "member_id": new_id(new, h.name)}) for h in old.handicap
        )
        assert [(a.kind, a.names, a.reason, a.made_by) for a in new.adjustments] == [
            (a.kind, a.names, a.reason, a.made_by) for a in old.adjustments
        ]
    old_closed, _ = lines(uow, league_id, organizer, "2026")
    new_closed, _ = lines(uow, imported.league_id, organizer, "2026")
    assert new_closed.closed.closed_at == old_closed.closed.closed_at
    assert [(a.kind, [n for _, n in a.winners]) for a in new_closed.closed.awards] == [
        (a.kind, [n for _, n in a.winners]) for a in old_closed.closed.awards
    ]
    again = transfer.export_league(uow, imported.league_id, organizer)["director"]
    renumber = lambda doc: {m["id"]: m["name"] for m in doc["members"]}  # noqa: E731
    old_names, new_names = (
        renumber(document),
        renumber(transfer.export_league(uow, imported.league_id, organizer)),
    )
    for before, after in zip(part["adjustments"], again["adjustments"], strict=True):
        assert old_names.get(before["member"]) == new_names.get(after["member"])
        assert {**before, "member": None} == {**after, "member": None}
    assert again["closed_seasons"] == part["closed_seasons"]


def new_id(table, name):
    return next(line.member_id for line in table.lines if line.name == name)


def test_a_director_part_naming_what_the_file_lacks_is_refused_by_path(
    uow, league_id, organizer, ids
):
    from scorekeeper.league import transfer

    directed_league(uow, league_id, organizer, ids)
    document = transfer.export_league(uow, league_id, organizer)
    document["director"]["adjustments"][0]["member"] = 9999
    document["director"]["adjustments"][2]["table"] = 7
    document["director"]["adjustments"][1]["reason"] = ""
    document["director"]["closed_seasons"][0]["season"] = "1999"
    document["director"]["handicap_nights"] = 0
    with pytest.raises(services.InvalidInput) as refused:
        transfer.import_document(uow, organizer, document)
    assert set(refused.value.errors) == {
        "director.adjustments.0.member",
        "director.adjustments.2.table",
        "director.adjustments.1.reason",
        "director.closed_seasons.0.season",
        "director.handicap_nights",
    }


def test_a_closed_seasons_adjustments_stay_as_they_were(uow, league_id, organizer, ids, adjust):
    night = played_night(uow, league_id, organizer, ids, date(2026, 3, 5))
    made = adjust(night, "penalty", member=ids["Ann"], points=3, reason="Renege")
    seasons.close_season(uow, league_id, organizer, season="2026", next_season="2027")
    with pytest.raises(services.InvalidInput) as refused:
        adjust(night, "penalty", member=ids["Bob"], points=3, reason="Late")
    assert set(refused.value.errors) == {"night"}
    with pytest.raises(services.InvalidInput):
        adjustments.withdraw_adjustment(uow, league_id, organizer, made)
    (record,) = adjustments.league_adjustments(uow, league_id, organizer)
    assert record.in_force
