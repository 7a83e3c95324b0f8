"""The finished sheet's score chart: each player's running total over the deals, drawn
in black with a line style and a marker per player (it reads in greyscale), a legend
with every name, and the sheet still on its pages: read back with pypdf and pdftoppm."""

from __future__ import annotations

from itertools import pairwise

import pytest

from scorekeeper.chart import running_totals_chart
from scorekeeper.printing import game_sheet_pdf, night_sheets_pdf
from scorekeeper.printing.seats import seat_tags
from scorekeeper.scoring import derive, make_setup
from tests.printing.cases import LONG_NAMES, played
from tests.printing.support import (
    PAPERS,
    VIEW_URL,
    WordPage,
    figures,
    flat,
    game_view,
    overprinted,
    pages,
    papers_by_turns,
    picture,
    word_boxes,
)
from tests.tiers import SLOW


def finished_500_rum_of_51_deals():
    """8 players with long names; the first reaches 500 on the 51st deal."""
    setup = make_setup(players=LONG_NAMES, preset="500 Rum")
    entries = []
    for number in range(1, 60):
        out = LONG_NAMES[number % 8]
        melds = {name: 10 for name in LONG_NAMES} | {LONG_NAMES[0]: 5 if number == 1 else 10}
        hands = {n: 5 * (1 + s % 2) if s else 0 for s, n in enumerate(LONG_NAMES) if n != out}
        entries.append({"out": out, "melds": melds, "hands": hands})
        if derive(setup, entries).finished:
            break
    return game_view(entries, players=LONG_NAMES, preset="500 Rum", stakes={"cents_per_point": 1})


# A4's 51 deals in the slow tier: tests/printing/test_fit.py prints them on A4 in the quick
# tier (unfinished, without the chart), this test on Letter.
@pytest.mark.parametrize("size", [pytest.param(PAPERS[0], marks=SLOW), PAPERS[1]])
def test_a_finished_51_deal_sheet_of_eight_ends_with_the_chart_and_its_legend(
    tmp_path, output_dir, size
):
    view = finished_500_rum_of_51_deals()
    assert len(view.state.deals) == 51 and view.state.finished
    pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size=size)
    picture(pdf, output_dir, f"sheet-chart-500-rum-51-deals-{size.lower()}")
    texts = [flat(text) for text in pages(pdf, tmp_path, "-raw")]
    for number, text in enumerate(texts, 1):  # every page still holds its grid
        assert " ".join(seat_tags(LONG_NAMES)) in text, f"no header row on page {number}"
    assert "Totals 505 " in texts[-1]
    last = texts[-1]
    assert "Settlement" in last
    assert "Running totals after each deal, from" in last
    legend = last[last.index("Running totals") :]
    for name in LONG_NAMES:
        assert name in legend, name


def test_the_chart_draws_each_players_line_from_the_running_totals(tmp_path):
    view = played(13, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"], stakes={})
    assert view.state.finished
    sheet_pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size="A4")
    text = flat(" ".join(pages(sheet_pdf, tmp_path, "-raw")))
    totals = [t for row in view.state.running_totals for t in row.values()]
    low, high = min(0, *totals), max(0, *totals)
    assert f"Running totals after each deal, from {low} to {high}" in text
    for name in ["Ann", "Bob", "Cy"]:
        assert name in text[text.index("Running totals") :]


def test_an_unfinished_sheet_has_no_chart_but_room_to_write(tmp_path):
    view = played(5, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"], stakes={})
    assert not view.state.finished
    pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size="Letter")
    assert "Running totals" not in " ".join(pages(pdf, tmp_path, "-raw"))


# The quick tier prints the tight sheet without stakes on A4 and with them on Letter; the
# slow tier the other two.
@pytest.mark.parametrize(
    ("stakes", "size"),
    papers_by_turns([(None,), ({"cents_per_point": 1},)], ids=["no-stakes", "stakes"]),
)
def test_a_tight_landscape_sheet_of_six_still_prints_its_chart(tmp_path, output_dir, size, stakes):
    """Five Crowns, 6 long names, 11 deals: the rows counted said no room, but the last
    page has 18 to 40 mm left; the chart is drawn as high as that, on the same page."""
    view = played(11, preset="Five Crowns", players=LONG_NAMES[:6], stakes=stakes)
    assert view.state.finished and len(view.state.deals) == 11
    pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size=size)
    picture(pdf, output_dir, f"sheet-chart-five-crowns-6-{size.lower()}-{bool(stakes)}")
    texts = pages(pdf, tmp_path, "-raw")
    assert len(texts) == 1
    text = flat(texts[0])
    assert "Running totals after each deal, from 0 to" in text
    legend = text[text.index("Running totals") :]
    for name in LONG_NAMES[:6]:
        assert name in legend, name
    alts = [str(figure.get("/Alt", "")) for figure in figures(pdf)]
    assert any(alt.startswith("Chart of each player's running total") for alt in alts), alts


def test_the_eight_lines_end_in_labels_printed_clear_of_each_other(tmp_path):
    view = finished_500_rum_of_51_deals()
    pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size="A4")
    last = word_boxes(pdf, tmp_path)[-1]
    tags = seat_tags(LONG_NAMES)
    # The labels: the tags below the legend's caption, at the chart's right edge.
    caption = max(word.bottom for word in last.words if word.text == "Running")
    right = max(word.right for word in last.words)
    labels = [
        word
        for word in last.words
        if word.text in tags and word.top > caption and word.right > right - 40
    ]
    assert sorted(word.text for word in labels) == sorted(tags)
    assert overprinted(WordPage(last.width, last.height, tuple(labels))) == []
    assert overprinted(last) == []


def test_two_players_with_the_same_totals_draw_two_lines():
    chart = running_totals_chart(
        {"Ann": [10, 20], "Bob": [10, 20], "Cy": [0, 5]},
        width=400,
        height=120,
        pad=12,
        labels={"Ann": "A", "Bob": "B", "Cy": "C"},
        label_size=12,
    )
    lines = dict(chart.lines)
    assert lines["Ann"] != lines["Bob"]
    baselines = sorted(end.y for end in chart.ends)
    assert all(b - a >= 12 for a, b in pairwise(baselines))


def test_a_nights_sheets_measure_the_room_for_each_chart_too(tmp_path):
    tight = played(11, preset="Five Crowns", players=LONG_NAMES[:6], stakes=None)
    short = played(13, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"], stakes={})
    pdf = night_sheets_pdf([(tight, VIEW_URL), (short, VIEW_URL)], title="Night 3", page_size="A4")
    texts = [flat(text) for text in pages(pdf, tmp_path, "-raw")]
    assert len(texts) == 2
    assert all("Running totals after each deal" in text for text in texts)
