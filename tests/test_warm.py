"""The suite's compile-once caches (tests/warm.py) give what compiling afresh gives."""

from __future__ import annotations

from jinja2 import DictLoader, Environment
from werkzeug.routing.converters import AnyConverter, NumberConverter

from tests.warm import COMPILE_BUILDER, TemplatesInMemory


def sample_value(converter):
    """A value the converter takes."""
    if isinstance(converter, NumberConverter):
        return 7
    if isinstance(converter, AnyConverter):
        return min(converter.items)
    return "ab c"


def test_every_routes_remembered_builder_builds_what_a_fresh_one_builds(app):
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 100
    for rule in rules:
        values = {name: sample_value(each) for name, each in rule._converters.items()}
        values["next"] = "/games/x?y=1"
        for append_unknown in (False, True):
            fresh = COMPILE_BUILDER(rule, append_unknown).__get__(rule, None)
            remembered = rule._compile_builder(append_unknown).__get__(rule, None)
            assert remembered(**values) == fresh(**values), rule.rule


def test_a_template_is_compiled_again_once_its_source_changes():
    kept = TemplatesInMemory()
    templates = {"total.html": "{{ 1 + 1 }}"}

    def rendered() -> str:
        environment = Environment(loader=DictLoader(templates), bytecode_cache=kept)
        return environment.get_template("total.html").render()

    assert rendered() == "2"
    assert len(kept.code) == 1
    assert rendered() == "2"  # from the cache, in a new environment
    templates["total.html"] = "{{ 2 + 2 }}"
    assert rendered() == "4"
    assert len(kept.code) == 2
