"""SQL constructs that the schema needs and that DuckDB and PostgreSQL spell differently.

The schema (``schema/tables.py``) and its migrations are written once; the warehouse lives
in DuckDB and is published to PostgreSQL (``etl/load/postgres.py``), so every expression in
a DDL statement must compile on both dialects. Each construct here compiles to the DuckDB
spelling by default and to an equivalent one for PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

__all__ = ["is_finite"]


class is_finite(FunctionElement[bool]):  # noqa: N801  (named like the SQL function it renders)
    """``isfinite(x)`` for a DOUBLE: true unless x is NaN or +-infinity.

    DuckDB has ``isfinite(DOUBLE)``; PostgreSQL's ``isfinite`` takes only dates and
    timestamps, so there it renders as ``x NOT IN ('Infinity', '-Infinity', 'NaN')``
    (PostgreSQL compares NaN equal to NaN, unlike IEEE).
    """

    type = sa.Boolean()
    name = "isfinite"
    inherit_cache = True


@compiles(is_finite)
def _is_finite_default(element: is_finite, compiler: Any, **kw: Any) -> str:
    return f"isfinite({compiler.process(element.clauses, **kw)})"


@compiles(is_finite, "postgresql")
def _is_finite_postgresql(element: is_finite, compiler: Any, **kw: Any) -> str:
    arg = compiler.process(element.clauses, **kw)
    return f"{arg} NOT IN ('Infinity'::float8, '-Infinity'::float8, 'NaN'::float8)"
