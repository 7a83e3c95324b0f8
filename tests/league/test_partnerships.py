"""A partnership league (Canasta, Hand and Foot): members sit as individual seats, the
tables play in sides of partners, and each member is credited and rated with their
side's result."""

from __future__ import annotations

import json

import pytest

from scorekeeper.league import seating, transfer
from scorekeeper.league import services as league
from scorekeeper.league.nights import side_names
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import InvalidInput

from .support import NAMES, figures, make_league, make_organizer, member_ids, seat_night
from .support import started_night as start

# A one-deal game: the side that goes out in RULES.md section 13's example passes 1500.
CANASTA = league.Rules("canasta", "Canasta", {"target": 1500}, {"cents_per_point": 1}, 4)
EIGHT = NAMES[:8]


def canasta_deal(sides: list[str]) -> dict:
    """RULES.md section 13's example: the first side goes out with 1655, the second -220."""
    first, second = sides
    return {
        "out": first,
        "melded": {first: 385, second: 0},
        "hand": {first: 30, second: 120},
        "natural": {first: 1},
        "mixed": {first: 2},
        "red_threes": {first: 1, second: 1},
        "concealed": False,
    }


def canasta_night(uow, present=EIGHT, rules=CANASTA):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=rules)
    ids = member_ids(uow, lid, olga)
    return olga, lid, ids, start(uow, lid, olga, [ids[name] for name in present])


def test_a_canasta_night_of_eight_seats_two_tables_of_four_playing_in_sides(uow):
    _, _, _, night = canasta_night(uow)

    assert [len(table.seats) for table in night.tables] == [4, 4]
    for table in night.tables:
        game = services.load_game(uow, table.game_id)
        north, east, south, west = table.names
        # Partners alternate: seat i plays for side i mod 2.
        assert game.setup.players == (f"{north} & {south}", f"{east} & {west}")
        assert game.setup.seats == table.names
        assert game.setup.first_dealer == north


def test_each_member_is_credited_with_their_sides_result_and_a_share_of_its_money(uow):
    olga, lid, _, night = canasta_night(uow)
    for table in night.tables:
        sides = list(services.load_game(uow, table.game_id).setup.players)
        finished = services.record_deal(uow, table.game_id, table.edit_token, canasta_deal(sides))
        assert finished.game.state.finished

    _, standing = league.league_standings(uow, lid, olga, None)

    lines = {line.name: line for line in standing.lines}
    assert standing.partnership
    for table in night.tables:
        north, east, south, west = table.names
        for winner in (north, south):
            assert (lines[winner].games, lines[winner].wins) == (1, 1)
            assert lines[winner].points == 1655
        for loser in (east, west):
            assert (lines[loser].games, lines[loser].wins) == (1, 0)
            assert lines[loser].points == -220
        # 1875 points at a cent each: the side's 18.75 shared, the odd cent to the first seated.
        assert [lines[name].money_cents for name in (north, south)] == [938, 937]
        assert [lines[name].money_cents for name in (east, west)] == [-937, -938]
    assert sum(line.money_cents for line in standing.lines) == 0


def test_partners_ratings_move_together_and_the_winning_side_rises(uow):
    olga, lid, _, night = canasta_night(uow)
    for table in night.tables:
        sides = list(services.load_game(uow, table.game_id).setup.players)
        services.record_deal(uow, table.game_id, table.edit_token, canasta_deal(sides))

    _, standing = league.league_standings(uow, lid, olga, None)

    lines = {line.name: line for line in standing.lines}
    for table in night.tables:
        north, east, south, west = table.names
        assert lines[north].rating == pytest.approx(lines[south].rating)
        assert lines[north].rating_change == pytest.approx(lines[south].rating_change)
        assert lines[east].rating == pytest.approx(lines[west].rating)
        assert lines[north].rating > lines[east].rating
        assert lines[north].rating_change > 0 > lines[east].rating_change


def test_partners_of_one_night_are_rated_apart_once_they_play_against_each_other(uow):
    olga, lid, ids, night = canasta_night(uow, present=EIGHT[:4])
    table = night.tables[0]
    sides = list(services.load_game(uow, table.game_id).setup.players)
    services.record_deal(uow, table.game_id, table.edit_token, canasta_deal(sides))
    north, east, south, west = table.names

    # Night two: the old partners North and South on opposite sides.
    night_id = seat_night(uow, lid, olga, [ids[name] for name in table.names])
    _, seated = league.night_view(uow, lid, olga, night_id)
    order = [seat.member_id for seat in seated.tables[0].seats]
    for position, wanted in enumerate(ids[name] for name in (north, east, west, south)):
        if order[position] != wanted:
            league.swap_seats(uow, lid, olga, night_id, order[position], wanted)
            other = order.index(wanted)
            order[position], order[other] = wanted, order[position]
    league.start_night(uow, lid, olga, night_id)
    _, played = league.night_view(uow, lid, olga, night_id)
    table_two = played.tables[0]
    assert table_two.names == (north, east, west, south)
    sides = list(services.load_game(uow, table_two.game_id).setup.players)
    services.record_deal(uow, table_two.game_id, table_two.edit_token, canasta_deal(sides))

    _, standing = league.league_standings(uow, lid, olga, None)

    lines = {line.name: line for line in standing.lines}
    assert (lines[north].wins, lines[south].wins) == (2, 1)
    assert lines[north].rating > lines[south].rating


def test_a_ninth_canasta_player_sits_out_and_a_no_show_cannot_break_a_table(uow):
    olga, lid, ids, night = canasta_night(uow, present=NAMES[:9])
    assert [len(table.seats) for table in night.tables] == [4, 4]
    assert len(night.byes) == 1

    night_id = seat_night(uow, lid, olga, [ids[name] for name in EIGHT], held_on=None)
    _, seated = league.night_view(uow, lid, olga, night_id)
    with pytest.raises(InvalidInput) as refused:
        league.remove_no_show(uow, lid, olga, night_id, seated.tables[0].seats[0].member_id)
    assert "too small" in refused.value.errors["member"]


def test_three_sitting_out_and_a_late_arrival_open_a_canasta_table(uow):
    olga, lid, ids, night = canasta_night(uow, present=NAMES[:7])
    assert len(night.byes) == 3

    where = league.add_late_arrival(uow, lid, olga, night.id, ids[NAMES[7]])

    _, after = league.night_view(uow, lid, olga, night.id)
    assert "opens table 2" in where
    assert len(after.tables[1].seats) == 4 and not after.byes
    game = services.load_game(uow, after.tables[1].game_id)
    assert len(game.setup.players) == 2 and game.setup.seats == after.tables[1].names


@pytest.mark.parametrize(
    ("present", "tables", "byes"),
    [(10, [6, 4], 0), (7, [6], 1), (8, [4, 4], 0), (5, [4], 1)],
)
def test_hand_and_foot_tables_seat_whole_sides(uow, present, tables, byes):
    rules = league.Rules("handfoot", "Hand and Foot", {}, None, 4)
    _, _, _, night = canasta_night(uow, present=NAMES[:present], rules=rules)

    assert [len(table.seats) for table in night.tables] == tables
    assert len(night.byes) == byes
    six = [table for table in night.tables if len(table.seats) == 6]
    for table in six:  # the fewest sides that fit: two sides of three
        game = services.load_game(uow, table.game_id)
        assert game.setup.players == (" & ".join(table.names[0::2]), " & ".join(table.names[1::2]))


def test_long_names_make_sides_named_by_first_names():
    long_names = [
        "Ann-Sofie Bjørnstjerne Åkesson-Lindqvist",
        "Bénédicte Marie-Thérèse de la Rochefoucá",
        "Cécile Anne-Marguerite Östergård-Nielsen",
        "Dóra Eszter Kővári-Szentgyörgyi-Halászné",
    ]
    assert all(len(name) == 40 for name in long_names)
    assert side_names(long_names, 2) == ["Ann-Sofie & Cécile", "Bénédicte & Dóra"]
    alike = ["Ann " + "x" * 30, "Ann " + "z" * 30, "Bo " + "y" * 30, "Bo " + "w" * 30]
    assert side_names(alike, 2) == ["Side 1", "Side 2"]


def test_paper_totals_of_a_partnership_table_credit_each_partner(uow):
    olga, lid, _, night = canasta_night(uow, present=EIGHT[:4])
    table = night.tables[0]
    first, second = services.load_game(uow, table.game_id).setup.players
    league.set_paper_totals(uow, lid, olga, night.id, 1, {first: "5120", second: "3985"})

    _, standing = league.league_standings(uow, lid, olga, None)

    lines = {line.name: line for line in standing.lines}
    north, east, south, west = table.names
    assert [lines[n].points for n in (north, east, south, west)] == [5120, 3985, 5120, 3985]
    assert [lines[n].wins for n in (north, east, south, west)] == [1, 0, 1, 0]


@pytest.mark.parametrize(
    ("preset", "size", "said"),
    [("Canasta", 2, "must be 4: Canasta is played 4 a table"), ("Hand and Foot", 5, "4, 6 or 8")],
)
def test_a_partnership_leagues_table_size_counts_people_in_whole_sides(preset, size, said):
    with pytest.raises(InvalidInput) as refused:
        league.check_rules(preset=preset, variant=None, options={}, stakes=None, table_size=size)
    assert said in refused.value.errors["table_size"]


def test_seating_splits_into_allowed_sizes_only():
    assert seating.table_sizes(10, 4, 8, 4, [4, 6, 8]) == [6, 4]
    assert seating.table_sizes(16, 4, 8, 8, [4, 6, 8]) == [8, 8]
    with pytest.raises(seating.SeatingError, match="4, 6 or 8"):
        seating.table_sizes(9, 4, 8, 4, [4, 6, 8])


def test_a_partnership_league_exported_and_imported_has_the_same_standings(uow):
    olga, lid, _, night = canasta_night(uow)
    for table in night.tables:
        sides = list(services.load_game(uow, table.game_id).setup.players)
        services.record_deal(uow, table.game_id, table.edit_token, canasta_deal(sides))
    document = transfer.export_league(uow, lid, olga)

    imported = transfer.import_document(uow, olga, json.loads(json.dumps(document)))

    assert figures(uow, imported.league_id, olga) == figures(uow, lid, olga)
