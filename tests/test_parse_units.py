"""Unit tests of single extraction rules: inline LaTeX, legend remarks, axis lines that only
list categories, italic field labels, and a reference line's value given in its legend entry."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from benchdb.etl.extract.parse import normalise_text, parse_axis, parse_chart, parse_legend_entries
from benchdb.etl.extract.recognize import split_label
from benchdb.etl.transform.interpret import alias_key


def test_inline_math_reads_as_its_text() -> None:
    assert normalise_text("Pass@$k$ (%) at $k=4$: ~24.6%") == "Pass@k (%) at k=4: ~24.6%"
    assert normalise_text(r"Value: $\approx 42.7\%$") == "Value: ≈42.7%"
    assert normalise_text(r"Ticks: $2^{3}$, $2^6$") == "Ticks: 2^3, 2^6"


def test_prices_are_not_math() -> None:
    for text in ("costs $0.50/$1.20 per query", "it costs $5 and $6", "between $3 and $4.5 per hour"):
        assert normalise_text(text) == text


@given(st.text(alphabet="$\\{}^_ kx=1.\n\\\\", max_size=80))
def test_normalising_never_moves_a_line(text: str) -> None:
    assert normalise_text(text).count("\n") == text.replace("\r\n", "\n").replace("\r", "\n").count("\n")


def test_a_remark_on_the_look_is_not_part_of_the_style() -> None:
    [entry] = parse_legend_entries("Hatched bar (diagonal lines ///): Qwen2.5-14B", 3)
    assert (entry.style, entry.label) == ("Hatched bar", "Qwen2.5-14B")
    [entry] = parse_legend_entries("Blue line (circle markers): SnapKV", 3)
    assert entry.style == "Blue line circle markers"


def test_cross_and_plain_are_looks() -> None:
    assert alias_key("Cross-hatched bar") == "cross hatched"
    assert alias_key("Purple line cross markers") == "purple cross"
    assert alias_key("Plain bar") == "plain"


def test_an_axis_line_that_only_lists_categories_has_no_title() -> None:
    axis = parse_axis("**X-axis (Columns, Benchmarks)**: GSM8K, MATH-500, MMLU (labels at the top)", 4)
    assert axis is not None and axis.label == "" and axis.ticks == ("GSM8K", "MATH-500", "MMLU")
    axis = parse_axis("**X-axis:** KV cache budget (tokens): 512, 1024, 2048", 4)
    assert axis is not None and axis.label.startswith("KV cache budget")
    axis = parse_axis("**2. X-Axis (Bottom):**", 4)
    assert axis is not None and axis.role == "x"


def test_an_italic_field_label_closes_after_its_colon() -> None:
    assert split_label("*Trend:* flattens after k=16.") == ("Trend", None, "flattens after k=16.")


def test_a_reference_line_value_in_its_legend_entry_is_a_point() -> None:
    chart = parse_chart("## Line Chart: RULER accuracy\n### Components/Axes\n- **Legend:**\n"
                        "  - Red line: SnapKV\n  - Black dashed line: FullKV (84.1)\n"
                        "### Detailed Analysis\n- SnapKV: 61.4\n")
    assert [e.label for e in chart.legend] == ["SnapKV", "FullKV"]
    reference = [p for p in chart.points if p.is_reference_line]
    assert [(p.label, p.readings[0].value) for p in reference] == [("FullKV", 84.1)]


def test_series_the_overview_lists_are_found_in_prose() -> None:
    chart = parse_chart("## Line Chart: AIME24 Pass@1 under KV compression\n### Overview\n"
                        "It compares 3 methods (SnapKV, StreamingLLM and PyramidKV).\n### Detailed Analysis\n"
                        "SnapKV reaches about 25.2 at KV Budget 1024. PyramidKV reaches about 31.0 at KV Budget 1024.\n")
    assert [(p.label, p.readings[0].value) for p in chart.points] == [("SnapKV", 25.2), ("PyramidKV", 31.0)]


def test_a_value_on_a_named_category_is_not_that_name_s_value() -> None:
    chart = parse_chart("## Bar Chart: Scores\n### Detailed Analysis\n"
                        "Zeta-3B-Instruct reaches about 79.7 on AIME 2025. Orca3-8B reaches about 77.6 on AIME 2025.\n")
    assert [p.label for p in chart.points] == ["Zeta-3B-Instruct", "Orca3-8B"]


def test_a_final_value_with_its_unit_is_whole() -> None:
    whole = parse_chart("## Bar Chart: X\n### Detailed Analysis\n* Qwen3-8B: ~70%\n")
    cut = parse_chart("## Bar Chart: X\n### Detailed Analysis\n* Qwen3-8B: ~7")
    assert not whole.is_truncated and [p.readings[0].value for p in whole.points] == [70.0]
    assert cut.is_truncated and not cut.points


def test_an_axis_described_over_two_field_lines_is_one_axis() -> None:
    chart = parse_chart("## Line Chart: X\n### Components/Axes\n- **X-Axis Label:** Difficulty\n"
                        "- **X-Axis Markers:** Easy, Medium, Hard\n### Detailed Analysis\n- Easy: 70.1\n")
    [axis] = [a for a in chart.axes if a.role == "x"]
    assert (axis.label, axis.ticks) == ("Difficulty", ("Easy", "Medium", "Hard"))
