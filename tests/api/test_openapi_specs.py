"""The OpenAPI schemas made from the scoring specs: the catalogue's says every key the
specs describe (an option or an entry field that gains one fails here until
web.api.openapi_entries names it), and a new game's options are typed as the specs say."""

from __future__ import annotations

import json

import pytest
from jsonschema_rs import Draft202012Validator

from scorekeeper import scoring
from scorekeeper.web.api import openapi
from scorekeeper.web.api.openapi_entries import ENTRY_FIELD, OPTION


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


def as_json(value):
    """Plain JSON, as a client sends it (the core's Messages are str subclasses)."""
    return json.loads(json.dumps(value))


def options_validator() -> Draft202012Validator:
    schema = openapi.document()["components"]["schemas"]["NewGame"]["properties"]["options"]
    return Draft202012Validator(schema)


@pytest.mark.parametrize("variant", sorted(scoring.VARIANTS))
def test_a_new_games_options_schema_takes_every_variants_defaults(variant):
    # A null default that is not nullable is worked out from the other options: not sent.
    defaults = {
        spec.name: spec.default
        for spec in scoring.get_variant(variant).options
        if spec.default is not None or spec.nullable
    }
    assert list(options_validator().iter_errors(as_json(defaults))) == []


def test_a_new_games_options_schema_takes_every_presets_options():
    for preset in scoring.PRESETS.values():
        assert list(options_validator().iter_errors(as_json(preset.options))) == [], preset.name


def test_a_new_games_options_schema_refuses_what_no_variant_takes():
    validator = options_validator()
    assert not validator.is_valid({"no_such_option": 1})
    bools = {s.name for v in scoring.VARIANTS.values() for s in v.options if s.type == "bool"}
    others = {s.name for v in scoring.VARIANTS.values() for s in v.options if s.type != "bool"}
    name = sorted(bools - others)[0]
    assert not validator.is_valid({name: "yes"})
    assert validator.is_valid({name: True})
