"""Count the taps and keys a deal costs on a phone, beside the least its form allows.

Plays a few deals of each game through the pages in real Chromium at a phone
viewport (the browser tests' phone: tests/browser/phone.py counts every tap and
keystroke), as a player who knows the form would: tap who went out, type each
number where the focus lands and press Enter ("next") to walk on, tap each mark,
tap Save. Each game starts from the service layer; its deals are then entered on
the page, and what was stored is checked against the entries meant.

The minimum is read from the variant's declared entry fields and the deal's entry
(``minimum``): 1 tap to save; 1 tap for who went out (or nobody), where the form
asks; the digits of every number the entry gives as keys (a player the game
needs no number from is left empty) (Enter between two numbers
is not counted: a form could move on by itself); 1 tap on ± per negative number (a
phone's number pad has no minus); where nothing is tapped first (Golf, the free pad),
1 tap to put the focus on the first number; 1 tap per flag that is true, per player
ticked in a players field (whoever went out is ticked by the form where the field
includes them), and per side whose pozzetto-like yes/no is "no" (every side starts
at "yes"). A field of ranks (Golf's grid) is a helper, not needed: the minimum types
the score; a deal entered with the helper (a tap to open it, one per card, one to use
its sum) is counted apart, as the browser tests count the card counter's deals.

    python bench/bench_taps.py            # a table
    python bench/bench_taps.py --json     # the figures as JSON
    python bench/bench_taps.py --quick    # two deals a game
"""

from __future__ import annotations

import argparse
import json
import logging
import secrets
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from bench.measured import figure, floor  # noqa: E402
from bench.run_all import machine  # noqa: E402
from scorekeeper import create_app, scoring  # noqa: E402
from scorekeeper.db import Database, upgrade_schema  # noqa: E402
from scorekeeper.scoring.kinds import POINT_FIELDS  # noqa: E402
from scorekeeper.service_layer import services  # noqa: E402
from scorekeeper.service_layer.unit_of_work import UnitOfWork  # noqa: E402
from tests.browser.phone import CHROMIUM, CHROMIUM_ARGS, PHONE, Phone, serving  # noqa: E402
from tests.browser.support import SAVE  # noqa: E402

P4 = ["Ann", "Bob", "Cy", "Dee"]
# (label, how the game starts, players, its deals' entries: each as the page should store it)
GAMES = [
    (
        "Rummikub",
        {"variant": "rummikub"},
        P4,
        [
            {"out": "Ann", "racks": {"Bob": 5, "Cy": 16, "Dee": 3}},
            {"out": None, "racks": {"Ann": 7, "Bob": 7, "Cy": 20, "Dee": 10}},
            {"out": "Dee", "racks": {"Ann": 32, "Bob": 13, "Cy": 2}},
        ],
    ),
    (
        "Contract Rummy",
        {"variant": "contract"},
        P4,
        [
            {"out": "Bob", "hands": {"Ann": 35, "Cy": 60, "Dee": 5}},
            {"out": "Cy", "hands": {"Ann": 20, "Bob": 45, "Dee": 110}, "one_turn": True},
            {"out": "Ann", "hands": {"Bob": 15, "Cy": 25, "Dee": 40}},
        ],
    ),
    (
        "3-13",
        {"variant": "threethirteen"},
        P4,
        [
            {"out": "Dee", "hands": {"Ann": 12, "Bob": 3, "Cy": 25}},
            {"out": "Ann", "hands": {"Bob": 8, "Cy": 14, "Dee": 30}},
            {"out": "Bob", "hands": {"Ann": 9, "Cy": 2, "Dee": 17}},
        ],
    ),
    (
        "Golf",
        {"variant": "golf"},
        P4,
        [
            {"scores": {"Ann": 12, "Bob": 4, "Cy": -2, "Dee": 20}},
            # Ann's six cards on the grid helper, which scores them (24).
            {
                "scores": {"Ann": 24, "Bob": 15, "Cy": 3, "Dee": 9},
                "grids": {"Ann": ["K", "5", "7", "K", "3", "9"]},
            },
            {"scores": {"Ann": 1, "Bob": -4, "Cy": 18, "Dee": 6}},
        ],
    ),
    (
        "Kalooki",
        {"variant": "kalooki"},
        P4,
        [
            {"out": "Ann", "hands": {"Bob": 30, "Cy": 12, "Dee": 45}, "not_opened": ["Dee"]},
            {"out": "Cy", "hands": {"Ann": 10, "Bob": 5, "Dee": 22}},
            {"out": "Bob", "hands": {"Ann": 40, "Cy": 18, "Dee": 7}, "one_turn": True},
        ],
    ),
    (
        "Burraco",
        {"variant": "burraco"},
        ["NS", "EW"],
        [
            {
                "out": "NS",
                "melded": {"NS": 560, "EW": 245},
                "hand": {"NS": 15, "EW": 85},
                "clean": {"NS": 1},
                "dirty": {"NS": 1, "EW": 1},
                "pozzetto": {"NS": True, "EW": False},
            },
            {
                "out": "EW",
                "melded": {"NS": 300, "EW": 640},
                "hand": {"NS": 40, "EW": 5},
                "clean": {"EW": 2},
                "pozzetto": {"NS": True, "EW": True},
            },
        ],
    ),
    (
        "Free score pad",
        {"variant": "free"},
        ["Ann", "Bob", "Cy", "Dee", "Eve"],
        [
            {"scores": {"Ann": 12, "Bob": -3, "Cy": 0, "Dee": 7, "Eve": 20}},
            {"scores": {"Ann": 5, "Bob": 5, "Cy": 1, "Dee": -1, "Eve": 0}},
            {"scores": {"Ann": 30, "Bob": 15, "Cy": 2, "Dee": 8, "Eve": 11}},
        ],
    ),
    # Older families beside them.
    (
        "Crazy Gin with the Press",
        {"preset": "Crazy Gin with the Press"},
        P4,
        [
            {"out": "Ann", "hands": {"Bob": 12, "Cy": 30, "Dee": 7}},
            {"out": "Cy", "hands": {"Ann": 5, "Bob": 44, "Dee": 18}},
            {"out": "Bob", "hands": {"Ann": 21, "Cy": 9, "Dee": 36}},
        ],
    ),
    (
        "Phase 10",
        {"variant": "phase10"},
        P4,
        [
            {"out": "Ann", "completed": ["Ann", "Cy"], "hands": {"Bob": 35, "Cy": 10, "Dee": 50}},
            {"out": "Cy", "completed": ["Bob", "Cy"], "hands": {"Ann": 20, "Bob": 5, "Dee": 45}},
            {"out": "Dee", "completed": ["Dee"], "hands": {"Ann": 15, "Bob": 30, "Cy": 25}},
        ],
    ),
    (
        "Five Crowns",
        {"variant": "five_crowns"},
        P4,
        [
            {"out": "Bob", "hands": {"Ann": 15, "Cy": 42, "Dee": 8}},
            {"out": "Dee", "hands": {"Ann": 30, "Bob": 6, "Cy": 11}},
            {"out": "Ann", "hands": {"Bob": 19, "Cy": 3, "Dee": 50}},
        ],
    ),
]


def minimum(variant: type[scoring.Variant], players: list[str], entry: dict) -> tuple[int, int]:
    """(taps, keys): the least the form's declared fields allow for this entry."""
    fields = variant.entry_fields
    asks_out = any(f.kind == "player" for f in fields)
    taps, keys, numbers = 1 + asks_out, 0, False
    for f in fields:
        value = entry.get(f.name)
        if f.kind == "per_player" and f.name not in POINT_FIELDS:
            taps += sum((value or {}).values())  # a count: a tap on + per one
        elif f.kind in ("per_player", "signed_per_player"):
            typed = list((value or {}).values())
            keys += sum(len(str(abs(v))) for v in typed)
            taps += sum(v < 0 for v in typed)
            numbers = numbers or bool(typed)
        elif f.kind == "bool":
            taps += bool(value)
        elif f.kind == "players":
            taps += sum(not (f.includes_out and p == entry.get("out")) for p in value or ())
        elif f.kind == "bool_per_player":
            taps += sum((value or {}).get(p) is not True for p in players)
    return taps + (numbers and not asks_out), keys


def numbers_of(variant: type[scoring.Variant], players: list[str], entry: dict) -> dict[str, int]:
    """The form's number inputs (by id) this entry fills, and with what."""
    return {
        f"{f.name}_{seat}": entry[f.name][name]
        for f in variant.entry_fields
        if f.kind == "signed_per_player" or (f.kind == "per_player" and f.name in POINT_FIELDS)
        if f.name in entry
        for seat, name in enumerate(players)
        if name in entry[f.name]
    }


def enter(phone: Phone, variant: type[scoring.Variant], players: list[str], entry: dict) -> None:
    """Enter one deal as a player who knows the form would."""
    page = phone.page
    form = page.locator("#deal-form")
    if any(f.kind == "player" for f in variant.entry_fields):
        if entry["out"] is None:
            phone.tap(form.locator("label.tap.nobody"))
        else:
            phone.tap(form.get_by_role("radio", name=entry["out"], exact=True))
    wanted = numbers_of(variant, players, entry)
    for f in variant.entry_fields:
        if f.kind == "ranks_per_player":
            for name, cards in entry.get(f.name, {}).items():
                wanted.pop(grid_helper(phone, name, cards))
    # The numbers Enter walks, in the page's order (game.js: numbers()).
    stops = page.evaluate(
        "() => [...document.querySelectorAll("
        "'#deal-form .hands input[inputmode=numeric]:not(:disabled)')].map(i => i.id)"
    )
    for field in [s for s in stops if s in wanted]:
        focused = page.evaluate("() => document.activeElement.id")
        # Walk on with Enter from where the focus is, else tap the field.
        while focused in stops and stops.index(focused) < stops.index(field):
            phone.press("Enter")
            focused = page.evaluate("() => document.activeElement.id")
        if focused != field:
            phone.tap(page.locator(f"#{field}"))
        expect(page.locator(f"#{field}")).to_be_focused()
        phone.type(str(abs(wanted[field])))
        if wanted[field] < 0:
            phone.tap(page.locator(f"button[data-sign={field}]"))
    missing = set(wanted) - set(stops)
    assert not missing, f"no input for {sorted(missing)}"
    for f in variant.entry_fields:
        value = entry.get(f.name)
        if f.kind == "bool" and value:
            phone.tap(form.locator(f"label.check:has(input[name={f.name}])"))
        elif f.kind == "per_player" and f.name not in POINT_FIELDS:
            for name, count in (value or {}).items():
                for _ in range(count):
                    more = f"button.more[data-step={f.name}_{players.index(name)}]"
                    phone.tap(form.locator(more))
        elif f.kind == "players":
            for name in value or ():
                if not (f.includes_out and name == entry.get("out")):
                    box = f"input[name={f.name}_{players.index(name)}]"
                    phone.tap(form.locator(f"label.mark:has({box})"))
        elif f.kind == "bool_per_player":
            for seat, name in enumerate(players):
                if (value or {}).get(name) is not True:
                    phone.tap(form.locator(f"label.mark:has(input[name={f.name}_{seat}])"))
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=SAVE))
    refused = page.locator(".msg")
    assert refused.count() == 0, f"refused {entry}: {refused.all_inner_texts()}"


def grid_helper(phone: Phone, name: str, cards: list[str]) -> str:
    """Tap a player's cards on the grid helper and use its sum: the score field it filled."""
    page = phone.page
    opener = page.locator(f"button.grid-open[data-player={name}]")
    phone.tap(opener)
    dialog = page.locator("#grid")
    for rank in cards:
        phone.tap(dialog.locator(f"button[data-rank='{rank}']"))
    phone.tap(dialog.locator("button[data-act=use]"))
    expect(dialog).to_be_hidden()
    return opener.get_attribute("data-score")


def app_on_a_fresh_database():
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    folder = Path(tempfile.mkdtemp(prefix="bench-taps-"))
    url = f"sqlite:///{folder / 'bench.sqlite3'}"
    database = Database(url)
    upgrade_schema(database.engine)
    database.dispose()
    config = {
        "SECRET_KEY": secrets.token_hex(32),
        "DATABASE_URL": url,
        "RATELIMIT_ENABLED": False,
        "SESSION_COOKIE_SECURE": False,
        "PUBLIC_BASE_URL": "https://scores.example.org",
    }
    return create_app(config, instance_path=str(folder / "instance")), folder


def play(browser, profile: dict, base_url: str, uow, game: tuple, deals: int, shots: Path) -> dict:
    label, how, players, entries = game
    entries = entries[:deals]
    started = services.start_game(uow, players=players, **how)
    variant = scoring.get_variant(started.game.setup.variant)
    fields = variant.entry_fields
    context = browser.new_context(**profile, base_url=base_url)
    try:
        phone = Phone(context.new_page(), shots)
        phone.page.goto(f"/games/{started.game.public_id}/edit/{started.edit_token}")
        counted = []
        for entry in entries:
            expect(phone.page.get_by_role("button", name=SAVE)).to_be_visible()
            phone.count()
            enter(phone, variant, players, entry)
            taps, keys = phone.count()
            least_taps, least_keys = minimum(variant, players, entry)
            helped = any(f.kind == "ranks_per_player" and f.name in entry for f in fields)
            counted.append(
                {"taps": taps, "keys": keys, "min_taps": least_taps, "min_keys": least_keys}
                | ({"helper": True} if helped else {})
            )
    finally:
        context.close()
    stored = list(services.load_game(uow, started.game.public_id).entries)
    assert stored == entries, f"{label}: stored {stored}, meant {entries}"
    typed = [d for d in counted if not d.get("helper")]
    return {
        "label": label,
        "variant": variant.id,
        "players": len(players),
        "typed_deals": len(typed),
        **{key: sum(d[key] for d in typed) for key in ("taps", "min_taps", "keys", "min_keys")},
        "helper_taps": [d["taps"] for d in counted if d.get("helper")],
        "per_deal": counted,
    }


def run(deals: int, games: tuple = GAMES) -> list[dict]:
    app, folder = app_on_a_fresh_database()
    uow = UnitOfWork(app.extensions["scorekeeper.db"].session_factory)
    results = []
    with sync_playwright() as playwright, serving(app) as base_url:
        profile = dict(playwright.devices[PHONE])
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for game in games:
                results.append(play(browser, profile, base_url, uow, game, deals, folder))
        finally:
            browser.close()
    app.extensions["scorekeeper.db"].dispose()
    return results


def measured(results: list[dict]) -> list[dict]:
    """Each game's taps beside the least its form allows, over the deals typed."""
    return [
        figure(
            f"{r['label']}: taps over {r['typed_deals']} deal(s) typed on a {PHONE}",
            r["taps"],
            "taps",
            beside=floor("the least the form allows (bench_taps.minimum)", r["min_taps"]),
        )
        for r in results
        if r["typed_deals"]
    ]


def smallest() -> list[dict]:
    """One deal of each of the first two games."""
    return run(1, GAMES[:2])


def summary(results: list[dict]) -> dict[str, str]:
    said = {}
    for r in results:
        deals = f"{r['typed_deals']} deal{'s' * (r['typed_deals'] != 1)} typed"
        said[r["label"]] = (
            f"{deals}: taps {r['taps']} (minimum {r['min_taps']}), "
            f"keys {r['keys']} (minimum {r['min_keys']})"
        )
        if r["helper_taps"]:
            helped = ", ".join(map(str, r["helper_taps"]))
            said[r["label"]] += f"; with the grid helper: {helped} taps"
    return said


def table(results: list[dict]) -> str:
    about = machine()
    lines = [
        f"Taps per deal on a {PHONE} in Chromium; {about['cpu']}, {about['cores']}, "
        f"{about['ram']}; {about['python']}, {about['os']}; {about['date']}, {about['commit']}.",
        "",
        "| game | players | deals typed | taps (minimum) | keys (minimum) | taps per deal "
        "| a deal with the grid helper: taps |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in results:
        per_deal = ", ".join(str(d["taps"]) for d in r["per_deal"] if not d.get("helper"))
        helper = ", ".join(map(str, r["helper_taps"])) or "-"
        lines.append(
            f"| {r['label']} | {r['players']} | {r['typed_deals']} "
            f"| {r['taps']} ({r['min_taps']}) | {r['keys']} ({r['min_keys']}) | {per_deal} "
            f"| {helper} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--quick", action="store_true", help="two deals a game")
    parser.add_argument("--smallest", action="store_true", help="one deal of two games")
    args = parser.parse_args(argv)
    results = smallest() if args.smallest else run(2 if args.quick else 3)
    if args.json:
        report = {"summary": summary(results), "measured": measured(results), "games": results}
        print(json.dumps(report, indent=1))
    else:
        print(table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
