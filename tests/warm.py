"""What every test's app compiles alike, compiled once per test process.

Each test gets an app of its own, as a fresh server would; but two parts of making one
and serving its first pages are the same work every time, and were half the CPU the
page tests spent (profiled on tests/web/test_table_pages.py and tests/league/test_access.py):

- Werkzeug parses each of the app's ~165 rules and compiles two URL builder functions for
  each from an AST, in every ``create_app``: about 60 of an app's 70 ms.
- Jinja parses and compiles each template again in every app's environment: 30-70 ms for
  a page's first render.
- SQLAlchemy compiles each statement again for every engine: its compiled cache is keyed
  by the dialect object, and each test's app makes an engine (so a dialect) of its own.

Both results depend only on their input (a rule's parsed parts, a template's source), so
the suite keeps them for the process: Jinja's own bytecode cache hook, in memory, and a
memo in front of ``Rule.compile``. The apps are otherwise untouched; production,
one app a process, gains nothing from either and has neither.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.orm import Mapper
from sqlalchemy.util import LRUCache
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
        repr(rule.defaults) if rule.defaults else "",
        tuple(url_map.converters.items()),
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


PLAIN = (bool, int, float, str, bytes, tuple, type(None))


def dialect_kind(dialect: Dialect) -> tuple:
    """What a dialect is, rather than which one: its class and every plain setting it holds
    once connected (the server's version, the identifier lengths, the paramstyle...), with
    each function it keeps (a JSON serializer) by identity. Two engines made alike on the
    same server give the same kind; any difference in a setting gives another kind, so the
    worst a new setting can cost is a statement compiled again, never one compiled for
    another kind of dialect."""
    kind = dialect.__dict__.get("_suite_kind")
    if kind is None:
        settings = sorted(
            (name, value if isinstance(value, PLAIN) else id(value))
            for name, value in vars(dialect).items()
            if isinstance(value, PLAIN) or callable(value)
        )
        kind = dialect._suite_kind = (type(dialect), tuple(settings))
    return kind


class CompiledAcrossEngines:
    """A compiled-statement cache SQLAlchemy reads with ``get`` and writes by item, keyed
    as SQLAlchemy keys it but with the dialect's kind in place of the dialect object."""

    def __init__(self, size: int) -> None:
        self.store: LRUCache = LRUCache(size)

    def get(self, key: tuple, default: Any = None) -> Any:
        return self.store.get((dialect_kind(key[0]), *key[1:]), default)

    def __setitem__(self, key: tuple, compiled: Any) -> None:
        self.store[(dialect_kind(key[0]), *key[1:])] = compiled

    def __len__(self) -> int:
        return len(self.store)

    def clear(self) -> None:
        self.store.clear()


SHARED: list[CompiledAcrossEngines] = []  # every cache share_compiled_statements() made


# Engine.__init__ as SQLAlchemy has it, kept before install() wraps it.
ENGINE_INIT = Engine.__init__


def share_compiled_statements() -> None:
    """Every engine of this process reads and fills one compiled cache, and each mapper's
    flush statements (its own cache, also keyed by the dialect) one per mapper."""
    shared = CompiledAcrossEngines(5000)
    SHARED.append(shared)

    def init(engine: Engine, *args: Any, **kwargs: Any) -> None:
        ENGINE_INIT(engine, *args, **kwargs)
        if engine._compiled_cache is not None:  # query_cache_size=0 keeps none
            engine._compiled_cache = shared

    Engine.__init__ = init
    # A memoized attribute: replaced by a plain property keeping its cache on the mapper.
    Mapper._compiled_cache = property(mapper_cache)


def forget_compiled_statements() -> None:
    """Every shared compiled statement forgotten, as in a process that has just started: for
    a test that measures a route's cost cold (tests/security/test_route_costs.py)."""
    for cache in SHARED:
        cache.clear()


def mapper_cache(mapper: Mapper) -> CompiledAcrossEngines:
    cache = mapper.__dict__.get("_suite_compiled_cache")
    if cache is None:
        cache = mapper.__dict__["_suite_compiled_cache"] = CompiledAcrossEngines(
            mapper._compiled_cache_size
        )
        SHARED.append(cache)
    return cache


def install() -> None:
    """Keep compiled URL builders, templates and SQL statements for the life of this test
    process."""
    remember_compiled_rules()
    share_compiled_statements()
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": TemplatesInMemory()}
