"""Paper in every language: nothing printed over anything, nothing off the page.

Every preset's pad and its sheet of up to 14 deals, at the most players it seats, with
40-character accented names and stakes, in all six languages, on A4 and Letter: every
word's box is read back from the PDF (poppler's ``pdftotext -bbox``) and the test fails
on two words printed over each other, a word in the side margins or off the page (a
head or a total run out of the grid's last column) and a page 2 that holds no grid
(the card values or a warning spilled off a page of their own), a game that fits one
page printed on two (a pad split over sheets takes a page a sheet), a pad's head
broken inside a word, and a pad's writing box under 14 mm (tests/printing/
test_writing_boxes.py's measure, read from the very layout the pad's PDF is written
from: render.laid_out_pdf, so the box check costs no render of its own).

What it costs: 37 presets by 6 languages. Shanghai, the most words on paper, prints its
pad and sheet on both papers in every language (4 PDFs a test): in German (the longest
words) and Hindi (Devanagari) in the quick tier, in the other four in the slow tier
(``QUICK_LANGUAGES``). Every
other preset prints, in each language, its pad on one paper and its sheet on the other,
the two papers trading places from one language to the next and from one preset to the
next (``papers``): each preset prints pad and sheet on A4 and on Letter, and each language
every preset's pad and sheet, each kind on both papers across the presets (checked
below). What the pairs leave out, a preset's paper in one language that another language
has on the same paper, is a page's width or height against a language's words, which the
two papers' differing sizes already meet for that preset elsewhere; tests/printing/
test_fit.py prints every layout on both papers (its pad on one, its sheet on the other,
in CI). A pad takes about 0.2 s and a sheet 0.4 s on an idle core.

CI prints half of the pairs (``ci_kind``): in each language a preset's pad or its sheet,
so that each preset still prints pad and sheet in three languages each and on both papers,
and each language every kind on both papers across the presets (checked below). The other
half is the exhaustive tier's: a preset's pad in a language CI prints its sheet in, whose
words CI meets on that preset's pad in three other languages, and the same language's
words on other presets' pads (the matrix was 95 of the slow tier's 248 worker-seconds in
tests/printing; CI's half 51).

A text outside its cell but inside the page shows as two words over each other
when the next cell has words in it; the pads' empty cells are checked for width
by tests/printing/test_fit.py's matrix and by the 14 mm writing boxes test below.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from flask_babel import force_locale
from flask_babel import gettext as _

from scorekeeper import create_app
from scorekeeper.printing import (
    PackTable,
    blank_pad_html,
    blank_pad_pdf,
    game_sheet_pdf,
    print_pack_pdf,
)
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import laid_out_pdf, render_html
from scorekeeper.printing.seats import seat_tags
from scorekeeper.printing.words import and_list, house_rules
from scorekeeper.scoring import PRESETS
from scorekeeper.translate import preset_name
from tests.printing.cases import LONG_NAMES, played
from tests.printing.layouts import (
    PLAYER_COUNTS,
    game_of,
    layout_params,
    runs_on,
    seated,
    stakes_for,
)
from tests.printing.support import (
    LANGUAGES,
    LEAST_MM,
    PAPERS,
    VIEW_URL,
    WordPage,
    box_widths_mm,
    broken_heads,
    flat,
    outside_margins,
    overprinted,
    pages,
    word_boxes,
)
from tests.tiers import sampled

# No database here: the SQLite stage renders these once; the PostgreSQL stage
# would only render the same PDFs again.
pytestmark = pytest.mark.sqlite

SIGNS = ("\u2212",)  # a "+" stands alone in rules ("Gin: 25 + the difference")
LOCALES = {
    "en": "en_US",
    "fr": "fr_FR",
    "es": "es_ES",
    "pl": "pl_PL",
    "de": "de_DE",
    "hi": "hi_IN",
}


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory):
    """An app for its translations only (force_locale needs one); no database is used."""
    folder = tmp_path_factory.mktemp("paper")
    return create_app(
        {"TESTING": True, "SECRET_KEY": "paper", "DATABASE_URL": f"sqlite:///{folder}/unused"},
        instance_path=str(folder / "instance"),
    )


def pad_layout(what: str, document) -> list[str]:
    """A pad's writing boxes (its deal figures' and running totals') under 14 mm, and
    its heads broken inside a word, from its layout (a WeasyPrint Document)."""
    boxes = box_widths_mm(document, ("w", "t"))
    found = [f"{what}: a writing box {width:.1f} mm wide" for width in boxes if width < LEAST_MM]
    return found + [f"{what}: the head {head}" for head in broken_heads(document)]


def most_players(game: dict[str, str]) -> int:
    return max(count for count in PLAYER_COUNTS if seated(game, count))


def problems(
    what: str, pages: list[WordPage], *, runs_on_pages: bool, holds: set[str], sheets: int = 1
) -> list:
    """What is wrong with a PDF's pages. A page after the first must hold grid rows (a
    player's tag: the dealer column, the heads) or a sheet's settlement (a long game's
    blank rows can fill a page): not only the foot's card values or a warning. A pad
    whose players are split over ``sheets`` (a table each) takes a page a sheet."""
    found = []
    for number, page in enumerate(pages, 1):
        where = f"{what}, page {number}"
        found += [f"{where}: {one!r} over {other!r}" for one, other in overprinted(page)]
        found += [f"{where}: {word!r} outside the page's margins" for word in outside_margins(page)]
        # An amount broken between its sign and its currency leaves the sign alone.
        found += [f"{where}: an amount's sign alone" for w in page.words if w.text in SIGNS]
        if number > 1 and not any(words in f" {page.text} " for words in holds):
            found.append(f"{where} holds no grid, only: {page.text[:80]!r}")
    if len(pages) > sheets and not runs_on_pages:
        found.append(f"{what}: {len(pages)} pages, not {sheets}")
    return found


# Shanghai stands for the presets in the quick tier: the most words on its paper (ten
# contracts, four house rules); CI prints every preset in every language. German and
# Hindi stand for the languages there: German's words run longest, Hindi's script is the
# one other (Devanagari); English, French, Spanish and Polish are the slow tier's.
EVERY_PAPER = "Shanghai"
QUICK_LANGUAGES = ("de", "hi")


def papers(preset: str, language: str) -> dict[str, tuple[str, ...]]:
    """The papers a case prints its pad and its sheet on: both for Shanghai; else one
    each, A4 for the pad and Letter for the sheet or the other way round, by turns."""
    if preset == EVERY_PAPER:
        return {"pad": PAPERS, "sheet": PAPERS}
    turn = (list(PRESETS).index(preset) + LANGUAGES.index(language)) % 2
    return {"pad": (PAPERS[turn],), "sheet": (PAPERS[1 - turn],)}


KINDS = ("pad", "sheet")


def ci_kind(preset: str, language: str) -> str:
    """The kind CI prints of a case (the other is the exhaustive tier's): the pad in three
    languages running and the sheet in the other three, a language later from one preset
    to the next. With ``papers`` trading places by turns, each preset prints pad and sheet
    on both papers, and each language each kind on both papers across the presets."""
    turn = (list(PRESETS).index(preset) + LANGUAGES.index(language)) % 6
    return KINDS[turn >= 3]


def printed_pdfs(ci_only: bool = False) -> set[tuple[str, str, str, str]]:
    """(preset, language, kind, paper) for each PDF the matrix prints (CI's part only)."""
    return {
        (preset, language, kind, paper)
        for preset in PRESETS
        for language in LANGUAGES
        for kind, sizes in papers(preset, language).items()
        if not ci_only or preset == EVERY_PAPER or kind == ci_kind(preset, language)
        for paper in sizes
    }


def test_the_pairs_print_each_kind_on_both_papers_for_every_preset_and_every_language():
    for ci_only in (False, True):
        assert_covering(printed_pdfs(ci_only), ci_only)


def assert_covering(prints: set[tuple[str, str, str, str]], ci_only: bool) -> None:
    for kind in KINDS:
        for paper in PAPERS:
            assert {p for p, _, k, size in prints if (k, size) == (kind, paper)} == set(PRESETS)
            for language in LANGUAGES:
                on_it = {
                    p for p, lang, k, size in prints if (lang, k, size) == (language, kind, paper)
                }
                # All: about half the presets each; CI: about a sixth (a sixth of 36 is 6).
                assert len(on_it) >= len(PRESETS) // (6 if ci_only else 2), (language, kind, paper)
    for preset in PRESETS:
        for kind in KINDS:
            languages = {lang for p, lang, k, _ in prints if (p, k) == (preset, kind)}
            assert len(languages) >= (3 if ci_only else len(LANGUAGES)), (preset, kind)
    assert {(p, lang) for p, lang, _, _ in prints} == {
        (p, lang) for p in PRESETS for lang in LANGUAGES
    }


def cases() -> list:
    """(preset, language, kinds): Shanghai's both kinds a test (the quick tier in
    ``QUICK_LANGUAGES``, the slow tier in the others); every other preset's a test a
    kind, the one ``ci_kind`` names in CI, the other exhaustive."""
    shanghai = [(EVERY_PAPER, language, KINDS) for language in LANGUAGES]
    quick = [case for case in shanghai if case[1] in QUICK_LANGUAGES]
    rest = [
        (preset, language, (kind,))
        for preset in PRESETS
        if preset != EVERY_PAPER
        for language in LANGUAGES
        for kind in KINDS
    ]
    return sampled(
        [*shanghai, *rest],
        quick=quick,
        ci=[*shanghai, *(case for case in rest if case[2] == (ci_kind(*case[:2]),))],
        ids=lambda case: "-".join(case[:2] if len(case[2]) > 1 else (*case[:2], *case[2])),
    )


@pytest.mark.parametrize("case", cases())
def test_every_pad_and_sheet_prints_nothing_over_anything_in_every_language(
    catalogs, tmp_path, case
):
    preset, language, kinds = case
    game = game_of(preset)
    players = most_players(game)
    names = LONG_NAMES[:players]
    stakes = stakes_for(game, players)
    view = played(14, players=names, stakes=stakes, **game)
    locale = LOCALES[language]
    on = papers(preset, language)
    found = []
    with catalogs.app_context():
        with force_locale(locale):
            holds = {*(f" {tag} " for tag in seat_tags(names)), _("Settlement")}
        printed = []
        for size in on["pad"] if "pad" in kinds else ():
            how = {"players": players, "names": names, "page_size": size, "stakes": stakes}
            with force_locale(locale):
                model = blank_pad(locale=locale, **how, **game)
            # The pad's PDF and the layout it is written from: its boxes measured there.
            document, pad = laid_out_pdf(blank_pad_html(locale=locale, **how, **game))
            found += pad_layout(f"pad {size}", document)
            printed.append((f"pad {size}", pad, len(model.groups)))
        for size in on["sheet"] if "sheet" in kinds else ():
            sheet = game_sheet_pdf(view, view_url=VIEW_URL, page_size=size, locale=locale)
            printed.append((f"sheet {size}", sheet, 1))
    for what, pdf, sheets in printed:
        found += problems(
            what,
            word_boxes(pdf, tmp_path),
            runs_on_pages=runs_on(game, players),
            holds=holds,
            sheets=sheets,
        )
    assert not found, "\n".join(found)


PRINTED_AS = {
    "fr": ("Ishaan, Jaya et Kabir", ["Rami indien", "Formule : Pool rummy", "gardé en main : 300"]),
    "hi": ("Ishaan, Jaya, और Kabir", []),  # CLDR: Hindi keeps the serial comma
}


@pytest.mark.parametrize("language", sorted(PRINTED_AS))
def test_game_option_and_list_names_are_printed_in_the_readers_language(
    catalogs, tmp_path, language
):
    joined, said = PRINTED_AS[language]
    locale = LOCALES[language]
    with catalogs.app_context(), force_locale(locale):
        assert and_list(["Ishaan", "Jaya", "Kabir"]) == joined
        rules = house_rules("kalooki", {"rejoin": False}, 4)
        assert rules == (_("%(option)s: %(value)s", option=_("Buying back in"), value=_("no")),)
        pool = blank_pad_pdf(preset="Pool Rummy 201", players=4, locale=locale)
        held = blank_pad_pdf(
            preset="Hand and Foot", players=2, options={"red_three_held": 300}, locale=locale
        )
        pack = print_pack_pdf(
            [PackTable("T1", ["Ann", "Bob"], preset="Oklahoma Gin")],
            title="Week 6",
            day=date(2024, 11, 14),
            locale=locale,
        )
        oklahoma = preset_name("Oklahoma Gin")
    assert oklahoma != "Oklahoma Gin" or language == "hi"
    text = " ".join(page.text for pdf in (pool, held, pack) for page in word_boxes(pdf, tmp_path))
    for raw in ("pool limit", "format:", "red three held"):
        assert raw not in text
    for words in said:
        assert words in text
    assert f"Week 6, {oklahoma}" in text


# Words each pad prints whole (a cell or a line of their own), in every language.
PAD_WORDS = ("Winner:", "Initials:", "Settlement", "who pays whom", "Card", "Counts")
AS_WRITTEN = ["विजेता सिंह", "Zoë Ångström", "Łukasz Dœrflinger", "Ñúñez Ørsted"]


@pytest.mark.parametrize("language", sampled(LANGUAGES, quick=QUICK_LANGUAGES))
def test_text_read_from_the_pdf_is_the_words_as_written(catalogs, tmp_path, language):
    """Copying, searching and reading aloud get the words as written: Hindi's vowel
    signs too (the text is drawn with its /ActualText: printing/engine.py). German and
    Hindi in the quick tier (every language prints the accented names), the rest slow."""
    locale = LOCALES[language]
    with catalogs.app_context(), force_locale(locale):
        expected = [_(words) for words in PAD_WORDS]
        expected.append(_("%(game)s score pad", game=preset_name("500 Rum")))
        pad = blank_pad_pdf(preset="500 Rum", players=4, names=AS_WRITTEN, locale=locale)
    text = " ".join(flat(page) for page in pages(pad, tmp_path, "-raw"))
    for words in [*expected, *AS_WRITTEN]:
        assert words in text
    # What a glyph-by-glyph map made of ि: letters from the IPA block.
    assert not re.search("[\u0250-\u02af]", text)


def test_a_pads_page_numbers_are_in_the_language_it_is_asked_in(catalogs, tmp_path):
    # Asked in Polish from an English caller: every word on it Polish, the foot's too.
    with catalogs.app_context():
        pad = blank_pad_pdf(preset="500 Rum", players=4, locale="pl_PL")
    [page] = pages(pad, tmp_path, "-raw")
    assert "strona 1 z 1" in page
    assert "page 1 of 1" not in page


def test_an_address_beside_its_qr_code_breaks_only_into_even_pieces():
    from scorekeeper.printing.render import BREAK, URL_PIECE, short_url

    printed = short_url(f"{VIEW_URL}/edit/{'k' * 43}")
    # Zero-width spaces, what WeasyPrint prints for a <wbr>, without an element's box.
    assert "<wbr>" not in printed
    pieces = [piece for part in printed.split(BREAK) for piece in [part] if piece]
    assert "".join(pieces) == f"scores.example/games/{VIEW_URL[-22:]}/edit/{'k' * 43}"
    assert all(len(piece) <= URL_PIECE for piece in pieces)
    assert min(len(piece) for piece in pieces) >= 5  # never a last letter alone


@pytest.mark.parametrize(("game", "players"), layout_params())
def test_every_running_total_box_on_a_pad_takes_five_handwritten_digits(game, players):
    """At least 14 mm (five digits of about 2.5 mm and room either side), on the
    narrower paper of the pad's orientation (A4 portrait, Letter landscape)."""
    pad = blank_pad(players=players, names=LONG_NAMES[:players], **game)
    if pad.page.orientation == "landscape":
        pad = blank_pad(players=players, names=LONG_NAMES[:players], page_size="Letter", **game)
    if "total" not in pad.columns or pad.side_rows:
        return  # gin's and a partnership's totals are rows as wide as a player's columns
    widths = box_widths_mm(render_html("pad.html", pads=[pad], pack=None, about=None), "t")
    assert widths and min(widths) >= 14 - 0.05, f"{min(widths):.1f} mm"


def test_a_packs_standings_code_prints_its_address_and_its_slips_their_own_footer(tmp_path):
    tables = [PackTable(f"Table {number}", ["Ann", "Bob"], variant="gin") for number in (1, 12)]
    pack = print_pack_pdf(
        tables,
        title="Week 6",
        day=date(2024, 11, 14),
        public_url="https://scores.example/leagues/l1",
    )
    texts = pages(pack, tmp_path)
    assert "scores.example/leagues/l1" in texts[0]
    footer = texts[-1].strip().splitlines()[-1]
    assert footer.split() == ["Result", "slips", "page", "5", "of", "5"]


@pytest.mark.parametrize("preset", ["Hand and Foot", "Oklahoma Gin"])
def test_a_letter_pack_of_links_phones_cannot_open_warns_once_and_each_pad_keeps_one_page(
    tmp_path, preset
):
    players = 2
    tables = [
        PackTable(
            f"Table {number}",
            LONG_NAMES[number : number + players],
            preset=preset,
            edit_url=f"http://127.0.0.1:5000/games/g{number}/edit/t{number}",
            stakes={"cents_per_point": 1},
        )
        for number in (1, 2, 3)
    ]
    pack = print_pack_pdf(tables, title="Week 6", day=date(2024, 11, 14), page_size="Letter")
    texts = [flat(text) for text in pages(pack, tmp_path)]
    # The seating list and its index, a page a table's pad, the result slips.
    assert len(texts) == 2 + 3 + 1, [text[:60] for text in texts]
    warned = [number for number, text in enumerate(texts) if "PUBLIC_BASE_URL" in text]
    assert warned == [0]


def test_the_pad_the_matrix_measures_is_the_pad_printed():
    """The matrix reads a pad's boxes from render.laid_out_pdf's layout and checks the
    PDF written from it: that PDF is blank_pad_pdf's, byte for byte."""
    how = {"preset": "Shanghai", "players": 8, "names": LONG_NAMES[:8], "page_size": "Letter"}
    _, measured = laid_out_pdf(blank_pad_html(locale="de_DE", **how))
    assert measured == blank_pad_pdf(locale="de_DE", **how)
