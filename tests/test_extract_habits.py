"""Unit tests of the mechanisms added for the heldout23 and heldout32-35 failure classes, each in
a document of our own: legends told as clauses pairing a look with a name, thresholds that are no
readings, benchmarks a sentence only compares with, the figure's text setting named by the
vocabulary, flat axis fields, axis labels with a parenthesised note, powers as x categories."""

from __future__ import annotations

from benchdb.etl.extract.parse import paired_looks, parse_axis, parse_chart
from benchdb.etl.extract.recognize import read_values
from benchdb.etl.transform.interpret import interpret
from benchdb.etl.transform.reference import Reference
from tests._facts import rows


def test_clauses_pairing_a_look_with_a_name_are_legend_entries() -> None:
    entries = paired_looks("Left to right: teal for Zeta-7B, a lighter sky blue for Kappa-2-9B-it, and Omega 3 8B in "
                           "mid grey. All bars share one order (teal, sky blue, grey).", 1)
    assert [(e.style, e.label) for e in entries] == [("teal", "Zeta-7B"), ("sky blue", "Kappa-2-9B-it"),
                                                    ("grey", "Omega 3 8B")]
    assert paired_looks("The bars are drawn in teal and the grid in grey.", 1) == []


def test_legend_told_in_clauses_names_the_bars_of_the_prose(ref: Reference) -> None:
    text = ("## Grouped Bar Chart: Accuracy on two benchmarks\n### Components/Axes\n"
            "* **Y-Axis:** Accuracy (%), 0 to 80.\n* **X-Axis:** MMLU-Pro, GPQA-Diamond.\n"
            "* **Legend:** One row. From left: navy for Zeta-7B-Instruct, a pale sky blue for Kappa-8B-Instruct.\n"
            "### Detailed Analysis\n"
            "On **MMLU-Pro** the sky-blue bar is taller at about 57.5; the navy bar stops near 44.25.\n\n"
            "On **GPQA-Diamond** the navy bar barely clears 30, at approximately 31.5, and the sky blue tops "
            "the cluster at about 36.75, so the order is the same as on MMLU-Pro.\n")
    got = {(m, b, v) for m, b, _, _, v in rows(text, ref)}
    assert got == {("Kappa-8B-Instruct", "MMLU-Pro", 57.5), ("Zeta-7B-Instruct", "MMLU-Pro", 44.25),
                   ("Zeta-7B-Instruct", "GPQA Diamond", 31.5), ("Kappa-8B-Instruct", "GPQA Diamond", 36.75)}


def test_a_level_a_value_passes_is_no_reading() -> None:
    readings, dropped = read_values("the bar barely clears 30, at approximately 31.5")
    assert [r.number.value for r in readings] == [31.5]
    assert [(n.raw, why) for n, why in dropped] == [("30", "threshold")]


def test_labels_of_a_named_text_setting_take_its_key(ref: Reference) -> None:
    text = ("## Scatter Plot: Accuracy vs. output tokens by reasoning effort\n### Overview\n"
            "Zeta-20B answers AIME 2025 with its effort set to low, medium or high.\n"
            "### Components/Axes\n* **X-axis:** Output tokens, log scale.\n* **Y-axis:** Accuracy (Pass@1).\n"
            "### Detailed Analysis\n* **AIME 25 (Blue):**\n* low: (1.5 x 10^3, 0.5)\n* high: (1.25 x 10^4, 0.75)\n")
    settings = {s for _, _, _, s, _ in rows(text, ref)}
    assert settings == {"reasoning_effort=low", "reasoning_effort=high"}


def test_flat_axis_fields_and_powers_of_two_as_categories(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Line Chart\n## 1. Overview\n- **Caption**: Accuracy of Zeta-7B on "
            "MATH-500.\n## 2. Axes\n- **X-Axis (Horizontal)**:\n- **Title**: \"Budget (# of model generations)\"\n"
            "- **Ticks**: 2⁰, 2¹, 2²\n- **Y-Axis (Vertical)**:\n- **Title**: \"Accuracy\"\n"
            "## 3. Data\n### Line Series Analysis\n#### 1. **Temp=0.5** (Blue Circles)\n- **Key Points**:\n"
            "- `2⁰`: `0.625`\n- `2²`: `0.75`\n")
    assert {(s, v) for _, _, _, s, v in rows(text, ref)} == {("num_samples=1, temperature=0.5", 0.625),
                                                            ("num_samples=4, temperature=0.5", 0.75)}


def test_a_parenthesised_note_with_one_comma_stays_in_the_axis_label() -> None:
    axis = parse_axis("X-axis: `AIME 2024 (pass@1, %)`", 1)
    assert (axis.label, axis.ticks) == ("AIME 2024 (pass@1, %)", ())
    listed = parse_axis("X-axis: Model names (Zeta-7B, Kappa-8B, Omega-9B).", 1)
    assert (listed.label, listed.ticks) == ("Model names", ("Zeta-7B", "Kappa-8B", "Omega-9B"))


def test_series_told_by_legend_order_and_curve_position(ref: Reference) -> None:
    text = ("## Line Chart: GPQA Diamond Pass@1 vs. temperature\n### Components/Axes\n"
            "* **X-axis:** \"Temperature\", ticks 0.2, 0.6, 1.0.\n* **Y-axis:** \"Pass@1 (%)\".\n"
            "* **Legend:**\n  1. Zeta-7B (blue, circles)\n  2. Kappa-8B (orange, squares)\n"
            "* The blue Zeta-7B line is the upper line; the orange Kappa-8B line is the lower one.\n"
            "### Detailed Analysis\n"
            "The first series begins at about 61.5 at 0.2. At x = 0.6, the y-value is about 63.25, and at x = 1.0 "
            "it is about 60.75.\n\n"
            "**Lower line.** It starts at 50.5 for T = 0.2 and ends with a drop to roughly 47.25 at the rightmost "
            "tick, 1.0.\n")
    assert {(m, s, v) for m, _, _, s, v in rows(text, ref)} == {
        ("Zeta-7B", "temperature=0.2", 61.5), ("Zeta-7B", "temperature=0.6", 63.25),
        ("Zeta-7B", "temperature=1", 60.75), ("Kappa-8B", "temperature=0.2", 50.5),
        ("Kappa-8B", "temperature=1", 47.25)}


def test_a_k_column_under_pass_at_k_folds_into_the_metric_and_prose_repeats_load_once(ref: Reference) -> None:
    text = ("## Table: pass@k on GPQA Diamond\n### Overview\nThe rows are values of k for the pass@k metric.\n"
            "### Detailed Analysis\n| k | Zeta-7B | Kappa-8B |\n|---|---|---|\n| 1 | 40.5 | 38.25 |\n"
            "| 8 | 70.5 | 66.75 |\n\nZeta-7B moves from 40.5 to 70.5 between the two rows.\n")
    assert {(m, metric, v) for m, _, metric, _, v in rows(text, ref)} == {
        ("Zeta-7B", "pass@1", 40.5), ("Kappa-8B", "pass@1", 38.25), ("Zeta-7B", "pass@8", 70.5),
        ("Kappa-8B", "pass@8", 66.75)}


def test_rows_without_a_header_of_their_own_continue_the_table_above(ref: Reference) -> None:
    text = ("## Table: Results\n### Detailed Analysis\n| Model | AIME 2024 | GPQA Diamond |\n|---|---|---|\n"
            "| Zeta-7B | 50.5 | 40.25 |\n\n**Block 2 (the header is not repeated):**\n\n| Kappa-8B | 60.5 | 45.75 |\n")
    assert {(m, b, v) for m, b, _, _, v in rows(text, ref)} == {
        ("Zeta-7B", "AIME 2024", 50.5), ("Zeta-7B", "GPQA Diamond", 40.25),
        ("Kappa-8B", "AIME 2024", 60.5), ("Kappa-8B", "GPQA Diamond", 45.75)}


def test_cells_with_data_bars_and_budget_dot_metric_headers(ref: Reference) -> None:
    text = ("## Table: Zeta-7B on AIME 2025 under KV budgets\n### Overview\nKV-cache eviction methods at two KV "
            "budgets.\n### Detailed Analysis\n| Method | 1024 · Acc. | 1024 · TPS | 2048 · Acc. |\n|---|---|---|---|\n"
            "| H2O | `██▏` 30.5 | `████` 1,250 | `███▍` 40.25 |\n")
    assert {(metric, s, v) for _, _, metric, s, v in rows(text, ref)} == {
        ("accuracy", "kv_budget=1024, method=H2O", 30.5), ("throughput", "kv_budget=1024, method=H2O", 1250.0),
        ("accuracy", "kv_budget=2048, method=H2O", 40.25)}


def test_a_toml_block_of_panels_and_series_is_a_grid(ref: Reference) -> None:
    text = ("## Bar Chart: Pass@1 vs. temperature\n### Components/Axes\n* X-axis: \"Temperature\", groups 0.2, 0.6, 1.0\n"
            "* Y-axis: \"Pass@1 (%)\"\n### Detailed Analysis\n```toml\n[figure]\nx_values = [0.2, 0.6, 1.0]\n\n[[panel]]\n"
            "benchmark = \"AIME 2024\"\n  [[panel.series]]\n  model = \"Zeta-7B\"\n  values = [60.5, 64.25, 62.5]\n\n"
            "[[panel]]\nbenchmark = \"LiveCodeBench\"\n  [[panel.series]]\n  model = \"Zeta-7B\"\n"
            "  values = [40.5, 44.75, 42.5]\n```\n")
    assert {(b, s, v) for _, b, _, s, v in rows(text, ref)} == {
        ("AIME 2024", "temperature=0.2", 60.5), ("AIME 2024", "temperature=0.6", 64.25),
        ("AIME 2024", "temperature=1", 62.5), ("LiveCodeBench", "temperature=0.2", 40.5),
        ("LiveCodeBench", "temperature=0.6", 44.75), ("LiveCodeBench", "temperature=1", 42.5)}


def test_numbered_bold_sections_and_a_legend_of_sizes_under_a_family(ref: Reference) -> None:
    text = ("## Line Chart: AIME 2025 accuracy vs. thinking budget across the Qwen3 family\n\n"
            "The legend is titled \"Qwen3\" and lists only sizes.\n\n**1. X-Axis:**\n* Label: \"Thinking budget\"\n\n"
            "**2. Y-Axis:**\n* Label: \"Pass@1 (%)\"\n\n**3. Data Series**\n\n| Thinking budget | 0.6B | 30B-A3B |\n"
            "| :--- | :---: | :---: |\n| 1K | ~3.5 | ~24.5 |\n| 2K | ~5.25 | ~36.75 |\n")
    assert {(m, s, v) for m, _, _, s, v in rows(text, ref)} == {
        ("0.6B", "thinking_budget=1000", 3.5), ("30B-A3B", "thinking_budget=1000", 24.5),
        ("0.6B", "thinking_budget=2000", 5.25), ("30B-A3B", "thinking_budget=2000", 36.75)}
    facts = interpret(parse_chart(text), ref)
    assert {v.model_name for v in facts.values} == {"Qwen3-0.6B", "Qwen3-30B-A3B"}


def test_sizes_printed_at_markers_under_a_family_header(ref: Reference) -> None:
    text = ("## Line Chart: MATH-500 accuracy vs. model size\n### Components/Axes\n"
            "* **X-axis:** \"Model Size (B)\", log scale.\n* **Y-axis:** \"MATH-500 Accuracy (%)\".\n"
            "### Detailed Analysis\n* **Qwen2.5 (Blue):**\n    * Marker annotated \"0.5B\": Accuracy ≈ 31.5%\n"
            "    * Marker annotated \"7B\": Accuracy ≈ 70.75%\n"
            "* **Phi-4-reasoning-plus:** 14B: 78.5%\n")
    facts = interpret(parse_chart(text + "\n### Interpretation\nAs expected.\n"), ref)
    assert {(v.model_name, v.value) for v in facts.values} >= {("Qwen2.5-0.5B", 31.5), ("Qwen2.5-7B", 70.75)}
    assert not any(v.model_name.startswith("Phi-4-reasoning-plus-") for v in facts.values)  # a model, not a family


def test_numbers_in_the_x_axis_unit_are_places(ref: Reference) -> None:
    text = ("## Line Chart: RULER accuracy vs. context length\n### Components/Axes\n"
            "* **X-axis:** \"Context Length (tokens)\", ticks 4K, 8K, 16K.\n* **Y-axis:** \"RULER Accuracy (%)\".\n"
            "### Detailed Analysis\nZeta-7B loses a point by 8192 tokens, where it sits at 93.5%. At twice that length, "
            "16,384 tokens, it is at 91.25%.\n")
    assert {(s, v) for _, _, _, s, v in rows(text, ref)} == {("context_length=8192", 93.5), ("context_length=16384", 91.25)}


def test_an_unknown_x_quantity_and_a_key_value_panel_title_are_settings(ref: Reference) -> None:
    text = ("## Line Chart: ALFWorld Success Rate Across Reflection Trials\n### Components/Axes\n"
            "* **X-axis:**\n    * **Label:** Trial Number\n    * **Scale:** 0 to 2 (0, 1, 2)\n"
            "* **Y-axis:**\n    * **Label:** Proportion of Solved Environments\n### Detailed Analysis\n"
            "* **Zeta-7B:**\n    * Trial 0: ~0.25\n    * Trial 2: ~0.5\n")
    assert {(b, s, v) for _, b, _, s, v in rows(text, ref)} == {("ALFWorld", "trial_number=0", 0.25),
                                                               ("ALFWorld", "trial_number=2", 0.5)}
    panels = ("## Bar Charts: MGSM accuracy by language\n### Detailed Analysis\n#### language = English\n"
              "* Zeta-7B: 80.5\n#### language = Thai\n* Zeta-7B: 60.25\n")
    assert {(s, v) for _, _, _, s, v in rows(panels, ref)} == {("language=English", 80.5), ("language=Thai", 60.25)}


def test_a_spelled_out_axis_scale_a_ratio_notation_and_a_benchmark_named_in_the_title(ref: Reference) -> None:
    text = ("## Line Chart: AIME 2025 accuracy vs. thinking budget\n### Components/Axes\n"
            "* **X-axis:** Thinking Budget (thousands of tokens), ticks 0.5, 1, 2.\n* **Y-axis:** Accuracy.\n"
            "### Detailed Analysis\n* **Zeta-7B:**\n    * At x=0.5, y ≈ 0.25\n    * At x=2, y ≈ 0.5\n")
    assert {(s, v) for _, _, _, s, v in rows(text, ref)} == {("thinking_budget=500", 0.25), ("thinking_budget=2000", 0.5)}
    ratios = ("## [Combination Chart]: HotpotQA Accuracy and Latency vs. Prompt Compression Ratio\n### Components/Axes\n"
              "* **X-axis:** Compression ratio, categorical: `2:1`, `10:1`.\n* **Y-axis:** Accuracy (%).\n"
              "### Detailed Analysis\n* **2:1**\n    * Zeta-7B: accuracy ~59.5%\n* **10:1**\n    * Zeta-7B: accuracy ~47.25%\n")
    assert {(b, s, v) for _, b, _, s, v in rows(ratios, ref)} == {("HotpotQA", "compression_ratio=2", 59.5),
                                                                 ("HotpotQA", "compression_ratio=10", 47.25)}


def test_structured_blocks_csv_comments_units_row_and_jsonl_metadata(ref: Reference) -> None:
    csv_doc = ("## Chart: LiveCodeBench Pass@1 by precision\n### Detailed Analysis\n```csv\n# bars = pass_at_1; lines = tps\n"
               "model,precision,pass_at_1\n,,%\n\"Zeta-7B\",BF16,61.5\n\"Zeta-7B\",FP8,60.25\n```\n")
    assert {(s, v) for _, _, _, s, v in rows(csv_doc, ref)} == {("precision=BF16", 61.5), ("precision=FP8", 60.25)}
    jsonl = ("## Line Chart: Zeta-7B on MATH-500 vs. KV budget\n### Detailed Analysis\n```jsonl\n"
             "{\"_meta\": {\"acc_range\": [40, 90]}}\n{\"method\": \"SnapKV\", \"kv_budget\": 512, \"acc\": 61.5}\n"
             "{\"method\": \"SnapKV\", \"kv_budget\": 1024, \"acc\": 72.75}\n{\"method\": \"FullKV\", \"kv_budget\": null, "
             "\"acc\": 85.5}\n```\n")
    assert {(s, v) for _, _, _, s, v in rows(jsonl, ref)} == {
        ("kv_budget=512, method=SnapKV", 61.5), ("kv_budget=1024, method=SnapKV", 72.75), ("method=FullKV", 85.5)}


def test_cell_marks_and_a_group_name_repeated_over_its_columns(ref: Reference) -> None:
    text = ("## Table: Results\n**Language Note:** English only.\n### Detailed Analysis\n"
            "| Model | AIME 2025 | AIME 2025 | GPQA Diamond |\n| :--- | ---: | ---: | ---: |\n| | Pass@1 | #Tok. | Pass@1 |\n"
            "| Zeta-7B | 65.5 [1] ▲ | 15,240 | 55.75² ♠ |\n\n* **AIME 2025 column:** the first row reads 65.5.\n")
    facts = interpret(parse_chart(text + "\n### Interpretation\nAs expected.\n"), ref)
    got = {(v.model_name, v.benchmark_name, v.metric, v.value) for v in facts.values}
    assert ("Zeta-7B", "AIME 2025", "pass@1", 65.5) in got and ("Zeta-7B", "GPQA Diamond", "pass@1", 55.75) in got
    assert not any(v.metric == "pass@1" and v.value == 15240 for v in facts.values)
    assert all(v.setting == "" for v in facts.values)  # the note titles no group
    assert {s.token for s in facts.skipped if s.reason == "annotation"} >= {"1", "²"}


def test_legend_places_apposition_and_plural_markers(ref: Reference) -> None:
    text = ("## Line Chart: MATH-500 accuracy of Zeta-7B vs. KV cache budget\n### Components/Axes\n"
            "* **X-axis:** \"KV Cache Budget (tokens)\", ticks 128, 256, 512.\n* **Y-axis:** \"Accuracy (%)\".\n"
            "* **Legend:**\n  1. red filled stars: SnapKV\n  2. blue hollow diamonds: H2O\n"
            "  3. grey crosses: StreamingLLM\n### Detailed Analysis\n"
            "The curve of the top legend entry starts at about 61.5 at 128 and reaches 77.75 at 512.\n\n"
            "The middle legend entry, the blue hollow diamonds, follows the same shape. Its values are 55.5 (128) "
            "and 72.25 (512).\n\nFor the entry listed last, the grey crosses, the penalty is largest. At 128 tokens it "
            "manages only 42.5.\n\nThe diagonal red line of the trend rises from about 40 to about 47.\n")
    got = {(s, v) for _, _, _, s, v in rows(text, ref)}
    assert got >= {("kv_budget=128, method=SnapKV", 61.5), ("kv_budget=512, method=SnapKV", 77.75),
                   ("kv_budget=128, method=H2O", 55.5), ("kv_budget=512, method=H2O", 72.25),
                   ("kv_budget=128, method=StreamingLLM", 42.5)}
    assert not {v for s, v in got if v in (40.0, 47.0)}  # a red trend line is no series of red stars


def test_a_bold_lead_heads_its_items_and_a_trailing_greek_letter_names_the_setting(ref: Reference) -> None:
    text = ("## Line Chart: GPQA Diamond Pass@1 vs. sampling temperature\n### Components/Axes\n"
            "- **X-axis:** \"Sampling temperature τ\", tick labels 0.0, 0.6, 1.2.\n- **Y-axis:** \"Pass@1 (%)\".\n"
            "### Detailed Analysis\n**Zeta-7B (purple, circles).** Rises to a peak at τ = 0.6, then declines.\n"
            "- τ = 0.0 (hollow circle): ~60.5%\n- τ = 0.6 (filled circle): ~64.25%\n\n"
            "**Kappa-8B (teal, triangles).** About six points lower.\n- τ = 0.0 (hollow triangle): ~53.75%\n")
    assert {(m, s, v) for m, _, _, s, v in rows(text, ref)} == {
        ("Zeta-7B", "temperature=0", 60.5), ("Zeta-7B", "temperature=0.6", 64.25), ("Kappa-8B", "temperature=0", 53.75)}
