"""Alembic environment for the benchdb warehouse (DuckDB through duckdb_engine).

Run from code by ``schema.migrate``, which hands its own connection in
``config.attributes["connection"]``: the migrations then run on that connection, inside the
caller's transaction if it has one. From the command line, name the database with
``-x url=duckdb:////abs/path/bench.duckdb`` (or ``sqlalchemy.url``).

There is no autogenerate: it needs SQLAlchemy reflection, which duckdb_engine 0.17 breaks
on SQLAlchemy 2.1 (pg_catalog.pg_collation, pg_inherits, REGCLASS). Write revisions by hand
and check them with schema.migrate.catalog_snapshot (see tests/test_migrations.py).
"""

from __future__ import annotations

from logging.config import fileConfig

import sqlalchemy as sa
from alembic import context

import benchdb.schema.tables as schema_tables

# Defining DuckDBImpl (class DuckDBImpl(DefaultImpl): __dialect__ = "duckdb") registers it as
# Alembic's impl for the dialect, which Alembic lacks (KeyError: 'duckdb'). It lives in
# schema.migrate so that MigrationContext works outside env.py too; importing it registers it.
from benchdb.schema.migrate import STORAGE_COMPATIBILITY_VERSION, DuckDBImpl  # noqa: F401

config = context.config
target_metadata = schema_tables.metadata

_given_connection: sa.Connection | None = config.attributes.get("connection")

# Configure logging only for the command line: from code (a connection handed in, or
# attributes["configure_logger"] = False), leave the host's logging alone.
if (
    _given_connection is None
    and config.attributes.get("configure_logger", True)
    and config.config_file_name is not None
):
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def _url() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("no database given: pass -x url=duckdb:////path/to/bench.duckdb")
    return url


def run_migrations_offline() -> None:
    """Write the migrations' SQL to stdout (``alembic upgrade head --sql``)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url") or "duckdb://",
        target_metadata=target_metadata,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _run_on(connection: sa.Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations on the given connection, or on a new one to the ``url``."""
    if _given_connection is not None:
        _run_on(_given_connection)
        return
    engine = sa.create_engine(
        _url(),
        connect_args={"config": {"storage_compatibility_version": STORAGE_COMPATIBILITY_VERSION}},
        poolclass=sa.NullPool,
    )
    try:
        with engine.connect() as connection:
            _run_on(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
