"""Sheets and pads fit the page at real-world sizes, and names never break.

Every layout a pad or sheet takes (tests/printing/layouts.py: each game's widest table in
each orientation; games laid out alike share a case, checked below), 40-character
accented names, A4 and Letter: a blank pad and a sheet of up to 14 deals take one page;
a long game runs over pages that each carry the title, the header row and the running
totals; no word of a name is broken at a line's end.

CI prints each layout's pad on one paper and its sheet on the other, the papers taking
turns (layouts.ci_paper), so that each layout meets both papers and each shape of layout
(portrait, landscape, split over sheets) meets both as a pad and as a sheet (checked
below); the quick tier's layouts print both on both in CI. The quick tier prints each
of them on one paper a kind, its pad on A4 and its sheet on Letter or the other way
round by turns (layouts.quick_paper), so that each shape still meets both papers as a pad
and as a sheet there; its other paper is the slow tier's. A layout's pad on the paper CI
prints its sheet on, and the other way round, is the exhaustive tier's: the paper's two
limits (A4 the narrower, Letter the shorter) are met by that layout's other kind and by
the other layouts of its shape.
"""

from __future__ import annotations

import re
from datetime import date
from itertools import pairwise

import pytest

from scorekeeper.printing import (
    PackTable,
    PrintError,
    blank_pad_pdf,
    game_sheet_pdf,
    print_pack_pdf,
)
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.pad_layout import TARGET_ROWS, two_up_most
from scorekeeper.printing.seats import seat_tags
from scorekeeper.scoring import PRESETS, VARIANTS, make_setup
from tests.printing.cases import LONG_NAMES, ORDINARY_NAMES, SHORT_NAMES, played
from tests.printing.layouts import (
    ALL_GAMES,
    DERIVED,
    LAYOUTS,
    PLAYER_COUNTS,
    QUICK_LAYOUTS,
    SAME_AS,
    ci_paper,
    game_of,
    layout_paper_params,
    pad_markup,
    quick_paper,
    runs_on,
    seated,
    stakes_for,
    widest_tables,
)
from tests.printing.support import PAPERS, VIEW_URL, assert_paper, flat, pages, picture
from tests.tiers import EXHAUSTIVE, SLOW

# No database here: the SQLite stage renders these once; the PostgreSQL stage
# would only render the same PDFs again.
pytestmark = pytest.mark.sqlite

KINDS = ("pad", "sheet")


def test_every_game_has_its_layouts_in_the_matrix():
    cases: dict[str, set[int]] = {}
    for name, players, _ in LAYOUTS:
        cases.setdefault(name, set()).add(players)
    assert set(ALL_GAMES) == set(cases) | set(SAME_AS)
    derived = {name for name, *_ in DERIVED}
    for name, counts in cases.items():
        if name not in derived:  # a game derived from the registry has its largest only
            assert counts == widest_tables(game_of(name)), f"{name}: its widest tables"


def shape(game: dict[str, str], players: int) -> tuple[str, bool]:
    """A layout's shape: its pad's orientation, and whether its players are split over
    sheets (on A4)."""
    pad = blank_pad(players=players, names=LONG_NAMES[:players], **game)
    return pad.page.orientation, len(pad.groups) > 1


@SLOW  # a check of CI's part and of the quick tier's
def test_ci_prints_each_layout_on_both_papers_and_each_shape_of_each_kind_on_both():
    """CI prints a layout's pad on one paper and its sheet on the other (the exhaustive
    tier both on both): each shape of layout still meets both papers as a pad and as a
    sheet, the quick tier's layouts (on both papers in CI) left aside. The quick tier
    prints its layouts on one paper a kind: each orientation of each kind meets both."""
    met: dict[tuple[str, tuple[str, bool]], set[str]] = {}
    quick: dict[tuple[str, str], set[str]] = {}
    for name, players, guards in LAYOUTS:
        assert ci_paper(guards, "pad") != ci_paper(guards, "sheet"), guards
        for kind in KINDS:
            if guards in QUICK_LAYOUTS:
                quick.setdefault((kind, shape(game_of(name), players)[0]), set()).add(
                    quick_paper(guards, kind)
                )
            else:
                met.setdefault((kind, shape(game_of(name), players)), set()).add(
                    ci_paper(guards, kind)
                )
    assert {key: papers for key, papers in met.items() if papers != set(PAPERS)} == {}
    shapes = {("portrait", False), ("landscape", False), ("landscape", True)}
    assert {key[1] for key in met} == shapes
    assert {key: papers for key, papers in quick.items() if papers != set(PAPERS)} == {}
    assert {key[1] for key in quick} == {"portrait", "landscape"}


@pytest.mark.parametrize("name", sorted(SAME_AS))
def test_a_game_in_no_case_is_laid_out_as_the_one_standing_for_it(name):
    game, stand_in = game_of(name), game_of(SAME_AS[name])
    for players in PLAYER_COUNTS:
        if seated(game, players):
            assert pad_markup(game, players) == pad_markup(stand_in, players), players


def prints_two_up(game: dict[str, str]) -> bool:
    """Whether the game's pad may print two to a page (its family does not refuse it)."""
    variant = VARIANTS[PRESETS[game["preset"]].variant if "preset" in game else game["variant"]]
    players = SHORT_NAMES[: max(2, variant.min_players)]
    return variant.pad_paper(make_setup(players=players, **game).options).whole_page is None


def name_pieces(names) -> set[str]:
    """The pieces a name may wrap between: words, and the parts of a hyphenated word."""
    return {piece for name in names for piece in re.split(r"(?<=-)|\s+", name) if piece}


def assert_no_name_broken(pdf: bytes, tmp_path, names) -> None:
    """No two neighbouring pieces of text join into one piece of a name: a word split
    over two lines (or two cells) would."""
    pieces = name_pieces(names)
    for number, text in enumerate(pages(pdf, tmp_path, "-raw"), 1):
        tokens = text.split()
        for left, right in pairwise(tokens):
            assert left + right not in pieces, f"{left!r}/{right!r} broken on page {number}"


@pytest.mark.parametrize(("game", "players", "size"), layout_paper_params("pad"))
def test_a_blank_pad_with_long_names_fits_one_page(tmp_path, game, players, size):
    names = LONG_NAMES[:players]
    pdf = blank_pad_pdf(players=players, names=names, page_size=size, **game)
    texts = pages(pdf, tmp_path)
    # No old family has more deals than a landscape page holds (12): a longer game
    # (18 holes of Golf) for more than 5 players runs on to a second page. Players
    # too many for one page's width are split over sheets: a page each.
    sheets = len(blank_pad(players=players, names=names, page_size=size, **game).groups)
    assert len(texts) == sheets or runs_on(game, players), f"{len(texts)} pages"
    assert_no_name_broken(pdf, tmp_path, names)
    for name in names:
        assert name in flat(texts[0]).replace("- ", "-")  # the legend: every full name


@pytest.mark.parametrize(("game", "players", "size"), layout_paper_params("sheet"))
def test_a_sheet_of_up_to_14_deals_with_long_names_and_stakes_fits_one_page(
    tmp_path, game, players, size
):
    names = LONG_NAMES[:players]
    view = played(14, players=names, stakes=stakes_for(game, players), **game)
    pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size=size)
    texts = pages(pdf, tmp_path)
    assert len(texts) == 1 or runs_on(game, players), f"{len(texts)} pages"
    assert_no_name_broken(pdf, tmp_path, names)
    assert "Settlement" in texts[-1]


# The quick tier prints the two widest tables, 6 players with short names and 8 with
# ordinary ones (the narrowest columns with the longer names); the slow tier every table
# with both kinds (2 and 4 players fit with room to spare).
NAMED = {"short": SHORT_NAMES, "ordinary": ORDINARY_NAMES * 2}
NAMED_TABLES = [
    pytest.param(
        NAMED[kind],
        players,
        id=f"{players}-{kind}",
        marks=() if players >= 6 and list(NAMED).index(kind) == turn % 2 else SLOW,
    )
    for turn, players in enumerate([2, 4, 6, 8])
    for kind in NAMED
]


@pytest.mark.parametrize(("names", "players"), NAMED_TABLES)
def test_sheets_of_ordinary_names_fit_one_page_and_keep_their_words(tmp_path, names, players):
    names = [f"{name} {seat}" if seat >= 4 else name for seat, name in enumerate(names)]
    view = played(13, preset="Crazy Gin (13 deals)", players=names[:players], stakes={})
    for size in PAPERS:
        pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size=size)
        assert len(pages(pdf, tmp_path)) == 1
        assert_no_name_broken(pdf, tmp_path, names[:players])


# Letter's 51 deals in the slow tier: tests/printing/test_sheet_chart.py prints them on
# Letter in the quick tier, this test on A4.
@pytest.mark.parametrize("size", [PAPERS[0], pytest.param(PAPERS[1], marks=SLOW)])
def test_a_51_deal_game_of_eight_repeats_title_header_and_totals_on_every_page(
    tmp_path, output_dir, size
):
    view = played(51, preset="500 Rum", players=LONG_NAMES, stakes={"cents_per_point": 1})
    state = view.state
    assert len(state.deals) == 51
    pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size=size)
    picture(pdf, output_dir, f"sheet-500-rum-51-deals-8-long-names-{size.lower()}")
    assert_paper(pdf, tmp_path, size, "landscape")
    texts = [flat(text) for text in pages(pdf, tmp_path, "-raw")]
    assert len(texts) > 1
    tags = seat_tags(LONG_NAMES)
    first_rows = []
    for number, text in enumerate(texts, 1):
        assert "500 Rum game" in text, f"no title on page {number}"
        assert " ".join(tags) in text, f"no header row on page {number}"
        rows = [
            int(row)
            for row in re.findall(r"(?:^| )(\d+) (?:ZÅB|MFÉ|CAP|BÑJ|ÉSF|SKÅ|AMÇ|JBØ) ", text)
        ]
        assert rows, f"page {number} holds no deal"
        first_rows.append(min(rows))
        if number > 1:
            before = first_rows[-1] - 1
            carried = " ".join(str(state.running_totals[before - 1][p]) for p in LONG_NAMES)
            assert f"Brought forward from deal {before} {carried}" in text
        if number < len(texts):
            assert "Carried forward after deal" in text
    final = " ".join(str(state.totals[p]) for p in LONG_NAMES)
    assert f"Totals so far {final}" in texts[-1]  # unfinished: blank rows to carry on
    assert "Settlement" in texts[-1]


def test_the_cases_that_broke_now_fit(tmp_path, output_dir):
    """The issue's examples: each on as few pages as it needs, no page without its grid."""
    for size in PAPERS:
        pad = blank_pad_pdf(preset="Rummy", players=4, names=ORDINARY_NAMES, page_size=size)
        assert len(pages(pad, tmp_path)) == 1
        assert_no_name_broken(pad, tmp_path, ORDINARY_NAMES)
        hollywood = blank_pad_pdf(
            preset="Hollywood Gin", players=2, orientation="landscape", page_size=size
        )
        [text] = pages(hollywood, tmp_path)
        assert all(row in text for row in ("Shutout", "Final", "Margin", "Card"))
    picture(pad, output_dir, "pad-rummy-ordinary-names-letter")
    picture(hollywood, output_dir, "pad-hollywood-landscape-letter")

    ace = played(14, preset="Ace to Ace", players=["Christopher", "Bartholomew"])
    sheet = game_sheet_pdf(ace, view_url=VIEW_URL, page_size="Letter")
    picture(sheet, output_dir, "sheet-acetoace-14-deals-letter")
    [text] = pages(sheet, tmp_path)
    assert "Winner:" in text and "14" in text

    rummy5000 = played(14, preset="5000 Rummy", players=LONG_NAMES, stakes={"cents_per_point": 1})
    sheet = game_sheet_pdf(rummy5000, view_url=VIEW_URL, page_size="Letter")
    picture(sheet, output_dir, "sheet-5000-rummy-8-long-names-letter")
    [text] = pages(sheet, tmp_path)
    assert "Settlement" in text and "Fewest transfers" in text

    tables = [
        PackTable(f"Table {number}", (LONG_NAMES * 2)[number : number + 6], preset="500 Rum")
        for number in range(1, 4)
    ]
    pack = print_pack_pdf(tables, title="Week 6", day=date(2024, 11, 14), page_size="Letter")
    picture(pack, output_dir, "pack-500-rum-six-a-table-letter")
    texts = pages(pack, tmp_path)
    pads = [text for text in texts if re.search(r"Table \d: Week 6", text)]
    assert len(pads) == 3  # a table's first sheet
    # Six players' three 14 mm boxes each: two landscape sheets a table, its foot last.
    seconds = [text for text in texts if "sheet 2 of 2." in " ".join(text.split())]
    assert len(seconds) == 3
    last_row = TARGET_ROWS["landscape"]
    for text in pads + seconds:
        assert re.search(rf"^\s*{last_row}\s", text, re.M)  # every deal on each sheet
    assert all("Card" in text for text in seconds)


# Two to a page in the quick tier (tests/tiers.py): the widest card values on A4, the most
# words on Letter (CI both on both papers). CI prints every other game's on one paper, A4
# and Letter by turns (the exhaustive tier on the other too): that each game's widest
# two-up table keeps its halves on one page and its boxes 14 mm on both papers is
# tests/printing/test_two_up.py's, for every preset; what this adds is the names' words
# and the paper's size, read back.
TWO_UP_QUICK = {"5000 Rummy": "A4", "Shanghai": "Letter"}
TWO_UP_GAMES = [
    (game, players)
    for game in (game_of(name) for name in dict.fromkeys(name for name, _, _ in LAYOUTS))
    if prints_two_up(game)  # a partnership pad and a golf card take a whole page
    # The widest table two to a page takes on both papers (measured: pad_layout).
    for players in [two_up_most(**game, page_size="Letter")]
    if players
]
TWO_UP = [
    pytest.param(
        game,
        players,
        size,
        id=f"{next(iter(game.values()))}-{players}-{size}",
        marks=()
        if TWO_UP_QUICK.get(next(iter(game.values()))) == size
        else SLOW
        if next(iter(game.values())) in TWO_UP_QUICK
        else SLOW
        if size == PAPERS[turn % 2]
        else EXHAUSTIVE,
    )
    for turn, (game, players) in enumerate(TWO_UP_GAMES)
    for size in PAPERS
]


@pytest.mark.parametrize("game", [{"preset": "Canasta"}, {"variant": "handfoot"}])
def test_a_partnership_pad_is_not_printed_two_to_a_page(game):
    with pytest.raises(PrintError) as refused:
        blank_pad_pdf(players=2, names=["Us", "Them"], two_up=True, **game)
    assert refused.value.errors == {
        "two_up": "a partnership pad (Canasta, Hand and Foot) takes a whole page"
    }


@pytest.mark.parametrize(("game", "players", "size"), TWO_UP)
def test_two_pads_with_long_names_fit_one_page(tmp_path, game, players, size):
    names = LONG_NAMES[:players]
    pdf = blank_pad_pdf(players=players, names=names, page_size=size, two_up=True, **game)
    sheet = blank_pad(players=players, page_size=size, two_up=True, **game).page.orientation
    assert_paper(pdf, tmp_path, size, sheet)  # side by side on landscape, else stacked
    [text] = pages(pdf, tmp_path)
    assert flat(text).count("Totals / Final") == 2 or flat(text).count("Final") >= 2
    assert_no_name_broken(pdf, tmp_path, names)
