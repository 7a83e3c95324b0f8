"""The two readers side by side: reader.js run in node on the data the pages serve, and
the server's, answering in the same shape."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from scorekeeper.understand import for_phones, game_for_phones, understand

SAY_JS = Path(__file__).resolve().parents[2] / "scorekeeper" / "static" / "reader.js"
# reader.js in node: the cases on standard input, each mapped by READ (a function of
# one case, with the pages' ``data`` in scope), the answers as JSON on standard output.
RUNNER = """
globalThis.window = { sk: {} };
require(process.argv[1]);
let input = "";
process.stdin.setEncoding("utf8");  // a character split between two chunks stays whole
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const { data, cases } = JSON.parse(input);
  process.stdout.write(JSON.stringify(cases.map(READ)));
});
"""


def phone_read(cases_: list[tuple]) -> list[dict]:
    """Each (setup, text, language[, before]) read by reader.js on the game as the page
    serves it (its next deal after ``before``)."""
    return phone_read_games(
        [
            (game_for_phones(setup, *before), text, language)
            for setup, text, language, *before in cases_
        ]
    )


def phone_read_games(cases_: list[tuple]) -> list[dict]:
    """Each (game as the page serves it, text, language[, spoken names learned on the
    phone]) read by reader.js."""
    return in_reader_js(
        "([game, text, lang, names]) => window.sk.understand(game, data, text, lang, names)",
        cases_,
    )


def in_reader_js(read: str, cases_: list) -> list:
    """``read`` (a JavaScript function of one case) applied by reader.js to each case."""
    node = shutil.which("node")
    assert node, "node is needed for the phone reader's test (make test installs it)"
    given_ = {"data": for_phones(), "cases": cases_}
    done = subprocess.run(
        [node, "-e", RUNNER.replace("READ", read), str(SAY_JS)],
        input=json.dumps(given_, ensure_ascii=False),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)


def server_read(setup, text: str, language: str, before=()) -> dict:
    understood = understand(setup, text, language, before)
    return {
        "entry": understood.entry,
        "unclear": understood.unclear,
        "reasons": sorted(understood.reasons),
    }


def same(phone: dict) -> dict:
    return {**phone, "reasons": sorted(phone["reasons"])}
