"""What every test's app compiles alike, compiled once per test process.

Each test gets an app of its own, as a fresh server would; but two parts of making one
and serving its first pages are the same work every time, and were half the CPU the
page tests spent (profiled on tests/web/test_table_pages.py and tests/league/test_access.py):

- Werkzeug parses each of the app's ~165 rules and compiles two URL builder functions for
  each from an AST, in every ``create_app``: about 60 of an app's 70 ms.
- Jinja parses and compiles each template again in every app's environment: 30-70 ms for
  a page's first render.

Both results depend only on their input (a rule's parsed parts, a template's source), so
the suite keeps them for the process: Jinja's own bytecode cache hook, in memory, and a
memo in front of ``Rule.compile``. The apps are otherwise untouched; production,
one app a process, gains nothing from either and has neither.
"""

from __future__ import annotations

from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from werkzeug.routing.rules import Rule


class TemplatesInMemory(BytecodeCache):
    """Jinja's bytecode cache kept in a dict: a bucket is keyed by the template's name and
    the checksum of its source, so an edited template is compiled again."""

    def __init__(self) -> None:
        self.code: dict[tuple[str, str], bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        stored = self.code.get((bucket.key, bucket.checksum))
        if stored is not None:
            bucket.bytecode_from_string(stored)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[(bucket.key, bucket.checksum)] = bucket.bytecode_to_string()


def rule_key(rule: Rule) -> tuple:
    """What compiling a rule reads: its text, where it is bound, its defaults, and which
    converter class each converter name of its map stands for."""
    url_map = rule.map
    return (
        rule.rule,
        rule.subdomain,
        rule.host,
        url_map.host_matching,
        rule.merge_slashes,
        repr(sorted((rule.defaults or {}).items())),
        tuple(sorted(url_map.converters.items())),
    )


# Werkzeug's own, kept before install() puts the memo in front of it.
COMPILE = Rule.compile


def remember_compiled_rules() -> None:
    """A rule compiled once gives every later rule with the same key its parsed parts,
    converters and URL builders. Converters keep their map only as an attribute, and the
    builders are plain functions bound to each rule, so sharing them changes nothing."""
    compiled: dict[tuple, tuple] = {}

    def remembered(rule: Rule) -> None:
        key = rule_key(rule)
        if key not in compiled:
            COMPILE(rule)
            compiled[key] = (
                rule._parts,
                rule._trace,
                rule._converters,
                rule._build.__func__,
                rule._build_unknown.__func__,
            )
            return
        parts, trace, converters, build, build_unknown = compiled[key]
        rule._parts, rule._trace, rule._converters = list(parts), list(trace), dict(converters)
        rule.arguments.update(converters)
        rule._build = build.__get__(rule, None)
        rule._build_unknown = build_unknown.__get__(rule, None)

    Rule.compile = remembered


def install() -> None:
    """Keep compiled URL builders and templates for the life of this test process."""
    remember_compiled_rules()
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": TemplatesInMemory()}
