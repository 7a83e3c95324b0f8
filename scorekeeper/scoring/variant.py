"""The variant base classes: what every game shares, whatever its scoring.

A variant is a class: its class attributes are its catalogue entry (id, options,
entry fields ...) and an instance is one game being derived, entry by entry, in
the manner of python-chess's board variants. ``play`` checks an entry and scores
it in one pass, and the game changes only once the entry is accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import ValueTable, face_values
from .entries import EntryField, EntryReader, Seats
from .errors import GameOverError, ScoringError
from .messages import message
from .options import OptionSpec, resolve, resolve_stakes
from .paper import Paper
from .surface import Surfaces

if TYPE_CHECKING:
    from .game import Setup


class Deal:
    """One scored deal. ``points`` is what it adds to each total."""

    __slots__ = (
        "adjustment",
        "by_seat",
        "dealer",
        "entry",
        "extras",
        "multiplier",
        "number",
        "points",
        "press",
        "result",
        "scored_in",
        "went_out",
        "wild",
        "winner",
    )

    def __init__(
        self,
        number: int,
        dealer: str,
        entry: dict,
        by_seat: list[int],
        points: dict[str, int],
        winner: str | None,
        went_out: int | None,
        wild: str | None = None,
        multiplier: int = 1,
        press: bool = False,
        adjustment: dict[str, int] | None = None,
        scored_in: tuple[int, ...] | None = None,
        extras: dict[str, Any] | None = None,
        result: str | None = None,
    ):
        self.number = number
        self.dealer = dealer
        self.entry = entry
        self.by_seat = by_seat
        self.points = points
        self.winner = winner
        self.went_out = went_out  # the seat paid deal_winner_cents, if any
        self.wild = wild
        self.multiplier = multiplier
        self.press = press
        self.adjustment = adjustment  # Auto-Press, deal 1 only
        self.scored_in = scored_in  # Hollywood gin: the games (0, 1, 2) the deal scored in
        # Variant-specific members of the deal's dict (Phase 10's phases ...).
        self.extras = extras
        # How the deal ended where a word says more than who went out: "void",
        # "stock_out" (nobody went out), "block" or "stalemate" (rummy's stock-out
        # rules), "gin", "big_gin", "knock" or "undercut"; None for an ordinary deal.
        self.result = result

    def as_dict(self) -> dict[str, Any]:
        described = {
            "number": self.number,
            "dealer": self.dealer,
            "wild": self.wild,
            "multiplier": self.multiplier,
            "press": self.press,
            "entry": self.entry,
            "points": dict(self.points),
            "winner": self.winner,
        }
        if self.adjustment is not None:
            described["adjustment"] = dict(self.adjustment)
        if self.extras:
            described.update(self.extras)
        return described


def plain_result(entry: Mapping[str, Any], voided: bool) -> str | None:
    """How a deal ended without a winner: void (``voided``: a flag of the game's that
    voids a deal is set), or the stock ran out with nobody out."""
    if voided:
        return "void"
    if "out" in entry and entry["out"] is None:
        return "stock_out"
    return None


class Variant(Surfaces, Paper):
    """A variant's catalogue entry (class attributes) and one game of it (an instance)."""

    id: ClassVar[str]
    name: ClassVar[str]
    description: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    higher_wins: bool = True  # an instance may decide otherwise from its options
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    entry_fields: ClassVar[tuple[EntryField, ...]] = ()
    has_melds: ClassVar[bool] = False
    allows_nobody_out: ClassVar[bool] = True
    # What ran out when nobody went out: "stock", or "pool" (Rummikub's tiles).
    runs_out: ClassVar[str] = "stock"
    meld_bound: ClassVar[int | None] = None
    step: ClassVar[int] = 1  # every entered value is a multiple of this
    # Far above any real game (the longest fixed game is 200 deals, plus tie-breaks):
    # it bounds what one game costs to derive and print (docs/scoring.md).
    max_deals: ClassVar[int] = 500
    # Partnership games (docs/rules.md section 13): ``players`` are the sides, and a
    # setup may seat this many individual players (least, most) per side.
    # Whether a paper pad has a column for each deal's wild rank, known before the deal.
    pad_wild: ClassVar[bool] = False
    # Whether nobody deals and a deal's ``dealer`` is who plays first (Rummikub's tiles).
    dealer_plays_first: ClassVar[bool] = False
    partnership: ClassVar[bool] = False
    seats_per_side: ClassVar[tuple[int, int]] = (2, 4)
    # A game whose players may be sides or people (the free pad): given seats, its
    # players are sides, 2 to ``max_sides`` of them.
    optional_sides: ClassVar[bool] = False
    max_sides: ClassVar[int] = 8
    max_seats: ClassVar[int] = 8  # people at the table when seated
    has_cards: ClassVar[bool] = True  # False: no card values (the free pad)

    @classmethod
    def takes_seats(cls) -> bool:
        """Whether a setup may seat individual players by side."""
        return cls.partnership or cls.optional_sides

    # ------------------------------------------------------------ catalogue and setup

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "id": cls.id,
            "name": cls.name,
            "description": cls.description,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "higher_wins": cls.higher_wins,
            "has_melds": cls.has_melds,
            "allows_nobody_out": cls.allows_nobody_out,
            "partnership": cls.partnership,
            **(
                {"seats_per_side": list(cls.seats_per_side), "max_seats": cls.max_seats}
                if cls.takes_seats()
                else {}
            ),
            **({"optional_sides": True} if cls.optional_sides else {}),
            "options": [spec.describe() for spec in cls.options],
            "entry_fields": [f.describe() for f in cls.entry_fields],
        }

    @classmethod
    def resolve_options(cls, given: Any, players: int) -> tuple[dict[str, Any], dict[str, str]]:
        options, errors = resolve(cls.options, given, "options", cls.id)
        for spec in cls.options:
            if options[spec.name] is None and not spec.nullable:
                options[spec.name] = cls.computed_default(spec.name, options, players)
        if not errors:
            errors = cls.check_options(options, players)
        return options, errors

    @classmethod
    def wins_higher(cls, options: Mapping[str, Any]) -> bool:
        """Whether the highest total wins a game with these (resolved) options; some
        variants decide it per game (rummy's penalty scoring, Indian pool rummy)."""
        return cls.higher_wins

    @classmethod
    def usual_stake_mode(cls, options: Mapping[str, Any]) -> str:
        """Who pays whom when the stakes leave it out, under these (resolved) options."""
        return "pairs"

    @classmethod
    def starting_options(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options a game set up with ``given`` (a preset's) starts from, as a form
        shows them before the players are known: each resolved as the game would be, and
        None where the value hangs on how many play (rummy's target, the packs)."""
        fewest, _errors = cls.resolve_options(dict(given), cls.min_players)
        most, _errors = cls.resolve_options(dict(given), cls.max_players)
        return {name: value if most[name] == value else None for name, value in fewest.items()}

    @classmethod
    def resolve_stakes(
        cls, given: Any, options: Mapping[str, Any]
    ) -> tuple[dict[str, Any] | None, dict[str, str]]:
        """The game's stakes resolved, and their errors; ``options`` are the game's."""
        return resolve_stakes(given, cls.id)

    @classmethod
    def people_at(cls, players: int, seats: tuple[str, ...] | None) -> int:
        """The people at the table, whom options may depend on (``resolve_options`` gets
        this as ``players``): a partnership game's seats, or two a side without them."""
        if not cls.partnership:
            return players
        return len(seats) if seats else 2 * players

    @classmethod
    def computed_default(cls, name: str, options: Mapping[str, Any], players: int) -> Any:
        raise LookupError(f"{cls.id} has no computed default for {name}")

    @classmethod
    def check_options(cls, options: Mapping[str, Any], players: int) -> dict[str, str]:
        """Errors in how the options go together."""
        return {}

    @classmethod
    def value_table(cls, options: Mapping[str, Any]) -> ValueTable:
        return ValueTable(face_values())

    @classmethod
    def hand_cards(cls, options: Mapping[str, Any], players: int) -> int:
        raise NotImplementedError

    @classmethod
    def hand_bound(cls, options: Mapping[str, Any], players: int) -> int:
        """Cards in hand x the highest card value under the options."""
        return cls.hand_cards(options, players) * cls.value_table(options).highest

    @classmethod
    def grid_rules(cls, options: Mapping[str, Any]) -> dict[str, Any] | None:
        """What a page's grid helper needs to score a grid of ranks as the core does
        (Golf's six cards), or None where the game has no grid."""
        return None

    @classmethod
    def wild_ranks(cls, options: Mapping[str, Any]) -> frozenset[str]:
        """The ranks the card counter accepts as the deal's wild rank."""
        return frozenset()

    # ------------------------------------------------------------ one game

    def __init__(self, setup: Setup):
        self.setup = setup
        self.players = tuple(setup.players)
        self.n = len(self.players)
        self.people = self.people_at(self.n, setup.seats)
        self.rules = self.rules_of(setup)
        self.higher_wins = self.wins_higher(self.rules)
        self.seats = Seats(self.players)
        # Who deals in turn: the seated players of a partnership game, else the players.
        self.dealers = tuple(setup.seats or self.players)
        first = Seats(self.dealers).find(setup.first_dealer)
        if first is None:
            raise ScoringError({"first_dealer": message("must be one of the players")})
        self.first = first
        # The end rule: a fixed number of deals, else a total reaching the target.
        self.fixed_deals: int | None = None
        self.target: int | None = None
        self.totals = [0] * self.n
        self.deals: list[Deal] = []
        self.finished = False
        self.winners: list[int] = []
        self.ended_early = False  # finished by the table (docs/rules.md section 15)
        self.splittable = False  # whether the table may end it with a split (pool rummy)
        self.split = False
        self.prepare()
        disabled = {f.name: f.needs() for f in self.entry_fields if not self.takes(f)}
        self.reader = EntryReader(self.id, self.entry_fields, self.seats, self.bounds(), disabled)

    def prepare(self) -> None:
        """Set up what the variant's own rules need from the options (its end rule ...)."""

    @classmethod
    def rules_of(cls, setup: Setup) -> Mapping[str, Any]:
        """The setup's options, with defaults for any it lacks (a setup stored before an
        option existed); a setup from make_setup has them all and is used as it is."""
        options = setup.options
        if all(spec.name in options for spec in cls.options):
            return options
        people = cls.people_at(len(setup.players), setup.seats)
        resolved, errors = cls.resolve_options(options, people)
        if errors:
            raise ScoringError(errors, message("The game's stored options are not valid."))
        return resolved

    @classmethod
    def ranks_higher(cls, setup: Setup) -> bool:
        """Whether the highest total wins the game ``setup`` starts, from its options
        alone: what a league's table or a typed paper total is ranked by, no deal derived."""
        return cls.wins_higher(cls.rules_of(setup))

    def takes(self, field: EntryField) -> bool:
        """Whether this game's entries may give ``field``."""
        if field.option is None:
            return True
        value = self.rules[field.option]
        return bool(value) if field.when is None else value == field.when

    def bounds(self) -> dict[str, tuple[int, int]]:
        """Each per-player entry field's (bound, step)."""
        bounds = {"hands": (self.hand_bound(self.rules, self.n), self.step)}
        if self.meld_bound is not None:
            bounds["melds"] = (self.meld_bound, self.step)
        return bounds

    def deal_bounds(self, number: int) -> dict[str, tuple[int, int]]:
        """The per-player fields' bounds in deal ``number`` (``bounds`` unless a deal
        has its own, as a rising deal's cards do)."""
        return dict(self.reader.bounds)

    def spoken_values(self) -> dict[str, tuple[str, int]]:
        """Values this game names in words, for voice: a word (a key of voice's
        vocabulary) -> (entry field, value)."""
        return {}

    def dealer(self, number: int) -> str:
        return self.dealers[(self.first + number - 1) % len(self.dealers)]

    def wild(self, number: int) -> str | None:
        """The wild rank of deal ``number`` as known before it is played."""
        return None

    def contract(self, number: int) -> dict[str, Any] | None:
        """Deal ``number``'s contract and cards (Contract Rummy), None in other games."""
        return None

    def foreseen(self, number: int) -> dict[str, Any]:
        """What deal ``number`` is before anything of it is played, from the rules alone:
        its dealer and wild rank, and where the variant declares them its cards and
        contract. The next deal says it, and a page shows it for deals still ahead (a
        phone saving deals without a signal moves on to the right one)."""
        return {"dealer": self.dealer(number), "wild": self.wild(number)}

    def multiplier(self, number: int, wild: str | None) -> int:
        return 1

    def press(self, number: int) -> bool:
        return False

    def play(self, entry: Any) -> Deal:
        """Check ``entry`` as the next deal, score it and add it to the game."""
        if self.finished:
            raise GameOverError(
                {
                    "deals": message(
                        "the game ended with deal %(number)s: no more deals",
                        number=len(self.deals),
                    )
                },
                message("The game is over: correct an earlier deal instead."),
            )
        if len(self.deals) >= self.max_deals:
            raise ScoringError(
                {"deals": message("a game has at most %(most)s deals", most=self.max_deals)},
                message(
                    "This game has reached %(most)s deals, the most one game can "
                    "hold: start a new game to play on.",
                    most=self.max_deals,
                ),
            )
        if not isinstance(entry, dict):
            raise ScoringError(
                {"entry": message("must be an object")},
                message("A deal's entry must be an object."),
            )
        deal = self.score(entry, len(self.deals) + 1)
        self.record(deal)
        return deal

    def score(self, entry: dict, number: int) -> Deal:
        """The deal ``entry`` makes, raising ScoringError if it breaks a rule."""
        raise NotImplementedError

    def refuse(self, errors: dict[str, str], number: int) -> None:
        if errors:
            raise ScoringError(
                errors, message("Deal %(number)s cannot be recorded as given.", number=number)
            )

    def deal(
        self,
        number: int,
        entry: dict,
        by_seat: list[int],
        winner: int | None,
        went_out: int | None,
        **figures: Any,
    ) -> Deal:
        players = self.players
        if "result" not in figures:
            figures["result"] = plain_result(entry, self.voided(entry))
        return Deal(
            number,
            self.dealer(number),
            entry,
            by_seat,
            dict(zip(players, by_seat, strict=True)),
            None if winner is None else players[winner],
            went_out,
            **figures,
        )

    def record(self, deal: Deal) -> None:
        self.deals.append(deal)
        totals = self.totals
        for seat, points in enumerate(deal.by_seat):
            totals[seat] += points
        if self.is_over(deal):
            self.finished = True
            self.winners = self.decide_winners(deal)

    def goal(self) -> int | None:
        """The total the board shows as what the game plays to: the end rule's target;
        a game ending by a rule of its own (gin's) shows the total that rule plays to."""
        return self.target

    def is_over(self, deal: Deal) -> bool:
        if self.fixed_deals is not None:
            return deal.number >= self.fixed_deals
        return max(self.totals) >= self.target

    def decide_winners(self, deal: Deal) -> list[int]:
        return self.best(self.totals)

    def best(self, scores: list[int]) -> list[int]:
        """The seats with the best of ``scores``, in seat order."""
        top = max(scores) if self.higher_wins else min(scores)
        return [seat for seat, score in enumerate(scores) if score == top]

    def leaders(self) -> list[int]:
        return self.best(self.totals)

    def end_early(self, split: bool = False) -> None:
        """The table ends the unfinished game here (docs/rules.md section 15): the leaders
        win, with no end-of-game bonuses; a split is pool rummy's alone."""
        if split and not self.splittable:
            raise ScoringError(
                {"split": message("only a pool rummy game can be split")},
                message("This game cannot be ended with a split."),
            )
        self.winners = self.split_winners() if split else self.leaders()
        self.finished = True
        self.ended_early = True
        self.split = split

    def split_winners(self) -> list[int]:
        """The winners of a split, raising ScoringError where the split is refused."""
        raise NotImplementedError(f"{self.id} cannot be split")

    def next_deal(self) -> dict[str, Any] | None:
        if self.finished:
            return None
        number = len(self.deals) + 1
        foreseen = self.foreseen(number)
        return {
            "number": number,
            **foreseen,
            "multiplier": self.multiplier(number, foreseen["wild"]),
            "press": self.press(number),
        }

    def press_offer(self) -> dict[str, Any] | None:
        return None

    # ------------------------------------------------------------ what settlement needs

    def standings(self) -> list[int]:
        """The figures money is settled on, by seat."""
        return self.totals

    def payees(self) -> list[int]:
        """Who receives in ``winner`` mode: the winners, or the leaders so far."""
        return self.winners if self.finished else self.leaders()

    def debts(self) -> list[tuple[int, tuple[int, ...], int]]:
        """``per_deal`` stakes: (debtor, creditors sharing, points) for every deal."""
        raise NotImplementedError(f"{self.id} has no per_deal settlement")

    def extras(self) -> dict[str, Any]:
        """Variant-specific members of the game state."""
        return {}


class OutVariant(Variant):
    """Variants whose entry says who went out (or nobody) and what each hand holds."""

    def score(self, entry: dict, number: int) -> Deal:
        values, accepted, errors = self.reader.read(entry)
        out = values.get("out")
        if not self.allows_nobody_out and out is None and "out" not in errors:
            errors["out"] = message("Choose who went out")
        elif "out" not in entry:
            errors["out"] = message("Choose who went out, or nobody when the stock ran out")
        hands = self.required(values, "hands", errors, exempt=out)
        melds = self.required(values, "melds", errors) if self.has_melds else None
        self.check(values, out, number, errors)
        self.refuse(errors, number)
        return self.score_deal(number, accepted, values, out, hands, melds)

    def required(
        self, values: dict[str, Any], field: str, errors: dict[str, str], exempt: int | None = None
    ) -> list[int]:
        """``field``'s value for every player but ``exempt`` (who went out), who has 0."""
        by_seat = values.get(field)
        if by_seat is None:
            by_seat = [None] * self.n
        if field in errors or "out" in errors:
            return by_seat  # who needs a value is unknown
        for seat, value in enumerate(by_seat):
            if seat == exempt:
                if value:
                    errors[f"{field}.{self.players[seat]}"] = message(
                        "must be 0 or left out: %(player)s went out", player=self.players[seat]
                    )
                by_seat[seat] = 0
            elif value is None and f"{field}.{self.players[seat]}" not in errors:
                name = self.players[seat]
                errors[f"{field}.{name}"] = (
                    message("Enter what %(player)s held: %(player)s did not go out", player=name)
                    if field == "hands"
                    else message("Enter what %(player)s melded (0 for nothing)", player=name)
                )
        return by_seat

    def check(
        self, values: dict[str, Any], out: int | None, number: int, errors: dict[str, str]
    ) -> None:
        """Variant-specific rules an entry must keep, beyond its fields' own."""

    def score_deal(
        self,
        number: int,
        entry: dict,
        values: dict[str, Any],
        out: int | None,
        hands: list[int],
        melds: list[int] | None,
    ) -> Deal:
        raise NotImplementedError


class MeldVariant(OutVariant):
    """Each player scores what they melded less what is left in hand."""

    has_melds = True

    def score_deal(self, number, entry, values, out, hands, melds):
        by_seat = [meld - hand for meld, hand in zip(melds, hands, strict=True)]
        if out is not None:
            by_seat[out] += self.rules.get("out_bonus", 0)
        return self.deal(number, entry, by_seat, out, out, wild=self.wild(number))
