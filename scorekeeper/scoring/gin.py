"""``gin``: Gin Rummy for two, with Oklahoma (knock card) and Hollywood scoring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import RANKS, card_sign
from .entries import EntryField
from .gin_final import final_parts
from .gin_paper import GinPaper
from .messages import Message, message, ngettext
from .options import OptionSpec, yes_no
from .surface import RESULT_WORDS, OutWords
from .variant import Deal, Variant


class GinGame:
    """One game of a gin match; Hollywood scores three of them at once."""

    __slots__ = ("boxes", "final", "finished", "margin", "points", "winner")

    def __init__(self) -> None:
        self.points = [0, 0]
        self.boxes = [0, 0]
        self.finished = False
        self.winner: int | None = None
        self.final: list[int] | None = None
        self.margin: int | None = None

    def add(self, seat: int, points: int, rules: Any) -> None:
        self.points[seat] += points
        self.boxes[seat] += 1
        if self.points[seat] >= rules["target"]:
            self._finish(seat, rules)

    def _finish(self, winner: int, rules: Any) -> None:
        loser = 1 - winner
        final = [part.final for part in final_parts(self.points, self.boxes, winner, rules)]
        self.finished = True
        self.winner = winner
        self.final = final
        self.margin = final[winner] - final[loser]

    def standing(self) -> list[int]:
        """What the game is worth to each player: final scores once over, else points."""
        return self.final if self.final is not None else self.points

    def as_dict(self, players: tuple[str, ...]) -> dict[str, Any]:
        return {
            "totals": dict(zip(players, self.points, strict=True)),
            "boxes": dict(zip(players, self.boxes, strict=True)),
            "finished": self.finished,
            "winner": None if self.winner is None else players[self.winner],
            "final": None if self.final is None else dict(zip(players, self.final, strict=True)),
            "margin": self.margin,
        }


def upcard_value(rank: str) -> int:
    return min(RANKS.index(rank) + 1, 10)


# Gin's player knocks: the grid's key, a cell, the form's note, a waiting deal.
KNOCKED = OutWords(
    message("knocked"), message("knocked, "), message("(knocked)"), message("{who} knocked")
)


class Gin(GinPaper, Variant):
    id = "gin"
    name = message("Gin Rummy")
    description = message(
        "Two players knock or go gin; undercuts, boxes, game and shutout bonuses."
    )
    min_players = 2
    max_players = 2
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "big_gin": {
            "en": "big gin",
            "fr": "gros gin|grand gin|big gin",
            "es": "gin grande|big gin",
            "pl": "duzy gin|big gin",
            "de": "grosser gin|big gin",
            "hi": "बिग जिन|बड़ा जिन",
        },
        "upcard": {
            "en": "upcard|up card|the upcard",
            "fr": "carte retournee|carte visible",
            "es": "carta volteada|carta vuelta",
            "pl": "odkryta karta|karta odkryta",
            "de": "aufgedeckt|aufgedeckt ist|aufgedeckte karte",
            "hi": "अपकार्ड|खुला पत्ता",
        },
    }
    # How a deal of gin ended, beside the codes every game may give.
    result_words = {
        **RESULT_WORDS,
        "gin": message("gin"),
        "big_gin": message("big gin"),
        "knock": message("knock"),
        "undercut": message("undercut"),
    }
    options = (
        OptionSpec(
            "knock_limit",
            "int",
            10,
            minimum=0,
            maximum=10,
            help=message("The most deadwood a knocker may hold."),
            label=message("Knock with at most"),
            words=lambda value, options: (
                message("Only gin ends a deal")
                if value == 0
                else message("Knock with %(limit)s or less deadwood", limit=value)
            ),
        ),
        OptionSpec(
            "gin_bonus",
            "int",
            25,
            minimum=0,
            maximum=1000,
            help=message("Going gin scores this plus the defender's deadwood."),
            label=message("Gin bonus"),
            words=lambda value, options: message(
                "Gin scores %(bonus)s + the defender's deadwood", bonus=value
            ),
        ),
        OptionSpec(
            "big_gin_bonus",
            "int",
            31,
            minimum=0,
            maximum=1000,
            help=message("Going gin with all 11 cards scores this instead."),
            label=message("Big gin bonus"),
            words=lambda value, options: message(
                "Big gin (all 11 cards) scores %(bonus)s + the defender's deadwood", bonus=value
            ),
        ),
        OptionSpec(
            "undercut_bonus",
            "int",
            10,
            minimum=0,
            maximum=1000,
            help=message("The defender who undercuts scores this plus the difference."),
            label=message("Undercut bonus"),
            words=lambda value, options: message(
                "An undercut scores %(bonus)s + the difference", bonus=value
            ),
        ),
        OptionSpec(
            "undercut_on_equal",
            "bool",
            True,
            help=message("Defender's deadwood equal to the knocker's is an undercut."),
            label=message("Equal deadwood is an undercut"),
            words=yes_no(
                message("Equal deadwood is an undercut"),
                message("Equal deadwood is no undercut: nobody scores"),
            ),
        ),
        OptionSpec(
            "target",
            "int",
            100,
            minimum=1,
            maximum=10_000,
            help=message("A game ends when a player's points reach this."),
            label=message("Game to"),
            words=lambda value, options: message("Game to %(target)s", target=value),
        ),
        OptionSpec(
            "game_bonus",
            "int",
            100,
            minimum=0,
            maximum=10_000,
            help=message("To the winner of a game."),
            label=message("Game bonus"),
            words=lambda value, options: message("Game bonus %(bonus)s", bonus=value),
        ),
        OptionSpec(
            "box_bonus",
            "int",
            25,
            minimum=0,
            maximum=1000,
            help=message("Per hand won, to each player at the end of a game."),
            label=message("Points a box"),
            words=lambda value, options: message("%(bonus)s a box (each hand won)", bonus=value),
        ),
        OptionSpec(
            "shutout_double",
            "bool",
            True,
            help=message("A winner whose opponent won no hand doubles their final score."),
            label=message("Shutout doubles"),
            words=yes_no(
                message("A shutout doubles the winner's score"),
                message("No doubling for a shutout"),
            ),
        ),
        OptionSpec(
            "knock_card",
            "bool",
            False,
            help=message("Oklahoma: the upcard's value is the knock limit."),
            label=message("Upcard sets the knock limit (Oklahoma)"),
            words=yes_no(
                message("Oklahoma: the upcard's value is the knock limit"),
                message("The knock limit is fixed"),
            ),
        ),
        OptionSpec(
            "ace_requires_gin",
            "bool",
            True,
            help=message(
                "When the upcard sets the knock limit: an Ace upcard means only gin may end the "
                "deal."
            ),
            label=message("Ace upcard: gin only"),
            words=yes_no(
                message("An Ace upcard means only gin ends the deal"),
                message("An Ace upcard allows a knock with 1"),
            ),
        ),
        OptionSpec(
            "spade_doubles",
            "bool",
            True,
            help=message(
                "When the upcard sets the knock limit: a spade upcard doubles the deal's points."
            ),
            label=message("Spade upcard doubles"),
            words=yes_no(
                message("A spade upcard doubles the deal"),
                message("A spade upcard does not double the deal"),
            ),
        ),
        OptionSpec(
            "hollywood",
            "bool",
            False,
            help=message(
                "Three games scored at once: a player's first win scores in game 1, "
                "the second in games 1 and 2, later ones in all three."
            ),
            label=message("Three games at once (Hollywood)"),
            words=yes_no(
                message("Hollywood: three games scored at once"), message("One game at a time")
            ),
        ),
    )
    entry_fields = (
        EntryField("knocker", "player", message("Who knocked or went gin.")),
        EntryField(
            "void",
            "bool",
            message("Nobody knocked before the stock ran down: nobody scores."),
            voids_deal=True,
        ),
        EntryField(
            "hands",
            "per_player",
            message("Each player's deadwood: the knocker's own, the defender's after laying off."),
            label=message("Deadwood"),
        ),
        EntryField(
            "big_gin",
            "bool",
            message("The knocker went gin with all 11 cards."),
            label=message("Big gin: all 11 cards"),
            said=message("big gin"),
            empties_hand=True,
        ),
        EntryField(
            "upcard",
            "card",
            message("The upcard that set the knock limit, such as 7S."),
            option="knock_card",
        ),
    )

    knocks = True
    out_words = KNOCKED

    @classmethod
    def hand_cards(cls, options, players):
        return 10

    @classmethod
    def match_games(cls, options):
        return 3 if options["hollywood"] else 1

    @classmethod
    def final_lines(cls, options, state):
        return final_lines(options, state)

    @classmethod
    def deal_outcome(cls, deal, options, label):
        entry = deal.entry
        if entry.get("void"):
            return message("nobody"), message("void: no knock")
        knocker = entry["knocker"]
        if entry["hands"][knocker] == 0:
            kind = message("big gin") if entry.get("big_gin") else message("gin")
        elif deal.winner != knocker:
            kind = message("undercut by %(name)s", name=label[deal.winner])
        else:
            kind = message("knock with %(deadwood)s", deadwood=entry["hands"][knocker])
        notes: list[Message] = [kind]
        if entry.get("upcard"):
            notes.append(message("; upcard %(card)s", card=card_sign(entry["upcard"])))
        if options["hollywood"]:
            games = [str(game + 1) for game in deal.scored_in]
            if not games:
                notes.append(message("; its games are over"))
            else:
                notes.append(
                    ngettext(
                        "; game %(games)s", "; games %(games)s", len(games), games=", ".join(games)
                    )
                )
        return label[knocker], notes

    @classmethod
    def pad_rules(cls, options):
        return gin_rules(options)

    def prepare(self):
        self.games = [GinGame() for _ in range(3 if self.rules["hollywood"] else 1)]
        self.wins = [0, 0]

    def score(self, entry: dict, number: int) -> Deal:
        values, accepted, errors = self.reader.read(entry)
        upcard = values.get("upcard")
        if self.rules["knock_card"] and upcard is None and not values.get("void"):
            errors.setdefault("upcard", message("Choose the upcard: it sets the knock limit"))
        if values.get("void"):
            if values.get("knocker") is not None:
                errors["knocker"] = message("must be left out on a void deal")
            if values.get("big_gin"):
                errors["big_gin"] = message("must be left out on a void deal")
            self.refuse(errors, number)
            return self.deal(number, accepted, [0, 0], None, None)
        knocker = values.get("knocker")
        if knocker is None:
            errors.setdefault("knocker", message("Choose who knocked, or void when nobody did"))
        hands = values.get("hands") or [None, None]
        if "hands" not in errors:
            for seat, hand in enumerate(hands):
                if hand is None:
                    name = self.players[seat]
                    errors.setdefault(
                        f"hands.{name}", message("Enter %(player)s's deadwood", player=name)
                    )
        self.refuse(errors, number)
        self._check_knock(knocker, hands[knocker], upcard, values.get("big_gin", False), errors)
        self.refuse(errors, number)
        scorer, points = self.outcome(knocker, hands, values.get("big_gin", False))
        multiplier = 1
        if upcard is not None and upcard[1] == "S" and self.rules["spade_doubles"]:
            multiplier = 2
        scored_in = self._scoring_games(scorer)
        by_seat = [0, 0]
        by_seat[scorer] = points * multiplier * len(scored_in)
        if hands[knocker] == 0:
            result = "big_gin" if values.get("big_gin") else "gin"
        else:
            result = "undercut" if scorer != knocker else "knock"
        return self.deal(
            number,
            accepted,
            by_seat,
            scorer,
            scorer,
            multiplier=multiplier,
            scored_in=scored_in,
            result=result,
        )

    def _check_knock(self, knocker, deadwood, upcard, big_gin, errors):
        limit = self.rules["knock_limit"]
        if upcard is not None:
            limit = upcard_value(upcard[0])
            if upcard[0] == "A" and self.rules["ace_requires_gin"]:
                limit = 0
        if deadwood > limit:
            errors[f"hands.{self.players[knocker]}"] = (
                message("must be 0: with an Ace upcard only gin may end the deal")
                if limit == 0 and upcard is not None
                else message("must be at most %(limit)s, the knock limit", limit=limit)
            )
        if big_gin and deadwood:
            errors["big_gin"] = message("needs the knocker's deadwood to be 0")

    def outcome(self, knocker: int, hands: list[int], big_gin: bool) -> tuple[int, int]:
        """Who scores the deal and how many points, before any doubling."""
        rules = self.rules
        k, d = hands[knocker], hands[1 - knocker]
        if k == 0:
            return knocker, (rules["big_gin_bonus"] if big_gin else rules["gin_bonus"]) + d
        if d < k or (d == k and rules["undercut_on_equal"]):
            return 1 - knocker, rules["undercut_bonus"] + k - d
        return knocker, d - k

    def _scoring_games(self, seat: int) -> tuple[int, ...]:
        # A player's n-th win scores in games 1..n (at most 3) that are still going.
        reach = min(self.wins[seat] + 1, len(self.games))
        return tuple(g for g in range(reach) if not self.games[g].finished)

    def record(self, deal: Deal) -> None:
        self.deals.append(deal)
        seat = deal.went_out
        if seat is None:
            return
        self.totals[seat] += deal.by_seat[seat]
        self.wins[seat] += 1
        if deal.scored_in:
            points = deal.by_seat[seat] // len(deal.scored_in)
            for g in deal.scored_in:
                self.games[g].add(seat, points, self.rules)
        if all(game.finished for game in self.games):
            self.finished = True
            # One game: whoever reached the target. Hollywood: the match's leader.
            single = len(self.games) == 1
            self.winners = [self.games[0].winner] if single else self.best(self.standings())

    def standings(self) -> list[int]:
        standings = [0, 0]
        for game in self.games:
            for seat, value in enumerate(game.standing()):
                standings[seat] += value
        return standings

    def leaders(self) -> list[int]:
        return self.best(self.standings())

    def margin(self) -> int | None:
        """What the finished game (or match) is worth to its winner."""
        if not self.finished:
            return None
        if len(self.games) == 1 and not self.ended_early:
            return self.games[0].margin
        final = self.standings()
        return abs(final[0] - final[1])

    def goal(self) -> int | None:
        # A game ends by gin's own rule (target is None); the board still shows the total.
        return self.rules["target"]

    def extras(self) -> dict[str, Any]:
        players = self.players
        boxes = [sum(game.boxes[seat] for game in self.games) for seat in (0, 1)]
        # docs/api.md: gin adds boxes, and once finished final and margin.
        extras: dict[str, Any] = {"boxes": dict(zip(players, boxes, strict=True))}
        if self.finished:
            final = self.standings()
            extras["final"] = dict(zip(players, final, strict=True))
            extras["margin"] = self.margin()
        if len(self.games) > 1:
            extras["games"] = [game.as_dict(players) for game in self.games]
        return extras


def gin_rules(options: Mapping[str, Any]) -> tuple[Message, ...]:
    """Gin's key rules, for a pad's foot."""
    o = options
    undercut = "\u2264" if o["undercut_on_equal"] else "<"
    limit = (
        message("the upcard's value")
        if o["knock_card"]
        else message("%(limit)s or less deadwood", limit=o["knock_limit"])
    )
    game_end = message(
        "A game ends at %(target)s: the winner adds %(bonus)s, each player %(box)s per box "
        "(hand won)",
        target=o["target"],
        bonus=o["game_bonus"],
        box=o["box_bonus"],
    )
    rules = [
        message(
            "Knock with %(limit)s. Gin: %(gin)s + the defender's deadwood (big gin %(big)s).",
            limit=limit,
            gin=o["gin_bonus"],
            big=o["big_gin_bonus"],
        ),
        message(
            "Undercut (defender %(sign)s knocker): the defender scores %(bonus)s + the "
            "difference. Otherwise the knocker scores the difference.",
            sign=undercut,
            bonus=o["undercut_bonus"],
        ),
        message("%(end)s; a shutout doubles the winner's score.", end=game_end)
        if o["shutout_double"]
        else message("%(end)s.", end=game_end),
    ]
    if o["hollywood"]:
        rules.append(
            message(
                "Hollywood: a player's 1st win scores in game 1, the 2nd in games 1 and 2, "
                "later wins in all three."
            )
        )
    if o["knock_card"] and o["spade_doubles"]:
        rules.append(message("A spade upcard doubles the deal."))
    return tuple(rules)


def final_lines(options: Mapping[str, Any], state: Any) -> list[Message]:
    """Each player's final score of a finished game in words: points + boxes + the game
    bonus = made, doubled for a shutout (``state``: a GameState's totals, boxes, winners
    and finals, by name)."""
    players = state.players
    winner = next((seat for seat, name in enumerate(players) if name in state.winners), None)
    totals, boxes = [state.totals[p] for p in players], [state.boxes[p] for p in players]
    lines = []
    for name, part in zip(players, final_parts(totals, boxes, winner, options), strict=True):
        sums = [
            message("%(points)s points", points=part.points),
            ngettext(
                "%(num)s box at %(bonus)s",
                "%(num)s boxes at %(bonus)s",
                part.boxes,
                bonus=options["box_bonus"],
            ),
        ]
        if name in state.winners:
            sums.append(message("%(points)s for the game", points=part.game_bonus))
        made = part.made
        added = sums[0]
        for more in sums[1:]:  # "a + b + c", each part translated on its own
            added = message("%(sum)s + %(part)s", sum=added, part=more)
        line = message("%(name)s: %(sum)s = %(made)s", name=name, sum=added, made=made)
        final = state.final[name]
        if final == 2 * made != made:
            line = message("%(line)s, doubled for the shutout = %(final)s", line=line, final=final)
        lines.append(line)
    return lines
