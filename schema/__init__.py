"""The warehouse schema: SQLAlchemy tables (the single definition) and Alembic migrations.

``STAR_TABLES`` and ``metadata`` load SQLAlchemy on first use only, so that importing a
light module of this package (``benchdb.schema.state``) stays cheap.
"""

from __future__ import annotations

from typing import Any

__all__ = ["STAR_TABLES", "metadata"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from benchdb.schema import tables

        return getattr(tables, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
