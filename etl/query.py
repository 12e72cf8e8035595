"""Read-only access to the published warehouse: queries with bound parameters, output
formats, and the catalog of public views (names, descriptions, columns).

Every connection made here is read-only by construction: the file is opened with
``read_only=True`` (DuckDB refuses any write, and the process takes only a shared lock, so
refreshes keep publishing), and queries run with ``enable_external_access = false``, so a
statement cannot write or read other files, attach databases or install extensions either.
"""

from __future__ import annotations

import csv
import io
import json
import math
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterator

import duckdb

from benchdb.etl.dbfile import NO_EXTENSION_AUTOLOAD, foreign_content

FORMATS = ("table", "csv", "json", "jsonl", "markdown")


class QueryError(RuntimeError):
    """A query that could not run: missing database, bad SQL, wrong parameters."""


@contextmanager
def read_only_connection(db: Path, *, external_access: bool = False) -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only DuckDB connection to the existing file `db`, closed on exit.

    With `external_access` false (the default) statements cannot touch any other file.
    Raises QueryError when `db` is missing (it is never created) or is no DuckDB file."""
    path = Path(db)
    if not path.is_file():
        raise QueryError(f"database not found: {db} (run `benchdb refresh` first)")
    try:
        what = foreign_content(path)
    except OSError as exc:
        raise QueryError(f"cannot read {db}: {exc.strerror}") from exc
    if what is not None:  # before DuckDB guesses (a SQLite file would make it download an extension)
        raise QueryError(f"cannot open {db}: not a DuckDB database file (it holds {what})")
    config: dict[str, object] = dict(NO_EXTENSION_AUTOLOAD)
    if not external_access:
        config["enable_external_access"] = False
    try:
        con = duckdb.connect(str(path), read_only=True, config=config)
    except duckdb.Error as exc:
        raise QueryError(f"cannot open {db}: {str(exc).strip()}") from exc
    try:
        yield con
    finally:
        con.close()


def run_query(db: Path, sql: str, params: dict[str, str] | None = None) -> tuple[list[str], list[tuple]]:
    """Run one SQL statement on a read-only connection to `db`; return (column names, rows).

    `params` are bound as ``$name``, as text literals: DuckDB casts them to the type the
    context needs (``value > $v`` compares numbers), and ``$v::DOUBLE`` settles the
    ambiguous cases (arithmetic). Values are never interpolated into the SQL text.
    Raises QueryError for a missing or unreadable database, several statements, or any
    DuckDB error (syntax, unknown column, missing parameter, attempted write)."""
    with read_only_connection(db) as con:
        try:
            statements = duckdb.extract_statements(sql)
        except duckdb.Error as exc:
            raise QueryError(str(exc).strip()) from exc
        if len(statements) != 1:
            raise QueryError(f"expected one SQL statement, got {len(statements)}")
        try:
            result = con.execute(sql, dict(params)) if params else con.execute(sql)
            if result.description is None:
                return [], []
            columns = [d[0] for d in result.description]
            return columns, result.fetchall()
        except duckdb.Error as exc:
            raise QueryError(str(exc).strip()) from exc


# ----------------------------------------------------------------------------- catalog

@dataclass(frozen=True)
class ColumnInfo:
    """One column of a view: name, DuckDB type and its COMMENT ON COLUMN text."""

    name: str
    type: str
    comment: str | None


@dataclass(frozen=True)
class ViewInfo:
    """One public view: name, its COMMENT ON VIEW text and its columns in order."""

    name: str
    comment: str | None
    columns: tuple[ColumnInfo, ...]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def public_views(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Names of the user-facing views of the open warehouse (schema main), sorted."""
    rows = con.execute(
        "SELECT view_name FROM duckdb_views() "
        "WHERE NOT internal AND NOT temporary AND schema_name = 'main' AND database_name = current_database() "
        "ORDER BY view_name").fetchall()
    return [r[0] for r in rows]


def describe_views(db: Path, names: list[str] | None = None) -> list[ViewInfo]:
    """The public views of `db` (or just `names`, in that order) with their descriptions and
    columns, read from the database's own catalog comments. Raises QueryError for a name
    that is no public view."""
    with read_only_connection(db) as con:
        available = public_views(con)
        wanted = list(names) if names else available
        unknown = [n for n in wanted if n not in available]
        if unknown:
            raise QueryError(f"no such view: {', '.join(unknown)} (views: {', '.join(available)})")
        comments = dict(con.execute(
            "SELECT view_name, comment FROM duckdb_views() "
            "WHERE schema_name = 'main' AND database_name = current_database()").fetchall())
        columns: dict[str, list[ColumnInfo]] = {}
        for table, name, dtype, comment in con.execute(
                "SELECT table_name, column_name, data_type, comment FROM duckdb_columns() "
                "WHERE schema_name = 'main' AND database_name = current_database() "
                "ORDER BY table_name, column_index").fetchall():
            columns.setdefault(table, []).append(ColumnInfo(name, dtype, comment or None))
    return [ViewInfo(n, comments.get(n) or None, tuple(columns.get(n, []))) for n in wanted]


def format_views(views: list[ViewInfo], fmt: str) -> str:
    """Render view descriptions as 'text' (one block per view), 'markdown' or 'json'."""
    if fmt == "json":
        return json.dumps([v.as_dict() for v in views], indent=1) + "\n"
    if not views:
        return "(no public views)\n"
    blocks = []
    for view in views:
        if fmt == "markdown":
            rows = [[f"`{c.name}`", c.type, c.comment or ""] for c in view.columns]
            block = [f"### `{view.name}`", "", view.comment or "", "",
                     _table(["column", "type", "description"], rows, markdown=True).rstrip("\n")]
        else:
            name_w = max([len(c.name) for c in view.columns] + [1])
            type_w = max([len(c.type) for c in view.columns] + [1])
            block = [f"{view.name}: {view.comment or '(no description)'}"]
            block += [f"  {c.name.ljust(name_w)}  {c.type.ljust(type_w)}  {c.comment or ''}".rstrip()
                      for c in view.columns]
        blocks.append("\n".join(block))
    return "\n\n".join(blocks) + "\n"


# ----------------------------------------------------------------------------- results

def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        return f"{value:.6g}" if abs(value) < 1e15 else repr(value)
    return str(value)


def _json_value(value: Any) -> Any:
    """JSON has no NaN or infinity: they become null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _markdown_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _table(columns: list[str], cells: list[list[str]], *, markdown: bool) -> str:
    if markdown:
        columns = [_markdown_cell(c) for c in columns]
        cells = [[_markdown_cell(v) for v in row] for row in cells]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    if markdown:
        lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(columns, widths)) + " |",
                 "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
        lines += ["| " + " | ".join(v.ljust(w) for v, w in zip(r, widths)) + " |" for r in cells]
        return "\n".join(lines) + "\n"
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in cells]
    return "\n".join(lines) + "\n"


def format_result(columns: list[str], rows: list[tuple], fmt: str) -> str:
    """Render rows as 'table' (aligned, with a row count), 'csv' (header, NULL as empty),
    'json' (one array of objects), 'jsonl' (one object per line) or 'markdown' (a pipe
    table). JSON output is strict: NaN and infinity become null."""
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows([["" if v is None else v for v in row] for row in rows])
        return buffer.getvalue()
    if fmt in ("json", "jsonl"):
        records = [dict(zip(columns, (_json_value(v) for v in row))) for row in rows]
        if fmt == "jsonl":
            return "".join(json.dumps(r, default=str, allow_nan=False) + "\n" for r in records)
        return json.dumps(records, default=str, indent=1, allow_nan=False) + "\n"
    cells = [[_text(v) for v in row] for row in rows]
    if fmt == "markdown":
        return _table(columns, cells, markdown=True)
    if fmt != "table":
        raise ValueError(f"unknown format {fmt!r} (one of {', '.join(FORMATS)})")
    return _table(columns, cells, markdown=False) + f"({len(rows)} row{'s' if len(rows) != 1 else ''})\n"
