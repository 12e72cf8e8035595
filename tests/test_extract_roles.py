"""Unit tests of the mechanisms added for the heldout40-45 failure classes, each in a document of
our own: setting values known by their form, sizes and formats in parentheses after a name, lists
in legend order under one x place, measured quantities named by a second y axis, keyed group
headings, per-subject observation sections, printed data frames, spanned fenced headers,
configuration cards, series told by colour before or after a value."""

from __future__ import annotations

from benchdb.etl.extract.structure import fenced_grid
from benchdb.etl.transform.reference import Reference
from tests._facts import rows, values_of


def test_a_format_in_parentheses_after_a_model_is_its_precision(ref: Reference) -> None:
    text = ("## Table: Accuracy (%) of quantized models\n### Detailed Analysis\n"
            "| Model (format) | GSM8K | MATH-500 |\n| --- | --- | --- |\n"
            "| Zeta-8B (BF16) | 90.5 | 70.25 |\n| Zeta-8B (W4A16) | 88.75 | 66.5 |\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "GSM8K", "accuracy", "precision=BF16", 90.5), ("Zeta-8B", "MATH-500", "accuracy", "precision=BF16", 70.25),
        ("Zeta-8B", "GSM8K", "accuracy", "precision=W4A16", 88.75),
        ("Zeta-8B", "MATH-500", "accuracy", "precision=W4A16", 66.5)}


def test_a_size_in_parentheses_after_a_family_names_its_member(ref: Reference) -> None:
    text = ("## Table: Code models\n### Detailed Analysis\n| Model | HumanEval |\n| --- | --- |\n"
            "| StarCoder2 (3B) | 31.25 |\n| StarCoder2 (15B) | 46.5 |\n")
    assert {(v.model_name, v.value) for v in values_of(text, ref)} == {("StarCoder2-3B", 31.25), ("StarCoder2-15B", 46.5)}


def test_a_list_under_one_x_place_holds_the_legend_series_in_order(ref: Reference) -> None:
    text = ("## Line Chart: Agent success vs. turn limit\n### Overview\nTwo models on WebArena.\n"
            "### Components/Axes\n* **Shared X-axis:** \"Max Turns per Task\", ticks at 5, 10, 20.\n"
            "* **Y-axis:** \"Success Rate (%)\", 0 to 50.\n"
            "* **Legend:** Purple circles = Zeta-32B; Teal squares = Kappa-7B-Instruct.\n"
            "### Detailed Analysis\n* **5 turns:** 12.5 / 10.25\n* **10 turns:** 21.75 / 17.5\n")
    assert rows(text, ref) == {
        ("Zeta-32B", "WebArena", "success_rate", "max_turns=5", 12.5), ("Kappa-7B-Instruct", "WebArena", "success_rate",
                                                                       "max_turns=5", 10.25),
        ("Zeta-32B", "WebArena", "success_rate", "max_turns=10", 21.75),
        ("Kappa-7B-Instruct", "WebArena", "success_rate", "max_turns=10", 17.5)}


def test_a_second_y_axis_names_the_quantity_it_measures(ref: Reference) -> None:
    text = ("## Bar Chart: Accuracy and cache length of eviction methods (Zeta-8B, MATH-500)\n### Components/Axes\n"
            "* **X-axis:** Methods (FullKV, SnapKV).\n* **Y-axis (left):** Accuracy (%).\n"
            "* **Y-axis (right):** KV Cache Length (k tokens).\n"
            "* **Legend:**\n    * Teal bars: Accuracy\n    * Purple line: KV Cache Length\n"
            "### Detailed Analysis\n* **FullKV:** Accuracy ≈ 80.5%, KV Cache Length ≈ 9.5k.\n"
            "* **SnapKV:** Accuracy ≈ 74.25%, KV Cache Length ≈ 2.0k.\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "MATH-500", "accuracy", "method=FullKV", 80.5), ("Zeta-8B", "MATH-500", "kv_cache_length",
                                                                    "method=FullKV", 9500.0),
        ("Zeta-8B", "MATH-500", "accuracy", "method=SnapKV", 74.25),
        ("Zeta-8B", "MATH-500", "kv_cache_length", "method=SnapKV", 2000.0)}


def test_a_keyed_heading_is_a_setting_or_the_group_it_names(ref: Reference) -> None:
    text = ("# Technical Analysis of a Safe Rate Chart\n## Key Components\n### Axes\n"
            "- **X-Axis**: Safety Evaluation Suites\nLabels: `HarmBench`, `XSTest`, `ToxiGen`\n"
            "- **Y-Axis**: Safe Rate (%)\n## Data Extraction\n### Category: XSTest\n- **Zeta-8B**: ~91%\n"
            "### 3.1 Language: Swahili\n- **Zeta-8B**: ~55%\n")
    got = rows(text, ref)
    assert ("Zeta-8B", "XSTest", "safe_rate", "", 91.0) in got
    assert any(setting == "language=Swahili" and value == 55.0 for _, _, _, setting, value in got)


def test_per_benchmark_observations_hold_the_data_when_no_other_section_does(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Temperature sweep\n## Chart Structure Overview\nOne panel.\n"
            "### Axis Configuration\n- **X-axis**:\n  - Label: \"Sampling Temperature\"\n  - Tick Marks: 0.2, 0.6, 1.0\n"
            "- **Y-axis**:\n  - Label: \"Pass@1 (%)\"\n"
            "## Benchmark-Specific Observations\n### AIME 2025 Chart\n- **Zeta-4B**:\n  - Y-values: 58.5 → 63.25 → 61.0\n")
    assert rows(text, ref) == {("Zeta-4B", "AIME 2025", "pass@1", "temperature=0.2", 58.5),
                               ("Zeta-4B", "AIME 2025", "pass@1", "temperature=0.6", 63.25),
                               ("Zeta-4B", "AIME 2025", "pass@1", "temperature=1", 61.0)}


def test_a_printed_data_frame_loses_its_index_and_shape_footer() -> None:
    grid = fenced_grid(["        model  budget  score", "0  Zeta-4B    2000   38.5", "1  Zeta-4B    4000   49.25",
                        "", "[2 rows x 3 columns]"])
    assert grid == [("model", "budget", "score"), ("Zeta-4B", "2000", "38.5"), ("Zeta-4B", "4000", "49.25"), None,
                    None]


def test_a_spanned_group_row_heads_the_sub_columns_under_it() -> None:
    grid = fenced_grid(["              ---- KV budget 512 ----   ---- KV budget 2048 ----",
                        "Method        Acc (%)     Tok/s         Acc (%)     Tok/s",
                        "SnapKV        44.5        512           50.25       431"])
    assert grid is not None and grid[1] == ("Method", "KV budget 512 Acc (%)", "KV budget 512 Tok/s",
                                            "KV budget 2048 Acc (%)", "KV budget 2048 Tok/s")


def test_a_configuration_card_heads_the_readings_below_it(ref: Reference) -> None:
    text = ("## Bar Chart: Batch scaling\n### Components/Axes\n- **X-axis:** \"Batch size\", ticks 1, 8\n"
            "- **Left Y-axis:** \"Throughput (tok/s)\"\n### Detailed Analysis\n**Configuration box:**\n```\n"
            "Model: Zeta-8B-Instruct\nBenchmark: GSM8K\nPrecision: FP8\n```\n"
            "- **Batch 1** → throughput 140.5 tok/s\n- **Batch 8** → throughput 1,020 tok/s\n")
    assert rows(text, ref) == {("Zeta-8B-Instruct", "GSM8K", "throughput", "batch_size=1, precision=FP8", 140.5),
                               ("Zeta-8B-Instruct", "GSM8K", "throughput", "batch_size=8, precision=FP8", 1020.0)}


def test_series_told_by_colour_before_or_after_each_value(ref: Reference) -> None:
    text = ("## Chart: LiveCodeBench accuracy and latency vs. thinking budget\n### Components/Axes\n"
            "* **X-axis:** \"Thinking budget (tokens)\", ticks 2k, 4k.\n* **Y-axis:** \"Pass@1 (%)\".\n"
            "* **Legend:**\n  * Purple line with circles: Zeta-4B\n  * Green line with triangles: Zeta-8B\n"
            "### Detailed Analysis\n* **2k budget.** The purple line starts at about 30.5 and the green line at "
            "about 35.25. Latency is 14.5 s for purple.\n"
            "* **4k budget.** Pass@1 is about 38.5 for purple and 44.75 for green.\n")
    assert rows(text, ref) == {
        ("Zeta-4B", "LiveCodeBench", "pass@1", "thinking_budget=2000", 30.5),
        ("Zeta-8B", "LiveCodeBench", "pass@1", "thinking_budget=2000", 35.25),
        ("Zeta-4B", "LiveCodeBench", "latency", "thinking_budget=2000", 14.5),
        ("Zeta-4B", "LiveCodeBench", "pass@1", "thinking_budget=4000", 38.5),
        ("Zeta-8B", "LiveCodeBench", "pass@1", "thinking_budget=4000", 44.75)}


def test_a_place_then_a_key_opens_a_run_of_pairs(ref: Reference) -> None:
    text = ("# Thinking budget efficiency on LiveCodeBench\n## Axis Configuration\n"
            "- **X-axis**: Thinking Budget (tokens), ticks 2k, 4k\n- **Y-axis**: Pass@1 (%)\n"
            "## Data Points\n### Series: Zeta-20B\n- Budget 2k — Pass@1: 38.5; Latency: 21.25 s\n"
            "- Group 2 — MATH-500: Zeta-20B = 61.5\n")
    got = rows(text, ref)
    assert ("Zeta-20B", "LiveCodeBench", "pass@1", "thinking_budget=2000", 38.5) in got
    assert ("Zeta-20B", "LiveCodeBench", "latency", "thinking_budget=2000", 21.25) in got


def test_a_setting_value_known_by_its_form_keys_a_label(ref: Reference) -> None:
    text = ("## Bar Chart: Zeta-8B on GSM8K by weight format\n### Components/Axes\n"
            "* **X-axis:** FP16, FP8, INT4.\n* **Y-axis:** Accuracy (%).\n"
            "### Detailed Analysis\n* FP16: 90.5\n* INT4: 86.25\n")
    assert {s for _, _, _, s, _ in rows(text, ref)} == {"precision=FP16", "precision=INT4"}
