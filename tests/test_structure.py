"""Line structure (etl/extract/structure.py): tables aligned with spaces outside a fence are
grids like fenced ones; prose that happens to hold double spaces is not."""

from __future__ import annotations

from benchdb.etl.extract.structure import split_lines

ALIGNED = """### Detailed Analysis
Model            1k     4k     16k
---------------  -----  -----  -----
Orbit-7B         31.5   44.0   52.9
Lumen-13B-Chat   38.2   50.6   61.3
"""


def _rows(text: str) -> list[tuple[str, tuple[str, ...], bool]]:
    return [(line.kind, line.cells, line.is_table_header) for line in split_lines(text) if line.kind == "table_row"]


def test_a_table_aligned_with_spaces_is_a_grid() -> None:
    assert _rows(ALIGNED) == [
        ("table_row", ("Model", "1k", "4k", "16k"), True),
        ("table_row", ("Orbit-7B", "31.5", "44.0", "52.9"), False),
        ("table_row", ("Lumen-13B-Chat", "38.2", "50.6", "61.3"), False)]


def test_right_aligned_number_columns_and_no_rule_line() -> None:
    text = "Model        Budget   Accuracy\nOrbit-7B        512       31.5\nOrbit-7B       1024       44.0\n"
    assert [cells for _, cells, _ in _rows(text)] == [
        ("Model", "Budget", "Accuracy"), ("Orbit-7B", "512", "31.5"), ("Orbit-7B", "1024", "44.0")]


def test_a_document_cut_inside_the_last_row_keeps_the_complete_rows() -> None:
    cut = ALIGNED.rstrip("\n")[:-4]  # '... 61' : the last row lost a cell and a half
    rows = _rows(cut)
    assert [cells for _, cells, _ in rows[:2]] == [("Model", "1k", "4k", "16k"), ("Orbit-7B", "31.5", "44.0", "52.9")]
    assert rows[2][1] == ("Lumen-13B-Chat", "38.2", "50.6")
    header_only = ALIGNED.split("\n")
    assert _rows("\n".join(header_only[:2]) + "\n" + header_only[2][:10]) == [
        ("table_row", ("Model", "1k", "4k", "16k"), True)]


def test_prose_with_double_spaces_is_not_a_table() -> None:
    prose = ("The blue line rises fast.  It then flattens near 52.\n"
             "Orbit-7B stays ahead.  The gap closes at 16k tokens.\n"
             "Both end close together.  Neither passes 62 points.\n")
    assert _rows(prose) == []
    two_columns = "Accuracy:    45.2\nThroughput:  1200\n"  # aligned fields, not a table
    assert _rows(two_columns) == []


def test_comma_separated_values_in_a_fence_are_a_grid() -> None:
    text = "```csv\nmodel,Score A,Score B\nOrbit-7B,31.5,44.0\n\"Lumen, 13B\",38.2,50.6\n```\n"
    assert _rows(text) == [("table_row", ("model", "Score A", "Score B"), True),
                           ("table_row", ("Orbit-7B", "31.5", "44.0"), False),
                           ("table_row", ("Lumen, 13B", "38.2", "50.6"), False)]
    assert _rows('```json\n{"a": [1, 2],\n "b": [3, 4]}\n```\n') == []  # JSON is no grid


def test_a_json_block_of_series_over_categories_is_a_grid() -> None:
    text = ('```json\n{\n  "x": {"categories": ["Set A", "Set B"]},\n  "series": [\n'
            '    {"name": "Orbit-7B", "color": "#4C72B0", "values": [31.5, 44.0]},\n'
            '    {"name": "Lumen-13B", "values": [38.2, 50]}\n  ]\n}\n```\n')
    assert _rows(text) == [("table_row", ("name", "Set A", "Set B"), True),
                           ("table_row", ("Orbit-7B", "31.5", "44.0"), False),
                           ("table_row", ("Lumen-13B", "38.2", "50"), False)]
    split_over_lines = text.replace('"values": [38.2, 50]', '"values": [38.2,\n 50]')
    assert _rows(split_over_lines) == []  # a value off its series' line: no grid, nothing misplaced
    mismatched = text.replace("[38.2, 50]", "[38.2, 50, 61]")
    assert _rows(mismatched) == []
