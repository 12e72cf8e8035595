"""The generic bulk loader (etl/load/loader.py): both of its paths (bound VALUES for a few
rows, a pyarrow scan for many) store exactly the rows given, with the table's types."""

from __future__ import annotations

import duckdb
import pytest

from benchdb.etl.load.loader import BOUND_VALUES_MAX, bulk_insert, id_list, insert_records

_TABLE = "CREATE TABLE t (id BIGINT PRIMARY KEY, name VARCHAR, score DOUBLE, flag BOOLEAN, note VARCHAR DEFAULT 'd')"


def _rows(n: int) -> list[tuple]:
    # mixed int and float in one column, None in each, a quote and a question mark in text
    return [(i, None if i % 7 == 0 else f"m'{i}?", i if i % 2 else i + 0.5, None if i % 5 == 0 else i % 3 == 0)
            for i in range(n)]


@pytest.mark.parametrize("n", [1, 3, BOUND_VALUES_MAX // 4, BOUND_VALUES_MAX // 4 + 1, 5000])
def test_both_paths_store_the_rows_given(n: int) -> None:
    con = duckdb.connect()
    con.execute(_TABLE)
    rows = _rows(n)
    assert bulk_insert(con, "t", ["id", "name", "score", "flag"], rows) == n
    stored = con.execute("SELECT id, name, score, flag, note FROM t ORDER BY id").fetchall()
    assert stored == [(i, name, float(score), flag, "d") for i, name, score, flag in rows]


def test_columns_that_are_all_null_take_the_table_type() -> None:
    con = duckdb.connect()
    con.execute(_TABLE)
    for n in (2, 3000):
        con.execute("DELETE FROM t")
        bulk_insert(con, "t", ["id", "name", "score"], [(i, None, None) for i in range(n)])
        assert con.execute("SELECT count(*), count(name), count(score) FROM t").fetchall() == [(n, 0, 0)]


def test_nothing_to_insert_touches_nothing() -> None:
    con = duckdb.connect()
    con.execute(_TABLE)
    assert bulk_insert(con, "t", ["id"], []) == 0
    assert insert_records(con, "t", []) == 0


def test_records_and_id_lists() -> None:
    con = duckdb.connect()
    con.execute(_TABLE)
    insert_records(con, "t", [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}])
    id_list(con, "_ids", [2, 5])
    assert con.execute("SELECT name FROM t WHERE id IN (SELECT id FROM _ids)").fetchall() == [("b",)]
    id_list(con, "_ids", [1])  # replaced, not appended
    assert con.execute("SELECT count(*) FROM _ids").fetchall() == [(1,)]


def test_bad_rows_are_refused_with_a_clear_error() -> None:
    con = duckdb.connect()
    con.execute(_TABLE)
    with pytest.raises(ValueError, match="must have 2 values"):
        bulk_insert(con, "t", ["id", "name"], [(1, "a"), (2,)])
    with pytest.raises(duckdb.Error, match="nope"):
        bulk_insert(con, "t", ["id", "nope"], [(1, "a")])
    with pytest.raises(duckdb.ConstraintException):
        bulk_insert(con, "t", ["id"], [(1,), (1,)])
    assert con.execute("SELECT count(*) FROM t").fetchall() == [(0,)]
