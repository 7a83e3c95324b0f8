"""The suite's compile-once caches (tests/warm.py) give what compiling afresh gives."""

from __future__ import annotations

from jinja2 import DictLoader, Environment
from werkzeug.routing.converters import AnyConverter, NumberConverter

from tests.warm import COMPILE, TemplatesInMemory


def sample_value(converter):
    """A value the converter takes."""
    if isinstance(converter, NumberConverter):
        return 7
    if isinstance(converter, AnyConverter):
        return min(converter.items)
    return "ab c"


def compiled_state(rule) -> tuple:
    """What compiling gave a rule: its parts, trace, arguments, converter classes, and the
    URLs its two builders make from sample values."""
    values = {name: sample_value(each) for name, each in rule._converters.items()}
    values["next"] = "/games/x?y=1"
    return (
        list(rule._parts),
        list(rule._trace),
        set(rule.arguments),
        {name: type(each) for name, each in rule._converters.items()},
        rule._build(**{k: v for k, v in values.items() if k != "next"}),
        rule._build_unknown(**values),
    )


def test_every_routes_remembered_compile_gives_what_compiling_afresh_gives(app):
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 100
    assert any(rule._converters for rule in rules)
    for rule in rules:
        remembered = compiled_state(rule)
        COMPILE(rule)
        assert compiled_state(rule) == remembered, rule.rule


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
