"""Layer 1 of extraction: the block structure of a description, one record per line.

markdown-it-py gives headings, list items (with nesting and ordered/bullet markers),
paragraphs and table rows with their line ranges; this module flattens that into one
`SourceLine` per physical line, with the markers removed. Describers often flatten
nesting (sub-bullets at column 0) and start ordered lists at 16 inside a paragraph, so a
paragraph line that looks like a list item is treated as one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt

# Only the block structure is used: inline parsing (emphasis, links) is switched off, and
# so are block rules that descriptions never need.
_MD = MarkdownIt("commonmark").enable("table").disable(["inline", "html_block", "reference", "blockquote"])

_ITEM_MARKER = re.compile(r"^\s*(?:(?P<ordered>\d{1,3}[.)])|(?P<bullet>[-*+•]))\s+")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+")


@dataclass(frozen=True)
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


def _strip_item_marker(text: str) -> tuple[str, bool]:
    match = _ITEM_MARKER.match(text)
    if not match:
        return text.strip(), False
    return text[match.end():].strip(), bool(match.group("ordered"))


def split_cells(row: str) -> tuple[str, ...]:
    """The cells of a pipe table row, stripped (escaped pipes stay in their cell)."""
    text = row.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return tuple(cell.replace("\\|", "|").strip() for cell in re.split(r"(?<!\\)\|", text))


def split_lines(text: str) -> list[SourceLine]:
    """Classify every line of `text` (1-based numbers, markers removed)."""
    raw_lines = text.split("\n")
    kinds: dict[int, tuple[str, int, bool]] = {}
    header_rows: set[int] = set()
    list_depth = 0
    ordered_stack: list[bool] = []
    tokens = _MD.parse(text)
    row_line: int | None = None
    in_thead = False
    for token in tokens:
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            list_depth += 1
            ordered_stack.append(kind == "ordered_list_open")
        elif kind in ("bullet_list_close", "ordered_list_close"):
            list_depth -= 1
            ordered_stack.pop()
        elif kind == "heading_open" and token.map:
            kinds[token.map[0]] = ("heading", int(token.tag[1]), False)
        elif kind == "list_item_open" and token.map:
            kinds.setdefault(token.map[0], ("item", max(list_depth - 1, 0), ordered_stack[-1]))
            for line in range(token.map[0] + 1, token.map[1]):
                kinds.setdefault(line, ("item_continuation", max(list_depth - 1, 0), ordered_stack[-1]))
        elif kind == "paragraph_open" and token.map:
            for line in range(token.map[0], token.map[1]):
                kinds.setdefault(line, ("paragraph", 0, False))
        elif kind == "thead_open":
            in_thead = True
        elif kind == "thead_close":
            in_thead = False
        elif kind == "tr_open" and token.map:
            row_line = token.map[0]
            kinds[row_line] = ("table_row", 0, False)
            if in_thead:
                header_rows.add(row_line)
        elif kind == "tr_close":
            row_line = None
        elif kind in ("fence", "code_block") and token.map:
            for line in range(token.map[0], token.map[1]):
                kinds[line] = ("other", 0, False)
        elif kind == "table_open" and token.map:
            for line in range(token.map[0], token.map[1]):
                kinds.setdefault(line, ("table_rule", 0, False))
    result: list[SourceLine] = []
    for index, raw in enumerate(raw_lines):
        number = index + 1
        kind, depth, ordered = kinds.get(index, ("blank" if not raw.strip() else "paragraph", 0, False))
        if kind == "heading":
            content = _HEADING.sub("", raw).strip().rstrip("#").strip()
            result.append(SourceLine(number, raw, "heading", depth, content))
        elif kind == "table_row" and "|" in raw:
            result.append(SourceLine(number, raw, "table_row", 0, raw.strip(), cells=split_cells(raw),
                                     is_table_header=index in header_rows))
        elif kind in ("table_rule", "table_row") and "|" in raw:
            result.append(SourceLine(number, raw, "other", 0, raw.strip()))
        elif kind == "other" or not raw.strip():
            result.append(SourceLine(number, raw, "blank" if not raw.strip() else "other", 0, raw.strip()))
        else:
            content, is_ordered = _strip_item_marker(raw)
            if kind == "item":
                result.append(SourceLine(number, raw, "item", depth, content, is_ordered=ordered))
            elif _ITEM_MARKER.match(raw):
                # lazy continuation of a paragraph or item that is really a new item
                indent = len(raw) - len(raw.lstrip())
                result.append(SourceLine(number, raw, "item", depth + indent // 2 if kind != "paragraph" else indent // 2,
                                         content, is_ordered=is_ordered))
            elif kind == "item_continuation":
                result.append(SourceLine(number, raw, "paragraph", depth + 1, content))
            else:
                heading = _HEADING.match(raw)
                if heading:  # a heading swallowed by a lazy continuation
                    result.append(SourceLine(number, raw, "heading", len(heading.group(1)),
                                             _HEADING.sub("", raw).strip()))
                else:
                    result.append(SourceLine(number, raw, "paragraph", 0, content))
    return result
