"""A deal's entry in words, for the game's history (the ``entry_text`` template filter)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from scorekeeper import scoring
from scorekeeper.translate import translate
from scorekeeper.web.table.presenters import enabled_fields

# Per-player numbers in the history, in the order players count them.
NUMBER_TEXT = (
    ("melds", _l("melded")),
    ("melded", _l("melded")),
    ("hands", _l("in hand")),
    ("hand", _l("in hand")),
    ("racks", _l("on the rack")),
    ("press_points", _l("press")),
    ("natural", _l("natural canastas")),
    ("mixed", _l("mixed canastas")),
    ("clean", _l("clean books")),
    ("dirty", _l("dirty books")),
    ("wild", _l("wild books")),
    ("sevens", _l("sevens books")),
    ("red_threes", _l("red 3s")),
    ("red_threes_held", _l("red 3s held")),
)
LIST_TEXT = {
    "wrong_show": _l("wrong show"),
    "rejoin": _l("rejoined"),
    "completed": _l("phase done"),
    "not_opened": _l("not opened"),
}


def _own_out(setup: scoring.Setup | None) -> scoring.OutWords | None:
    """The game's own words for whoever ended a deal, where it has them (Burraco's)."""
    words = None if setup is None else scoring.get_variant(setup.variant).out_words
    return None if words in (None, scoring.WENT_OUT) else words


def entry_text(entry: dict[str, Any], setup: scoring.Setup | None = None) -> str:
    """An entry in words, for the history page; the game's setup names the fields a
    variant labels its own way (Burraco's burracos, Golf's grids, a pozzetto)."""
    parts = []
    own = [f for f in enabled_fields(setup) if f.label] if setup is not None else []
    labelled = {f.name for f in own if f.kind != "player"}
    if setup is not None and scoring.get_variant(setup.variant).voided(entry):
        parts.append(_("void deal: nobody knocked"))
    elif "knocker" in entry:
        parts.append(_("%(name)s knocked", name=entry["knocker"]))
    elif entry.get("out") and _own_out(setup):
        # The game's own word (Burraco's side closed), as its grid says it.
        parts.append(translate(_own_out(setup).said).replace("{who}", entry["out"]))
    elif "out" in entry:
        parts.append(
            _("%(name)s went out", name=entry["out"]) if entry["out"] else _("nobody went out")
        )
    for name, label in NUMBER_TEXT:
        values = entry.get(name)
        if isinstance(values, dict) and values and name not in labelled:
            listed = ", ".join(f"{who} {v}" for who, v in values.items())
            parts.append(_("%(what)s: %(list)s", what=label, list=listed))
    if entry.get("drops"):
        parts.append(
            _(
                "dropped: %(list)s",
                list=", ".join(f"{who} ({when})" for who, when in entry["drops"].items()),
            )
        )
    for name, label in LIST_TEXT.items():
        if entry.get(name):
            parts.append(_("%(what)s: %(list)s", what=label, list=", ".join(entry[name])))
    parts += [_own_text(f, entry.get(f.name)) for f in own if f.kind != "player"]
    parts = [part for part in parts if part]
    if setup is not None:
        variant = scoring.get_variant(setup.variant)
        parts += [translate(text) for text in variant.flag_words(entry)]
    if entry.get("wild"):
        parts.append(_("wild %(card)s called", card=entry["wild"]))
    if entry.get("upcard"):
        parts.append(_("upcard %(card)s", card=entry["upcard"]))
    return "; ".join(parts)


def _own_text(f: scoring.EntryField, values: Any) -> str:
    """A labelled per-player field in words: numbers, yes or no, or a grid's cards."""
    if not isinstance(values, dict) or not values:
        return ""
    if f.kind == "bool_per_player":
        shown = {who: _("yes") if v is True else _("no") for who, v in values.items()}
    elif f.kind == "ranks_per_player" and f.length == 6:  # two rows of three
        shown = {
            who: f"{' '.join(map(str, v[:3]))} / {' '.join(map(str, v[3:]))}"
            for who, v in values.items()
            if isinstance(v, list)
        }
    else:
        shown = values
    listed = ", ".join(f"{who} {value}" for who, value in shown.items())
    return _("%(what)s: %(list)s", what=translate(f.label), list=listed)
