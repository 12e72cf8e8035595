"""The SQL tokenizer behind `benchdb query`'s :name parameters and empty-result hints."""

from __future__ import annotations

import duckdb
import pytest

from benchdb.etl.sqltext import colon_to_dollar, compared_values, tokenize


@pytest.mark.parametrize(("sql", "want"), [
    ("select * from m where model = :m", "select * from m where model = $m"),
    ("select :v::DOUBLE * 2, x::int", "select $v::DOUBLE * 2, x::int"),
    ("select ':x' as a, 'it''s :y' as b", "select ':x' as a, 'it''s :y' as b"),
    ('select 1 as ":q"', 'select 1 as ":q"'),
    ("select 1 -- :c\n, 2 /* :d /* :e */ :f */, :g", "select 1 -- :c\n, 2 /* :d /* :e */ :f */, $g"),
    ("select {'a':b, 'c': :d} as s", "select {'a':b, 'c': $d} as s"),
    ("select [1, 2, 3][1:n], [1, 2][:2]", "select [1, 2, 3][1:n], [1, 2][:2]"),
    ("select $$ :in $$, $t$ :in $t$, E'\\' :e'", "select $$ :in $$, $t$ :in $t$, E'\\' :e'"),
    ("select (:a), :b_2, $c", "select ($a), $b_2, $c"),
    ("select list_transform([1], lambda x:x + 1)", "select list_transform([1], lambda x:x + 1)"),
])
def test_colon_parameters_become_dollar_parameters_outside_literals(sql: str, want: str) -> None:
    assert colon_to_dollar(sql) == want
    assert "".join(t.text for t in tokenize(sql)) == sql  # the tokens cover the text exactly


def test_rewritten_statements_run_in_duckdb() -> None:
    sql = ("select :v::INTEGER + 1 as y, ':v' as lit, {'k': :v} as s, [10, 20, 30][2:3] as sl, "
           "'a' || :w as cat -- :v")
    row = duckdb.execute(colon_to_dollar(sql), {"v": "41", "w": "b"}).fetchall()[0]
    assert row == (42, ":v", {"k": "41"}, [20, 30], "ab")


def test_compared_values_finds_equality_filters_on_the_named_columns() -> None:
    sql = ("select * from t where benchmark = 'AIME24' and m.model = $m and 'x' = \"Benchmark\" "
           "and model in ('a', :b) and model_as_written = 'no' and benchmark not in ('no') "
           "and model in (select model from u) and benchmark like 'no%' and model = 'it''s'")
    assert compared_values(sql, ("benchmark", "model"), {"m": "R1", "b": "B"}) == [
        ("benchmark", "AIME24"), ("model", "R1"), ("benchmark", "x"), ("model", "a"), ("model", "B"),
        ("model", "it's")]
    assert compared_values("select 'benchmark = ''x''' as s -- model = 'y'", ("benchmark", "model")) == []
    assert compared_values("select * from t where model = $missing", ("model",), {}) == []
