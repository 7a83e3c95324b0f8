"""League use cases on the real database: rules, members, nights, results, standings."""

from __future__ import annotations

import itertools
import random
from datetime import date

import pytest
from sqlalchemy import func, select

from scorekeeper.league import counting, standings
from scorekeeper.league import services as league
from scorekeeper.league.models import LeagueResult, LeagueTable
from scorekeeper.models import Game
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import InvalidInput

from .support import NAMES, make_league, make_organizer, member_ids, play_out, seat_night
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


def nine(ids) -> list[int]:
    return [ids[name] for name in NAMES[:9]]


def standings_by_name(uow, league_id, organizer, season=None):
    _, table = league.league_standings(uow, league_id, organizer, season)
    return {line.name: line for line in table.lines}


# ---------------------------------------------------------------- rules


def test_house_rules_are_checked_through_make_setup():
    with pytest.raises(InvalidInput) as refused:
        league.check_rules(
            preset=None, variant="rummy", options={"nonsense": 1}, stakes=None, table_size=4
        )
    assert "options.nonsense" in refused.value.errors


def test_a_table_size_outside_the_variants_limits_is_refused():
    with pytest.raises(InvalidInput) as refused:
        league.check_rules(preset="Gin Rummy", variant=None, options={}, stakes=None, table_size=4)
    assert refused.value.errors == {"table_size": "must be 2: Gin Rummy is played 2 a table"}


def test_a_preset_gives_its_variant_and_stakes_are_resolved_per_game(uow, organizer):
    rules = league.check_rules(
        preset="Biddies", variant=None, options={}, stakes={"cents_per_point": 2}, table_size=4
    )
    assert rules.variant == "thirteen"
    public_id = league.create_league(uow, organizer, name="Biddies club", rules=rules)
    view = league.league_view(uow, public_id, organizer)
    assert view.rules.preset == "Biddies"
    assert view.rules.stakes == {"cents_per_point": 2}


# ---------------------------------------------------------------- members


def test_members_are_added_once_whatever_the_spelling_of_case(uow, league_id, organizer):
    added = league.add_members(uow, league_id, organizer, ["ann", "  Kim  ", "kim"])
    assert added == ["Kim"]
    names = [m.name for m in league.league_view(uow, league_id, organizer).members]
    assert names.count("Kim") == 1 and "ann" not in names


def test_merging_two_spellings_moves_every_game_and_keeps_the_spelling(
    uow, league_id, organizer, ids
):
    league.add_members(uow, league_id, organizer, ["Anne"])
    ids = member_ids(uow, league_id, organizer)
    # Anne (a misspelling of Ann) plays a night; Ann plays the next.
    first = start(uow, league_id, organizer, [ids["Anne"], ids["Bob"], ids["Cy"]])
    play_out(uow, first.tables[0], first.tables[0].names.index("Anne"))
    second = start(
        uow, league_id, organizer, [ids["Ann"], ids["Dee"], ids["Eve"]], held_on=date(2026, 3, 12)
    )
    play_out(uow, second.tables[0], second.tables[0].names.index("Ann"))
    assert standings_by_name(uow, league_id, organizer)["Anne"].games == 1

    league.merge_members(uow, league_id, organizer, ids["Anne"], ids["Ann"])

    table = standings_by_name(uow, league_id, organizer)
    assert "Anne" not in table
    assert (table["Ann"].games, table["Ann"].wins) == (2, 2)
    view = league.league_view(uow, league_id, organizer)
    ann = next(m for m in view.members if m.name == "Ann")
    assert ann.aliases == ("Anne",)
    # The old spelling is known: adding it again does not make a new member.
    assert league.add_members(uow, league_id, organizer, ["anne"]) == []


def test_two_members_who_shared_a_table_cannot_be_merged(uow, league_id, organizer, ids):
    start(uow, league_id, organizer, [ids["Ann"], ids["Bob"]])
    with pytest.raises(InvalidInput) as refused:
        league.merge_members(uow, league_id, organizer, ids["Ann"], ids["Bob"])
    assert refused.value.errors == {
        "source": "Ann and Bob sat at the same table: they are two people."
    }


def test_renaming_keeps_the_old_spelling_as_an_alias(uow, league_id, organizer, ids):
    league.rename_member(uow, league_id, organizer, ids["Jo"], "Joanna")
    member = next(
        m for m in league.league_view(uow, league_id, organizer).members if m.id == ids["Jo"]
    )
    assert (member.name, member.aliases) == ("Joanna", ("Jo",))
    with pytest.raises(InvalidInput):
        league.rename_member(uow, league_id, organizer, ids["Ann"], "bob")


# ---------------------------------------------------------------- nights


def test_a_night_of_nine_is_seated_at_three_tables_of_three(uow, league_id, organizer, ids):
    night_id = seat_night(uow, league_id, organizer, nine(ids))
    _, night = league.night_view(uow, league_id, organizer, night_id)
    assert [len(t.seats) for t in night.tables] == [3, 3, 3]
    seated = sorted(seat.member_id for t in night.tables for seat in t.seats)
    assert seated == sorted(nine(ids))
    assert night.season == "2026" and not night.started


def test_rotating_seating_keeps_apart_those_who_met_last_time(uow, league_id, organizer, ids):
    first = start(uow, league_id, organizer, nine(ids))
    met_before = {frozenset(s.member_id for s in t.seats) for t in first.tables}
    night_id = seat_night(
        uow, league_id, organizer, nine(ids), method="rotating", rng=random.Random(11)
    )
    _, second = league.night_view(uow, league_id, organizer, night_id)
    for table in second.tables:
        members = [s.member_id for s in table.seats]
        for before in met_before:
            assert len(before & set(members)) <= 1


def test_swapping_seats_before_play_moves_two_players(uow, league_id, organizer, ids):
    night_id = seat_night(uow, league_id, organizer, nine(ids))
    _, night = league.night_view(uow, league_id, organizer, night_id)
    a, b = night.tables[0].seats[0], night.tables[1].seats[2]
    league.swap_seats(uow, league_id, organizer, night_id, a.member_id, b.member_id)
    _, after = league.night_view(uow, league_id, organizer, night_id)
    assert after.tables[0].seats[0].member_id == b.member_id
    assert after.tables[1].seats[2].member_id == a.member_id


def test_starting_a_night_makes_one_game_per_table_under_the_house_rules(
    uow, database, league_id, organizer, ids
):
    night = start(uow, league_id, organizer, nine(ids))
    assert night.started
    for table in night.tables:
        game = services.check_edit_token(uow, table.game_id, table.edit_token)
        assert game.setup.players == table.names
        assert game.setup.variant == "rummy" and game.setup.options["deals"] == 2
        assert game.title.endswith(f"table {table.number}")
    # Starting again (a second click) makes no more games.
    league.start_night(uow, league_id, organizer, night.id)
    with database.session_factory() as session:
        assert session.scalar(select(func.count()).select_from(Game)) == 3


def test_seats_cannot_be_swapped_once_play_has_started(uow, league_id, organizer, ids):
    night = start(uow, league_id, organizer, nine(ids))
    first, second = night.tables[0].seats[0], night.tables[1].seats[0]
    with pytest.raises(InvalidInput, match="started"):
        league.swap_seats(uow, league_id, organizer, night.id, first.member_id, second.member_id)


def test_an_odd_night_of_gin_seats_all_it_can_and_gives_a_bye(uow, organizer):
    rules = league.Rules("gin", "Gin Rummy", {}, None, 2)
    public_id = make_league(uow, organizer, rules=rules, name="Gin club")
    ids = member_ids(uow, public_id, organizer)
    night_id = seat_night(uow, public_id, organizer, [ids[n] for n in NAMES[:5]])
    _, night = league.night_view(uow, public_id, organizer, night_id)
    assert [len(table.seats) for table in night.tables] == [2, 2]
    seated = {seat.member_id for table in night.tables for seat in table.seats}
    assert len(night.byes) == 1 and night.byes[0][0] not in seated
    assert seated | {night.byes[0][0]} == {ids[n] for n in NAMES[:5]}
    with pytest.raises(InvalidInput) as refused:
        seat_night(uow, public_id, organizer, [ids["Ann"]])
    assert refused.value.errors == {
        "present": "At least 2 players are needed for a table; only 1 is ticked."
    }


def test_byes_rotate_so_nobody_sits_out_twice_before_everyone_has_once(uow, organizer):
    rules = league.Rules("gin", "Gin Rummy", {}, None, 2)
    public_id = make_league(uow, organizer, rules=rules, name="Gin club")
    ids = member_ids(uow, public_id, organizer)
    five = [ids[n] for n in NAMES[:5]]
    sat_out = []
    for week in range(10):
        night_id = seat_night(
            uow,
            public_id,
            organizer,
            five,
            held_on=date(2026, 3, 5 + week),
            rng=random.Random(week),
        )
        _, night = league.night_view(uow, public_id, organizer, night_id)
        sat_out.append(night.byes[0][0])
    assert sorted(sat_out[:5]) == sorted(five) and sorted(sat_out[5:]) == sorted(five)


def test_byes_show_in_the_standings_and_can_count_as_the_players_average(uow, organizer):
    rules = league.Rules("gin", "Gin Rummy", {}, None, 2)
    public_id = make_league(uow, organizer, rules=rules, name="Gin club")
    ids = member_ids(uow, public_id, organizer)
    three = [ids[n] for n in NAMES[:3]]

    def one_knock(night, knocker_id):
        """The table's one deal: whoever is ``knocker_id`` knocks with 0, the other holds 25."""
        table = night.tables[0]
        names = {seat.member_id: seat.name for seat in table.seats}
        knocker = names.get(knocker_id, table.names[0])
        other = next(name for name in table.names if name != knocker)
        entry = {"knocker": knocker, "hands": {knocker: 0, other: 25}}
        services.record_deal(uow, table.game_id, table.edit_token, entry)
        league.set_closed(uow, public_id, organizer, night.id, 1, True)

    first = start(uow, public_id, organizer, three)
    bye = first.byes[0][0]
    played = [m for m in three if m != bye]
    one_knock(first, played[0])
    second = start(uow, public_id, organizer, [bye, played[1]], held_on=date(2026, 3, 12))
    one_knock(second, bye)

    def lines():
        return {
            line.member_id: line for line in standings_by_name(uow, public_id, organizer).values()
        }

    assert lines()[bye].byes == 1
    points = lines()[bye].points
    assert points > 0 and lines()[played[0]].byes == 0
    league.set_ranking(
        uow,
        public_id,
        organizer,
        rank_by="points",
        min_games=0,
        bye_counts="average",
        hide_money=False,
    )
    # One game played, one bye: the bye adds that game's points again.
    assert lines()[bye].points == 2 * points
    assert lines()[bye].average_per_deal == points


# ---------------------------------------------------------------- results and standings


def test_only_finished_closed_or_paper_totals_games_count(uow, league_id, organizer, ids):
    night = start(uow, league_id, organizer, nine(ids))
    first, second, third = night.tables
    play_out(uow, first)
    one = {"out": second.names[1], "hands": {second.names[0]: 5, second.names[2]: 7}}
    services.record_deal(uow, second.game_id, second.edit_token, one)
    counted = standings_by_name(uow, league_id, organizer)
    assert set(counted) == set(first.names)

    league.set_closed(uow, league_id, organizer, night.id, second.number, True)
    totals = dict(zip(third.names, [30, 12, 12], strict=True))
    league.set_paper_totals(uow, league_id, organizer, night.id, third.number, totals)

    table = standings_by_name(uow, league_id, organizer)
    assert set(table) == set(NAMES[:9])
    assert table[second.names[1]].wins == 1 and table[second.names[1]].points == 12
    assert table[third.names[0]].wins == 1 and table[third.names[0]].deals == 0
    assert table[first.names[0]].average_per_deal == 20  # 2 deals x (10 + 10)


def test_correcting_a_past_deal_on_a_phone_updates_the_standings(uow, league_id, organizer, ids):
    night = start(uow, league_id, organizer, nine(ids))
    table = night.tables[0]
    play_out(uow, table)
    winner, loser = table.names[0], table.names[1]
    assert standings_by_name(uow, league_id, organizer)[winner].points == 40

    # The first deal was really won by the second seat, by a lot.
    entry = {"out": loser, "hands": {winner: 60, table.names[2]: 60}}
    services.correct_deal(uow, table.game_id, table.edit_token, 1, entry)

    after = standings_by_name(uow, league_id, organizer)
    assert after[winner].points == 20
    assert after[loser].points == 120
    assert (after[loser].wins, after[winner].wins) == (1, 0)


def test_results_are_cached_and_rederived_only_when_a_game_moves(
    uow, database, league_id, organizer, ids
):
    night = start(uow, league_id, organizer, nine(ids))
    for table in night.tables:
        play_out(uow, table)
    standings_by_name(uow, league_id, organizer)
    with database.session_factory() as session:
        assert session.scalar(select(func.count()).select_from(LeagueResult)) == 9
        stale = session.scalars(select(LeagueTable.cached_version)).all()
    assert all(version is not None for version in stale)
    with database.session_factory() as session:
        assert counting.refresh(session, 1) == 0


def test_ratings_rise_for_winners_and_show_the_nights_change(uow, league_id, organizer, ids):
    night = start(uow, league_id, organizer, nine(ids))
    for table in night.tables:
        play_out(uow, table)
    table = standings_by_name(uow, league_id, organizer)
    winners = {t.names[0] for t in night.tables}
    assert all(table[w].rating > table[o].rating for w in winners for o in set(table) - winners)
    assert all(table[name].rating_change == table[name].rating for name in table)

    second = start(uow, league_id, organizer, nine(ids), held_on=date(2026, 3, 12))
    for t in second.tables:
        play_out(uow, t)
    later = standings_by_name(uow, league_id, organizer)
    for name in later:
        assert later[name].rating_change == pytest.approx(later[name].rating - table[name].rating)


def test_money_comes_from_each_games_settlement(uow, organizer):
    rules = league.Rules("rummy", "Rummy", {"deals": 2}, {"cents_per_point": 1, "round_to": 1}, 3)
    public_id = make_league(uow, organizer, rules=rules)
    ids = member_ids(uow, public_id, organizer)
    night = start(uow, public_id, organizer, [ids[n] for n in NAMES[:3]])
    play_out(uow, night.tables[0])
    table = standings_by_name(uow, public_id, organizer)
    assert sum(line.money_cents for line in table.values()) == 0
    assert table[night.tables[0].names[0]].money_cents == 80  # 40 from each other player


def test_standings_are_per_season(uow, league_id, organizer, ids):
    start(uow, league_id, organizer, nine(ids), held_on=date(2025, 12, 4))
    night = start(uow, league_id, organizer, nine(ids), held_on=date(2026, 1, 8))
    old = league.night_view(uow, league_id, organizer, 1)[1]
    for table in (*old.tables, *night.tables):
        play_out(uow, table)
    _, season = league.league_standings(uow, league_id, organizer, "2026")
    assert season.seasons == ("2026", "2025")
    assert {line.games for line in season.lines} == {1}
    _, everything = league.league_standings(uow, league_id, organizer, None)
    assert {line.games for line in everything.lines} == {2}


def test_a_players_history_lists_each_counted_game_with_the_rating(uow, league_id, organizer, ids):
    night = start(uow, league_id, organizer, nine(ids))
    table = next(t for t in night.tables if "Ann" in t.names)
    play_out(uow, table, table.names.index("Ann"))
    _, member, history = league.player_history(uow, league_id, organizer, ids["Ann"])
    assert member.name == "Ann"
    [line] = history
    assert (line.won, line.place, line.points, line.deals) == (True, 1, 40, 2)
    assert line.rating is not None and line.rating_change == line.rating


def test_a_correction_in_an_early_night_replays_the_ratings_from_that_night(
    uow, database, league_id, organizer, ids
):
    first = start(uow, league_id, organizer, nine(ids))
    second = start(uow, league_id, organizer, nine(ids), held_on=date(2026, 3, 12))
    for table in (*first.tables, *second.tables):
        play_out(uow, table)
    standings_by_name(uow, league_id, organizer)
    table = first.tables[0]
    entry = {"out": table.names[2], "hands": {table.names[0]: 50, table.names[1]: 50}}
    services.correct_deal(uow, table.game_id, table.edit_token, 1, entry)
    incremental = standings_by_name(uow, league_id, organizer)
    standings.rating_cache.entries.clear()
    fresh = standings_by_name(uow, league_id, organizer)
    assert {n: (line.rating, line.rating_change) for n, line in incremental.items()} == {
        n: (line.rating, line.rating_change) for n, line in fresh.items()
    }
    assert incremental[table.names[2]].wins == 1


def cached_ratings(league_id: str):
    """The rating cache's (fingerprint, ratings) for the league with this public id."""
    return next(
        entry for entry in standings.rating_cache.entries.values() if entry[0][0] == league_id
    )


def test_a_deal_in_a_game_still_in_play_does_not_replay_the_ratings(uow, league_id, organizer, ids):
    night = start(uow, league_id, organizer, nine(ids))
    play_out(uow, night.tables[0])
    standings_by_name(uow, league_id, organizer)
    stamp, ratings = cached_ratings(league_id)
    table = night.tables[1]
    one = {"out": table.names[0], "hands": {table.names[1]: 5, table.names[2]: 7}}
    services.record_deal(uow, table.game_id, table.edit_token, one)
    standings_by_name(uow, league_id, organizer)
    assert cached_ratings(league_id) == (stamp, ratings)
    # Ending that game early changes a placing: the ratings move.
    league.set_closed(uow, league_id, organizer, night.id, table.number, True)
    standings_by_name(uow, league_id, organizer)
    assert cached_ratings(league_id)[0] != stamp


def test_ranking_rules_share_places_for_ties_and_list_the_unranked_below(
    uow, league_id, organizer, ids
):
    night = start(uow, league_id, organizer, nine(ids))
    for table in night.tables[:2]:
        play_out(uow, table)  # the first seat wins both deals
    third = night.tables[2]
    services.record_deal(
        uow,
        third.game_id,
        third.edit_token,
        {"out": third.names[0], "hands": {third.names[1]: 3, third.names[2]: 4}},
    )
    league.set_closed(uow, league_id, organizer, night.id, third.number, True)
    second = start(
        uow, league_id, organizer, nine(ids)[:3], held_on=date(2026, 3, 12), method="rotating"
    )
    play_out(uow, second.tables[0])
    league.set_ranking(
        uow, league_id, organizer, rank_by="wins", min_games=2, bye_counts="none", hide_money=False
    )
    _, table = league.league_standings(uow, league_id, organizer, None)
    ranked = [line for line in table.lines if line.place is not None]
    unranked = [line for line in table.lines if line.place is None]
    assert {line.member_id for line in ranked} == set(nine(ids)[:3])
    assert all(line.games >= 2 for line in ranked) and all(line.games < 2 for line in unranked)
    assert table.lines[: len(ranked)] == tuple(ranked)  # the unranked come after
    wins = [line.wins for line in ranked]
    assert wins == sorted(wins, reverse=True)
    for earlier, later in itertools.pairwise(ranked):
        tied = (later.wins, later.win_rate) == (earlier.wins, earlier.win_rate)
        assert (later.place == earlier.place) == tied
        assert later.place > earlier.place or tied
    assert ranked[0].place == 1
    league.set_ranking(
        uow,
        league_id,
        organizer,
        rank_by="points",
        min_games=0,
        bye_counts="none",
        hide_money=False,
    )
    _, table = league.league_standings(uow, league_id, organizer, None)
    points = [line.points for line in table.lines]
    assert points == sorted(points, reverse=True)  # rummy: higher is better
    places = [line.place for line in table.lines]
    for i, line in enumerate(table.lines):
        tied_before = i and table.lines[i - 1].points == line.points
        assert places[i] == (places[i - 1] if tied_before else i + 1)


def test_ranking_rules_are_checked(uow, league_id, organizer):
    with pytest.raises(InvalidInput) as refused:
        league.set_ranking(
            uow,
            league_id,
            organizer,
            rank_by="luck",
            min_games=-1,
            bye_counts="x",
            hide_money=False,
        )
    assert set(refused.value.errors) == {"rank_by", "min_games", "bye_counts"}
