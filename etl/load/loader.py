"""The one generic loader: rows into a schema table, in bulk.

One statement per call, never a round trip per row: a few rows go in as one INSERT with
bound values; more go through a pyarrow table that DuckDB scans in place. Neither pandas
nor SQLAlchemy is imported here: a refresh that changes one document loads its rows
without paying for either (start-up time). Column names are our own identifiers (the
schema's), never data, and are quoted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import duckdb

if TYPE_CHECKING:  # imported by the rebuild only; this module stays cheap to import
    import sqlalchemy as sa

#: Up to this many values (rows x columns), rows are bound into one INSERT ... VALUES;
#: beyond it, a columnar (pyarrow) scan is cheaper than parsing the statement.
BOUND_VALUES_MAX = 2000


def quote_identifier(name: str) -> str:
    """A DuckDB identifier in double quotes."""
    return '"' + name.replace('"', '""') + '"'


def bulk_insert(con: duckdb.DuckDBPyConnection, table: str, columns: Sequence[str],
                rows: Sequence[Sequence[object]]) -> int:
    """Insert `rows` (each a sequence of values in the order of `columns`) into `table` in
    one statement; table columns not listed get their defaults. Returns the rows inserted.
    Raises ValueError for a row of the wrong width, duckdb.Error for a column the table
    lacks or a value its type refuses."""
    if not rows:
        return 0
    width = len(columns)
    if any(len(row) != width for row in rows):
        raise ValueError(f"rows for {table} must have {width} values ({', '.join(columns)})")
    column_list = ", ".join(quote_identifier(c) for c in columns)
    target = f"INSERT INTO {quote_identifier(table)} ({column_list}) "
    if len(rows) * width <= BOUND_VALUES_MAX:
        row_marks = "(" + ", ".join("?" * width) + ")"
        con.execute(target + "VALUES " + ", ".join([row_marks] * len(rows)),
                    [value for row in rows for value in row])
        return len(rows)
    import pyarrow as pa

    data = pa.table([pa.array(values) for values in zip(*rows)], names=list(columns))
    view_name = f"_bulk_{table}"
    con.register(view_name, data)
    try:
        con.execute(target + f"SELECT {column_list} FROM {quote_identifier(view_name)}")
    finally:
        con.unregister(view_name)
    return len(rows)


def insert_records(con: duckdb.DuckDBPyConnection, table: str, records: Sequence[dict[str, object]]) -> int:
    """`bulk_insert` of records (dicts with the same keys, the column names)."""
    if not records:
        return 0
    columns = list(records[0])
    return bulk_insert(con, table, columns, [tuple(record[c] for c in columns) for record in records])


def id_list(con: duckdb.DuckDBPyConnection, name: str, ids: Sequence[int]) -> None:
    """(Re)create the temporary table `name` (one BIGINT column `id`) holding `ids`, for
    `IN (SELECT id FROM name)` filters of set-based statements."""
    con.execute(f"CREATE OR REPLACE TEMP TABLE {quote_identifier(name)} (id BIGINT)")
    bulk_insert(con, name, ["id"], [(int(i),) for i in ids])


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
