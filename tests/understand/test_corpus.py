"""Lines as players say them after a deal, each read as exactly its listed entry: the
contract corpus (lines.json beside the clone, written apart from the code) and the
project's own lines (tests/understand/lines.json, every variant). Accuracy is reported
by language, variant and tag; no line may fill a value other than the listed one."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import make_setup

from . import corpus

# Tags whose refusal comes from a number: the path it was said for names the reason.
NUMBER_REFUSALS = {"out-of-bounds", "not-multiple", "two-values", "lone-number"}
NAME_REFUSALS = {"unknown-name", "ambiguous-name", "ambiguous-mishearing"}


def contract() -> list[dict]:
    lines = corpus.shared_lines()
    if lines is None:
        pytest.skip(f"no voice corpus at {corpus.shared_path()} (CI must have one)")
    return lines


def assert_read(results: list[dict], least: float) -> None:
    report = corpus.report(results)
    print(report)
    wrong = [r["item"]["id"] for r in results if r["wrong"]]
    exact = sum(r["exact"] for r in results)
    assert not wrong, f"lines that fill a value other than the listed one: {wrong}\n{report}"
    assert exact >= least * len(results), f"{exact} of {len(results)} exact\n{report}"


def test_the_contract_corpus_is_read_as_listed():
    assert_read(corpus.run(contract()), 0.98)


def test_the_projects_own_lines_are_read_as_listed():
    lines = corpus.own_lines()
    variants = {line["variant"] for line in lines}
    assert variants >= {"golf", "free", "gin", "canasta", "phase10", "indian", "burraco"}
    assert_read(corpus.run(lines), 1.0)


@pytest.mark.parametrize("source", ["contract", "own"])
def test_a_line_that_leaves_a_field_empty_says_why(source):
    lines = contract() if source == "contract" else corpus.own_lines()
    for result in corpus.run([line for line in lines if line.get("must_stay_empty")]):
        item = result["item"]
        tags = set(item["tags"])
        if tags & NUMBER_REFUSALS:
            for path in item["must_stay_empty"]:
                assert path in result["reasons"], (item["id"], path, result["reasons"])
        if tags & NAME_REFUSALS:
            assert result["unclear"], item["id"]


def test_a_sample_of_the_lines_reads_the_same_through_the_api(client):
    lines = corpus.own_lines() + (corpus.shared_lines() or [])
    for item in lines[::9]:
        body = {"variant": item["variant"], "players": item["players"]}
        body |= {key: item[key] for key in ("preset", "options", "seats") if item.get(key)}
        started = client.post("/api/v1/games", json=body).get_json()
        url = f"/api/v1/games/{started['game']['id']}"
        token = {"Authorization": f"Bearer {started['edit_token']}"}
        for entry in item.get("before") or ():
            assert client.post(f"{url}/deals", json=entry, headers=token).status_code == 201
        said = {"text": item["line"], "language": item["language"]}
        answer = client.post(f"{url}/understand", json=said).get_json()
        assert answer["entry"] == item["entry"], item["id"]
        assert answer["entry"] == corpus.read(item).entry


def test_the_next_deals_bounds_are_the_ones_read():
    """Five Crowns deals 3 cards first and 13 last: 200 is too much in deal 1 only."""
    setup = make_setup(variant="five_crowns", players=["Ann", "Bob", "Cy"])
    line = {"line": "Ann out, Bob 200, Cy 12", "language": "en", "variant": "five_crowns"}
    first = corpus.read({**line, "players": setup.players})
    assert first.entry == {"out": "Ann", "hands": {"Cy": 12}}
    assert "hands.Bob" in first.reasons
    zero = {"out": "Ann", "hands": {"Bob": 0, "Cy": 0}}
    last = corpus.read({**line, "players": setup.players, "before": [zero] * 10})
    assert last.entry == {"out": "Ann", "hands": {"Bob": 200, "Cy": 12}}
