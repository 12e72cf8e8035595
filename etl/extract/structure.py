"""Layer 1 of extraction: the block structure of a description, one record per line.

markdown-it gives headings, list items (with nesting and ordered/bullet markers),
paragraphs and table rows with their line ranges; this module flattens that into one
`SourceLine` per physical line, with the markers removed. Describers often flatten
nesting (sub-bullets at column 0) and start ordered lists at 16 inside a paragraph, so a
paragraph line that looks like a list item is treated as one.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate

from markdown_it_pyrs import MarkdownIt

from benchdb.etl._rx import rx as _rx

# markdown-it-pyrs: the markdown-it rules compiled, block rules only (CommonMark blocks plus
# tables; no inline rules, whose scanners are not needed and have panicked on odd input).
# A '---' under a paragraph is a rule, not a setext heading: describers use it as a separator.
_MD = MarkdownIt("zero").enable_many(["blockquote", "code", "fence", "heading", "hr", "list", "paragraph", "table"])

_BLOCKS = frozenset({"bullet_list", "ordered_list", "list_item", "heading", "paragraph", "table", "thead", "tbody",
                     "trow", "fence", "code_block", "blockquote"})
_RULE_ROW = re.compile(r"^[\s|:+=\-─━┼┬┴├┤│]*$")
_ITEM_MARKER = re.compile(r"^\s*(?:(?P<ordered>\d{1,3}[.)])|(?P<bullet>[-*+•]))\s+")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+")


@dataclass(slots=True)
class SourceLine:
    """One physical line of a description with its block role.

    kind: 'heading' | 'item' | 'paragraph' | 'table_row' | 'blank' | 'other';
    depth: heading level for headings, list nesting depth (0 = top) for items;
    content: the text without heading hashes, list markers or table pipes."""

    number: int
    text: str
    kind: str
    depth: int
    content: str
    is_ordered: bool = False
    cells: tuple[str, ...] = ()
    is_table_header: bool = False


def split_cells(row: str) -> tuple[str, ...]:
    """The cells of a pipe table row, stripped (escaped pipes stay in their cell)."""
    text = row.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return tuple(cell.replace("\\|", "|").strip() for cell in _rx(r"(?<!\\)\|").split(text))


def fenced_grid(rows: list[str]) -> list[tuple[str, ...] | None] | None:
    """The cells of each line of a fenced block that is a table, else None.

    Describers put tables in code fences, pipe-delimited or aligned with runs of spaces
    (``Budget    Llama-3.1-8B   Qwen2.5-7B``). A block is a table when at least two
    non-rule lines split into the same number (two or more) of cells; rule lines
    (``----``, ``+--+``) give None."""
    cells: list[tuple[str, ...] | None] = []
    widths = set()
    for row in rows:
        if not row.strip() or _RULE_ROW.match(row):
            cells.append(None)
            continue
        split = split_cells(row) if "|" in row else tuple(c for c in _rx(r"\t+|\s{2,}").split(row.strip()) if c)
        cells.append(split)
        widths.add(len(split))
    body = [c for c in cells if c is not None]
    if len(body) < 2 or len(widths) != 1 or widths.pop() < 2:
        return None
    return cells


def _block_kinds(text: str) -> tuple[dict[int, tuple[str, int, bool]], set[int]]:
    """0-based line -> (kind, depth, is_ordered) for the block structure markdown-it finds,
    and the 0-based lines that are table header rows. A fenced block that is a table
    (see `fenced_grid`) gives table rows like a pipe table's, its first row the header."""
    # markdown-it reports byte offsets (the same as character offsets in ASCII text)
    if text.isascii():
        lengths = [len(line) + 1 for line in text.split("\n")]
    else:
        lengths = [len(line) + 1 for line in text.encode("utf-8").split(b"\n")]
    starts = [0, *accumulate(lengths)][:-1]

    def line_of(offset: int) -> int:
        return bisect_right(starts, offset) - 1

    kinds: dict[int, tuple[str, int, bool]] = {}
    header_rows: set[int] = set()
    raw_lines = text.split("\n")

    def visit(node, depth: int, ordered: bool, in_head: bool) -> None:
        # pre-order, like markdown-it's token stream: a parent claims its lines first
        for child in node.children:
            name = child.name
            if name not in _BLOCKS:
                continue  # inline leaves (text) carry no block structure
            begin, end = child.srcmap or (0, 0)
            first, last = line_of(begin), line_of(max(begin, end - 1))
            if name in ("bullet_list", "ordered_list"):
                visit(child, depth + 1, name == "ordered_list", in_head)
                continue
            if name == "list_item":
                kinds.setdefault(first, ("item", max(depth - 1, 0), ordered))
                for line in range(first + 1, last + 1):
                    kinds.setdefault(line, ("item_continuation", max(depth - 1, 0), ordered))
            elif name == "heading":
                kinds[first] = ("heading", int(child.meta.get("level", 1)), False)
                continue
            elif name == "paragraph":
                for line in range(first, last + 1):
                    kinds.setdefault(line, ("paragraph", 0, False))
                continue
            elif name == "table":
                for line in range(first, last + 1):
                    kinds.setdefault(line, ("table_rule", 0, False))
            elif name == "trow":
                kinds[first] = ("table_row", 0, False)
                if in_head:
                    header_rows.add(first)
                continue
            elif name in ("fence", "code_block"):
                for line in range(first, last + 1):
                    kinds[line] = ("other", 0, False)
                inner = range(first + 1, last) if name == "fence" else range(first, last + 1)
                grid = fenced_grid([raw_lines[i] for i in inner]) if len(inner) >= 2 else None
                if grid is not None:
                    header_done = False
                    for line, row in zip(inner, grid):
                        if row is not None:
                            kinds[line] = ("fenced_row", 0, False)
                            if not header_done:
                                header_rows.add(line)
                                header_done = True
                continue
            visit(child, depth, ordered, in_head or name == "thead")

    try:
        tree = _MD.tree(text)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # a Rust panic (pyo3 PanicException): every line falls back to plain classification
        return {}, set()
    visit(tree, 0, False, False)
    if "--  --" in text or "-- --" in text:
        _aligned_tables(raw_lines, kinds, header_rows)
    return kinds, header_rows


_ALIGNED_RULE = re.compile(r"^\s*-{3,}(?:\s{1,}-{3,})+\s*$")


def _aligned_tables(raw_lines: list[str], kinds: dict[int, tuple[str, int, bool]], header_rows: set[int]) -> None:
    """Whitespace-aligned tables outside a fence (a header line, a rule of dash runs, rows):
    the same grid as a fenced one."""
    for rule, line in enumerate(raw_lines):
        if rule == 0 or not _ALIGNED_RULE.match(line) or kinds.get(rule, ("",))[0] in ("table_row", "fenced_row"):
            continue
        end = rule + 1
        while end < len(raw_lines) and raw_lines[end].strip() and not _RULE_ROW.match(raw_lines[end]):
            end += 1
        block = range(rule - 1, end)
        grid = fenced_grid([raw_lines[i] for i in block]) if end - rule >= 1 else None
        if grid is None and end == len(raw_lines) and end - rule >= 2:  # the text ends inside its last row
            kinds[end - 1] = ("other", 0, False)
            block = range(rule - 1, end - 1)
            grid = fenced_grid([raw_lines[i] for i in block])
        if grid is None:
            continue
        for index, row in zip(block, grid):
            kinds[index] = ("fenced_row", 0, False) if row is not None else ("other", 0, False)
        header_rows.add(rule - 1)


def split_lines(text: str) -> list[SourceLine]:
    """Classify every line of `text` (1-based numbers, markers removed)."""
    raw_lines = text.split("\n")
    kinds, header_rows = _block_kinds(text)
    result: list[SourceLine] = []
    append = result.append
    for index, raw in enumerate(raw_lines):
        number = index + 1
        stripped = raw.strip()
        found = kinds.get(index)
        if found is None:
            if not stripped:
                append(SourceLine(number, raw, "blank", 0, ""))
                continue
            kind, depth, ordered = "paragraph", 0, False
        else:
            kind, depth, ordered = found
        if kind == "heading":
            content = _HEADING.sub("", raw).strip().rstrip("#").strip()
            append(SourceLine(number, raw, "heading", depth, content))
        elif kind == "fenced_row":
            cells = split_cells(raw) if "|" in raw else tuple(c for c in _rx(r"\t+|\s{2,}").split(stripped) if c)
            append(SourceLine(number, raw, "table_row", 0, stripped, cells=cells,
                              is_table_header=index in header_rows))
        elif kind == "table_row" and "|" in raw:
            append(SourceLine(number, raw, "table_row", 0, stripped, cells=split_cells(raw),
                              is_table_header=index in header_rows))
        elif kind in ("table_rule", "table_row") and "|" in raw:
            append(SourceLine(number, raw, "other", 0, stripped))
        elif kind == "other" or not stripped:
            append(SourceLine(number, raw, "blank" if not stripped else "other", 0, stripped))
        else:
            marker = _ITEM_MARKER.match(raw)
            content = raw[marker.end():].strip() if marker else stripped
            if kind == "item":
                append(SourceLine(number, raw, "item", depth, content, is_ordered=ordered))
            elif marker:
                # lazy continuation of a paragraph or item that is really a new item
                indent = len(raw) - len(raw.lstrip())
                append(SourceLine(number, raw, "item", depth + indent // 2 if kind != "paragraph" else indent // 2,
                                  content, is_ordered=bool(marker.group("ordered"))))
            elif kind == "item_continuation":
                append(SourceLine(number, raw, "paragraph", depth + 1, content))
            else:
                heading = _HEADING.match(raw) if "#" in raw else None
                if heading:  # a heading swallowed by a lazy continuation
                    append(SourceLine(number, raw, "heading", len(heading.group(1)), _HEADING.sub("", raw).strip()))
                else:
                    append(SourceLine(number, raw, "paragraph", 0, content))
    return result
