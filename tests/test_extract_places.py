"""Unit tests of the mechanisms added for the heldout21-29 failure classes, each in a document
of our own: x places written around numbers (compound adjectives, tick nouns, keyed phrases,
ordinals), hard-wrapped prose, paragraphs that head items, record and INI blocks, settings
pinned inside headers and labels, identifier and coordinate columns, name tags and glyphs."""

from __future__ import annotations

from benchdb.etl.extract.parse import parse_chart
from benchdb.etl.extract.recognize import read_values
from benchdb.etl.transform.interpret import interpret
from benchdb.etl.transform.reference import Reference
from tests._facts import metric_rows as rows


def lines(text: str, ref: Reference) -> dict[float, int]:
    """value -> the line it was read from."""
    facts = interpret(parse_chart(text + "\n### Interpretation\nAs expected.\n"), ref)
    return {v.value: v.source_line for v in facts.values}


BUDGET_AXES = ("### Components/Axes\n- X-axis: \"Thinking budget (tokens)\", ticks 1k, 2k, 4k\n"
               "- Y-axis: \"Accuracy (%)\"\n")


def test_compound_adjectives_and_tick_nouns_place_values(ref: Reference) -> None:
    text = ("## Line Chart: MATH-500 accuracy vs. thinking budget\n" + BUDGET_AXES + "### Detailed Analysis\n"
            "Zeta-7B opens at 61.5% under the 1k-token budget and reaches 70.25% once the 2k-token budget "
            "is allowed, a gain of 8.75 points. At the 4k mark it posts 75.5%.\n")
    assert rows(text, ref) == {("Zeta-7B", "accuracy", "thinking_budget=1000", 61.5),
                               ("Zeta-7B", "accuracy", "thinking_budget=2000", 70.25),
                               ("Zeta-7B", "accuracy", "thinking_budget=4000", 75.5)}


def test_thousands_before_a_hyphen_are_one_place(ref: Reference) -> None:
    readings, _ = read_values("It holds about 80.5% with the 65,536-token context.")
    assert [(r.value, r.at.value if r.at else None) for r in readings] == [(80.5, 65536.0)]


def test_keyed_aside_and_leading_places(ref: Reference) -> None:
    text = ("## Line Chart: GPQA Diamond accuracy vs. temperature\n### Components/Axes\n"
            "- X-axis: \"Temperature\", ticks 0.2, 0.6, 1.0\n- Y-axis: \"Accuracy (%)\"\n### Detailed Analysis\n"
            "The Orca-8B line starts at 51.5 when the temperature is 0.2. Its second marker, at 0.6, reads "
            "approximately 53.25, and at 1.0 it ends at about 49.75.\n")
    assert rows(text, ref) == {("Orca-8B", "accuracy", "temperature=0.2", 51.5),
                               ("Orca-8B", "accuracy", "temperature=0.6", 53.25),
                               ("Orca-8B", "accuracy", "temperature=1", 49.75)}


def test_ordinal_markers_are_the_x_categories_in_order(ref: Reference) -> None:
    text = ("## Line Chart: AIME 2025 Pass@1 vs. thinking budget\n" + BUDGET_AXES + "### Detailed Analysis\n"
            "* **Zeta-7B (blue):** The first marker is at approximately 14.5%. The second marker is at "
            "approximately 20.25%, and the third and final marker approximately 26.5%.\n")
    assert {(r[2], r[3]) for r in rows(text, ref)} == {("thinking_budget=1000", 14.5), ("thinking_budget=2000", 20.25),
                                                       ("thinking_budget=4000", 26.5)}


def test_points_are_differences_not_values() -> None:
    readings, dropped = read_values("Both lose 4.5 to 4.75 points in the last step, at most 1.25 pp each.")
    assert not readings and {n.raw for n, why in dropped if why == "difference"} == {"4.5", "4.75", "1.25"}


def test_a_hard_wrapped_paragraph_is_read_whole_and_keeps_each_line(ref: Reference) -> None:
    text = ("## Line Chart: GPQA Diamond accuracy vs. temperature\n### Components/Axes\n"
            "- X-axis: \"Temperature\", ticks 0.2, 0.6, 1.0\n- Y-axis: \"Accuracy (%)\"\n### Detailed Analysis\n"
            "The purple line (Orca-8B) is the top line at every temperature. It starts at\n"
            "about 61.25 at 0.2, rises to roughly 62.75 at 0.6 and bends down to about\n"
            "60.5 at 1.0, which is still close to where it began.\n")
    found = rows(text, ref)
    assert ("Orca-8B", "accuracy", "temperature=0.6", 62.75) in found and len(found) == 3
    assert lines(text, ref) == {61.25: 7, 62.75: 7, 60.5: 8}


def test_a_sentence_that_names_nothing_goes_on_about_the_series_before(ref: Reference) -> None:
    text = ("## Line Chart: AIME 2024 Pass@1 vs. KV budget\n### Components/Axes\n"
            "- X-axis: \"KV budget (tokens)\", ticks 128, 256, 512\n- Y-axis: \"Pass@1 (%)\"\n### Detailed Analysis\n"
            "The red Zeta-7B line is the highest. It begins at approximately (128, 31.5). The slope then "
            "softens: the marker at (256, 38.25) is close to the reference, and the last sits at (512, 40.5).\n")
    assert {(r[2], r[3]) for r in rows(text, ref)} == {("kv_budget=128", 31.5), ("kv_budget=256", 38.25),
                                                       ("kv_budget=512", 40.5)}


def test_json_records_and_an_axis_table(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Budget scaling\n## 2. Axes\n| Axis | Label | Ticks |\n|---|---|---|\n"
            "| x (both panels) | Thinking budget (tokens) | 2k, 4k |\n| y (left) | Pass@1 (%) | 0 to 80 |\n"
            "## 4. Extracted Data\n```json\n{\n  \"points\": [\n"
            "    {\"panel\": \"AIME 2025\", \"series\": \"Zeta-7B\", \"budget\": \"2k\", \"pass@1\": 38.25},\n"
            "    {\"panel\": \"AIME 2025\", \"series\": \"Zeta-7B\", \"budget\": \"4k\", \"pass@1\": 49.5},\n"
            "    {\"panel\": \"GPQA-Diamond\", \"series\": \"Zeta-7B\", \"budget\": \"2k\", \"pass@1\": 50.25}\n"
            "  ]\n}\n```\n")
    facts = interpret(parse_chart(text), ref)
    assert {(v.benchmark_name, v.setting, v.value) for v in facts.values} == {
        ("AIME 2025", "thinking_budget=2000", 38.25), ("AIME 2025", "thinking_budget=4000", 49.5),
        ("GPQA Diamond", "thinking_budget=2000", 50.25)}


def test_an_ini_block_is_sections_of_items(ref: Reference) -> None:
    text = ("## Grouped Bar Chart: Zeta-7B accuracy by precision\n### Components/Axes\n- X-axis: \"Benchmark\"\n"
            "- Y-axis: \"Accuracy (%)\"\n- Legend: bar colour = weight precision\n### Detailed Analysis\n"
            "```ini\n[GSM8K]\nBF16  = 93.5\nFP8   = 93.25\n\n[MATH-500]\nBF16  = 90.75\n```\n")
    facts = interpret(parse_chart(text), ref)
    assert {(v.benchmark_name, v.setting, v.value) for v in facts.values} == {
        ("GSM8K", "precision=BF16", 93.5), ("GSM8K", "precision=FP8", 93.25), ("MATH-500", "precision=BF16", 90.75)}


def test_settings_pinned_in_headers_and_row_labels(ref: Reference) -> None:
    text = ("## Table: Zeta-7B under two temperatures\n### Overview\nPass@1 of Zeta-7B at two sampling "
            "temperatures.\n### Detailed Analysis\n| Model | AIME 2024 T = 0.6 | AIME 2024 T = 1.0 |\n|---|---|---|\n"
            "| Zeta-7B | 40.25 | 37.5 |\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", "temperature=0.6", 40.25),
                               ("Zeta-7B", "pass@1", "temperature=1", 37.5)}
    text = ("## Table: Orca-8B sampling configurations\n### Overview\nAccuracy of Orca-8B under configurations that "
            "combine a temperature with a sample count.\n### Detailed Analysis\n"
            "| Configuration | AIME 2024 |\n|---|---|\n| T = 0.6, N = 8 | 81.5 |\n")
    assert rows(text, ref) == {("Orca-8B", "accuracy", "num_samples=8, temperature=0.6", 81.5)}
    text = ("## Table: Pass@1 under thinking budgets\n### Overview\n`X @ 2k` is benchmark X with a thinking budget "
            "of 2k tokens.\n### Detailed Analysis\n| Model | AIME24 @ 2k | AIME24 @ 8k |\n|---|---|---|\n"
            "| Zeta-7B | 48.25 | 71.5 |\n")
    assert {(r[2], r[3]) for r in rows(text, ref)} == {("thinking_budget=2000", 48.25), ("thinking_budget=8000", 71.5)}


def test_identifier_columns_and_record_coordinates(ref: Reference) -> None:
    text = ("## Line Chart: AIME 2025 Pass@1 vs. thinking budget\n### Detailed Analysis\n```csv\n"
            "model,thinking_budget,pass_at_1\nZeta-7B,2000,31.5\nZeta-7B,4000,45.25\n```\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", "thinking_budget=2000", 31.5),
                               ("Zeta-7B", "pass@1", "thinking_budget=4000", 45.25)}
    text = ("## Scatter Plot: GPQA Diamond accuracy vs. parameters\n### Components/Axes\n"
            "- X-axis: \"Parameters (B)\"\n- Y-axis: \"Accuracy (%)\"\n### Detailed Analysis\n```yaml\npoints:\n"
            "  - label: Zeta-7B\n    marker: blue circle\n    x: 7.5\n    y: 27.75\n```\n")
    facts = interpret(parse_chart(text + "\n### Interpretation\nAs expected.\n"), ref)
    assert {(v.model_as_written, v.value) for v in facts.values} == {("Zeta-7B", 27.75)}
    assert {(p.model_name, p.params_b) for p in facts.params} == {("Zeta-7B", 7.5)}


def test_a_label_key_and_glyphs_name_series(ref: Reference) -> None:
    text = ("## Scatter Plot: GPQA Diamond accuracy vs. output length\n### Components/Axes\n"
            "- X-axis: \"Average output tokens\"\n- Y-axis: \"GPQA Diamond Pass@1 (%)\"\n- Label key:\n"
            "    - `Z-7` = Zeta-7B-Instruct\n### Detailed Analysis\n* **`Z-7`:** x ≈ 9.5K tokens, y ≈ 33.75%.\n")
    assert ("Zeta-7B-Instruct", "pass@1", "", 33.75) in rows(text, ref)
    text = ("## Line Chart: AMC 2023 accuracy vs. thinking budget\n" + BUDGET_AXES +
            "- Legend:\n  - ▲ = Zeta-7B (dark grey, solid)\n  - ● = Orca-8B (light grey, dashed)\n"
            "### Detailed Analysis\n- **2k:** ▲ 61.5 · ● 42.25\n")
    assert rows(text, ref) == {("Zeta-7B", "accuracy", "thinking_budget=2000", 61.5),
                               ("Orca-8B", "accuracy", "thinking_budget=2000", 42.25)}


def test_powers_of_two_definition_lists_and_printed_labels(ref: Reference) -> None:
    text = ("## Line Chart: AIME 2024 Pass@1 vs. KV cache budget\n### Components/Axes\n"
            "- X-axis: \"KV Cache Budget (tokens)\", ticks 2⁷, 2⁸\n- Y-axis: \"Pass@1 (%)\"\n### Detailed Analysis\n"
            "* **Zeta-7B (Blue):**\n    * At 2⁷, y ≈ 31.75\n    * At 2⁸, y ≈ 40.5\n")
    assert {(r[2], r[3]) for r in rows(text, ref)} == {("kv_budget=128", 31.75), ("kv_budget=256", 40.5)}
    text = ("## Bar Chart: MATH-500 results of Zeta-7B by precision\n### Detailed Analysis\n**BF16** (navy)\n"
            ":   Accuracy: approximately 95.25%\n:   Decode throughput: approximately 1,240 tokens/s\n")
    assert {(r[1], r[2], r[3]) for r in rows(text, ref)} == {("accuracy", "precision=BF16", 95.25),
                                                             ("throughput", "precision=BF16", 1240.0)}
    text = ("## Grouped Bar Chart: MMLU-Pro accuracy\n### Components/Axes\n- Y-axis: \"Accuracy (%)\"\n"
            "### Detailed Analysis\n* **Cluster 1 – MMLU-Pro**\n    - Zeta-7B (light blue)\n        + label: 56.25\n")
    assert rows(text, ref) == {("Zeta-7B", "accuracy", "", 56.25)}


def test_a_paragraph_about_one_series_heads_its_items(ref: Reference) -> None:
    text = ("## Line Chart: GPQA Diamond accuracy vs. temperature\n### Components/Axes\n"
            "- X-axis: \"Temperature\", ticks .2, .4\n- Y-axis: \"Accuracy (%)\"\n### Detailed Analysis\n"
            "The purple line (Zeta-7B) is the highest line throughout.\n* T = .2: 58.25\n* T = .4: 59.5\n\n"
            "The grey line (Orca-8B) is much flatter.\n* T = .2: 40.25\n")
    assert rows(text, ref) == {("Zeta-7B", "accuracy", "temperature=0.2", 58.25),
                               ("Zeta-7B", "accuracy", "temperature=0.4", 59.5),
                               ("Orca-8B", "accuracy", "temperature=0.2", 40.25)}


def test_ratio_categories_and_cell_notes(ref: Reference) -> None:
    text = ("## Line Chart: LongBench score vs. KV cache compression ratio (Zeta-7B)\n### Components/Axes\n"
            "- X-axis: \"KV Cache Compression Ratio\", ticks 2×, 4×\n- Y-axis: \"LongBench Average Score\"\n"
            "### Detailed Analysis\n| Compression ratio | SnapKV |\n|---|---|\n| 2× | 47.5 (99%) |\n| 4× | 46.25 (96%) |\n")
    assert rows(text, ref) == {("Zeta-7B", "score", "compression_ratio=2, method=SnapKV", 47.5),
                               ("Zeta-7B", "score", "compression_ratio=4, method=SnapKV", 46.25)}
    text = ("## Bar Chart: R-KV on MATH-500 (Zeta-7B)\n### Overview\nThroughput and accuracy for the uncompressed "
            "cache and an R-KV budget.\n### Components/Axes\n- X-axis: cache configuration, "
            "categories FullKV, 512 (KV budgets in tokens)\n### Detailed Analysis\n"
            "| Configuration | Method | Throughput (tok/s) | Pass@1 (%) |\n|---|---|---|---|\n"
            "| 512 | R-KV | 1,305 (×2.8 vs FullKV) | 81.75 |\n")
    assert rows(text, ref) == {("Zeta-7B", "throughput", "kv_budget=512, method=R-KV", 1305.0),
                               ("Zeta-7B", "pass@1", "kv_budget=512, method=R-KV", 81.75)}


def test_a_header_note_gives_the_look_and_keyed_models_split(ref: Reference) -> None:
    text = ("## Line Chart: GPQA Diamond Pass@1 vs. temperature\n### Components/Axes\n"
            "- X-axis: \"Temperature\", ticks 0.2, 0.6\n- Y-axis: \"Pass@1 (%)\"\n### Detailed Analysis\n"
            "1. **Zeta-7B (Red Line, top-most for most of the range):**\n"
            "The red line starts at 64.25 when the temperature is 0.2 and climbs to 65.5 at 0.6.\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", "temperature=0.2", 64.25),
                               ("Zeta-7B", "pass@1", "temperature=0.6", 65.5)}
    text = ("## Grouped Bar Chart: Zeta-7B vs. Orca-8B\n### Components/Axes\n- Y-axis: \"Pass@1 (%)\"\n"
            "### Detailed Analysis\n1. **MATH-500:** Zeta-7B: 94.25, Orca-8B: 96.5 (Change: +2.25)\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", "", 94.25), ("Orca-8B", "pass@1", "", 96.5)}


def test_a_header_row_repeated_in_the_body_starts_a_new_block(ref: Reference) -> None:
    text = ("## Table: accuracy of two models\n### Detailed Analysis\n| **Model** | **MMLU** | **GPQA-D** |\n"
            "|---|---|---|\n| Zeta-7B | 79.5 | 44.25 |\n| **Model** | **GSM8K** | **MATH** |\n| Zeta-7B | 94.5 | 80.25 |\n")
    facts = interpret(parse_chart(text + "\n### Interpretation\nAs expected.\n"), ref)
    assert {(v.benchmark_name, v.value) for v in facts.values} == {
        ("MMLU", 79.5), ("GPQA Diamond", 44.25), ("GSM8K", 94.5), ("MATH", 80.25)}


def test_a_lead_names_the_subject_and_panels_name_benchmarks(ref: Reference) -> None:
    text = ("## Line Charts: Budget scaling on AIME 2024 and AIME 2025\n### Components/Axes\n"
            "- **Panel titles:** \"(a) AIME 2024\" on the left, \"(b) AIME 2025\" on the right.\n"
            "- **X-axes:** \"Thinking budget\", ticks 2K, 4K\n- **Y-axes:** \"Pass@1 (%)\"\n"
            "- **Legend:** a solid purple line is Zeta-7B, a dashed green line is Orca-8B.\n### Detailed Analysis\n"
            "**Zeta-7B (solid purple, circles).** In panel (a) this is the highest line. It begins at 38.5 with a 2K "
            "budget and rises to 55.25 at 4K, well above Orca-8B. Moving to panel (b), the same model starts at "
            "29.75 at 2K and climbs to 44.5 at 4K.\n")
    facts = interpret(parse_chart(text + "\n### Interpretation\nAs expected.\n"), ref)
    assert {(v.model_as_written, v.benchmark_name, v.setting, v.value) for v in facts.values} == {
        ("Zeta-7B", "AIME 2024", "thinking_budget=2000", 38.5), ("Zeta-7B", "AIME 2024", "thinking_budget=4000", 55.25),
        ("Zeta-7B", "AIME 2025", "thinking_budget=2000", 29.75), ("Zeta-7B", "AIME 2025", "thinking_budget=4000", 44.5)}
