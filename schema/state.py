"""What a refresh needs to know about a warehouse file's schema without loading SQLAlchemy
or Alembic (start-up time): the storage format it is written in, the newest revision of
the migration scripts, and the revision a file is at.

``tests/test_migrations.py`` checks :func:`script_head` against Alembic's own answer.
"""

from __future__ import annotations

import re
from pathlib import Path

import duckdb

#: Storage format written to warehouse files, so that DuckDB 1.5 clients (the BI tools'
#: bundled drivers) can open them; DuckDB 2.0's own format is unreadable to them.
STORAGE_COMPATIBILITY_VERSION = "v1.5.0"

#: Alembic's bookkeeping table; not part of the warehouse schema.
VERSION_TABLE = "alembic_version"

_VERSIONS = Path(__file__).parent / "migrations" / "versions"
_REVISION = re.compile(r"^revision(?:\s*:[^=\n]*)?\s*=\s*['\"]([^'\"]+)['\"]", re.MULTILINE)
_DOWN_REVISION = re.compile(r"^down_revision(?:\s*:[^=\n]*)?\s*=\s*(.+)$", re.MULTILINE)


def script_head() -> str | None:
    """The head revision of the migration scripts (the one no other revises), read from
    their ``revision = ...`` / ``down_revision = ...`` lines; None when that is not one
    revision (several heads, or a file this reading does not understand): ask Alembic."""
    revisions: set[str] = set()
    revised: set[str] = set()
    for path in _VERSIONS.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        revision, down = _REVISION.search(text), _DOWN_REVISION.search(text)
        if revision is None or down is None:
            return None
        revisions.add(revision.group(1))
        revised.update(re.findall(r"['\"]([^'\"]+)['\"]", down.group(1)))
    heads = revisions - revised
    return heads.pop() if len(heads) == 1 else None


def stored_revision(con: duckdb.DuckDBPyConnection) -> str | None:
    """The one revision recorded in the file of `con`, or None (never migrated, no
    version table, or several rows)."""
    try:
        rows = con.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchall()
    except duckdb.CatalogException:
        return None
    return rows[0][0] if len(rows) == 1 else None
