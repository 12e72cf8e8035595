"""Export every public view of the warehouse to files, for tools that do not speak DuckDB.

One file per view (``<view>.parquet`` or ``<view>.csv``), written by DuckDB's own
``COPY ... TO`` (Parquet keeps the column types: BOOLEAN, INTEGER, DOUBLE, TIMESTAMP,
...), and a ``manifest.json`` naming each view's file, row count and columns, and the
refresh run the data comes from. All views are read from one read-only connection, so the
files are one consistent snapshot even while a refresh publishes a new warehouse.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import duckdb

from benchdb.etl import __version__
from benchdb.etl.query import QueryError, public_views, read_only_connection

EXPORT_FORMATS = ("parquet", "csv")
MANIFEST_NAME = "manifest.json"

_COPY_OPTIONS = {
    "parquet": "(FORMAT parquet, COMPRESSION zstd)",
    "csv": "(FORMAT csv, HEADER true, DELIMITER ',')",
}


class ExportError(RuntimeError):
    """An export that could not be written (missing database, output is not a folder, ...)."""


@dataclass(frozen=True)
class ExportedView:
    """One exported view: its file (relative to the output folder), rows and columns."""

    view: str
    file: str
    rows: int
    columns: list[dict[str, str]]


@dataclass
class ExportManifest:
    """What an export wrote; saved as manifest.json next to the files."""

    format: str
    database: str
    refresh_run_id: int | None
    refresh_finished_at: str | None
    exported_at: str
    benchdb_version: str
    views: list[ExportedView] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def quote_identifier(name: str) -> str:
    """`name` as a double-quoted SQL identifier (embedded quotes doubled)."""
    return '"' + name.replace('"', '""') + '"'


def export_views(db: Path, out_dir: Path, fmt: str = "parquet") -> ExportManifest:
    """Write every public view of `db` to `out_dir` as `fmt` files plus manifest.json.

    `db` is opened read-only; `out_dir` is created if needed, and files of the same names
    are replaced (each is written to a temporary name first, so a reader never sees half a
    file). Raises ExportError for an unknown format, a missing or unreadable database, or
    an output path that is not a folder."""
    if fmt not in EXPORT_FORMATS:
        raise ExportError(f"unknown export format {fmt!r} (one of {', '.join(EXPORT_FORMATS)})")
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise ExportError(f"--out must be a folder: {out_dir} is a file")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"cannot create {out_dir}: {exc}") from exc
    try:
        with read_only_connection(db, external_access=True) as con:
            return _export(con, Path(db), out_dir, fmt)
    except QueryError as exc:
        raise ExportError(str(exc)) from exc
    except (duckdb.Error, OSError) as exc:
        raise ExportError(f"export to {out_dir} failed: {str(exc).strip()}") from exc


def _export(con: duckdb.DuckDBPyConnection, db: Path, out_dir: Path, fmt: str) -> ExportManifest:
    views = public_views(con)
    run = con.execute(
        "SELECT run_id, finished_at FROM refresh_runs ORDER BY run_id DESC LIMIT 1").fetchall() \
        if "refresh_runs" in views else []
    manifest = ExportManifest(
        format=fmt,
        database=str(db.resolve()),
        refresh_run_id=run[0][0] if run else None,
        refresh_finished_at=run[0][1].isoformat() if run and run[0][1] is not None else None,
        exported_at=dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        benchdb_version=__version__,
    )
    for view in views:
        columns = [{"name": name, "type": dtype} for name, dtype in con.execute(
            "SELECT column_name, data_type FROM duckdb_columns() "
            "WHERE schema_name = 'main' AND database_name = current_database() AND table_name = $view "
            "ORDER BY column_index", {"view": view}).fetchall()]
        file_name = f"{view}.{fmt}"
        target = out_dir / file_name
        partial = out_dir / f".{file_name}.partial"
        # The view name comes from the catalog and is quoted as an identifier; the file
        # path is a bound parameter.
        copied = con.execute(f"COPY (SELECT * FROM {quote_identifier(view)}) TO $path {_COPY_OPTIONS[fmt]}",
                             {"path": str(partial)}).fetchall()
        os.replace(partial, target)
        manifest.views.append(ExportedView(view=view, file=file_name, rows=int(copied[0][0]), columns=columns))
    manifest_path = out_dir / MANIFEST_NAME
    partial = out_dir / f".{MANIFEST_NAME}.partial"
    partial.write_text(json.dumps(manifest.as_dict(), indent=1) + "\n", encoding="utf-8")
    os.replace(partial, manifest_path)
    return manifest
