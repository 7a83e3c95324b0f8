"""What every test's app compiles alike, compiled once per test process.

Each test gets an app of its own, as a fresh server would; but two parts of making one
and serving its first pages are the same work every time, and were half the CPU the
page tests spent (profiled on tests/web/test_table_pages.py and tests/league/test_access.py):

- Werkzeug compiles two URL builder functions for each of the app's ~130 rules, from an
  AST, in every ``create_app``: about 40 ms an app.
- Jinja parses and compiles each template again in every app's environment: 30-70 ms for
  a page's first render.

Both results depend only on their input (a rule's parsed parts, a template's source), so
the suite keeps them for the process: Jinja's own bytecode cache hook, in memory, and a
memo in front of ``Rule._compile_builder``. The apps are otherwise untouched; production,
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


def builder_key(rule: Rule, append_unknown: bool) -> tuple | None:
    """What a rule's builder is made from: its parsed parts and the names of its defaults
    (their values only matter where a default fills a part of the path, which the builder
    bakes in through the rule's converter: such a rule gets None, and a builder of its own)."""
    defaults = rule.defaults or {}
    if any(dynamic and part in defaults for dynamic, part in rule._trace):
        return None
    return (tuple(rule._trace), tuple(defaults), append_unknown)


# Werkzeug's own, kept before install() puts the memo in front of it.
COMPILE_BUILDER = Rule._compile_builder


def remember_url_builders() -> None:
    builders: dict[tuple, object] = {}

    def remembered(rule: Rule, append_unknown: bool = True):
        key = builder_key(rule, append_unknown)
        if key is None:
            return COMPILE_BUILDER(rule, append_unknown)
        if key not in builders:
            builders[key] = COMPILE_BUILDER(rule, append_unknown)
        return builders[key]

    Rule._compile_builder = remembered


def install() -> None:
    """Keep compiled URL builders and templates for the life of this test process."""
    remember_url_builders()
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": TemplatesInMemory()}
