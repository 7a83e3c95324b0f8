"""The suite's compile-once caches (tests/warm.py) give what compiling afresh gives."""

from __future__ import annotations

from jinja2 import DictLoader, Environment
from sqlalchemy import bindparam, create_engine, literal_column, select, table
from werkzeug.routing.converters import AnyConverter, NumberConverter

from scorekeeper.db import Database
from tests.warm import COMPILE, TemplatesInMemory, dialect_kind


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


def rows_and_compiled(engine, statement) -> tuple[list, object]:
    with engine.connect() as connection:
        result = connection.execute(statement, {"least": 0})
        return result.all(), result.context.compiled


def test_engines_made_alike_share_compiled_statements_and_each_reads_its_own_file(tmp_path):
    databases = [Database(f"sqlite:///{tmp_path / f'{name}.sqlite3'}") for name in "ab"]
    for value, database in enumerate(databases, start=1):
        with database.engine.begin() as connection:
            connection.exec_driver_sql("CREATE TABLE t (x INTEGER)")
            connection.exec_driver_sql(f"INSERT INTO t VALUES ({value})")
    statement = (
        select(literal_column("x"))
        .select_from(table("t"))
        .where(literal_column("x") > bindparam("least"))
    )
    try:
        (first_rows, first), (second_rows, second) = (
            rows_and_compiled(database.engine, statement) for database in databases
        )
    finally:
        for database in databases:
            database.dispose()

    assert (first_rows, second_rows) == ([(1,)], [(2,)])
    assert second is first  # compiled once, for both engines


def test_a_dialect_set_otherwise_compiles_its_own_statements():
    statement = select(literal_column("1")).where(bindparam("least") >= 0)
    plain, named = create_engine("sqlite://"), create_engine("sqlite://", paramstyle="named")
    (plain_rows, plain_compiled), (named_rows, named_compiled) = (
        rows_and_compiled(engine, statement) for engine in (plain, named)
    )

    assert dialect_kind(plain.dialect) != dialect_kind(named.dialect)
    assert plain_rows == named_rows == [(1,)]
    assert "?" in str(plain_compiled) and ":least" in str(named_compiled)
