"""Weigh the table pages and count what entering a deal costs a player.

Serves each table page from a throwaway SQLite database through Flask's test
client, for a 4-player Crazy Gin with the Press: the editor's game page after 12
deals (form open) and after 13 (finished, with the settlement), the view-only page,
the table view, the share page, the new-game page and home. For each it counts the
bytes of the HTML and of the CSS and JS it loads (raw and gzipped at level 6, as a
server would send them), the requests it makes and any to another host.

Taps and keystrokes per deal come from the browser tests' record
(test-output/browser/effort-*.json), beside the minimum: 1 tap for who went out,
the digits typed, 1 tap to save.

How soon the view link shows a new deal, by push and by poll, with 10 and 200 phones
watching while the load test runs, comes from bench/bench_push.py (gunicorn, about
two minutes; the database of SCOREKEEPER_DATABASE_URL, else SQLite).

    python bench/bench_pages.py             # tables
    python bench/bench_pages.py --json      # the same figures as JSON
    python bench/bench_pages.py --quick     # the push figures at the load test's quick pace
    python bench/bench_pages.py --no-push   # the pages only, in seconds
    python bench/bench_pages.py --smallest  # the pages in English only, no push
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import bench_push  # noqa: E402
from bench.measured import figure  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.db import Database, upgrade_schema  # noqa: E402
from scorekeeper.service_layer import services  # noqa: E402
from scorekeeper.service_layer.unit_of_work import UnitOfWork  # noqa: E402
from scorekeeper.web.common.i18n import LANGUAGES  # noqa: E402

BUDGET_GZIP = 14 * 1024
EFFORT = ROOT / "test-output" / "browser"
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
# 13 plausible deals: who went out and the others' hands.
DEALS = [
    (PLAYERS[n % 4], {p: (n * 7 + i * 11) % 40 + 3 for i, p in enumerate(PLAYERS)})
    for n in range(13)
]


# Scripts a game page fetches later, only when needed (not linked, so not in its weight).
ON_DEMAND = (
    (
        "outbox.js",
        "offline, a save unanswered, deals waiting; else once after load, for offline",
    ),
    ("counter.js", "the first tap on Count; else once after load, for offline"),
    ("stale.js", "another phone saved a deal while this one was typing"),
)

# The links a browser fetches as it shows a page (the apple-touch-icon only on install).
FETCHED_LINKS = ("stylesheet", "icon", "manifest")


class Subresources(HTMLParser):
    """What a browser fetches to show the page: stylesheets, scripts, images, icons."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if (tag == "script" and found.get("src")) or (tag == "img" and found.get("src")):
            self.urls.append(found["src"])
        elif tag == "link" and found.get("rel") in FETCHED_LINKS and found.get("href"):
            self.urls.append(found["href"])


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def weigh(client, path: str) -> dict:
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    html = response.data
    parser = Subresources()
    parser.feed(html.decode())
    fetched = [url for url in parser.urls if not url.startswith("data:")]
    other_hosts = [url for url in fetched if urlsplit(url).netloc not in ("", "localhost")]
    assets = [client.get(url).data for url in fetched if url not in other_hosts]
    return {
        "page": path,
        "requests": 1 + len(fetched),
        "other_hosts": other_hosts,
        "html_raw": len(html),
        "html_gzip": gz(html),
        "total_raw": len(html) + sum(len(a) for a in assets),
        "total_gzip": gz(html) + sum(gz(a) for a in assets),
    }


def game_pages(language: str = "en") -> list[dict]:
    """The table pages as a phone whose browser asks for ``language`` gets them."""
    folder = Path(tempfile.mkdtemp(prefix="bench-pages-"))
    url = f"sqlite:///{folder / 'bench.sqlite3'}"
    database = Database(url)
    upgrade_schema(database.engine)
    database.dispose()
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "bench",
            "DATABASE_URL": url,
            "RATELIMIT_ENABLED": False,
            "SESSION_COOKIE_SECURE": False,
            # As deployed: without it every page warns that printed links point at localhost.
            "PUBLIC_BASE_URL": "https://scores.example.org",
        },
        instance_path=str(folder / "instance"),
    )
    uow = UnitOfWork(app.extensions["scorekeeper.db"].session_factory)
    started = services.start_game(
        uow,
        preset="Crazy Gin with the Press",
        players=PLAYERS,
        stakes={"cents_per_point": 1},
        title="Friday night",
    )
    game_id = started.game.public_id
    editor, viewer = app.test_client(), app.test_client()
    for client in (editor, viewer):
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    editor.get(f"/games/{game_id}/edit/{started.edit_token}")
    for out, hands in DEALS[:12]:
        entry = {"out": out, "hands": {p: v for p, v in hands.items() if p != out}}
        services.record_deal(uow, game_id, started.edit_token, entry)
    pages = [weigh(editor, f"/games/{game_id}") | {"label": "game page, 12 deals, form open"}]
    out, hands = DEALS[12]
    entry = {"out": out, "hands": {p: v for p, v in hands.items() if p != out}}
    services.record_deal(uow, game_id, started.edit_token, entry)
    pages += [
        weigh(editor, f"/games/{game_id}") | {"label": "game page, 13 deals, finished"},
        weigh(viewer, f"/games/{game_id}") | {"label": "view link, 13 deals"},
        weigh(viewer, f"/games/{game_id}/table") | {"label": "table view, 13 deals"},
        weigh(editor, f"/games/{game_id}/share") | {"label": "share (2 QR codes)"},
        weigh(editor, f"/games/{game_id}/deals/13/edit") | {"label": "correct a deal"},
        weigh(viewer, "/games/new") | {"label": "new game"},
        weigh(viewer, "/") | {"label": "home"},
    ]
    app.extensions["scorekeeper.db"].dispose()
    return pages


def effort() -> dict:
    """Per game: taps and keys of each deal typed directly, and of those using the counter."""
    games = {}
    for path in sorted(EFFORT.glob("effort-*.json")):
        deals = json.loads(path.read_text())
        typed = [d for d in deals if not d.get("counter")]
        counted = [d for d in deals if d.get("counter")]
        games[path.stem.removeprefix("effort-")] = {
            "deals": len(deals),
            "typed_deals": len(typed),
            "taps": sum(d["taps"] for d in typed),
            "min_taps": sum(d["min_taps"] for d in typed),
            "keys": sum(d["keys"] for d in typed),
            "min_keys": sum(d["min_keys"] for d in typed),
            "taps_above_minimum": sum(d["taps"] - d["min_taps"] for d in typed),
            "counter_deals": len(counted),
            "counter_taps": [d["taps"] for d in counted],
        }
    return games


def table(pages: list[dict], games: dict) -> str:
    lines = [
        "| page | requests | HTML raw | HTML gzip | all raw | all gzip | within 14 KB |",
        "|---|---|---|---|---|---|---|",
    ]
    for p in pages:
        ok = "yes" if p["total_gzip"] <= BUDGET_GZIP and not p["other_hosts"] else "NO"
        lines.append(
            f"| {p['label']} | {p['requests']} | {p['html_raw']:,} | {p['html_gzip']:,} "
            f"| {p['total_raw']:,} | {p['total_gzip']:,} | {ok} |"
        )
    lines += ["", "| game | deals typed | taps (minimum) | keys (minimum) | counter deals: taps |"]
    lines.append("|---|---|---|---|---|")
    for name, g in games.items():
        lines.append(
            f"| {name} | {g['typed_deals']} | {g['taps']} ({g['min_taps']}) "
            f"| {g['keys']} ({g['min_keys']}) | {', '.join(map(str, g['counter_taps'])) or '-'} |"
        )
    if not games:
        lines.append("| (run the browser tests first: pytest -m browser) | | | | |")
    return "\n".join(lines)


def languages_table(by_language: dict[str, list[dict]]) -> str:
    """Each page's weight all told (gzip) in every language, against the budget."""
    languages = list(by_language)
    lines = [
        "| page, all told gzip | " + " | ".join(languages) + " | within 14 KB |",
        "|---|" + "---|" * (len(languages) + 1),
    ]
    for row, page in enumerate(by_language["en"]):
        weights = [by_language[language][row]["total_gzip"] for language in languages]
        ok = "yes" if max(weights) <= BUDGET_GZIP else "NO"
        lines.append(f"| {page['label']} | " + " | ".join(f"{w:,}" for w in weights) + f" | {ok} |")
    return "\n".join(lines)


def measured(by_language: dict[str, list[dict]]) -> list[dict]:
    """Each page's heaviest language, all told and gzipped, against the budget."""
    found = []
    for row, page in enumerate(next(iter(by_language.values()))):
        language = max(by_language, key=lambda code: by_language[code][row]["total_gzip"])
        found.append(
            figure(
                f"{page['label']}: HTML, CSS and JS gzipped, heaviest language ({language})",
                by_language[language][row]["total_gzip"],
                "bytes",
                budget=BUDGET_GZIP,
            )
        )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--quick", action="store_true", help="push figures at the quick pace")
    parser.add_argument("--no-push", action="store_true", help="leave out the push figures")
    parser.add_argument("--smallest", action="store_true", help="English only, no push")
    args = parser.parse_args(argv)
    languages = ("en",) if args.smallest else LANGUAGES
    by_language = {language: game_pages(language) for language in languages}
    pages = by_language["en"]
    games = effort()
    push = None if args.no_push or args.smallest else bench_push.run(quick=args.quick)
    over = [m for m in measured(by_language) if m["value"] > BUDGET_GZIP]
    if args.json:
        figures = {
            "pages": by_language,
            "effort": games,
            "budget_gzip": BUDGET_GZIP,
            "measured": measured(by_language),
        }
        if push:
            figures["push"] = bench_push.rows(push)
        print(json.dumps(figures, indent=1))
    else:
        print(table(pages, games))
        if "hi" in by_language:
            print("\n" + languages_table(by_language))
        other = sorted({url for p in pages for url in p["other_hosts"]})
        print(f"\nrequests to other hosts: {', '.join(other) or 'none'}")
        print("\n| offline and install files | raw | gzip |\n|---|---|---|")
        for name in ("sw.js", "manifest.webmanifest", "icons/icon.svg"):
            data = (ROOT / "scorekeeper" / "static" / name).read_bytes()
            print(f"| {name} | {len(data):,} | {gz(data):,} |")
        if push:
            print("\nA new deal on the view link (bench/bench_push.py):\n")
            print(bench_push.report(push))
        print("\n| fetched by game.js only when needed (not counted above) | raw | gzip |")
        print("|---|---|---|")
        for name, when in ON_DEMAND:
            data = (ROOT / "scorekeeper" / "static" / name).read_bytes()
            print(f"| {name}: {when} | {len(data):,} | {gz(data):,} |")
    broken = bench_push.failures(push) if push else []
    broken += [f"{m['what']}: {m['value']:,} B, over the {BUDGET_GZIP:,} B budget" for m in over]
    for failure in broken:
        print(f"bench_pages: {failure}", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
