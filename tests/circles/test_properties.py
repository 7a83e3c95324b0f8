"""Circles, checked with Hypothesis through the use cases: for random sequences of games,
expenses, payments and corrections the balances sum to 0, the transfers settle them in
at most members - 1 payments, and the ledger equals a replay from scratch (a plain
model of the rules here, and the circle read again with every cache emptied)."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import circle as ledger
from scorekeeper.service_layer import circles, services
from scorekeeper.service_layer.errors import InvalidInput
from scorekeeper.service_layer.results import VIEWS
from tests.tiers import examples

NAMES = ["Ann", "Bob", "Cy", "Dee", "Éloïse", "Fay"]
SLOW = settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

spelling = st.sampled_from([str, str.upper, str.lower, lambda name: f"  {name} "])
rummy_game = st.tuples(
    st.just("game"),
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True),
    st.sampled_from(["pairs", "winner"]),
    st.sampled_from([1, 5]),
    st.lists(st.integers(0, 60), min_size=4, max_size=4),
    spelling,
)
partnership = st.tuples(
    st.just("canasta"),
    st.permutations(NAMES).map(lambda names: names[:4]),
    st.integers(0, 60).map(lambda n: n * 5),
)
expense = st.tuples(
    st.just("expense"),
    st.sampled_from(NAMES),
    st.integers(1, 10_000),
    st.lists(st.sampled_from(NAMES), min_size=1, max_size=6, unique=True),
)
# An expense by shares, paid in the circle's money or in another at a rate.
shared_expense = st.tuples(
    st.just("shared"),
    st.sampled_from(NAMES),
    st.integers(1, 10_000),
    st.dictionaries(st.sampled_from(NAMES), st.integers(0, 5), min_size=1, max_size=6),
    st.sampled_from([None, "0.0062", "1.0731", "3"]),
)
payment = st.tuples(
    st.just("payment"), st.sampled_from(NAMES), st.sampled_from(NAMES), st.integers(1, 5000)
)
correction = st.tuples(st.just("correct"), st.integers(0, 20), st.integers(0, 60))
removal = st.tuples(st.just("remove"), st.integers(0, 20))
steps = st.lists(
    st.one_of(rummy_game, partnership, expense, shared_expense, payment, correction, removal),
    min_size=1,
    max_size=10,
)


def split(cents: int, parts: int) -> list[int]:
    """The model's split: the amount shared, the cents that do not split one each to
    the first."""
    share = abs(cents) // parts
    shares = [share] * parts
    for place in range(abs(cents) - share * parts):
        shares[place] += 1
    return [-s if cents < 0 else s for s in shares]


def by_largest_remainder(cents: int, weights: list[int]) -> list[int]:
    """The model's shares: each exact share rounded down, the cents left over one each
    to the largest fractions (ties: the first)."""
    exact = [Fraction(cents * weight, sum(weights)) for weight in weights]
    shares = [math.floor(share) for share in exact]
    by_fraction = sorted(range(len(exact)), key=lambda i: (-(exact[i] - shares[i]), i))
    for place in by_fraction[: cents - sum(shares)]:
        shares[place] += 1
    return shares


class Model:
    """The rules of docs/circles.md written plainly, replayed from scratch."""

    def __init__(self):
        self.games: list[tuple[str, str]] = []  # (id, token)
        self.records: list[tuple[str, int, dict]] = []  # (kind, number, body), live ones

    def balances(self, uow, members: list[str]) -> dict[str, int]:
        folded = {name.casefold(): name for name in members}
        money = dict.fromkeys(members, 0)
        for game_id, _ in self.games:
            state = services.load_game(uow, game_id).state
            if not state.finished or state.settlement is None:
                continue
            for side, cents in state.settlement["balances"].items():
                if state.seats is None:
                    money[folded[side.strip().casefold()]] += cents
                    continue
                at = state.players.index(side)
                seated = state.seats[at :: len(state.players)]
                for name, share in zip(seated, split(cents, len(seated)), strict=True):
                    money[folded[name.casefold()]] += share
        for kind, _, body in self.records:
            if kind == "expense":
                sharers = sorted(
                    (folded[name.casefold()] for name in body["shared_by"]), key=members.index
                )
                cents = body["cents"]
                if "rate" in body:  # paid in another currency: the amount at the rate
                    cents = int((cents * Decimal(body["rate"])).quantize(1, ROUND_HALF_UP))
                money[folded[body["paid_by"].casefold()]] += cents
                if "parts" in body:
                    parts = {name.casefold(): n for name, n in body["parts"].items()}
                    weights = [parts[name.casefold()] for name in sharers]
                    owed_each = by_largest_remainder(cents, weights)
                else:
                    owed_each = split(cents, len(sharers))
                for name, owed in zip(sharers, owed_each, strict=True):
                    money[name] -= owed
            else:
                money[folded[body["from"].casefold()]] += body["cents"]
                money[folded[body["to"].casefold()]] -= body["cents"]
        return money


def play(uow, circle_id: str, token: str, model: Model, step) -> None:
    kind = step[0]
    if kind == "game":
        _, players, mode, round_to, hands, spell = step
        started = circles.start_game(
            uow,
            circle_id,
            token,
            {
                "variant": "rummy",
                "players": [spell(name) for name in players],
                "options": {"deals": 1},
                "stakes": {"mode": mode, "round_to": round_to, "cents_per_point": 1},
            },
        )
        game_id = started.game.public_id
        names = started.game.state.players
        entry = {"out": names[0], "hands": dict(zip(names[1:], hands, strict=False))}
        services.record_deal(uow, game_id, started.edit_token, entry)
        model.games.append((game_id, started.edit_token))
    elif kind == "canasta":
        _, seats, hand = step
        started = circles.start_game(
            uow,
            circle_id,
            token,
            {
                "variant": "canasta",
                "players": ["NS", "EW"],
                "seats": list(seats),
                "stakes": {"mode": "pairs", "round_to": 5, "cents_per_point": 1},
            },
        )
        game_id = started.game.public_id
        entry = {
            "out": "NS",
            "melded": {"NS": 385, "EW": 0},
            "hand": {"NS": 30, "EW": hand},
            "natural": {"NS": 1},
            "mixed": {"NS": 2},
        }
        services.record_deal(uow, game_id, started.edit_token, entry)
        services.end_game(uow, game_id, started.edit_token)
        model.games.append((game_id, started.edit_token))
    elif kind in ("expense", "payment"):
        body = (
            {"paid_by": step[1], "cents": step[2], "shared_by": step[3]}
            if kind == "expense"
            else {"from": step[1], "to": step[2], "cents": step[3]}
        )
        use = circles.add_expense if kind == "expense" else circles.add_payment
        try:
            view = use(uow, circle_id, token, body)
        except InvalidInput:
            return  # a member not met yet, or a payment to oneself: nothing stored
        number = len([r for r in view.records if r.kind == kind])
        model.records.append((kind, number, body))
    elif kind == "shared":
        _, payer, cents, parts, rate = step
        body = {
            "paid_by": payer,
            "cents": cents,
            "shared_by": list(parts),
            "split": "shares",
            "parts": parts,
        }
        if rate is not None:
            body |= {"currency": "CHF", "rate": rate}
        try:
            view = circles.add_expense(uow, circle_id, token, body)
        except InvalidInput:
            return  # a member not met yet, or no share above 0: nothing stored
        number = len([r for r in view.records if r.kind == "expense"])
        model.records.append(("expense", number, body))
    elif kind == "remove" and model.records:
        record_kind, number, _ = model.records.pop(step[1] % len(model.records))
        circles.remove_record(uow, circle_id, token, record_kind, number)
    elif kind == "correct" and model.games:
        game_id, game_token = model.games[step[1] % len(model.games)]
        state = services.load_game(uow, game_id).state
        if state.variant == "rummy":
            names = state.players
            entry = {"out": names[-1], "hands": {name: step[2] for name in names[:-1]}}
            services.correct_deal(uow, game_id, game_token, 1, entry)


@SLOW
@given(steps=steps)
def test_the_ledger_sums_to_zero_settles_and_equals_a_replay(uow, steps):
    started = circles.create_circle(uow, name="Trip", members=NAMES[:2])
    circle_id, token = started.circle.public_id, started.edit_token
    model = Model()
    for step in steps:
        play(uow, circle_id, token, model, step)
        view = circles.load_circle(uow, circle_id)
        balances = view.balances()
        assert sum(balances) == 0
        assert dict(zip(view.names, balances, strict=True)) == model.balances(uow, view.names)
        for host in (None, *range(len(view.names))):
            made = view.transfers(host)
            assert len(made) <= len(view.names) - 1
            left = dict(zip(view.names, balances, strict=True))
            for transfer in made:
                assert transfer["cents"] > 0
                left[transfer["from"]] += transfer["cents"]
                left[transfer["to"]] -= transfer["cents"]
            assert set(left.values()) <= {0}
        replay = ledger.running_balances(len(view.names), (e for _, _, e in view.events()))
        assert (replay[-1][1] if replay else [0] * len(view.names)) == balances
        # From scratch: every cached view dropped, the circle derived again.
        VIEWS.clear()
        circles._VIEWS.clear()
        assert circles.load_circle(uow, circle_id).as_dict() == view.as_dict()
