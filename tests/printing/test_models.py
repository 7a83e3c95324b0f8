"""The pure view-model step: game state or setup in, plain printable data out."""

from __future__ import annotations

import ast
from pathlib import Path

from scorekeeper import printing
from scorekeeper.printing import words
from scorekeeper.printing.pad import blank_pad, card_values
from scorekeeper.printing.sheet import game_sheet
from scorekeeper.scoring import make_setup
from tests.printing import games
from tests.printing.support import VIEW_URL, game_view

TIMES = words.TIMES


def test_every_cell_of_the_sheet_is_the_states_own_figure():
    for game in (games.thirteen_with_the_press(), games.gin(), games.block_rummy_per_deal()):
        sheet = game_sheet(game, view_url=VIEW_URL)
        state = game.state
        for row, deal, running in zip(sheet.rows, state.deals, state.running_totals, strict=True):
            assert [cell.points for cell in row.cells] == [deal.points[p] for p in state.players]
            assert [cell.total for cell in row.cells] == [running[p] for p in state.players]
        assert sheet.totals == tuple(state.totals[p] for p in state.players)
        assert sheet.winners == tuple(state.winners)
        balances = {name: money.cents for name, money in sheet.settlement.balances}
        assert balances == state.settlement["balances"]
        assert [(t.payer, t.payee, t.amount.cents) for t in sheet.settlement.transfers] == [
            (t["from"], t["to"], t["cents"]) for t in state.settlement["transfers"]
        ]


def test_auto_press_shows_the_raise_on_deal_1_and_the_press_after_it():
    game = game_view(
        [{"out": "Ann", "hands": {"Bob": 10, "Cy": 20, "Dee": 5}}],
        variant="thirteen",
        players=["Ann", "Bob", "Cy", "Dee"],
        options={"auto_press": True},
    )
    sheet = game_sheet(game, view_url=VIEW_URL)
    adjustment = game.state.deals[0].adjustment
    cy = sheet.rows[0].cells[sheet.players.index("Cy")]
    assert adjustment["Cy"] > 0  # Cy leads after deal 1 and is raised
    assert cy.note == f"incl. {adjustment['Cy']} Auto-Press"
    assert [lead.head for lead in sheet.leads] == ["Press"] and sheet.show_multiplier
    assert sheet.status == (
        "In progress after deal 1; deal 2 is dealt by Bob, 2 wild, the Press is on"
    )


def test_oklahoma_gin_shows_the_upcard_and_the_doubled_spade_deal():
    game = game_view(
        [
            {"knocker": "Ann", "hands": {"Ann": 3, "Bob": 20}, "upcard": "7S"},
            {"knocker": "Bob", "hands": {"Bob": 0, "Ann": 9}, "upcard": "QH"},
        ],
        preset="Oklahoma Gin",
        players=["Ann", "Bob"],
    )
    sheet = game_sheet(game, view_url=VIEW_URL)
    first, second = sheet.rows
    assert (first.out, first.note, first.multiplier) == (
        "Ann",
        "knock with 3; upcard 7♠",
        f"{TIMES}2",
    )
    assert (second.out, second.note, second.multiplier) == ("Bob", "gin; upcard Q♥", "")
    assert sheet.show_multiplier
    assert "Oklahoma: the upcard's value is the knock limit" in sheet.house_rules


def test_only_the_rules_that_differ_from_the_defaults_are_listed():
    plain = make_setup(variant="rummy", players=["A", "B"]).options
    assert words.house_rules("rummy", plain, 2) == ()
    setup = make_setup(
        variant="rummy", players=["A", "B", "C"], options={"target": 300, "ace_high": True}
    )
    assert words.house_rules("rummy", setup.options, 3) == (
        "Aces high or low in runs; an Ace counts 15 in hand",
        "Game to 300",
    )
    penalty = make_setup(
        preset="Penalty Rummy", players=["A", "B"]
    ).options  # target 100 by default
    assert words.house_rules("rummy", penalty, 2) == (
        "Penalty scoring: everyone scores their own hand; lowest total wins",
    )


def test_a_game_not_yet_started_prints_an_empty_grid():
    sheet = game_sheet(game_view(variant="acetoace", players=["A", "B"]), view_url=VIEW_URL)
    assert sheet.rows == ()
    assert sheet.status == "Not started yet"
    assert sheet.settlement is None


def test_a_dealer_choice_pad_leaves_the_wild_rank_to_be_written_in():
    pad = blank_pad(variant="thirteen", players=4, options={"wild_sequence": "dealer_choice"})
    assert [row.wild for row in pad.rows] == [""] * 13
    assert pad.show_wild


def test_card_values_follow_the_options():
    beanie = card_values(make_setup(preset="Beanie", players=["A", "B"]))
    assert [(v.card, v.value) for v in beanie] == [
        *((rank, 5) for rank in ["A", "2", "3", "4", "5", "6", "7", "8"]),
        *((rank, 10) for rank in ["9", "10", "J", "Q", "K"]),
        ("wild", 25),
    ]
    queen = card_values(
        make_setup(variant="rummy5000", players=["A", "B", "C"], options={"queen_of_spades": 45})
    )
    assert ("Q♠", 45) in [(v.card, v.value) for v in queen]


def test_money_is_formatted_in_the_games_currency_and_the_locale():
    assert words.money(265, "USD", "en_US", signed=True) == "+$2.65"
    assert words.money(-190, "EUR", "de_DE") == "\u22121,90\xa0€"  # a true minus sign
    assert words.money(5, "GBP", "en_GB") == "£0.05"


def test_the_view_models_use_neither_flask_nor_the_database_nor_weasyprint():
    folder = Path(printing.__file__).parent
    for module in ("sheet", "pad", "words", "layout", "errors"):
        tree = ast.parse((folder / f"{module}.py").read_text())
        imported = {
            name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for name in (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [alias.name for alias in node.names]
            )
        }
        assert not imported & {"flask", "sqlalchemy", "weasyprint", "jinja2"}, module
