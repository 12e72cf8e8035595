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
import re
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterator

import duckdb

from benchdb.etl.dbfile import NO_EXTENSION_AUTOLOAD, foreign_content
from benchdb.etl.sqltext import colon_to_dollar, compared_values

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

    `params` are bound as ``$name`` or ``:name`` (the SQLAlchemy ``text()`` spelling, turned
    into ``$name`` outside strings, quoted names and comments; ``::`` casts stay), as text
    literals: DuckDB casts them to the type the context needs (``value > $v`` compares
    numbers), and ``$v::DOUBLE`` settles the ambiguous cases (arithmetic). Values are never
    interpolated into the SQL text. Raises QueryError for a missing or unreadable database,
    several statements, or any DuckDB error (syntax, unknown column, missing parameter,
    attempted write), its message on one line; a misspelt table is answered with the
    public views it may mean, never internal tables."""
    sql = colon_to_dollar(sql)
    with read_only_connection(db) as con:
        try:
            statements = duckdb.extract_statements(sql)
        except duckdb.Error as exc:
            raise QueryError(one_line_error(str(exc))) from exc
        if len(statements) != 1:
            raise QueryError(f"expected one SQL statement, got {len(statements)}")
        try:
            result = con.execute(sql, dict(params)) if params else con.execute(sql)
            if result.description is None:
                return [], []
            columns = [d[0] for d in result.description]
            return columns, result.fetchall()
        except duckdb.Error as exc:
            raise QueryError(one_line_error(str(exc), public_views(con))) from exc


_MISSING_TABLE = re.compile(r"^Catalog Error: Table with name (.+?) does not exist!")


def one_line_error(message: str, views: list[str] | None = None) -> str:
    """DuckDB's error `message` on one line: the caret line dropped, the rest joined. For
    a missing table, DuckDB's "Did you mean" (which may name internal tables) is replaced
    by the closest of the public `views`, or a pointer to `benchdb views`."""
    lines = [line.strip() for line in message.strip().splitlines()]
    lines = [line for line in lines if line and set(line) != {"^"}]
    if not lines:
        return message.strip()
    missing = _MISSING_TABLE.match(lines[0])
    if missing and views is not None:
        import difflib

        name = missing.group(1).strip('"').split(".")[-1]
        close = difflib.get_close_matches(name.lower(), views, n=3, cutoff=0.6)
        rest = [line for line in lines[1:] if not line.startswith("Did you mean")]
        hint = ("Did you mean " + " or ".join(f'"{v}"' for v in close) + "?") if close else \
            "`benchdb views` lists the public views."
        lines = [lines[0], hint, *rest]
    return " ".join(lines)


# ----------------------------------------------------------------------------- hints

_FILTERED = ("benchmark", "model")


def _normal(name: str) -> str:
    """A name folded for matching: case, spaces, hyphens and underscores ignored."""
    return re.sub(r"[\s_-]+", "", name.casefold())


def _names(con: duckdb.DuckDBPyConnection, column: str) -> tuple[dict[str, str], str]:
    """({spelling as written or canonical: canonical name}, where to look them up) for
    `column` ('benchmark' or 'model'), from the public views present in the warehouse."""
    queries = {
        "benchmark": ["SELECT benchmark, benchmark FROM benchmarks UNION ALL "
                      "SELECT benchmark, unnest(string_split(aliases, '; ')) FROM benchmarks",
                      "SELECT DISTINCT benchmark, benchmark_as_written FROM measurements",
                      "SELECT DISTINCT benchmark, benchmark FROM measurements"],
        "model": ["SELECT model, model FROM models",
                  "SELECT DISTINCT model, model_as_written FROM measurements"],
    }[column]
    spellings: dict[str, str] = {}
    for query in queries:
        try:
            rows = con.execute(query).fetchall()
        except duckdb.Error:
            continue  # an older warehouse without that view or column
        for canonical, written in rows:
            if canonical is not None:
                spellings.setdefault(canonical, canonical)
                if written:
                    spellings.setdefault(written, canonical)
    views = set(public_views(con))
    where = ("the benchmarks view" if "benchmarks" in views else "the benchmark column of measurements") \
        if column == "benchmark" else "the models view"
    return spellings, where


def empty_result_hints(db: Path, sql: str, params: dict[str, str] | None = None) -> list[str]:
    """For a query that returned no rows: one line per filter of `sql` that compares
    ``benchmark`` or ``model`` with a literal or parameter that is no canonical name in
    `db`, with the canonical names it may mean, found among the canonical names and the
    spellings as written in the warehouse (case, spaces and hyphens ignored, then close
    matches). Empty when every compared name is canonical."""
    import difflib

    filters = compared_values(colon_to_dollar(sql), _FILTERED, params)
    if not filters:
        return []
    hints: list[str] = []
    with read_only_connection(db) as con:
        vocabulary = {column: _names(con, column) for column in {c for c, _v in filters}}
    for column, value in dict.fromkeys(filters):
        spellings, where = vocabulary[column]
        canonical = set(spellings.values())
        if value in canonical:
            continue
        by_normal: dict[str, list[str]] = {}
        for written, name in spellings.items():
            by_normal.setdefault(_normal(written), [])
            if name not in by_normal[_normal(written)]:
                by_normal[_normal(written)].append(name)
        means = by_normal.get(_normal(value)) or [
            name for key in difflib.get_close_matches(_normal(value), list(by_normal), n=3, cutoff=0.75)
            for name in by_normal[key]]
        means = list(dict.fromkeys(means))[:3]
        suggestion = ("; did you mean " + " or ".join(f"'{m}'" for m in means) + "?") if means else ""
        hints.append(f"no {column} is named '{value}'{suggestion} (see {where})")
    return hints


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
