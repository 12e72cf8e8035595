"""The Alembic migrations build exactly the schema of schema/tables.py.

Alembic's own comparison (autogenerate, ``alembic check``) needs reflection, which
duckdb_engine breaks on SQLAlchemy 2.1, so the migrated database is compared with one built by
``metadata.create_all`` through DuckDB's catalog (``schema.migrate.catalog_snapshot``).
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory

from benchdb.schema import migrate
from benchdb.schema.tables import metadata

# The DuckDB type each SQLAlchemy type of tables.py must become (sa.Float would be REAL).
DUCKDB_TYPES: dict[type[sa.types.TypeEngine[Any]], str] = {
    sa.Double: "DOUBLE",
    sa.Integer: "INTEGER",
    sa.BigInteger: "BIGINT",
    sa.String: "VARCHAR",
    sa.Boolean: "BOOLEAN",
    sa.DateTime: "TIMESTAMP",
}


def _snapshot_of(engine: sa.Engine) -> dict[str, Any]:
    with engine.connect() as conn:
        return migrate.catalog_snapshot(conn)


def _created_snapshot(path: Path, md: sa.MetaData) -> dict[str, Any]:
    engine = migrate.engine_for(path)
    with engine.begin() as conn:
        md.create_all(conn)
    return _snapshot_of(engine)


@pytest.fixture(scope="module")
def created(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Catalog snapshot of an empty file built with metadata.create_all."""
    return _created_snapshot(tmp_path_factory.mktemp("created") / "created.duckdb", metadata)


@pytest.fixture
def engine(tmp_path: Path) -> sa.Engine:
    """An engine on a new, empty database file."""
    return migrate.engine_for(tmp_path / "bench.duckdb")


@pytest.fixture
def migrated(engine: sa.Engine) -> sa.Engine:
    """An engine on a file upgraded to head."""
    with engine.connect() as conn:
        migrate.upgrade(conn)
    return engine


def _assert_same(snapshot: dict[str, Any], expected: dict[str, Any]) -> None:
    """Compare two catalog snapshots part by part, so that a failure names what differs."""
    assert sorted(snapshot["tables"]) == sorted(expected["tables"])
    for name, table in expected["tables"].items():
        assert snapshot["tables"][name] == table, f"table {name}"
    for part in ("constraints", "indexes", "sequences"):
        assert snapshot[part] == expected[part], part
    assert snapshot == expected


def _user_objects(engine: sa.Engine) -> tuple[set[str], set[str]]:
    with engine.connect() as conn:
        tables = {r[0] for r in conn.exec_driver_sql(
            "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database()"
            " AND NOT internal").all()}
        sequences = {r[0] for r in conn.exec_driver_sql(
            "SELECT sequence_name FROM duckdb_sequences()"
            " WHERE database_name = current_database()").all()}
    return tables, sequences


def test_upgrade_head_matches_create_all(migrated: sa.Engine, created: dict[str, Any]) -> None:
    snapshot = _snapshot_of(migrated)
    assert set(snapshot["tables"]) == set(metadata.tables)  # the comparison is not vacuous
    _assert_same(snapshot, created)


def test_upgrade_creates_declared_columns_and_types(migrated: sa.Engine) -> None:
    tables = _snapshot_of(migrated)["tables"]
    for table in metadata.sorted_tables:
        columns = tables[table.name]["columns"]
        assert [c["name"] for c in columns] == [c.name for c in table.columns], table.name
        for column, found in zip(table.columns, columns, strict=True):
            where = f"{table.name}.{column.name}"
            assert type(column.type) in DUCKDB_TYPES, f"{where}: add its DuckDB type to DUCKDB_TYPES"
            assert found["data_type"] == DUCKDB_TYPES[type(column.type)], where
            assert found["is_nullable"] == bool(column.nullable), where


def test_upgrade_creates_the_sequences(migrated: sa.Engine) -> None:
    declared = {c.default.name for t in metadata.tables.values() for c in t.columns
                if isinstance(c.default, sa.Sequence)}
    assert [s["name"] for s in _snapshot_of(migrated)["sequences"]] == sorted(declared)


def test_constraint_names_are_in_the_migration_ddl(engine: sa.Engine) -> None:
    # DuckDB keeps no constraint names (the catalog shows <table>_<column>_check), so the
    # snapshot cannot see them: check the DDL the migrations emit instead.
    statements: list[str] = []
    sa.event.listen(engine, "before_cursor_execute", lambda _c, _cur, sql, *_: statements.append(sql))
    with engine.connect() as conn:
        migrate.upgrade(conn)
    emitted = set(re.findall(r"CONSTRAINT (\w+)", "\n".join(statements))) - {"alembic_version_pkc"}
    declared = {c.name for t in metadata.tables.values() for c in t.constraints if c.name}
    assert declared
    assert emitted == declared


def test_one_head_and_no_empty_revisions() -> None:
    script = ScriptDirectory.from_config(migrate.alembic_config())
    assert script.get_heads() == [migrate.head_revision()]
    revisions = list(script.walk_revisions())
    assert revisions
    for rev in revisions:
        for fn in (rev.module.upgrade, rev.module.downgrade):
            body = ast.parse(textwrap.dedent(inspect.getsource(fn))).body[0].body  # type: ignore[attr-defined]
            real = [s for s in body if not isinstance(s, ast.Pass)
                    and not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            assert real, f"revision {rev.revision}: {fn.__name__}() does nothing"


def test_the_light_head_reading_agrees_with_alembic(engine: sa.Engine) -> None:
    """A refresh skips Alembic when the file is at the head it reads from the migration
    files itself (benchdb.schema.state): that reading must be Alembic's answer."""
    import duckdb

    from benchdb.schema.state import script_head, stored_revision

    assert script_head() == migrate.head_revision()
    with engine.connect() as conn:
        migrate.upgrade(conn)
        assert stored_revision(conn.connection.driver_connection) == migrate.head_revision()
    assert stored_revision(duckdb.connect(":memory:")) is None  # never migrated


def test_downgrade_to_base_then_upgrade_again(migrated: sa.Engine, created: dict[str, Any]) -> None:
    with migrated.connect() as conn:
        migrate.downgrade(conn, "base")
        assert migrate.current_revision(conn) is None
        assert migrate.catalog_snapshot(conn) == {
            "tables": {}, "constraints": [], "indexes": [], "sequences": []}
    assert _user_objects(migrated) == ({migrate.VERSION_TABLE}, set())

    with migrated.connect() as conn:
        migrate.upgrade(conn, "head")
    _assert_same(_snapshot_of(migrated), created)


def test_current_revision(engine: sa.Engine) -> None:
    with engine.connect() as conn:
        assert migrate.current_revision(conn) is None
        migrate.upgrade(conn)
        assert migrate.current_revision(conn) == migrate.head_revision()
    with engine.connect() as conn:  # committed, not just visible in the same connection
        assert migrate.current_revision(conn) == migrate.head_revision()


def test_upgrade_runs_inside_the_callers_transaction(engine: sa.Engine) -> None:
    with engine.connect() as conn:
        assert migrate.current_revision(conn) is None
        assert not conn.in_transaction()  # reads leave no transaction behind
        with conn.begin() as tx:
            migrate.upgrade(conn)
            assert migrate.current_revision(conn) == migrate.head_revision()
            tx.rollback()
    assert _user_objects(engine) == (set(), set())


def _changed_copy(change: Callable[[sa.MetaData], None]) -> sa.MetaData:
    md = sa.MetaData()
    for table in metadata.sorted_tables:
        table.to_metadata(md)
    change(md)
    return md


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda md: setattr(md.tables["extracted_value"].c.value, "type", sa.Float()),
                     id="Float instead of Double"),
        pytest.param(lambda md: setattr(md.tables["document"].c.error, "nullable", False),
                     id="nullability"),
        pytest.param(lambda md: setattr(md.tables["dim_model"], "comment", None), id="table comment"),
    ],
)
def test_snapshot_sees_differences(
    tmp_path: Path, created: dict[str, Any], change: Callable[[sa.MetaData], None]
) -> None:
    assert _created_snapshot(tmp_path / "other.duckdb", _changed_copy(change)) != created


def test_engine_for_writes_files_duckdb_1_5_can_read(tmp_path: Path) -> None:
    path = tmp_path / "compat.duckdb"
    with migrate.engine_for(path).begin() as conn:
        conn.exec_driver_sql("CREATE TABLE t (x INTEGER)")
    with migrate.engine_for(path, read_only=True).connect() as conn:
        tags = conn.exec_driver_sql(
            "SELECT tags FROM duckdb_databases() WHERE database_name = current_database()").all()
        assert tags[0][0]["storage_version"].startswith(migrate.STORAGE_COMPATIBILITY_VERSION)
        with pytest.raises(sa.exc.DBAPIError, match="read-only"):
            conn.exec_driver_sql("INSERT INTO t VALUES (1)")


def test_env_py_runs_on_a_url_from_any_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "by_url.duckdb"
    cfg = migrate.alembic_config()
    cfg.set_main_option("sqlalchemy.url", f"duckdb:///{path}")
    cfg.attributes["configure_logger"] = False
    command.upgrade(cfg, "head")
    engine = migrate.engine_for(path, read_only=True)
    with engine.connect() as conn:
        assert migrate.current_revision(conn) == migrate.head_revision()
        tags = conn.exec_driver_sql(
            "SELECT tags FROM duckdb_databases() WHERE database_name = current_database()").all()
        assert tags[0][0]["storage_version"].startswith(migrate.STORAGE_COMPATIBILITY_VERSION)
