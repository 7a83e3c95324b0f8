"""Benchmark the scoring core: derive and settle complete 13-deal games.

Builds N complete 13-deal games (a mix of variants and options, fixed seed; pool
rummy is split or ended by the table after deal 13; Five Crowns has its 11 deals,
Phase 10 13 house phases, Hand and Foot 13 rounds; 3-13 has its 11 deals, Contract
Rummy 13 house contracts, Rummikub and Kalooki are ended by the table after deal 13),
times ``derive`` + the
settlement per game, and in the same run a plain-Python floor that only adds the
same entered numbers into per-player totals.

    python bench/bench_scoring.py              # 10,000 games, a small table
    python bench/bench_scoring.py --quick      # 1,100 games (50 of each kind)
    python bench/bench_scoring.py --smallest   # one game of each kind, one run
    python bench/bench_scoring.py --json       # a JSON dict of the results

Nothing is kept between runs: each run derives every game from its entries, as a
request does (the floor keeps nothing either).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measured import figure
from bench.measured import floor as floor_figure
from scorekeeper.scoring import ScoringError, derive, end_early, make_setup

DEALS = 13
PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
STAKES = {"cents_per_point": 2, "round_to": 5}
ENTRY_CENTS = 500  # Indian rummy's pot

# (label, variant, options, players, stakes mode); targets are set per game so
# that the game ends exactly with deal 13.
MIX = (
    ("thirteen", "thirteen", {}, 4, "pairs"),
    ("thirteen press", "thirteen", {"press": True, "double_on_7_or_king": True}, 5, "winner"),
    ("thirteen auto-press", "thirteen", {"auto_press": True, "out_bonus": 10}, 6, "pairs"),
    ("rummy", "rummy", {"deals": DEALS}, 4, "per_deal"),
    ("block rummy", "rummy", {"deals": DEALS, "stock_out": "block"}, 3, "pairs"),
    ("gin", "gin", {}, 2, "pairs"),
    ("500 rum", "rummy500", {}, 4, "pairs"),
    ("5000 rummy", "rummy5000", {}, 5, "winner"),
    ("points rummy", "indian", {"deals": DEALS}, 6, "per_deal"),
    ("deals rummy", "indian", {"format": "deals", "deals": DEALS}, 4, "pot"),
    ("pool rummy 201", "indian", {"format": "pool", "pool_limit": 201}, 3, "pot"),
    ("five crowns (11 deals)", "five_crowns", {}, 5, "pairs"),
    ("phase 10", "phase10", {"phases": [f"phase {n}" for n in range(1, DEALS + 1)]}, 4, "winner"),
    ("canasta", "canasta", {}, 2, "pairs"),
    ("hand and foot", "handfoot", {"rounds": DEALS, "minimums": [50] * DEALS}, 3, "pairs"),
    ("rummikub", "rummikub", {"rounds": None}, 4, "pairs"),
    ("contract rummy", "contract", {"contracts": [{"contract": "2 sets", "cards": 10}] * DEALS},
     5, "pairs"),
    ("3-13 (11 deals)", "threethirteen", {}, 5, "pairs"),
    ("kalooki", "kalooki", {}, 4, "pot"),
    ("golf (13 holes)", "golf", {"holes": DEALS}, 4, "pairs"),
    ("burraco", "burraco", {}, 2, "pairs"),
    ("free pad", "free", {"rounds": DEALS}, 5, "winner"),
)  # fmt: skip
QUICK_GAMES = 50 * len(MIX)
SLICE = 2 * len(MIX)  # games timed back to back with their floor (about 10 ms)
AIM_RATIO = 25  # derive and settle a game within 25x the floor (bench/README.md)
FIVE_CROWNS_DEALS = 11
# The games of a fixed number of deals other than 13.
ELEVEN_DEALS = ("five_crowns", "threethirteen")


def indian_entry(rng: random.Random, playing: list[str]) -> dict:
    """A deal of Indian rummy among the players taking part: hands, now and then a drop
    or a wrong show."""
    out = rng.choice(playing)
    entry: dict = {"out": out, "hands": {}, "drops": {}, "wrong_show": []}
    for player in playing:
        roll = rng.random()
        if player == out:
            continue
        if roll < 0.8:
            entry["hands"][player] = rng.randint(0, 30)
        elif roll < 0.95:
            entry["drops"][player] = rng.choice(("first", "middle"))
        else:
            entry["wrong_show"].append(player)
    return entry


def indian_game(rng: random.Random, setup) -> tuple[list[dict], dict | None]:
    """13 deals of Indian rummy, each among the players then taking part; a pool the
    table then ends, split where the rule allows."""
    entries: list[dict] = []
    for _ in range(DEALS):
        state = derive(setup, entries)
        if state.finished:
            break
        entries.append(indian_entry(rng, state.next_deal["players"]))
    if setup.options["format"] != "pool" or derive(setup, entries).finished:
        return entries, None
    try:
        return entries, end_early(setup, entries, split=True)
    except ScoringError:
        return entries, end_early(setup, entries)


def pool_game(rng: random.Random, setup) -> tuple[list[dict], dict | None]:
    """13 deals of Kalooki, each among the players then taking part, an eliminated
    player now and then buying back in; the table ends it if it goes on."""
    entries: list[dict] = []
    for _ in range(DEALS):
        state = derive(setup, entries).as_dict()
        if state["finished"]:
            break
        playing = list(state["next_deal"]["players"])
        rejoin = [name for name in state["eliminated"] if rng.random() < 0.5]
        out = rng.choice(playing)
        others = [name for name in playing + rejoin if name != out]
        entry = {"out": out, "hands": {name: rng.randint(0, 60) for name in others}}
        if rejoin:
            entry["rejoin"] = rejoin
        entries.append(entry)
    if derive(setup, entries).finished:
        return entries, None
    return entries, end_early(setup, entries)


def partnership_entry(rng: random.Random, variant: str, sides: tuple[str, ...]) -> dict:
    """A deal of canasta or hand and foot: melds, hands, canastas or books, red threes."""
    out = rng.choice(sides) if rng.random() < 0.9 else None
    entry: dict = {
        "out": out,
        "melded": {side: rng.randrange(5, 300, 5) for side in sides},
        "hand": {side: rng.randrange(0, 100, 5) for side in sides},
        "red_threes": {rng.choice(sides): rng.randint(0, 2)},
    }
    books = ("natural", "mixed") if variant == "canasta" else ("clean", "dirty")
    for kind in books:
        entry[kind] = {side: rng.randint(1, 3) for side in sides}
    return entry


def burraco_entry(rng: random.Random, sides: tuple[str, ...]) -> dict:
    """A deal of burraco: the side that closed took its pozzetto and has a clean burraco."""
    out = rng.choice(sides) if rng.random() < 0.9 else None
    entry: dict = {
        "out": out,
        "melded": {side: rng.randrange(5, 300, 5) for side in sides},
        "hand": {side: rng.randrange(0, 100, 5) for side in sides},
        "clean": {side: rng.randint(1, 2) for side in sides},
        "dirty": {side: rng.randint(0, 2) for side in sides},
        "pozzetto": {side: side == out or rng.random() < 0.8 for side in sides},
    }
    return entry


def random_entry(rng: random.Random, variant: str, players: tuple[str, ...]) -> dict:
    """A plausible entry; nobody-out deals now and then."""
    if variant == "burraco":
        return burraco_entry(rng, players)
    if variant == "golf":  # half the players give their six cards, half a score
        ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
        grids = {p: [rng.choice(ranks) for _ in range(6)] for p in players[::2]}
        return {"grids": grids, "scores": {p: rng.randint(-6, 40) for p in players[1::2]}}
    if variant == "free":
        return {"scores": {p: rng.randint(-50, 100) for p in players}}
    if variant in ("canasta", "handfoot"):
        return partnership_entry(rng, variant, players)
    if variant == "phase10":
        # Ann lays down every phase and so ends the game with the last; the others now
        # and then.
        others = players[1:]
        return {
            "out": "Ann",
            "completed": ["Ann", *(p for p in others if rng.random() < 0.5)],
            "hands": {p: rng.randrange(0, 100, 5) for p in others},
        }
    if variant == "gin":
        knocker = rng.choice(players)
        other = players[1 - players.index(knocker)]
        return {
            "knocker": knocker,
            "hands": {knocker: rng.randint(0, 10), other: rng.randint(0, 60)},
        }
    nobody = variant in ("rummy", "thirteen", "rummy500", "rummy5000", "acetoace", "rummikub")
    out = rng.choice(players) if rng.random() < 0.9 or not nobody else None
    bound, step = {
        "rummy": (70, 1),
        "thirteen": (120, 1),
        "rummy500": (120, 1),
        "five_crowns": (150, 1),
        "threethirteen": (30, 1),
        "rummikub": (60, 1),
    }.get(variant, (300, 5))
    field = "racks" if variant == "rummikub" else "hands"
    entry: dict = {
        "out": out,
        field: {p: rng.randrange(0, bound, step) for p in players if p != out},
    }
    if variant in ("rummy500", "rummy5000"):
        entry["melds"] = {p: rng.randrange(0, bound * 2, step) for p in players}
    return entry


def build_games(count: int, seed: int = 20240601) -> list[tuple[str, object, list[dict], dict]]:
    rng = random.Random(seed)
    games = []
    while len(games) < count:
        label, variant, options, n, mode = MIX[len(games) % len(MIX)]
        players = PLAYERS[:n]
        stakes = {**STAKES, "mode": mode}
        if mode == "pot":
            stakes["entry_cents"] = ENTRY_CENTS
        if variant in ("indian", "kalooki"):
            setup = make_setup(
                variant=variant, players=list(players), options=options, stakes=stakes
            )
            entries, ending = (indian_game if variant == "indian" else pool_game)(rng, setup)
            state = derive(setup, entries, ending)
            if state.finished and len(state.deals) == DEALS:
                games.append((label, setup, entries, ending))
            continue
        deals = FIVE_CROWNS_DEALS if variant in ELEVEN_DEALS else DEALS
        entries = [random_entry(rng, variant, players) for _ in range(deals)]
        options = dict(options)
        if variant in ("gin", "rummy500", "rummy5000", "canasta", "burraco"):
            target = _target_reached_at_last_deal(variant, players, options, entries)
            if target is None:
                continue
            options["target"] = target
        setup = make_setup(variant=variant, players=list(players), options=options, stakes=stakes)
        # A game with no end rule of its own (Rummikub without rounds) the table ends.
        ending = None if setup.options.get("rounds", 1) else end_early(setup, entries)
        state = derive(setup, entries, ending)
        if not state.finished or len(state.deals) != deals:
            continue
        games.append((label, setup, entries, ending))
    return games


def _target_reached_at_last_deal(variant, players, options, entries):
    """A target first reached by deal 13 (and no tie at the top there), or None."""
    unreachable = 10_000 if variant == "gin" else 100_000
    probe = make_setup(
        variant=variant, players=list(players), options={**options, "target": unreachable}
    )
    running = derive(probe, entries).running_totals
    tops = [max(totals.values()) for totals in running]
    final = list(running[-1].values())
    if not 0 < tops[-1] < unreachable or tops[-1] <= max(tops[:-1]) or final.count(tops[-1]) > 1:
        return None
    if variant in ("rummy5000", "canasta", "burraco"):
        return tops[-1] if tops[-1] % 5 == 0 else None
    return tops[-1]


def derive_and_settle(setup, entries, ending=None) -> dict | None:
    return derive(setup, entries, ending).settlement


def floor(entries: list[dict]) -> dict[str, int]:
    """The least any scorer must do: add every entered number into a total."""
    totals: dict[str, int] = {}
    for entry in entries:
        for field in ("hands", "melds", "melded", "hand", "racks", "scores"):
            values = entry.get(field)
            if values:
                for name, value in values.items():
                    totals[name] = totals.get(name, 0) + value
    return totals


def best_time(repeat: int, work, games) -> float:
    """The fastest of ``repeat`` runs of ``work`` over ``games``, in µs of CPU per game."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _label, setup, entries, ending in games:
            work(setup, entries, ending)
        best = min(best, time.process_time() - start)
    return best / len(games) * 1e6


def floor_work(_setup, entries, _ending) -> dict[str, int]:
    return floor(entries)


def paired(repeat: int, games) -> tuple[float, float]:
    """(core, floor) in µs of CPU per game, timed side by side a slice of games at a time.

    CPU time, not wall time: on a shared machine wall time counts the moments this
    process waited. Each slice's core and floor run back to back, and each keeps its
    fastest of ``repeat`` rounds spread over the whole run, so a busy spell slows both
    alike or neither, where a whole run's best needed one whole quiet run."""
    slices = [games[start : start + SLICE] for start in range(0, len(games), SLICE)]
    core = [float("inf")] * len(slices)
    least = [float("inf")] * len(slices)
    for _ in range(repeat):
        for index, part in enumerate(slices):
            core[index] = min(core[index], best_time(1, derive_and_settle, part) * len(part))
            least[index] = min(least[index], best_time(1, floor_work, part) * len(part))
    return sum(core) / len(games), sum(least) / len(games)


def run(count: int, repeat: int = 5) -> dict:
    games = build_games(count)
    core_us, floor_us = paired(repeat, games)
    per_label = {
        label: round(best_time(repeat, derive_and_settle, [g for g in games if g[0] == label]), 1)
        for label in dict.fromkeys(label for label, *_ in games)
    }
    measured = [
        figure(
            f"derive and settle a game ({len(games)} games of the mix, {DEALS} deals or the "
            "game's own count)",
            core_us,
            "µs a game",
            beside=floor_figure("plain Python adding the same entered numbers", floor_us),
            budget=AIM_RATIO * floor_us,
        )
    ]
    return {
        "benchmark": "scoring.derive_settle",
        "measured": measured,
        "games": len(games),
        "deals_per_game": DEALS,
        "python": sys.version.split()[0],
        "core_us_per_game": round(core_us, 1),
        "floor_us_per_game": round(floor_us, 2),
        "ratio": round(core_us / floor_us, 1),
        "core_us_per_game_by_variant": per_label,
    }


def smallest() -> dict:
    return run(len(MIX), repeat=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games to build (10,000)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs; the best counts")
    parser.add_argument("--quick", action="store_true", help="1,100 games")
    parser.add_argument("--smallest", action="store_true", help="one game of each kind, once")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.smallest:
        results = smallest()
    else:
        results = run(QUICK_GAMES if args.quick else args.games, args.repeat)
    # The guard, on a run of some size (one run of 22 games says too little to fail on).
    over = not args.smallest and results["ratio"] > AIM_RATIO
    if over:
        print(f"bench_scoring: {results['ratio']}x the floor, over the {AIM_RATIO}x aim",
              file=sys.stderr)  # fmt: skip
    if args.json:
        print(json.dumps(results, indent=2))
        return 1 if over else 0
    print(f"{results['games']} games x {DEALS} deals, Python {results['python']}")
    print(f"{'':28}{'us/game':>10}")
    print(f"{'derive + settle':28}{results['core_us_per_game']:>10.1f}")
    print(f"{'floor (sum the numbers)':28}{results['floor_us_per_game']:>10.2f}")
    print(f"{'ratio':28}{results['ratio']:>9.1f}x")
    for label, micros in results["core_us_per_game_by_variant"].items():
        print(f"  {label:26}{micros:>10.1f}")
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
