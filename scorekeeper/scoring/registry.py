"""The catalogue: every variant by id and the named presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .acetoace import AceToAce
from .burraco import Burraco
from .canasta import Canasta
from .contract import SHANGHAI_CONTRACTS, Contract
from .errors import ScoringError
from .five_crowns import FiveCrowns
from .free import Free
from .gin import Gin
from .golf import Golf
from .handfoot import HandAndFoot
from .indian import Indian
from .kalooki import Kalooki
from .messages import message
from .phase10 import PhaseTen
from .rummikub import Rummikub
from .rummy import Rummy
from .rummy500 import Rummy500
from .rummy5000 import Rummy5000
from .thirteen import Thirteen
from .threethirteen import ThreeThirteen
from .tonk import Tonk
from .variant import Variant

VARIANTS: dict[str, type[Variant]] = {
    cls.id: cls
    for cls in (
        *(Rummy, Gin, Rummy500, Rummy5000, Thirteen, AceToAce),
        *(Indian, FiveCrowns, PhaseTen, Canasta, HandAndFoot),
        *(Rummikub, Contract, ThreeThirteen, Kalooki),
        *(Golf, Burraco, Tonk, Free),
    )
}


@dataclass(frozen=True)
class Preset:
    name: str
    variant: str
    description: str
    options: Mapping[str, Any] = field(default_factory=dict)
    stakes: Mapping[str, Any] | None = None

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "variant": self.variant,
            "options": dict(self.options),
            "stakes": None if self.stakes is None else dict(self.stakes),
            "description": self.description,
        }


# docs/rules.md section 23: Golf, Burraco and the free pad.
GOLF_BURRACO_FREE = (
    Preset(
        message("Golf (9 holes)"),
        "golf",
        message("Six-card Golf over nine holes: column pairs cancel, lowest total wins."),
    ),
    Preset(
        message("Golf (18 holes)"),
        "golf",
        message("Six-card Golf over eighteen holes, for a long game."),
        {"holes": 18},
    ),
    Preset(
        message("Burraco"),
        "burraco",
        message("Italian Burraco: clean burracos 200, dirty 100, the pozzetto, to 2005."),
    ),
    Preset(
        message("Buraco"),
        "burraco",
        message("Brazilian Buraco: 2s count 10, Jokers 20, close with a clean canastra, to 3000."),
        {"joker": 20, "pinella": 10, "target": 3000, "clean_to_close": True},
    ),
    Preset(
        message("Free score pad"),
        "free",
        message("A pad for any other game: enter each player's score every deal."),
    ),
)

PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Preset(
            message("Gin Rummy"),
            "gin",
            message("Two-player gin: knock with 10 or less, 25 for gin, to 100."),
        ),
        Preset(
            message("Oklahoma Gin"),
            "gin",
            message(
                "Gin where the upcard sets the knock limit and a spade upcard doubles the deal."
            ),
            {"knock_card": True},
        ),
        Preset(
            message("Hollywood Gin"),
            "gin",
            message("Gin scored as three games at once."),
            {"hollywood": True},
        ),
        Preset(
            message("Rummy"),
            "rummy",
            message(
                "Straight rummy: who goes out scores the others' hands; a stock-out is a stalemate."
            ),
        ),
        Preset(
            message("Block Rummy"),
            "rummy",
            message("Rummy without reusing the discards: at a stock-out the lowest hand scores."),
            {"stock_out": "block"},
        ),
        Preset(
            message("Penalty Rummy"),
            "rummy",
            message("Rummy where everyone scores their own hand as penalty points; lowest wins."),
            {"scoring": "penalty"},
        ),
        Preset(
            message("500 Rum"),
            "rummy500",
            message("Melds less hands each deal; the first past 500 wins."),
        ),
        Preset(
            message("5000 Rummy"),
            "rummy5000",
            message("Big-number rummy with wild cards, in multiples of 5, to 5000."),
        ),
        Preset(
            message("2500 Rummy"),
            "rummy5000",
            message("5000 Rummy played to 2500 for a shorter game."),
            {"target": 2500},
        ),
        Preset(
            message("Crazy Gin (13 deals)"),
            "thirteen",
            message("Thirteen deals with the wild rank going A to K; penalty points, lowest wins."),
        ),
        Preset(
            message("Crazy Gin with the Press"),
            "thirteen",
            message(
                "Crazy Gin where a player 50 behind puts the Press on: the next deal counts double."
            ),
            {"press": True},
        ),
        Preset(
            message("Beanie"),
            "thirteen",
            message("Crazy Gin with simple values: A-8 count 5, 9-K count 10, wild cards 25."),
            {"simple_values": True},
        ),
        Preset(
            message("Biddies"),
            "thirteen",
            message("Crazy Gin with Aces at 10 and going up for 2; only the winner is paid."),
            {"ace_value": 10, "up_for_two": True},
            {"mode": "winner"},
        ),
        Preset(
            message("Treize Brasses"),
            "thirteen",
            message("Thirteen cards a deal, with J Q K counting 11, 12 and 13."),
            {"hand_size": 13, "face_values": "rank"},
        ),
        Preset(
            message("Ace to Ace"),
            "acetoace",
            message("Fourteen deals from wild Aces round to wild Aces again; melds less hands."),
        ),
        Preset(
            message("Points Rummy"),
            "indian",
            message(
                "Indian 13-card rummy, each deal settled on its own: "
                "losers pay the winner per point."
            ),
            stakes={"mode": "per_deal"},
        ),
        Preset(
            message("Pool Rummy 101"),
            "indian",
            message(
                "Indian rummy where a total of 101 eliminates; the last player left wins the pot."
            ),
            {"format": "pool"},
        ),
        Preset(
            message("Pool Rummy 201"),
            "indian",
            message("Pool rummy to 201: drops cost 25 and 50, rejoin up to 174."),
            {"format": "pool", "pool_limit": 201},
        ),
        Preset(
            message("Pool Rummy 61"),
            "indian",
            message("A quick pool rummy to 61: drops cost 15 and 30, a wrong show 60."),
            {"format": "pool", "pool_limit": 61},
        ),
        Preset(
            message("Deals Rummy (2 deals)"),
            "indian",
            message("Indian rummy over two deals; the highest total (most chips) wins."),
            {"format": "deals", "deals": 2},
        ),
        Preset(
            message("Deals Rummy (3 deals)"),
            "indian",
            message("Indian rummy over three deals; the highest total (most chips) wins."),
            {"format": "deals", "deals": 3},
        ),
        Preset(
            message("Five Crowns"),
            "five_crowns",
            message(
                "Eleven deals from 3 cards to 13, the wild rank rising each deal; "
                "lowest total wins."
            ),
        ),
        Preset(
            message("Phase 10"),
            "phase10",
            message(
                "Ten phases in turn; the first through the last wins, fewest points breaking ties."
            ),
        ),
        Preset(
            message("Canasta"),
            "canasta",
            message(
                "Two sides of two meld canastas, red threes and going out scoring bonuses, to 5000."
            ),
        ),
        Preset(
            message("Hand and Foot"),
            "handfoot",
            message(
                "Sides play a hand and a foot, clean and dirty books of seven, over four rounds."
            ),
        ),
        Preset(
            message("Rummikub"),
            "rummikub",
            message(
                "Tiles 1 to 13 and jokers: who empties their rack collects the others' racks; "
                "one round, each player playing first once."
            ),
        ),
        Preset(
            message("Contract Rummy"),
            "contract",
            message("Seven deals, each with its contract to lay down first; lowest total wins."),
        ),
        Preset(
            message("Liverpool Rummy"),
            "contract",
            message("Contract Rummy's seven deals with jokers counting 25."),
            {"joker": 25},
        ),
        Preset(
            message("Shanghai"),
            "contract",
            message(
                "Ten deals of 11 cards, number cards 5; going out blind scores -25, "
                "-50 without a joker."
            ),
            {
                "contracts": SHANGHAI_CONTRACTS,
                "low_cards": 5,
                "one_turn_bonus": 25,
                "no_joker_bonus": 50,
            },
        ),
        Preset(
            message("3-13"),
            "threethirteen",
            message("Eleven deals from 3 cards to 13, the wild rank rising each deal."),
        ),
        Preset(
            message("Kalooki"),
            "kalooki",
            message(
                "Two packs and jokers, 13 cards: a total of 150 eliminates; "
                "the last player left wins."
            ),
        ),
        Preset(
            message("Scala 40"),
            "kalooki",
            message(
                "The Italian game: jolly 25, out at 101, 100 for not having opened, "
                "a closing in one go doubles."
            ),
            {
                "joker": 25,
                "pool_limit": 101,
                "not_opened_penalty": 100,
                "one_turn_double": True,
            },
        ),
        *GOLF_BURRACO_FREE,
    )
}

_PRESETS_FOLDED = {name.casefold(): preset for name, preset in PRESETS.items()}


def get_variant(variant_id: Any) -> type[Variant]:
    variant = VARIANTS.get(variant_id) if isinstance(variant_id, str) else None
    if variant is None:
        raise ScoringError(
            {"variant": message("is not a variant: one of %(ids)s", ids=", ".join(VARIANTS))},
            message("Unknown variant."),
        )
    return variant


def get_preset(name: Any) -> Preset:
    preset = _PRESETS_FOLDED.get(name.strip().casefold()) if isinstance(name, str) else None
    if preset is None:
        raise ScoringError(
            {"preset": message("is not a preset: one of %(names)s", names=", ".join(PRESETS))},
            message("Unknown preset."),
        )
    return preset


def describe_catalogue() -> dict[str, list[dict[str, Any]]]:
    """Plain JSON for GET /api/v1/variants."""
    return {
        "variants": [variant.describe() for variant in VARIANTS.values()],
        "presets": [preset.describe() for preset in PRESETS.values()],
    }
