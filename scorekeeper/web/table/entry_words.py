"""What the deal form calls entry fields and their marks, by field name (the
variant's own label, where it has one, comes first: DealForm.heading)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

HEADINGS = {
    "out": _l("Who went out?"),
    "knocker": _l("Who knocked?"),
    "melds": _l("Melded this deal"),
    "press_points": _l("Press points"),
    "wild": _l("Wild rank the dealer called"),
    "upcard": _l("Upcard"),
    "racks": _l("Tiles left on the rack"),
}
# Column heads where a player's row has two numbers.
COLUMNS = {
    "melds": _l("Melded"),
    "hands": _l("In hand"),
    "melded": _l("Melded"),
    "hand": _l("In hand"),
    "racks": _l("On the rack"),
}
# Each player's one-tap marks beside their number (entry kinds players and
# choice_per_player), and the counts' labels.
TAPS = {
    "wrong_show": _l("Wrong show"),
    "rejoin": _l("Rejoins"),
    "completed": _l("Phase done"),
    "not_opened": _l("Not opened"),
    "first": _l("1st drop"),
    "middle": _l("Middle drop"),
}
COUNTS = {
    "natural": _l("Natural canastas"),
    "mixed": _l("Mixed canastas"),
    "red_threes": _l("Red 3s"),
    "clean": _l("Clean books"),
    "dirty": _l("Dirty books"),
    "wild": _l("Wild books"),
    "sevens": _l("Sevens books"),
    "red_threes_held": _l("Red 3s held"),
}
NOBODY = {"out": _l("Nobody: the stock ran out"), "knocker": _l("Nobody knocked: void deal")}
NOBODY_OUT = {"stock": NOBODY["out"], "pool": _l("Nobody: the pool ran out")}
