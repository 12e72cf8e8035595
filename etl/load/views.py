"""(Re)create the warehouse views from the ``.sql`` files of the ``sql`` package.

Each file ``sql/<name>.sql`` defines exactly one view, ``<name>``, with
``create or replace view <name> as ...`` followed by its ``comment on`` statements.
A header line (before the first statement) ``-- depends: a, b`` names the other views
the file reads (an empty list when it reads only tables); views are applied so that every
view comes after the views it depends on. A file that reads a view it does not declare
is an error, so the order cannot silently go stale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import duckdb

import benchdb.sql as sql_package

_DEPENDS_LINE = re.compile(r"--\s*depends\s*:(?P<names>.*)", re.IGNORECASE)
_LINE_COMMENT = re.compile(r"--[^\n]*")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_STRING_LITERAL = re.compile(r"'(?:[^']|'')*'")
_IDENTIFIER = re.compile(r'"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*)')


class ViewDefinitionError(ValueError):
    """A view file is malformed, or the dependencies between view files are inconsistent."""


@dataclass(frozen=True)
class ViewFile:
    """One view definition file: the view's name (the file's stem), its text, its declared dependencies."""

    name: str
    path: Path
    text: str
    depends: tuple[str, ...]


def view_files() -> list[Path]:
    """The ``.sql`` files of the installed ``sql`` package, sorted by name."""
    return sorted(Path(sql_package.__file__).resolve().parent.glob("*.sql"))


def read_view_file(path: Path) -> ViewFile:
    """Parse one view file; raise ViewDefinitionError unless it creates the view named as the file."""
    name = path.stem
    text = path.read_text(encoding="utf-8")
    creates = re.compile(rf'create\s+or\s+replace\s+view\s+("?){re.escape(name)}\1(?![A-Za-z0-9_$])', re.IGNORECASE)
    if not creates.search(text):
        raise ViewDefinitionError(f"{path}: does not contain 'create or replace view {name}'")
    depends: list[str] = []
    for line in text.splitlines():  # the header: comment lines before the first statement
        stripped = line.strip()
        if stripped and not stripped.startswith("--"):
            break
        match = _DEPENDS_LINE.match(stripped)
        if match:
            depends.extend(part.strip() for part in match.group("names").split(",") if part.strip())
    return ViewFile(name=name, path=path, text=text, depends=tuple(dict.fromkeys(depends)))


def mentioned_names(text: str, names: set[str]) -> set[str]:
    """The members of ``names`` that ``text`` uses as identifiers (comments and string literals ignored)."""
    code = _BLOCK_COMMENT.sub(" ", text)
    code = _STRING_LITERAL.sub("''", code)  # before line comments: a literal may contain '--'
    code = _LINE_COMMENT.sub(" ", code)
    lowered = {n.lower(): n for n in names}
    found: set[str] = set()
    for match in _IDENTIFIER.finditer(code):
        token = match.group(1).replace('""', '"') if match.group(1) is not None else match.group(2)
        if token.lower() in lowered:
            found.add(lowered[token.lower()])
    return found


def order_views(files: list[ViewFile]) -> list[ViewFile]:
    """Sort view files so that each comes after the views it depends on (ties broken by name).

    Raises ViewDefinitionError on a duplicate name, an unknown or undeclared dependency, or a cycle.
    """
    by_name: dict[str, ViewFile] = {}
    for vf in files:
        if vf.name in by_name:
            raise ViewDefinitionError(f"view {vf.name!r} is defined twice: {by_name[vf.name].path}, {vf.path}")
        by_name[vf.name] = vf
    for vf in files:
        unknown = [d for d in vf.depends if d not in by_name]
        if unknown:
            raise ViewDefinitionError(f"{vf.path}: depends on unknown view(s) {', '.join(unknown)}")
        undeclared = mentioned_names(vf.text, set(by_name)) - {vf.name} - set(vf.depends)
        if undeclared:
            raise ViewDefinitionError(
                f"{vf.path}: reads view(s) {', '.join(sorted(undeclared))} not declared in its '-- depends:' line"
            )

    ordered: list[ViewFile] = []
    done: set[str] = set()
    pending = dict(by_name)
    while pending:
        ready = sorted(n for n, vf in pending.items() if all(d in done for d in vf.depends))
        if not ready:
            raise ViewDefinitionError(f"circular dependency between views: {', '.join(sorted(pending))}")
        for n in ready:
            ordered.append(pending.pop(n))
            done.add(n)
    return ordered


def apply_views(con: duckdb.DuckDBPyConnection) -> list[str]:
    """(Re)create every view of the ``sql`` package on ``con``, dependencies first; return the names in order.

    Every file is checked and ordered before any statement runs. Statements are split with DuckDB's
    own parser, so a ';' inside a literal is safe. Views are created with ``create or replace``, so
    this runs on every refresh; transactions are the caller's.
    """
    ordered = order_views([read_view_file(p) for p in view_files()])
    for vf in ordered:
        for statement in duckdb.extract_statements(vf.text):
            try:
                con.execute(statement)
            except duckdb.Error as exc:
                exc.add_note(f"while applying {vf.path}")
                raise
    return [vf.name for vf in ordered]
