"""``indian``: Indian Rummy in its three formats, points, pool and deals (docs/rules.md
section 10): drops, wrong shows and the full count; pool elimination and rejoins;
the pot and its split; deals rummy's chips and tie-break deals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import RANKS, ValueTable, face_values
from .entries import EntryField
from .errors import ScoringError
from .messages import Message, message
from .options import OptionSpec, resolve
from .pool import PoolVariant, resolve_pot_stakes
from .shared_options import fixed_deals_option

FORMATS = ("points", "pool", "deals")
POOL_LIMITS = (101, 201, 61)
HAND_CARDS = 13
PENALTIES = ("first_drop", "middle_drop", "wrong_show", "full_count", "rejoin_max")
# The penalties by pool limit; points and deals rummy take pool 101's.
PENALTY_TABLE = {
    101: (20, 40, 80, 80, 79),
    201: (25, 50, 80, 80, 174),
    61: (15, 30, 60, 60, 44),
}
# The stakes modes each format allows, its default first.
STAKES_MODES = {"points": ("per_deal",), "deals": ("pot", "per_deal"), "pool": ("pot",)}
MODE_RULES = {
    "points": message("points rummy settles deal by deal: the mode must be per_deal"),
    "deals": message(
        "deals rummy is played for a pot or settled deal by deal: the mode must be pot or per_deal"
    ),
    "pool": message("pool rummy is played for a pot: the mode must be pot"),
}
# Rows a deals rummy pad keeps for tie-break deals after its last deal.
TIEBREAK_ROWS = 2
DROP_WORDS = {"first": message("first drop"), "middle": message("middle drop")}
RESULTS = ("hands", "drops", "wrong_show")  # each loser taking part has exactly one
RESULT_WORDS = {
    "hands": message("a hand value"),
    "drops": message("a drop"),
    "wrong_show": message("a wrong show"),
}


def table_defaults(options: Mapping[str, Any]) -> dict[str, int]:
    limit = options["pool_limit"] if options["format"] == "pool" else 101
    return dict(zip(PENALTIES, PENALTY_TABLE[limit], strict=True))


def _per_table(what: Message, name: str) -> Message:
    """An option's help with its defaults from the table."""
    column = PENALTIES.index(name)
    values = {limit: row[column] for limit, row in PENALTY_TABLE.items()}
    return message(
        "%(help)s Default %(pool101)s (points, deals and pool 101), %(pool201)s in pool "
        "201, %(pool61)s in pool 61.",
        help=what,
        pool101=values[101],
        pool201=values[201],
        pool61=values[61],
    )


def _from_table(
    name: str, what: Message, label: Message, *, least=1, most=500, nullable=False
) -> OptionSpec:
    """One of the PENALTIES: an int whose default comes from PENALTY_TABLE (None here)."""
    help = _per_table(what, name)
    return OptionSpec(
        name, "int", None, nullable=nullable, minimum=least, maximum=most, help=help, label=label
    )


class Indian(PoolVariant):
    id = "indian"
    name = message("Indian Rummy")
    description = message(
        "13-card rummy with a cut joker: points, pool (101, 201, 61) or deals rummy, "
        "with drops, wrong shows and the full count."
    )
    min_players = 2
    max_players = 6
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "wrong_show": {
            "en": "wrong show|wrongly declared|wrong declaration|false show",
            "fr": "mauvais show|fausse declaration|mauvaise declaration",
            "es": "show incorrecto|mala declaracion|declaracion falsa",
            "pl": "zly show|bledna deklaracja|zle zglosil|zla deklaracja",
            "de": "falscher show|falsch gemeldet|falsche meldung",
            "hi": "गलत शो|ग़लत शो|गलत डिक्लेयर|गलत डिक्लेयर किया",
        },
        "drops.middle": {
            "en": "middle drop|middle dropped|dropped in the middle",
            "fr": "abandon au milieu|abandonne au milieu",
            "es": "abandono en medio|se retiro en medio|abandono medio",
            "pl": "pas w srodku|spasowal w srodku|pas srodkowy",
            "de": "mittlerer ausstieg|steigt mittendrin aus|mitte aus",
            "hi": "मिडिल ड्रॉप|बीच में ड्रॉप",
        },
        "drops.first": {
            "en": "drop|dropped|first drop|dropped first",
            "fr": "abandon|abandonne|passe",
            "es": "abandono|se retiro|se retira|paso",
            "pl": "pas|spasowal|spasowala",
            "de": "steigt aus|ausstieg|passt",
            "hi": "ड्रॉप|फर्स्ट ड्रॉप|पहला ड्रॉप|ड्रॉप किया",
        },
        "full_count": {
            "en": "full count",
            "fr": "compte plein|full count",
            "es": "cuenta completa|full count",
            "pl": "pelna liczba|full count",
            "de": "volle zahlung|full count",
            "hi": "फुल काउंट|full count",
        },
    }
    allows_nobody_out = False  # every deal has a winner: a valid show, or the last one left
    options = (
        OptionSpec(
            "format",
            "choice",
            "points",
            FORMATS,
            message(
                "points: each deal stands alone and is settled at once; pool: penalty points "
                "add up and a player reaching the pool limit is out, the last one left wins; "
                "deals: a set number of deals, highest total wins."
            ),
            label=message("Format"),
            choice_labels=(message("Points rummy"), message("Pool rummy"), message("Deals rummy")),
        ),
        fixed_deals_option(
            message(
                "Number of deals: optional in points, 2 when not given in deals (3 and 6 are "
                "usual too), none in pool."
            )
        ),
        OptionSpec(
            "pool_limit",
            "int",
            101,
            choices=POOL_LIMITS,
            help=message("Pool rummy only: a player whose total reaches this is out."),
            label=message("Pool limit"),
            words=lambda value, options: message("A total of %(limit)s eliminates", limit=value),
        ),
        _from_table(
            "first_drop",
            message("Penalty for dropping on the first turn, before drawing."),
            message("First drop"),
        ),
        _from_table(
            "middle_drop",
            message("Penalty for dropping later in the deal."),
            message("Middle drop"),
        ),
        _from_table("wrong_show", message("Penalty for declaring wrongly."), message("Wrong show")),
        _from_table(
            "full_count",
            message("The most a hand counts."),
            message("Full count"),
            most=HAND_CARDS * 10,
        ),
        _from_table(
            "rejoin_max",
            message(
                "Pool rummy: an eliminated player may rejoin while no active total is above "
                "this; none: no rejoining."
            ),
            message("Rejoin while no total is above"),
            least=0,
            nullable=True,
        ),
    )
    entry_fields = (
        EntryField(
            "out",
            "player",
            message("The deal's winner: who made a valid show, or the last one left."),
        ),
        EntryField(
            "hands",
            "per_player",
            message(
                "Value of each loser's hand: all 13 cards without a pure sequence and a second "
                "sequence, else the cards outside valid groups."
            ),
        ),
        EntryField(
            "drops",
            "choice_per_player",
            message("Who dropped: first (on the first turn, before drawing) or middle (later)."),
            choices=("first", "middle"),
            excludes_out=True,
        ),
        EntryField("wrong_show", "players", message("Who declared wrongly."), excludes_out=True),
        EntryField(
            "rejoin",
            "players",
            message("Pool rummy: eliminated players re-entering before this deal."),
            option="format",
            when="pool",
            for_sitting_out=True,
        ),
    )

    # ------------------------------------------------------------ catalogue and setup

    @classmethod
    def resolve_options(cls, given, players):
        options, errors = resolve(cls.options, given, "options", cls.id)
        defaults = table_defaults(options)
        # A null rejoin_max says "no rejoining"; left out, it takes the table's value.
        no_rejoining = isinstance(given, Mapping) and "rejoin_max" in given
        for name in PENALTIES:
            if options[name] is None and not (name == "rejoin_max" and no_rejoining):
                options[name] = defaults[name]
        if options["format"] == "deals" and options["deals"] is None:
            options["deals"] = 2
        if not errors:
            errors = cls.check_options(options, players)
        return options, errors

    @classmethod
    def wins_higher(cls, options):
        return options["format"] != "pool"  # pool rummy's totals are penalties

    @classmethod
    def usual_stake_mode(cls, options):
        return STAKES_MODES[options["format"]][0]  # pool rummy is played for a pot

    @classmethod
    def check_options(cls, options, players):
        errors = {}
        if options["format"] != "pool":
            return errors
        if options["deals"] is not None:
            errors["options.deals"] = message(
                "pool rummy has no set number of deals: it ends when one player is left"
            )
        highest = options["pool_limit"] - 2
        if options["rejoin_max"] is not None and options["rejoin_max"] > highest:
            errors["options.rejoin_max"] = message(
                "must be at most %(highest)s with pool %(limit)s: a player "
                "rejoins at the highest total + 1, below the pool limit",
                highest=highest,
                limit=options["pool_limit"],
            )
        return errors

    @classmethod
    def resolve_stakes(cls, given, options):
        form = options["format"]
        stakes, errors = resolve_pot_stakes(given, STAKES_MODES[form], MODE_RULES[form])
        if stakes is None:
            return None, {}
        if stakes["deal_winner_cents"] and "stakes.deal_winner_cents" not in errors:
            errors["stakes.deal_winner_cents"] = message(
                "must be 0 in Indian rummy: the deal's losers already pay its winner, "
                "or the pot pays"
            )
        return stakes, errors

    @classmethod
    def pad_tiebreaks(cls, options):
        return TIEBREAK_ROWS if options["format"] == "deals" else 0

    @classmethod
    def pad_rules(cls, options):
        o = options
        rules = [
            message(
                "A hand counts at most %(full)s (full count); a first drop %(first)s, a middle "
                "drop %(middle)s, a wrong show %(wrong)s.",
                full=o["full_count"],
                first=o["first_drop"],
                middle=o["middle_drop"],
                wrong=o["wrong_show"],
            )
        ]
        if o["format"] == "pool":
            rules.append(
                message(
                    "Pool %(limit)s: a total of %(limit)s or more is eliminated; the last "
                    "player left wins the pot.",
                    limit=o["pool_limit"],
                )
            )
            if o["rejoin_max"] is not None:
                rules.append(
                    message(
                        "An eliminated player may rejoin at the highest total + 1 while no "
                        "total is above %(most)s.",
                        most=o["rejoin_max"],
                    )
                )
        elif o["format"] == "deals":
            rules.append(
                message(
                    "After %(deals)s deals the most chips win; tied players play tie-break "
                    "deals on the rows below.",
                    deals=o["deals"],
                )
            )
        else:
            rules.append(message("The deal's winner scores what the others lose."))
        return tuple(rules)

    @classmethod
    def deal_lines(cls, deal, options, running):
        entry = deal.entry
        lines: dict[str, list[Message]] = {}
        for name in entry.get("rejoin") or ():
            lines.setdefault(name, []).append(message("rejoined"))
        for name, when in (entry.get("drops") or {}).items():
            lines.setdefault(name, []).append(DROP_WORDS[when])
        for name in entry.get("wrong_show") or ():
            lines.setdefault(name, []).append(message("wrong show"))
        full = options["full_count"]
        for name, hand in (entry.get("hands") or {}).items():
            if hand is not None and hand > full:
                lines.setdefault(name, []).append(message("full count %(points)s", points=full))
        if options["format"] == "pool":
            limit = options["pool_limit"]
            for name, total in running.items():
                if total >= limit > total - deal.points[name]:
                    lines.setdefault(name, []).append(message("eliminated"))
        return lines

    @classmethod
    def value_table(cls, options):
        # A K Q J 10 count 10 each; printed jokers and cut-joker cards count 0.
        return ValueTable(face_values(A=10), wild=0, joker=0)

    @classmethod
    def hand_cards(cls, options, players):
        return HAND_CARDS

    @classmethod
    def wild_ranks(cls, options):
        return frozenset(RANKS)

    # ------------------------------------------------------------ one game

    rejoin_above = 1  # a rejoiner comes back at the highest active total + 1

    def prepare(self):
        super().prepare()
        rules = self.rules
        self.format = rules["format"]
        self.pool = self.pooled = self.format == "pool"
        self.fixed_deals = rules["deals"]
        self.limit = rules["pool_limit"]
        self.splittable = self.pool
        drops = {"first": rules["first_drop"], "middle": rules["middle_drop"]}
        self.penalty_values = (rules["full_count"], drops, rules["wrong_show"])

    def spoken_values(self):
        # "Full count": the most a hand costs, said instead of its number.
        return {"full_count": ("hands", self.rules["full_count"])}

    def taking_part(self) -> list[int]:
        if self.format == "deals" and len(self.deals) >= self.fixed_deals:
            return self.best(self.totals)  # a tie-break deal: the tied players only
        return super().taking_part()

    def skips_dealers(self, number):
        return self.pool or (self.format == "deals" and number > self.fixed_deals)

    def score(self, entry, number):
        values, accepted, errors = self.reader.read(entry)
        playing = set(self.taking_part())
        rejoined = self._rejoiners(values.get("rejoin") or [], playing, errors)
        change = self.rejoin_change(rejoined)
        playing.update(rejoined)
        out = self._out(values.get("out"), playing, errors)
        hands = values.get("hands") or [None] * self.n
        drops = values.get("drops") or [None] * self.n
        wrong = values.get("wrong_show") or ()
        full_count, drop_values, wrong_show = self.penalty_values
        penalties = [0] * self.n
        for seat in range(self.n):
            hand, drop, wrong_showed = hands[seat], drops[seat], seat in wrong
            if seat in playing and seat != out:
                # The usual case: exactly one result for a player taking part.
                if hand is not None and drop is None and not wrong_showed:
                    penalties[seat] = min(hand, full_count)
                    continue
                if drop is not None and hand is None and not wrong_showed:
                    penalties[seat] = drop_values[drop]
                    continue
                if wrong_showed and hand is None and drop is None:
                    penalties[seat] = wrong_show
                    continue
            given = [
                field
                for field, result in zip(RESULTS, (hand, drop, wrong_showed or None), strict=True)
                if result is not None
            ]
            self._misplaced(seat, given, hand, out, playing, errors)
        self.refuse(errors, number)
        if self.pool:
            by_seat = [penalty + change.get(seat, 0) for seat, penalty in enumerate(penalties)]
        else:
            by_seat = [-penalty for penalty in penalties]
            by_seat[out] = sum(penalties)
        return self.deal(
            number,
            accepted,
            by_seat,
            out,
            out,
            extras=self.rejoin_extras(change),
        )

    def _misplaced(
        self,
        seat: int,
        given: list[str],
        hand: int | None,
        out: int | None,
        playing: set[int],
        errors: dict,
    ) -> None:
        """The errors of a player without exactly one result: a loser with none or two, the
        winner with a drop, a wrong show or a hand, a player not taking part with any."""
        name = self.players[seat]
        loser = seat in playing and seat != out
        if loser and given:
            errors[f"{given[1]}.{name}"] = message(
                "%(player)s has %(result)s already: give only one of a hand "
                "value, a drop or a wrong show",
                player=name,
                result=RESULT_WORDS[given[0]],
            )
        elif loser:
            if "out" not in errors and not any(f"{field}.{name}" in errors for field in RESULTS):
                errors[f"hands.{name}"] = message(
                    "Enter what %(player)s held, or mark %(player)s's drop or wrong show: "
                    "%(player)s did not win the deal",
                    player=name,
                )
        elif seat == out:
            for field in given:
                if field != "hands" or hand:
                    errors[f"{field}.{name}"] = (
                        message(
                            "must be 0 or left out: %(player)s made the show and won the deal",
                            player=name,
                        )
                        if field == "hands"
                        else message(
                            "must be left out: %(player)s made the show and won the deal",
                            player=name,
                        )
                    )
        else:
            for field in given:
                errors[f"{field}.{name}"] = self._absent(name)

    def _absent(self, name: str) -> Message:
        """Why player ``name``, named in an entry, takes no part in the deal."""
        if self.pool:
            return message(
                "%(player)s is out of the pool and takes no part in this deal (rejoin first)",
                player=name,
            )
        return message(
            "%(player)s is not in this tie-break deal: only the tied players play it",
            player=name,
        )

    def _out(self, out: int | None, playing: set[int], errors: dict) -> int | None:
        if "out" in errors:
            return None
        if out is None:
            errors["out"] = message(
                "Choose who won the deal: who made a valid show, or the last one left"
            )
        elif out not in playing:
            errors["out"] = self._absent(self.players[out])
            return None
        return out

    def _rejoiners(self, seats: list[int], playing: set[int], errors: dict) -> list[int]:
        """The eliminated players rejoining before this deal, refusing what the rules do."""
        if not seats:
            return []
        if self.rules["rejoin_max"] is None:
            errors["rejoin"] = message("this game has no rejoining")
            return [seat for seat in seats if seat not in playing]
        rejoined = self.rejoiners(seats, playing, errors)
        highest = max(playing, key=lambda seat: (self.totals[seat], -seat))
        if self.totals[highest] > self.rules["rejoin_max"]:
            errors["rejoin"] = message(
                "nobody may rejoin now: %(player)s has %(total)s, above %(rejoin_max)s",
                player=self.players[highest],
                total=self.totals[highest],
                rejoin_max=self.rules["rejoin_max"],
            )
        return rejoined

    def is_over(self, deal):
        if self.pool:
            return len(self.taking_part()) == 1
        if self.fixed_deals is None or deal.number < self.fixed_deals:
            return False
        return self.format == "points" or len(self.best(self.totals)) == 1

    def leaders(self):
        return self.pool_leaders() if self.pool else self.best(self.totals)

    def decide_winners(self, deal):
        return self.leaders()

    # ------------------------------------------------------------ the split and the pot

    def _firsts(self) -> list[int]:
        """The entries each active player would receive first in a split: d - m, for d their
        drops left and m the fewest."""
        left = {
            seat: (self.limit - 1 - self.totals[seat]) // self.rules["first_drop"]
            for seat in self.taking_part()
        }
        fewest = min(left.values())
        firsts = [0] * self.n
        for seat, drops in left.items():
            firsts[seat] = drops - fewest
        return firsts

    def split_firsts(self) -> list[int]:
        """The entries each player receives before the pot is shared: a split's firsts."""
        return self._firsts() if self.split else [0] * self.n

    def split_winners(self):
        active = self.taking_part()
        if not 2 <= len(active) <= 3:
            raise ScoringError(
                {
                    "split": message(
                        "a split needs 2 or 3 players left in the pool, not %(count)s",
                        count=len(active),
                    )
                },
                message("The game cannot be split now."),
            )
        # Less than one entry left to share once the firsts are paid (only with a pot).
        if self.setup.stakes is not None and sum(self._firsts()) >= sum(self.entries_paid()):
            raise ScoringError(
                {
                    "split": message(
                        "less than one entry would be left to share after paying "
                        "for the drops left: play on"
                    )
                },
                message("The game cannot be split now."),
            )
        return active

    # ------------------------------------------------------------ what settlement needs

    def debts(self):
        """per_deal: each loser owes the deal's winner their penalty."""
        return [
            (seat, (deal.went_out,), -points)
            for deal in self.deals
            for seat, points in enumerate(deal.by_seat)
            if points < 0
        ]

    def extras(self):
        players = self.players
        extras = super().extras()
        if self.format == "deals":
            base = self.rules["full_count"] * self.fixed_deals
            extras["chips"] = {
                name: base + total for name, total in zip(players, self.totals, strict=True)
            }
        return extras
