"""The catalogue's schema says every key the scoring specs describe: an option or an
entry field that gains one fails here until web.openapi_entries names it."""

from __future__ import annotations

from scorekeeper import scoring
from scorekeeper.web.openapi_entries import ENTRY_FIELD, OPTION


def test_every_key_an_option_describes_is_in_the_catalogue_schema():
    described = {
        key
        for variant in scoring.VARIANTS.values()
        for spec in variant.options
        for key in spec.describe()
    }
    assert described <= set(OPTION), described - set(OPTION)


def test_every_key_an_entry_field_describes_is_in_the_catalogue_schema():
    described = {
        key
        for variant in scoring.VARIANTS.values()
        for field in variant.entry_fields
        for key in field.describe()
    }
    assert described <= set(ENTRY_FIELD), described - set(ENTRY_FIELD)
