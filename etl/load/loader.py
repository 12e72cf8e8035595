"""The one generic loader: a pandas DataFrame into a schema table, in bulk.

DuckDB scans the registered frame (no per-row round trips); column names come from the
SQLAlchemy table, never from data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import duckdb

if TYPE_CHECKING:  # imported by their callers; this module stays cheap to import
    import pandas as pd
    import sqlalchemy as sa


def quote_identifier(name: str) -> str:
    """A DuckDB identifier in double quotes."""
    return '"' + name.replace('"', '""') + '"'


def bulk_insert(con: duckdb.DuckDBPyConnection, table: sa.Table, frame: pd.DataFrame) -> int:
    """Insert `frame` into `table` (columns matched by name; table columns the frame lacks
    get their defaults). Returns the number of rows inserted."""
    if frame.empty:
        return 0
    columns = [c.name for c in table.columns if c.name in frame.columns]
    unknown = set(frame.columns) - {c.name for c in table.columns}
    if unknown:
        raise ValueError(f"columns not in table {table.name}: {sorted(unknown)}")
    view_name = f"_bulk_{table.name}"
    con.register(view_name, frame[columns])
    try:
        column_list = ", ".join(quote_identifier(c) for c in columns)
        con.execute(f"INSERT INTO {quote_identifier(table.name)} ({column_list}) "
                    f"SELECT {column_list} FROM {quote_identifier(view_name)}")
    finally:
        con.unregister(view_name)
    return len(frame)


def recreate_tables(con: duckdb.DuckDBPyConnection, engine_dialect: sa.engine.Dialect,
                    tables: tuple[sa.Table, ...]) -> None:
    """Drop and create `tables` from their definitions (referencing tables dropped first).

    DuckDB checks foreign keys against rows deleted earlier in the same transaction, so a
    star rebuilt inside one transaction is dropped and created rather than emptied."""
    import sqlalchemy as sa
    for table in reversed(tables):
        con.execute(f"DROP TABLE IF EXISTS {quote_identifier(table.name)}")
    for table in tables:
        con.execute(str(sa.schema.CreateTable(table).compile(dialect=engine_dialect)))
        for column in table.columns:
            if column.comment:
                con.execute(f"COMMENT ON COLUMN {quote_identifier(table.name)}.{quote_identifier(column.name)} "
                            f"IS {_literal(column.comment)}")
        if table.comment:
            con.execute(f"COMMENT ON TABLE {quote_identifier(table.name)} IS {_literal(table.comment)}")


def _literal(text: str) -> str:
    """A SQL string literal for schema comments (our own constant text, never data)."""
    return "'" + text.replace("'", "''") + "'"
