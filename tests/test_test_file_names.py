"""Test files are named after what they test (docs/testing.md, "Where a test goes"): a
layer, a feature or a family, never the wave or the issue that added them. A file named
after a wave ("test_new_variants.py", "test_asked_for_games.py", a list of the games it
brought such as "test_golf_burraco_free.py") scatters a family's tests over the suite
and tells the next reader nothing of where a new one goes."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.scoring import VARIANTS

TESTS = Path(__file__).resolve().parent
# Words that name when or why a test came, not what it tests. "new" is the new-game
# page's ("test_new_game_offline.py"), and only that.
WAVE_WORDS = re.compile(
    r"(^|_)(asked|wave\d*|waves|issue\d*|issues|batch\d*|sprint\d*|milestone\d*|latest"
    r"|misc|more|extra|new(?!_game))(_|$)"
)


def families_named(stem: str) -> list[str]:
    return [family for family in VARIANTS if re.search(rf"(^|_){family}(_|$)", stem)]


def wave_like(stem: str) -> str | None:
    """Why a test file's name (without .py) reads as a wave's, or None."""
    if WAVE_WORDS.search(stem):
        return f"names a wave: {WAVE_WORDS.search(stem).group(2)!r}"
    families = families_named(stem)
    if len(families) > 1:
        return f"lists the games it covers: {', '.join(families)}"
    return None


def test_no_test_file_is_named_after_a_wave():
    found = {
        str(path.relative_to(TESTS)): why
        for path in TESTS.rglob("test_*.py")
        if (why := wave_like(path.stem))
    }
    assert found == {}


def test_wave_names_are_told_from_feature_names():
    waves = [
        "test_asked_for_games_play",
        "test_new_variants",
        "test_new_families",
        "test_new_variant_forms",
        "test_golf_burraco_free",
        "test_issue15_ending",
        "test_wave2_pads",
    ]
    features = [
        "test_golf",
        "test_five_crowns",
        "test_new_game_offline",
        "test_new_game_defaults",
        "test_family_rows",
        "test_preset_paper",
        "test_house_rules_presets",
        "test_indian_properties",
    ]
    assert [stem for stem in waves if not wave_like(stem)] == []
    assert {stem: wave_like(stem) for stem in features if wave_like(stem)} == {}
