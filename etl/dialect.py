"""The SQLAlchemy dialect BI tools should use to read a benchdb warehouse:
``duckdb+benchdb:////abs/path/bench.duckdb?access_mode=read_only``.

It is duckdb_engine's dialect (same driver, same connection arguments, same ``duckdb``
dialect name, so Alembic and ``@compiles(..., "duckdb")`` rules apply unchanged) with its
reflection made to work on DuckDB's emulated ``pg_catalog`` for SQLAlchemy 2.0 and 2.1.
duckdb_engine 0.17 inherits PostgreSQL reflection queries that DuckDB cannot run
(Mause/duckdb_engine#1379, #1391, #594; the fix PR #1393 is unreleased):

- SQLAlchemy >= 2.0.45 adds a ``pg_catalog.pg_collation`` subquery to column reflection
  (DuckDB has no collation catalog): the ``collation`` column is selected as NULL instead;
- SQLAlchemy >= 2.0.55 compares ``pg_description.classoid`` with ``CAST(... AS REGCLASS)``
  in key and comment reflection (DuckDB has no REGCLASS type): such casts render as NULL,
  which only ever sits in an outer join to ``pg_description`` (constraint comments, which
  DuckDB does not have);
- SQLAlchemy 2.1 changed ``_get_columns_info`` to take a lazy loader of named types, which
  duckdb_engine's ``get_multi_columns`` does not pass; domains (the loader's other
  ``pg_collation`` query) do not exist in DuckDB and are reported as none;
- SQLAlchemy 2.1 reflects table options from ``pg_inherits``, ``pg_am`` and
  ``pg_tablespace``: DuckDB tables have none, so every table gets empty options;
- primary keys and unique constraints are found through ``pg_index``, which DuckDB leaves
  empty: they are read from DuckDB's own ``duckdb_constraints()`` instead.

These touch private methods of SQLAlchemy's PostgreSQL dialect; ``tests/test_bi.py``
reflects every public view and the star's tables through this dialect to keep it honest.
Registered in pyproject.toml under the ``sqlalchemy.dialects`` entry point as
``duckdb.benchdb``.
"""

from __future__ import annotations

import inspect
from typing import Any

from duckdb_engine import Dialect as DuckDBEngineDialect
from sqlalchemy import bindparam, sql
from sqlalchemy.engine.reflection import ReflectionDefaults
from sqlalchemy.dialects.postgresql import REGCLASS, pg_catalog

_BaseCompiler: Any = DuckDBEngineDialect.statement_compiler
#: SQLAlchemy 2.1 passes a lazy named-type loader to _get_columns_info; 2.0 passes domains and enums.
_NAMED_TYPE_LOADER = "named_type_loader" in inspect.signature(
    DuckDBEngineDialect._get_columns_info).parameters


class BenchdbCompiler(_BaseCompiler):  # type: ignore[misc, valid-type]
    """duckdb_engine's statement compiler, rendering casts to REGCLASS as NULL."""

    def visit_cast(self, cast: Any, **kw: Any) -> str:
        if isinstance(cast.type, REGCLASS):
            return "NULL"
        return super().visit_cast(cast, **kw)


if _NAMED_TYPE_LOADER:
    from sqlalchemy.dialects.postgresql.base import _NamedTypeLoader

    class _NoDomainsLoader(_NamedTypeLoader):
        """Enums as SQLAlchemy loads them; no domains (DuckDB has none, and the query
        that looks for them needs ``pg_collation``)."""

        @property
        def domains(self) -> dict:  # type: ignore[override]
            return {}


class BenchdbDialect(DuckDBEngineDialect):  # type: ignore[misc]
    """duckdb_engine's dialect with working reflection of columns, keys, comments and
    table options on DuckDB (URL scheme ``duckdb+benchdb``)."""

    driver = "benchdb"
    statement_compiler = BenchdbCompiler
    supports_statement_cache = False  # SQLAlchemy wants every dialect class to say; duckdb_engine's says False

    def _columns_query(self, schema: Any, has_filter_names: bool, scope: Any, kind: Any) -> Any:
        query = super()._columns_query(schema, has_filter_names, scope, kind)
        columns = list(query.selected_columns)
        if not any(getattr(c, "name", None) == "collation" for c in columns):
            return query  # SQLAlchemy < 2.0.45: no collation subquery
        return query.with_only_columns(
            *[sql.null().label("collation") if getattr(c, "name", None) == "collation" else c for c in columns],
            maintain_column_froms=False)

    def get_multi_columns(self, connection: Any, schema: str | None = None, filter_names: Any = None,
                          scope: Any = None, kind: Any = None, **kw: Any) -> Any:
        """Columns of the selected relations: name, type, nullability, default, comment."""
        has_filter_names, params = self._prepare_filter_names(filter_names)
        query = self._columns_query(schema, has_filter_names, scope, kind)
        # materialised first: duckdb_engine runs every query of a connection on one cursor,
        # so loading enums below would cut a streamed result short
        rows = list(connection.execute(query, params).mappings())
        if _NAMED_TYPE_LOADER:
            columns = self._get_columns_info(rows, _NoDomainsLoader(self, connection, kw), schema)
        else:
            enums = {((rec["name"],) if rec["visible"] else (rec["schema"], rec["name"])): rec
                     for rec in self._load_enums(connection, schema="*", info_cache=kw.get("info_cache"))}
            columns = self._get_columns_info(rows, {}, enums, schema)
        return columns.items()

    def _relation_names(self, connection: Any, schema: str | None, filter_names: Any, scope: Any,
                        kind: Any) -> list[str]:
        """Names of the relations of `kind` in `schema` (all, or those in `filter_names`)."""
        has_filter_names, params = self._prepare_filter_names(filter_names)
        query = (sql.select(pg_catalog.pg_class.c.relname)
                 .where(self._pg_class_relkind_condition(self._kind_to_relkinds(kind))))
        query = self._pg_class_filter_scope_schema(query, schema, scope)
        if has_filter_names:
            query = query.where(pg_catalog.pg_class.c.relname.in_(bindparam("filter_names")))
        return [row[0] for row in connection.execute(query, params)]

    def _constraints(self, connection: Any, schema: str | None, constraint_type: str) -> dict[str, list]:
        """{table: [(constraint name, [columns])]} of one constraint type, from duckdb_constraints()."""
        database, schema_name = self.identifier_preparer._separate(schema) if schema else (None, None)
        rows = connection.execute(sql.text(
            "SELECT table_name, constraint_name, constraint_column_names FROM duckdb_constraints() "
            "WHERE constraint_type = :kind AND database_name = coalesce(:database, current_database()) "
            "AND schema_name = coalesce(:schema, current_schema()) ORDER BY table_name, constraint_index"),
            {"kind": constraint_type, "database": database, "schema": schema_name}).fetchall()
        found: dict[str, list] = {}
        for table, name, columns in rows:
            found.setdefault(table, []).append((name, list(columns)))
        return found

    def get_multi_pk_constraint(self, connection: Any, schema: str | None = None, filter_names: Any = None,
                                scope: Any = None, kind: Any = None, **kw: Any) -> Any:
        """Primary key (name and columns) of every selected relation, empty when it has none."""
        keys = self._constraints(connection, schema, "PRIMARY KEY")
        result = []
        for table in self._relation_names(connection, schema, filter_names, scope, kind):
            if table in keys:
                name, columns = keys[table][0]
                result.append(((schema, table), {"name": name, "constrained_columns": columns, "comment": None}))
            else:
                result.append(((schema, table), ReflectionDefaults.pk_constraint()))
        return result

    def get_multi_unique_constraints(self, connection: Any, schema: str | None = None, filter_names: Any = None,
                                     scope: Any = None, kind: Any = None, **kw: Any) -> Any:
        """Unique constraints (name and columns) of every selected relation."""
        uniques = self._constraints(connection, schema, "UNIQUE")
        return [((schema, table), [{"name": name, "column_names": columns, "comment": None}
                                   for name, columns in uniques.get(table, [])])
                for table in self._relation_names(connection, schema, filter_names, scope, kind)]

    def get_multi_table_options(self, connection: Any, schema: str | None = None, filter_names: Any = None,
                                scope: Any = None, kind: Any = None, **kw: Any) -> Any:
        """Empty options for every selected relation: DuckDB has no inheritance, access
        methods, storage parameters or tablespaces."""
        return [((schema, name), {}) for name in self._relation_names(connection, schema, filter_names, scope, kind)]
