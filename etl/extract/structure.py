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
from collections.abc import Sequence
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
    # a hard-wrapped paragraph joined into its first line: (offset in content, line number, raw text)
    # of every physical line, so a value found in the joined content keeps its own line
    parts: tuple[tuple[int, int, str], ...] = ()

    def part_at(self, offset: int) -> tuple[int, str]:
        """The number and raw text of the physical line holding `offset` of the content."""
        found = (self.number, self.text)
        for start, number, text in self.parts:
            if start > offset:
                break
            found = (number, text)
        return found


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
    rows = _spans_joined(rows)
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
    if body and all(len(c) == 2 and c[0].endswith(":") for c in body):
        return None  # 'Zeta-7B:      [56.3, 56.1]' on every line: labelled values, aligned, not a table
    if len(widths) > 1:
        cells = _without_index(cells)
        body = [c for c in cells if c is not None]
        widths = {len(c) for c in body}
    if len(body) < 2 or len(widths) != 1 or widths.pop() < 2:
        return _csv_grid(rows)
    return cells


_SPAN_CELL = re.compile(r"-{2,}\s*(?P<text>[^-\s][^-]*?)\s*-{2,}")
_ALIGNED_CELL = re.compile(r"\S+(?: \S+)*")


def _spans_joined(rows: list[str]) -> list[str]:
    """Rows of a space-aligned table with its group-header rows (``---- KV budget 1024 ----``
    over two sub-columns) folded into the header row below: each sub-column's header becomes
    ``KV budget 1024 Acc (%)``; the rows unchanged when there are none."""
    spans = [i for i, row in enumerate(rows) if "|" not in row and _SPAN_CELL.search(row)
             and not _SPAN_CELL.sub("", row).strip()]
    if not spans:
        return rows
    out = list(rows)
    for i in spans:
        header = next((j for j in range(i + 1, len(rows)) if rows[j].strip() and not _RULE_ROW.match(rows[j])), None)
        if header is None:
            continue
        groups = [(m.start(), m.end(), m.group("text")) for m in _SPAN_CELL.finditer(rows[i])]
        cells = []
        for m in _ALIGNED_CELL.finditer(rows[header]):
            group = next((text for start, end, text in groups if start - 2 <= m.start() < end), None)
            cells.append(f"{group} {m.group(0)}" if group else m.group(0))
        out[header] = "  ".join(cells)
        out[i] = ""
    return out


_SHAPE_FOOTER = re.compile(r"\[\d+ rows? x \d+ columns?\]")


def _without_index(cells: list[tuple[str, ...] | None]) -> list[tuple[str, ...] | None]:
    """A printed data frame's cells without its unlabelled index column (``0  Qwen3-4B  2000``
    under ``model  budget``) and its shape footer (``[8 rows x 4 columns]``); else as given."""
    cells = [None if c is not None and len(c) == 1 and _SHAPE_FOOTER.fullmatch(c[0]) else c for c in cells]
    body = [c for c in cells if c is not None]
    if len(body) < 3 or len({len(c) for c in body[1:]}) != 1 or len(body[1]) != len(body[0]) + 1:
        return cells
    index = [c[0] for c in body[1:]]
    if not all(i.isdigit() for i in index) or [int(i) for i in index] != list(range(int(index[0]), int(index[0]) + len(index))):
        return cells
    return [c if c is None or c is body[0] else c[1:] for c in cells]


def _csv_grid(rows: list[str]) -> list[tuple[str, ...] | None] | None:
    """The cells of a fenced block of comma-separated values (``model,MMLU-Pro,GPQA``): two
    or more rows of the same two or more cells; None for anything else (JSON, code)."""
    rows = ["" if row.lstrip().startswith("#") else row for row in rows]  # '# bars = pass@1 (left axis)': a comment
    if any(ch in row for row in rows for ch in "{}[]:;=") or not all("," in row for row in rows if row.strip()):
        return None
    import csv

    cells: list[tuple[str, ...] | None] = [
        tuple(c.strip() for c in next(csv.reader([row]))) if row.strip() else None for row in rows]
    widths = {len(c) for c in cells if c is not None}
    if sum(c is not None for c in cells) < 2 or len(widths) != 1 or widths.pop() < 2:
        return None
    return cells


_CELL_SPAN = re.compile(r"\S+(?: \S+)*")


def _columns_aligned(rows: list[str]) -> bool:
    """Whether the cells of `rows` (split at runs of two or more spaces) stand in columns:
    each column's cells start, or end, at the same character in every row. Prose lines
    with a double space never do; a table aligned with spaces always does."""
    spans = [[m.span() for m in _CELL_SPAN.finditer(row)] for row in rows]
    for column in zip(*spans):
        if len({start for start, _ in column}) > 1 and len({end for _, end in column}) > 1:
            return False
    return True


def _aligned_grids(raw_lines: list[str], kinds: dict[int, tuple[str, int, bool]], header_rows: set[int],
                   grid_cells: dict[int, tuple[str, ...]]) -> None:
    """Mark tables aligned with spaces outside any fence (markdown-it sees paragraphs and
    rules) like fenced ones: a run of three or more rows, consecutive lines outside lists,
    tables and fences, that split at runs of two or more spaces into the same two or more
    cells standing in columns, with a rule line under the header or at least three columns."""
    run: list[int] = []
    for index in range(len(raw_lines) + 1):
        raw = raw_lines[index] if index < len(raw_lines) else ""
        found = kinds.get(index)
        if raw.strip() and (found is None or found[0] == "paragraph") and "|" not in raw \
                and not raw.lstrip().startswith("#"):
            run.append(index)
            continue
        if len(run) >= 3 or (len(run) == 2 and run[-1] == len(raw_lines) - 1):  # a cut document: header, rule
            _mark_aligned_grid(run, raw_lines, kinds, header_rows, grid_cells)
        run = []


def _mark_aligned_grid(run: list[int], raw_lines: list[str], kinds: dict[int, tuple[str, int, bool]],
                       header_rows: set[int], grid_cells: dict[int, tuple[str, ...]]) -> None:
    rows = [raw_lines[i] for i in run]
    if "\t" in "".join(rows):
        return
    cells = [None if _RULE_ROW.match(row) else tuple(_CELL_SPAN.findall(row)) for row in rows]
    # a document cut inside its last row: that row may have fewer cells than the others
    at_end = run[-1] == len(raw_lines) - 1
    cut = at_end and cells[-1] is not None
    complete = [(row, c) for row, c in zip(rows[:-1] if cut else rows, cells[:-1] if cut else cells) if c is not None]
    widths = {len(c) for _, c in complete}
    if len(widths) != 1:
        return
    width = widths.pop()
    rules = [row for row, c in zip(rows, cells) if c is None]
    if width < 2 or (cut and len(cells[-1] or ()) > width):
        return
    if rules:  # 'Model  Score' over '-----  -----': the rule's dash groups stand under the columns
        if len(complete) < 1 + (not at_end) or not _columns_aligned([row for row, _ in complete] + rules[:1]):
            return
    elif len(complete) < 3 or width < 3 or not _columns_aligned([row for row, _ in complete]):
        return
    _mark_grid(run, cells, kinds, header_rows, grid_cells)


def _mark_grid(lines: Sequence[int], grid: list[tuple[str, ...] | None], kinds: dict[int, tuple[str, int, bool]],
               header_rows: set[int], grid_cells: dict[int, tuple[str, ...]]) -> None:
    """Record the 0-based `lines` of a grid (fenced, aligned with spaces, CSV or JSON) with
    their cells, split once here; a line without cells (a rule) is 'other'; the first row
    with cells is the header."""
    header = True
    for line, cells in zip(lines, grid):
        if cells is None:
            kinds[line] = ("other", 0, False)
            continue
        kinds[line] = ("grid_row", 0, False)
        grid_cells[line] = cells
        if header:
            header_rows.add(line)
            header = False


_LATEX_COMMAND = re.compile(r"\\(?:textbf|textit|emph|underline|mathbf|text|textrm|textsc)\{([^{}]*)\}")
_LATEX_RULE = re.compile(r"^\s*(?:\\(?:hline|toprule|midrule|bottomrule|cline\{[^}]*\}|cmidrule(?:\([^)]*\))?\{[^}]*\})\s*)+$")


def _latex_grids(raw_lines: list[str], kinds: dict[int, tuple[str, int, bool]], header_rows: set[int],
                 grid_cells: dict[int, tuple[str, ...]]) -> None:
    """A LaTeX ``tabular`` written out (``Model & AIME 2024 & MATH-500 \\``) as a grid: cells split at
    ``&``, ``\\textbf{81.0}`` read as 81.0, rules (``\\hline``, ``\\midrule``) no rows; the first row the header."""
    begin = None
    for index, raw in enumerate(raw_lines):
        if "\\begin{tabular" in raw:
            begin = index
        elif "\\end{tabular" in raw and begin is not None:
            lines = list(range(begin + 1, index))
            grid: list[tuple[str, ...] | None] = []
            for line in lines:
                text = raw_lines[line].strip()
                if "&" not in text or _LATEX_RULE.match(text):
                    grid.append(None)
                    continue
                text = _LATEX_COMMAND.sub(r"\1", _rx(r"\\\\\s*(?:\\hline)?\s*$").sub("", text))
                grid.append(tuple(c.strip().replace("\\%", "%") for c in _rx(r"(?<!\\)&").split(text)))
            widths = {len(c) for c in grid if c is not None}
            if len(widths) == 1 and widths.pop() >= 2 and sum(c is not None for c in grid) >= 2:
                _mark_grid(lines, grid, kinds, header_rows, grid_cells)
            begin = None


_JSON_NAME_KEYS = ("name", "label", "model", "series", "method", "title")


def _tree_grid(rows: list[str]) -> list[tuple[str, ...] | None] | None:
    """The cells of a fenced JSON or TOML block that lists series over categories
    (``{"categories": ["HumanEval", "MBPP"], "series": [{"name": "GPT-4.1", "values": [94.5, 88.2]}]}``,
    or ``x_values = [0.2, 0.6]`` over ``[[panel.series]]`` tables of ``model`` and ``values``): the
    header on the line of the categories, one grid row on the line of each series' values, and a
    column for the benchmark an enclosing object names; None unless every series has as many
    numbers as there are categories, on one line."""
    text = "\n".join(rows)
    if "[" not in text:
        return None
    data = _load_tree(text)
    if data is None:
        return None
    categories: list[object] = []
    series: list[tuple[str, str, list[object], str]] = []  # (name key, name, values, benchmark of an enclosing object)

    def numbers(value: object) -> bool:
        return isinstance(value, list) and len(value) >= 2 and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in value)

    def walk(node: object, context: str) -> None:
        if isinstance(node, dict):
            context = next((v for k, v in node.items() if k.lower() in _TREE_CONTEXT_KEYS and isinstance(v, str)),
                           context)
            names = [(k, v) for k, v in node.items() if k.lower() in _JSON_NAME_KEYS and isinstance(v, str)]
            values = [v for v in node.values() if numbers(v)]
            if names and len(values) == 1:
                series.append((names[0][0], names[0][1], values[0], context))
                return
            for key, value in node.items():
                if not categories and numbers(value) and _X_KEY.fullmatch(key):
                    categories.extend(value)  # 'x_values = [0.2, 0.6, 1.0]': the categories, not a series
                    continue
                walk(value, context)
        elif isinstance(node, list):
            if not categories and len(node) >= 2 and all(isinstance(x, str) for x in node):
                categories.extend(node)
                return
            for value in node:
                walk(value, context)

    try:
        walk(data, "")
    except RecursionError:
        return None
    if not categories or not series or any(len(values) != len(categories) for _, _, values, _ in series):
        return None
    import json

    cells: list[tuple[str, ...] | None] = [None] * len(rows)
    header = next((i for i, row in enumerate(rows) if all(json.dumps(c) in row for c in categories)), None)
    if header is None:
        return None
    contexts = any(context for *_, context in series)
    cells[header] = (series[0][0], *(("benchmark",) if contexts else ()), *(c if isinstance(c, str) else json.dumps(c) for c in categories))
    for _, name, values, context in series:
        holding = [i for i, row in enumerate(rows) if i != header and cells[i] is None
                   and all(json.dumps(v) in row for v in values)]
        line = next((i for i in holding if json.dumps(name) in rows[i]), holding[0] if holding else None)
        if line is None:
            return None
        cells[line] = (name, *((context,) if contexts else ()), *(json.dumps(v) for v in values))
    return cells


def _load_tree(text: str) -> object | None:
    """`text` read as JSON, else as TOML; None when it is neither (or nested too deep)."""
    import json

    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    if "=" not in text:
        return None
    import tomllib

    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError):
        return None


_TREE_CONTEXT_KEYS = ("benchmark", "dataset", "task")
_X_KEY = re.compile(r"(?i)x(?:[_ ]?(?:values?|ticks?|labels?|categories|axis))?|categories|ticks|groups")


def _record_grid(rows: list[str]) -> list[tuple[str, ...] | None] | None:
    """The cells of a fenced block that lists flat JSON records one per line (``{"series":
    "Qwen3-4B", "budget": "2k", "pass@1": 38.2},``): a grid row on each record's line, the
    header (the first record's keys) on the nearest line above them that holds no record;
    None unless three or more records with the same keys and a number each stand one per line."""
    import json

    records: dict[int, dict[str, object]] = {}
    meta: list[int] = []
    for i, row in enumerate(rows):
        text = row.strip().rstrip(",")
        if not (text.startswith("{") and text.endswith("}")):
            continue
        try:
            record = json.loads(text)
        except (ValueError, RecursionError):
            return None
        if not isinstance(record, dict):
            return None
        if any(isinstance(v, (dict, list)) for v in record.values()):
            if meta:  # one line of nested metadata ('{"_meta": {"model": ...}}') may stand among the records
                return None
            meta.append(i)
            continue
        if len(record) < 2:
            return None
        records[i] = record
    if len(records) < 3:
        return None
    first = min(records)
    keys = tuple(records[first])
    if any(tuple(r) != keys for r in records.values()) or not all(
            any(isinstance(v, (int, float)) and not isinstance(v, bool) for v in r.values()) for r in records.values()):
        return None
    header = next((i for i in range(first - 1, -1, -1) if rows[i].strip()), None)
    if header is None:
        return None
    cells: list[tuple[str, ...] | None] = [None] * len(rows)
    cells[header] = keys
    for i, record in records.items():
        cells[i] = tuple(v if isinstance(v, str) else "" if v is None else json.dumps(v) for v in record.values())
    return cells


_MAPPING_LINE = re.compile(r"(?P<indent> *)(?P<dash>- +)?(?P<key>[^\s:#\-][^:#]{0,60}?|\"[^\"]{1,60}\"):(?:\s+\S.*)?\s*$")


_INI_LINE = re.compile(r"\[[^\[\]]{1,60}\]|[^\s=\[][^=]{0,60}?\s*=\s*\S.*")


def _mapping_depths(rows: list[str]) -> list[int | None] | None:
    """A fenced block of nested ``key: value`` lines (YAML-like) read as a nested list: the
    depth of each line (a ``- key:`` line one above its siblings), None for blank lines;
    or None when most lines are not such lines."""
    depths: list[int | None] = []
    mapped = 0
    section = False  # inside an INI '[section]': its 'key = value' lines are one level down
    for row in rows:
        if not row.strip():
            depths.append(None)
            continue
        if _INI_LINE.fullmatch(row.strip()):
            mapped += 1
            section = section or row.strip().startswith("[")
            depths.append(0 if row.strip().startswith("[") else int(section))
            continue
        match = _MAPPING_LINE.fullmatch(row.rstrip())
        if match is None:
            depths.append((len(row) - len(row.lstrip())) // 2)
            continue
        mapped += 1
        indent = len(match.group("indent"))
        depths.append(indent // 2 if match.group("dash") else indent // 2 + (indent % 2))
    present = sum(d is not None for d in depths)
    return depths if present >= 3 and mapped >= 0.7 * present or present == mapped >= 2 else None


_HTML_CELL = re.compile(r"(?is)<t([hd])\b([^>]*)>(.*?)</t[hd]\s*>")
_HTML_ROWSPAN = re.compile(r"(?i)\browspan\s*=\s*[\"']?(\d{1,3})")
_HTML_COLSPAN = re.compile(r"(?i)\bcolspan\s*=\s*[\"']?(\d{1,3})")
_HTML_BOLD = re.compile(r"(?is)<(b|strong)\b[^>]*>(.*?)</\1\s*>")
_HTML_TAG = re.compile(r"<[^>]{0,200}>")
_HTML_TABLE_LINE = re.compile(r"(?i)^\s*(?:</?(?:table|thead|tbody|tfoot|tr|caption|colgroup|col)\b[^>]*>\s*)+$")


def _fill_spanned(row: list[str], spanning: dict[int, tuple[str, int]]) -> None:
    """Append to `row` the cells that rowspan cells of the rows above hold at its next columns
    ('<td rowspan="4">Qwen3-8B</td>' fills that column of the three rows below), counting them down."""
    while len(row) in spanning:
        text, left = spanning.pop(len(row))
        row.append(text)
        if left > 1:
            spanning[len(row) - 1] = (text, left - 1)


def _html_rows(raw_lines: list[str], kinds: dict[int, tuple[str, int, bool]], header_rows: set[int],
               grid_cells: dict[int, tuple[str, ...]]) -> None:
    """An HTML table written one row per line (``<tr><td>Qwen</td><td>73.2</td></tr>``): its
    rows are grid rows like a pipe table's (``<th>`` cells or ``<thead>`` make the header), its
    tag-only lines are not text."""
    in_head = False
    spanning: dict[int, tuple[str, int]] = {}  # column -> (text, rows still to fill) of a rowspan cell
    for index, raw in enumerate(raw_lines):
        lowered = raw.lower()
        if "<thead" in lowered:
            in_head = True
        cells = _HTML_CELL.findall(raw) if "<t" in lowered else []
        if cells:
            row: list[str] = []
            for kind, attributes, inner in cells:
                _fill_spanned(row, spanning)
                text = _HTML_TAG.sub("", _HTML_BOLD.sub(r"**\2**", inner)).strip()
                span = _HTML_ROWSPAN.search(attributes)
                if span and int(span.group(1)) > 1:
                    spanning[len(row)] = (text, int(span.group(1)) - 1)
                width = _HTML_COLSPAN.search(attributes)
                span_width = min(int(width.group(1)) if width else 1, 20)
                # a header spans its columns; a body cell is one value, held by the first column it spans
                row.extend([text] * span_width if kind.lower() == "h" else [text] + [""] * (span_width - 1))
            _fill_spanned(row, spanning)
            texts = tuple(row)
            kinds[index] = ("grid_row", 0, False)
            grid_cells[index] = texts
            if in_head or all(kind.lower() == "h" for kind, _, _ in cells):
                header_rows.add(index)
        elif _HTML_TABLE_LINE.match(raw):
            kinds[index] = ("other", 0, False)
        if "</thead" in lowered:
            in_head = False


def _block_kinds(text: str) -> tuple[dict[int, tuple[str, int, bool]], set[int], dict[int, tuple[str, ...]]]:
    """0-based line -> (kind, depth, is_ordered) for the block structure markdown-it finds,
    the 0-based lines that are table header rows, and the cells of every grid row, split
    once where the grid is found. A fenced block that is a table (`fenced_grid`, CSV or
    JSON series) and a table aligned with spaces outside a fence give table rows like a
    pipe table's, the first row the header."""
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
    grid_cells: dict[int, tuple[str, ...]] = {}
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
                rows = [raw_lines[i] for i in inner]
                grid = (fenced_grid(rows) or _tree_grid(rows) or _record_grid(rows)) if len(inner) >= 2 else None
                if grid is not None:
                    _mark_grid(inner, grid, kinds, header_rows, grid_cells)
                else:
                    for line, depth in zip(inner, _mapping_depths(rows) or ()):
                        if depth is not None:
                            ini = _INI_LINE.fullmatch(raw_lines[line].strip()) is not None
                            kinds[line] = ("ini_item" if ini else "item", depth, False)
                continue
            visit(child, depth, ordered, in_head or name == "thead")

    try:
        tree = _MD.tree(text)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # a Rust panic (pyo3 PanicException): every line falls back to plain classification
        return {}, set(), {}
    visit(tree, 0, False, False)
    if "<tr" in text or "<TR" in text:
        _html_rows(raw_lines, kinds, header_rows, grid_cells)
    if "  " in text:
        _aligned_grids(raw_lines, kinds, header_rows, grid_cells)
    if "\\begin{tabular" in text:
        _latex_grids(raw_lines, kinds, header_rows, grid_cells)
    for line, (kind, _, _) in list(kinds.items()):  # '| Qwen3-4B | 73.5 | 65.1 |' with no rule row: a table's rows
        if kind in ("paragraph", "item_continuation") and _PIPE_ROW.fullmatch(raw_lines[line]):
            # (also a table swallowed by a list item's lazy continuation, written with no blank line before it)
            if _PIPE_RULE.fullmatch(raw_lines[line]):
                kinds[line] = ("table_rule", 0, False)
                if line - 1 in kinds and kinds[line - 1][0] == "table_row":
                    header_rows.add(line - 1)
            else:
                kinds[line] = ("table_row", 0, False)
    return kinds, header_rows, grid_cells


_PIPE_ROW = re.compile(r"\s*\|(?:[^|\n]*\|){2,}\s*")
_PIPE_RULE = re.compile(r"\s*\|(?:\s*:?-{2,}:?\s*\|)+\s*")


def split_lines(text: str) -> list[SourceLine]:
    """Classify every line of `text` (1-based numbers, markers removed)."""
    raw_lines = text.split("\n")
    kinds, header_rows, grid_cells = _block_kinds(text)
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
        elif kind == "grid_row":
            append(SourceLine(number, raw, "table_row", 0, stripped, cells=grid_cells[index],
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
            elif kind == "ini_item":  # '[GSM8K]' heads the 'BF16 = 93.6' lines under it, read as 'BF16: 93.6'
                content = f"{stripped[1:-1].strip()}:" if stripped.startswith("[") else _rx(r"\s*=\s*").sub(": ", stripped, 1)
                append(SourceLine(number, raw, "item", depth, content))
            elif marker:
                # lazy continuation of a paragraph or item that is really a new item
                indent = len(raw) - len(raw.lstrip())
                append(SourceLine(number, raw, "item", depth + indent // 2 if kind != "paragraph" else indent // 2,
                                  content, is_ordered=bool(marker.group("ordered"))))
            elif kind == "item_continuation":
                append(SourceLine(number, raw, "paragraph", depth + 1, content))
            elif kind == "paragraph" and _DEFINITION.match(raw):  # ':   Accuracy: 95.2%' under its term
                append(SourceLine(number, raw, "item", 0, _DEFINITION.sub("", raw, count=1).strip()))
            else:
                heading = _HEADING.match(raw) if "#" in raw else None
                if heading:  # a heading swallowed by a lazy continuation
                    append(SourceLine(number, raw, "heading", len(heading.group(1)), _HEADING.sub("", raw).strip()))
                else:
                    append(SourceLine(number, raw, "paragraph", 0, content))
    return _join_wrapped(result)


_DEFINITION = re.compile(r"^\s{0,3}:\s{1,4}(?=\S)")  # a definition list's description line (Pandoc, PHP Markdown Extra)
_WRAPPED_END = re.compile(r"[^.!?:;|*\s]\s*$")  # a line that stops mid-sentence
_WRAPPED_START = re.compile(r"[a-z0-9(~≈]")  # and a next line that goes on with it


def _join_wrapped(lines: list[SourceLine]) -> list[SourceLine]:
    """Hard-wrapped prose read as its paragraph: a paragraph line of 50 or more characters that
    stops mid-sentence, followed by a paragraph line that goes on with it in lower case, is
    joined with it into the first line (`parts` keeps each physical line); the lines joined
    in stay as 'other' lines. Short lines, and lines that each start a sentence
    ('Qwen3-8B: 45.2' above 'Llama-3.1-8B: 40.1'), are never joined."""
    joined: list[SourceLine] = []
    head: SourceLine | None = None
    for line in lines:
        if head is not None and line.kind == "paragraph" and _WRAPPED_START.match(line.content) and \
                _WRAPPED_END.search(head.content) and len((head.parts[-1][2] if head.parts else head.text).strip()) >= 50:
            if not head.parts:
                head.parts = ((0, head.number, head.text),)
            offset = len(head.content) + 1
            head.content = f"{head.content} {line.content}"
            head.parts = (*head.parts, (offset, line.number, line.text))
            joined.append(SourceLine(line.number, line.text, "other", 0, line.content))
            continue
        head = line if line.kind == "paragraph" else None
        joined.append(line)
    return joined
