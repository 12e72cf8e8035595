"""What a `--db` file holds, from its header alone (cheap to import, opens nothing).

DuckDB, asked to open a file that is not its own, guesses: a SQLite file makes it install
and load its sqlite extension, which is a download. benchdb reads the header first.
"""

from __future__ import annotations

from pathlib import Path

DUCKDB_MAGIC = b"DUCK"  # bytes 8-11 of every DuckDB database file
_OTHER_FORMATS = ((b"SQLite format 3\x00", "a SQLite database"), (b"PAR1", "a Parquet file"),
                  (b"\x1f\x8b", "a gzip file"), (b"PK\x03\x04", "a zip file"), (b"PGDMP", "a PostgreSQL dump"))

#: DuckDB settings that keep it from installing or loading an extension on its own.
NO_EXTENSION_AUTOLOAD = {"autoinstall_known_extensions": "false", "autoload_known_extensions": "false"}


def foreign_content(path: Path) -> str | None:
    """What the existing file `path` holds when it is not a DuckDB database ('a SQLite
    database', 'text', ...); None for a DuckDB file, an empty file or no file. Raises
    OSError when the file exists but cannot be read (IsADirectoryError for a folder)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(16)
    except FileNotFoundError:
        return None
    if not head or head[8:12] == DUCKDB_MAGIC:
        return None
    for magic, name in _OTHER_FORMATS:
        if head.startswith(magic):
            return name
    try:
        head.decode("utf-8")
        return "text"
    except UnicodeDecodeError:
        return "unknown content"
