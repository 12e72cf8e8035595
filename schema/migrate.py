"""Run the warehouse's Alembic migrations from code, and describe a database's schema.

The migrations live in ``schema/migrations`` and are hand-written: Alembic's autogenerate and
``compare_metadata`` rely on SQLAlchemy reflection, which duckdb_engine 0.17 does not support
on SQLAlchemy 2.1. :func:`catalog_snapshot` reads DuckDB's own catalog instead, so that a
migrated database can be compared with one built by ``metadata.create_all``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.ddl.impl import DefaultImpl
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from benchdb.schema.state import STORAGE_COMPATIBILITY_VERSION, VERSION_TABLE

__all__ = [
    "STORAGE_COMPATIBILITY_VERSION",
    "VERSION_TABLE",
    "DuckDBImpl",
    "alembic_config",
    "catalog_snapshot",
    "current_revision",
    "downgrade",
    "engine_for",
    "head_revision",
    "upgrade",
]


_ALEMBIC_INI = Path(__file__).parent / "alembic.ini"


class DuckDBImpl(DefaultImpl):
    """Alembic's DDL implementation for the ``duckdb`` dialect.

    Alembic has none built in (``KeyError: 'duckdb'``); defining the class registers it.
    DuckDB DDL is transactional, so an upgrade runs in one transaction and fails as a whole.
    """

    __dialect__ = "duckdb"
    transactional_ddl = True


def alembic_config() -> Config:
    """Return the Alembic configuration of the installed ``schema`` package.

    It points at ``schema/alembic.ini`` and its migrations wherever the package lives, so it
    works from any working directory. It names no database: see :func:`upgrade`.
    """
    return Config(str(_ALEMBIC_INI))


def _config_for(connection: sa.Connection) -> Config:
    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: sa.Connection, revision: str = "head") -> None:
    """Upgrade the database of ``connection`` to ``revision`` (default: the head).

    If ``connection`` is already in a transaction, the migrations run inside it and the
    caller commits or rolls back; otherwise they run in a transaction of their own that is
    committed when they all succeed.
    """
    command.upgrade(_config_for(connection), revision)


def downgrade(connection: sa.Connection, revision: str) -> None:
    """Downgrade the database of ``connection`` to ``revision`` (``"base"``: drop everything).

    Transactions are handled as in :func:`upgrade`. At ``"base"`` the empty
    ``alembic_version`` table remains.
    """
    command.downgrade(_config_for(connection), revision)


@contextmanager
def _leave_transaction_as_found(connection: sa.Connection) -> Iterator[None]:
    # SQLAlchemy 2 autobegins a transaction on the first query. A read must not leave one
    # open: a later upgrade() would take it for the caller's and never commit.
    was_in_transaction = connection.in_transaction()
    try:
        yield
    finally:
        if not was_in_transaction and connection.in_transaction():
            connection.rollback()


def current_revision(connection: sa.Connection) -> str | None:
    """Return the revision the database is at, or ``None`` if it was never migrated."""
    with _leave_transaction_as_found(connection):
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str:
    """Return the newest revision of the migration scripts.

    Raises ``alembic.util.CommandError`` if there is more than one head.
    """
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise RuntimeError("schema/migrations/versions holds no revision")
    return head


def engine_for(path: str | Path, read_only: bool = False, settings: dict[str, str] | None = None) -> sa.Engine:
    """Return a duckdb_engine engine for the database file at ``path``.

    Read-write engines create the file if needed and write it in the
    :data:`STORAGE_COMPATIBILITY_VERSION` format. Connections are not pooled: each
    ``connect()`` opens the file and ``close()`` releases it, so no idle pooled connection
    keeps the file locked against other processes or keeps reading a file replaced since.
    `settings` are further DuckDB settings for read-write connections (``memory_limit``).
    """
    url = sa.URL.create("duckdb", database=str(path))
    connect_args: dict[str, Any]
    if read_only:
        connect_args = {"read_only": True}
    else:
        # a core DuckDB setting, so duckdb_engine hands it to duckdb.connect(config=...),
        # which applies it when the file is opened (a later SET would be too late)
        connect_args = {"config": {"storage_compatibility_version": STORAGE_COMPATIBILITY_VERSION,
                                   **(settings or {})}}
    return sa.create_engine(url, connect_args=connect_args, poolclass=sa.NullPool)


# Objects of the current database that are not DuckDB internals, the temp catalog or
# Alembic's bookkeeping. Views are not migrated (they live in sql/) and are left out.
_USER_TABLES = f"""
    SELECT table_oid,
           CASE WHEN schema_name = current_schema() THEN table_name
                ELSE schema_name || '.' || table_name END AS qualified_name
    FROM duckdb_tables()
    WHERE database_name = current_database()
      AND NOT internal AND NOT temporary
      AND NOT (schema_name = current_schema() AND table_name = '{VERSION_TABLE}')
"""

_TABLES = f"""
    SELECT u.qualified_name, t.comment
    FROM duckdb_tables() t JOIN ({_USER_TABLES}) u USING (table_oid)
    ORDER BY 1
"""

_COLUMNS = f"""
    SELECT u.qualified_name, c.column_name, c.data_type, c.is_nullable, c.column_default,
           c.comment
    FROM duckdb_columns() c JOIN ({_USER_TABLES}) u USING (table_oid)
    WHERE NOT c.internal
    ORDER BY u.qualified_name, c.column_index
"""

# constraint_name is left out: DuckDB does not keep the names given in DDL
# (CONSTRAINT ck_x CHECK ... is listed as <table>_<column>_check), so it says nothing
# about the DDL. constraint_index and the oids differ between otherwise equal files.
_CONSTRAINTS = f"""
    SELECT u.qualified_name, k.constraint_type, k.constraint_column_names, k.constraint_text,
           k.referenced_table, k.referenced_column_names
    FROM duckdb_constraints() k JOIN ({_USER_TABLES}) u USING (table_oid)
    ORDER BY 1, 2, 3, 4
"""

_INDEXES = f"""
    SELECT u.qualified_name, i.index_name, i.is_unique, i.is_primary, i.expressions, i.sql,
           i.comment
    FROM duckdb_indexes() i JOIN ({_USER_TABLES}) u USING (table_oid)
    ORDER BY 1, 2
"""

# last_value is data, not schema: it moves with every nextval().
_SEQUENCES = """
    SELECT CASE WHEN schema_name = current_schema() THEN sequence_name
                ELSE schema_name || '.' || sequence_name END AS qualified_name,
           start_value, min_value, max_value, increment_by, cycle, comment
    FROM duckdb_sequences()
    WHERE database_name = current_database() AND NOT temporary
    ORDER BY 1
"""


def catalog_snapshot(connection: sa.Connection) -> dict[str, Any]:
    """Describe the user schema of the connection's current database from DuckDB's catalog.

    Returns plain, sorted data (equal schemas give equal dicts)::

        {"tables": {name: {"comment": str | None,
                           "columns": [{"name", "data_type", "is_nullable",
                                        "column_default", "comment"}, ...]}},  # in table order
         "constraints": [{"table", "type", "columns", "text", "referenced_table",
                          "referenced_columns"}, ...],
         "indexes": [{"table", "name", "is_unique", "is_primary", "expressions", "sql",
                      "comment"}, ...],
         "sequences": [{"name", "start_value", "min_value", "max_value", "increment_by",
                        "cycle", "comment"}, ...]}

    Names are unqualified in the current schema and ``schema.name`` elsewhere. The
    ``alembic_version`` table, views, internal and temporary objects are left out.
    """
    with _leave_transaction_as_found(connection):

        def rows(query: str) -> list[sa.Row[Any]]:
            # .all(): DuckDB 2.0 refuses some later calls on a half-read result
            return list(connection.exec_driver_sql(query).all())

        tables: dict[str, dict[str, Any]] = {
            name: {"comment": comment, "columns": []} for name, comment in rows(_TABLES)
        }
        for table, name, data_type, is_nullable, default, comment in rows(_COLUMNS):
            tables[table]["columns"].append(
                {
                    "name": name,
                    "data_type": data_type,
                    "is_nullable": is_nullable,
                    "column_default": default,
                    "comment": comment,
                }
            )
        constraints = [
            {
                "table": table,
                "type": ctype,
                "columns": list(columns),
                "text": text,
                "referenced_table": ref_table,
                "referenced_columns": list(ref_columns or []),
            }
            for table, ctype, columns, text, ref_table, ref_columns in rows(_CONSTRAINTS)
        ]
        indexes = [
            {
                "table": table,
                "name": name,
                "is_unique": is_unique,
                "is_primary": is_primary,
                "expressions": expressions,
                "sql": sql,
                "comment": comment,
            }
            for table, name, is_unique, is_primary, expressions, sql, comment in rows(_INDEXES)
        ]
        sequences = [
            {
                "name": name,
                "start_value": start,
                "min_value": min_value,
                "max_value": max_value,
                "increment_by": increment,
                "cycle": cycle,
                "comment": comment,
            }
            for name, start, min_value, max_value, increment, cycle, comment in rows(_SEQUENCES)
        ]
    return {"tables": tables, "constraints": constraints, "indexes": indexes, "sequences": sequences}
