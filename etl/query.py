"""Read-only queries of the published warehouse, with bound parameters and output formats."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path
from typing import Any

import duckdb


class QueryError(RuntimeError):
    """A query that could not run: missing database, bad SQL, wrong parameters."""


def _coerce(value: str) -> Any:
    """Command-line parameter values: integers and decimals as numbers, the rest as text."""
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            continue
    return value


def run_query(db: Path, sql: str, params: dict[str, str] | None = None) -> tuple[list[str], list[tuple]]:
    """Run `sql` on a read-only connection to `db`; `params` are bound as $name."""
    if not Path(db).exists():
        raise QueryError(f"database not found: {db} (run `benchdb refresh` first)")
    try:
        con = duckdb.connect(str(db), read_only=True)
    except duckdb.Error as exc:
        raise QueryError(f"cannot open {db}: {exc}") from exc
    try:
        bound = {k: _coerce(v) for k, v in (params or {}).items()}
        result = con.execute(sql, bound) if bound else con.execute(sql)
        if result.description is None:
            return [], []
        columns = [d[0] for d in result.description]
        return columns, result.fetchall()
    except duckdb.Error as exc:
        raise QueryError(str(exc).strip()) from exc
    finally:
        con.close()


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


def format_result(columns: list[str], rows: list[tuple], fmt: str) -> str:
    """Render rows as 'table' (aligned), 'csv', 'json' (array), 'jsonl' or 'markdown'."""
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
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    if fmt == "markdown":
        lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(columns, widths)) + " |",
                 "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
        lines += ["| " + " | ".join(v.ljust(w) for v, w in zip(r, widths)) + " |" for r in cells]
        return "\n".join(lines) + "\n"
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in cells]
    lines.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(lines) + "\n"
