"""Unit tests of the mechanisms added for the heldout66-73 failure classes, each in a document of
our own: a panel heading that names its benchmark after its letter, a header row's metric per
column, a model's column of what one axis measures, look columns beside the model, setting-value
headers, places written as arrows to a word or as ticks in a lead, captions that except one
benchmark, and the repeats a fuller row already holds."""

from __future__ import annotations

from benchdb.etl.transform.reference import Reference
from tests._facts import rows, values_of


def test_a_panel_heading_names_its_benchmark_after_the_panel_letter(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Pass@k on Two Benchmarks\n## Axes\n"
            "- **X-axis**: \"k\", markers at 1, 4.\n- **Y-axis**: \"pass@k (%)\"\n"
            "## Subplot (a) HumanEval\n### Zeta-8B (Blue)\n- k=1: 71.5%\n- k=4: 80.25%\n"
            "## Subplot (b) MBPP\n### Zeta-8B (Blue)\n- k=1: 64.5%\n- k=4: 75.75%\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "HumanEval", "pass@1", "", 71.5), ("Zeta-8B", "HumanEval", "pass@4", "", 80.25),
        ("Zeta-8B", "MBPP", "pass@1", "", 64.5), ("Zeta-8B", "MBPP", "pass@4", "", 75.75)}


def test_a_header_row_gives_each_benchmark_column_its_metric(ref: Reference) -> None:
    text = ("## Table: Results of Small Models\n### Components/Axes\n"
            "* **Column Headers:** `Model`, `MMLU`, `HumanEval`.\n"
            "* **Sub-header:** The second header row gives \"Acc. (%)\" under MMLU and \"Pass@1\" under HumanEval.\n"
            "### Detailed Analysis\n| Model | MMLU | HumanEval |\n| :--- | :--- | :--- |\n"
            "| Zeta-8B | 61.5 | 48.25 |\n| Kappa-7B | 58.75 | 52.5 |\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "MMLU", "accuracy", "", 61.5), ("Zeta-8B", "HumanEval", "pass@1", "", 48.25),
        ("Kappa-7B", "MMLU", "accuracy", "", 58.75), ("Kappa-7B", "HumanEval", "pass@1", "", 52.5)}


def test_two_clauses_telling_one_benchmark_two_measures_give_no_metric_exception(ref: Reference) -> None:
    text = ("## Bar Chart: Accuracy and Throughput\n### Overview\nZeta-8B under two precisions. The left panel "
            "shows MMLU-Pro accuracy, and the right panel shows throughput measured on the same MMLU-Pro prompts.\n"
            "### Components/Axes\n* **Left Y-axis:** Accuracy (%)\n* **X-axis:** Precision (BF16, FP8)\n"
            "### Detailed Analysis\n**Left Panel (MMLU-Pro Accuracy):**\n* BF16: ≈ 48.5%\n* FP8: ≈ 47.25%\n")
    assert rows(text, ref) == {("Zeta-8B", "MMLU-Pro", "accuracy", "precision=BF16", 48.5),
                               ("Zeta-8B", "MMLU-Pro", "accuracy", "precision=FP8", 47.25)}


def test_a_model_column_of_a_word_the_right_axis_measures_and_a_setting_word_inside_a_name(ref: Reference) -> None:
    text = ("## Dual-Axis Chart: Zeta-4B-reasoning accuracy and length\n### Components/Axes\n"
            "* **X-axis (categories):** `AIME 2024`, `GPQA-D`.\n* **Left Y-axis:** \"Accuracy (%)\"\n"
            "* **Right Y-axis:** \"Avg. Response Length (tokens)\"\n### Detailed Analysis\n"
            "| Benchmark | Zeta-4B-reasoning Acc. (%) | Zeta-4B-reasoning Length |\n|---|---|---|\n"
            "| `AIME 2024` | 71.5 | ~10,400 |\n| `GPQA-D` | 60.25 | ~6,300 |\n")
    assert rows(text, ref) == {
        ("Zeta-4B-reasoning", "AIME 2024", "accuracy", "", 71.5), ("Zeta-4B-reasoning", "AIME 2024", "cost", "", 10400.0),
        ("Zeta-4B-reasoning", "GPQA Diamond", "accuracy", "", 60.25),
        ("Zeta-4B-reasoning", "GPQA Diamond", "cost", "", 6300.0)}


def test_a_marker_column_whose_looks_the_legend_gives_to_families_names_nothing(ref: Reference) -> None:
    text = ("## Scatter Plot: AIME 2025 Pass@1 vs. Average Output Tokens\n### Components/Axes\n"
            "* **X-axis:** \"Avg. output tokens\"\n* **Y-axis:** \"AIME 2025 Pass@1 (%)\"\n"
            "* **Legend:** blue = Zeta family, red = Kappa family.\n### Detailed Analysis\n"
            "| Series (Marker) | Label | Approx. x (tokens) | Approx. y (Pass@1 %) |\n|---|---|---|---|\n"
            "| Blue (circle) | `Zeta-4B` | ~15,200 | ~61.5 |\n| Red (star) | `Kappa-8B` | ~9,800 | ~70.25 |\n")
    assert rows(text, ref) == {
        ("Zeta-4B", "AIME 2025", "cost", "", 15200.0), ("Zeta-4B", "AIME 2025", "pass@1", "", 61.5),
        ("Kappa-8B", "AIME 2025", "cost", "", 9800.0), ("Kappa-8B", "AIME 2025", "pass@1", "", 70.25)}


def test_a_family_group_header_over_named_items_is_no_method(ref: Reference) -> None:
    text = ("## Scatter Plot: MMLU-Pro vs. Total Parameters\n### Components/Axes\n"
            "- **X-axis**: \"Total Parameters (B)\"\n- **Y-axis**: \"MMLU-Pro Accuracy (%)\"\n"
            "### Detailed Analysis\n1. **Llama Family** (Blue):\n- Llama-3.1-8B-Instruct: 8B, 44.5%\n"
            "2. **Phi Family** (Orange):\n- Phi-4: 14B, 70.25%\n")
    assert rows(text, ref) == {("Llama-3.1-8B-Instruct", "MMLU-Pro", "accuracy", "", 44.5),
                               ("Phi-4", "MMLU-Pro", "accuracy", "", 70.25)}


def test_setting_value_headers_a_reference_row_and_ratio_ticks(ref: Reference) -> None:
    table = ("## Table: LongBench under KV Cache Budgets (Zeta-8B)\n### Overview\nAverage LongBench score of Zeta-8B.\n"
             "### Detailed Analysis\nReference row: **FullKV: 49.5** (uncompressed cache).\n\n"
             "| Method | KV 128 | KV 2048 |\n|---|---|---|\n| SnapKV | 40.5 | 48.25 |\n")
    assert rows(table, ref) == {
        ("Zeta-8B", "LongBench", "score", "method=FullKV", 49.5),
        ("Zeta-8B", "LongBench", "score", "kv_budget=128, method=SnapKV", 40.5),
        ("Zeta-8B", "LongBench", "score", "kv_budget=2048, method=SnapKV", 48.25)}
    ratios = ("## Line Chart: LongBench Score vs. KV Cache Compression Ratio\n### Overview\nZeta-8B on LongBench.\n"
              "### Components/Axes\n* **X-axis:** Compression Ratio, with markers at 2x, 4x and 8x.\n"
              "* **Y-axis:** LongBench Avg. Score.\n### Detailed Analysis\n* **SnapKV (Blue):**\n"
              "    * 2x: ~48.5\n    * 8x: ~45.25\n")
    assert rows(ratios, ref) == {
        ("Zeta-8B", "LongBench", "score", "compression_ratio=2, method=SnapKV", 48.5),
        ("Zeta-8B", "LongBench", "score", "compression_ratio=8, method=SnapKV", 45.25)}


def test_a_figure_that_says_it_plots_no_result_and_a_look_cell_beside_the_model(ref: Reference) -> None:
    analytic = ("## Line Chart: KV Cache Memory vs. Sequence Length\n### Overview\nComputed analytically for "
                "Zeta-8B; no accuracy, speed or benchmark result is plotted.\n### Components/Axes\n"
                "* **X-axis:** Sequence Length (tokens)\n* **Y-axis:** KV Cache Size (GB)\n### Detailed Analysis\n"
                "* **Zeta-8B:** about 0.55 GB at 4,096 tokens and 2.25 GB at 16,384.\n")
    assert rows(analytic, ref) == set()
    looks = ("## Scatter Plot: AIME 2024 Pass@1 vs. Average Latency\n### Components/Axes\n"
             "* **X-Axis:** `Avg. Latency per Problem (s)`\n* **Y-Axis:** `AIME 2024 Pass@1 (%)`\n"
             "* **Legend:** blue circle = `Zeta`, purple circle = `Kappa`.\n### Detailed Analysis\n"
             "| Series (Colour) | Label | Approx. Latency (s) | Approx. Pass@1 (%) |\n| :--- | :--- | :--- | :--- |\n"
             "| Blue (Zeta) | `Zeta-8B` | ~142 | ~55.25 |\n| Purple (Kappa) | `Kappa-32B` | ~455 | ~81.5 |\n")
    assert rows(looks, ref) == {
        ("Zeta-8B", "AIME 2024", "latency", "", 142.0), ("Zeta-8B", "AIME 2024", "pass@1", "", 55.25),
        ("Kappa-32B", "AIME 2024", "latency", "", 455.0), ("Kappa-32B", "AIME 2024", "pass@1", "", 81.5)}


def test_a_captioned_table_whose_other_columns_are_accuracy_and_a_log2_axis(ref: Reference) -> None:
    table = ("## Table: Instruction-Tuned Models\n### Overview\nA results table, captioned \"Table 2: HumanEval is "
             "reported as pass@1; all other columns are accuracy (%).\"\n### Components/Axes\n"
             "* **Columns:** Model, MMLU, HumanEval.\n### Detailed Analysis\n| Model | MMLU | HumanEval |\n"
             "|---|---|---|\n| Zeta-70B | 85.5 | 84.25 |\n")
    assert rows(table, ref) == {("Zeta-70B", "MMLU", "accuracy", "", 85.5), ("Zeta-70B", "HumanEval", "pass@1", "", 84.25)}
    line = ("## Line Chart: RULER Accuracy vs. Context Length\n### Overview\nZeta-8B on RULER.\n### Components/Axes\n"
            "- **X-axis (Context Length, tokens)**: Log2 scale with labeled ticks at 4096, 8192.\n"
            "- **Y-axis (Accuracy %)**: Linear scale from 50 to 100.\n### Detailed Analysis\n"
            "1. **Zeta-8B (Blue)**:\n   - Starts at (4096, 94.5) and declines to (8192, 90.25).\n")
    assert rows(line, ref) == {("Zeta-8B", "RULER", "accuracy", "context_length=4096", 94.5),
                               ("Zeta-8B", "RULER", "accuracy", "context_length=8192", 90.25)}


def test_a_group_lead_with_looks_after_values_and_points_under_a_right_axis_header(ref: Reference) -> None:
    bars = ("## Bar Chart: Reasoning Performance\n### Components/Axes\n* **Y-Axis:** Pass@1 (%)\n"
            "* **X-Axis (Categories):** `AIME24`, `MATH500`.\n* **Legend:**\n    1. `Zeta-7B` — teal bar\n"
            "    2. `Kappa-7B` — orange bar\n### Detailed Analysis\n"
            "**MATH500 group.** The labels read 92.5 (teal) and 94.25 (orange).\n")
    assert rows(bars, ref) == {("Zeta-7B", "MATH-500", "pass@1", "", 92.5), ("Kappa-7B", "MATH-500", "pass@1", "", 94.25)}
    dual = ("# Combination Chart\nZeta-7B evaluated on MATH500.\n### Axes\n- **X-axis**: KV Budget\n"
            "  - Categories: `1024`, `2048`\n- **Left Y-axis**:\n  - Title: `Pass@1`\n- **Right Y-axis**:\n"
            "  - Title: `Throughput (TPS)`\n### Data Series\n#### 1. Pass@1 (Blue Bars)\n"
            "- Values: `[1024, 71.5]`, `[2048, 85.25]`.\n#### 2. Throughput (Orange Line)\n"
            "- Points: `[1024, 912]`, `[2048, 771]`.\n")
    assert rows(dual, ref) == {
        ("Zeta-7B", "MATH-500", "pass@1", "kv_budget=1024", 71.5), ("Zeta-7B", "MATH-500", "pass@1", "kv_budget=2048", 85.25),
        ("Zeta-7B", "MATH-500", "throughput", "kv_budget=1024", 912.0),
        ("Zeta-7B", "MATH-500", "throughput", "kv_budget=2048", 771.0)}


def test_places_written_as_an_arrow_to_a_word_or_as_ticks_in_a_lead_are_no_values(ref: Reference) -> None:
    arrows = ("## Line Chart: Peak Memory vs. Context Length\n### Overview\nZeta-8B on NIAH.\n### Components/Axes\n"
              "* **X-Axis:** `Context Length (tokens)`\n* **Y-Axis:** `Peak GPU Memory (GB)`\n### Detailed Analysis\n"
              "* `FullKV`: `16,384` → ~18.5 GB, `131,072` → OOM (red cross).\n")
    assert rows(arrows, ref) == {("Zeta-8B", "Needle in a Haystack", "memory", "context_length=16384, method=FullKV", 18.5)}
    lead = ("## Line Chart: GPQA Diamond vs. Thinking Budget\n### Components/Axes\n"
            "* **X-axis:** Thinking Budget (tokens), with markers at 2k, 4k and 32k.\n* **Y-axis:** Pass@1 (%)\n"
            "### Detailed Analysis\n* **Zeta-30B (Green):** Trend: slightly above the red line at 32k.\n"
            "* At Thinking Budget = 2k, Pass@1 ≈ 50.5\n* At Thinking Budget = 4k, Pass@1 ≈ 56.25\n")
    assert rows(lead, ref) == {("Zeta-30B", "GPQA Diamond", "pass@1", "thinking_budget=2000", 50.5),
                               ("Zeta-30B", "GPQA Diamond", "pass@1", "thinking_budget=4000", 56.25)}


def test_trends_head_remarks_and_a_reference_line_takes_no_budget_from_its_header(ref: Reference) -> None:
    text = ("## Line Chart: MATH-500 Pass@1 vs. KV Budget\n### Overview\nZeta-8B on MATH-500.\n### Components/Axes\n"
            "1. **X-axis**: \"KV Budget\", ticks at 256, 2048.\n2. **Y-axis**: \"Pass@1 (%)\"\n"
            "3. **Legend**:\n   - Red solid line: R-KV\n   - Black dashed line: FullKV (82.5)\n### Detailed Analysis\n"
            "**KV Budget = 2048**\n- R-KV: 81.25\n\n**Reference line**: the black dashed FullKV line is flat at 82.5.\n\n"
            "**Trends**:\n- **R-KV (red)**: rises up to budget 2048 and then bends.\n")
    assert rows(text, ref) == {("Zeta-8B", "MATH-500", "pass@1", "kv_budget=2048, method=R-KV", 81.25),
                               ("Zeta-8B", "MATH-500", "pass@1", "method=FullKV", 82.5)}


def test_a_place_opening_a_paragraph_holds_for_its_other_series_and_a_value_before_its_name(ref: Reference) -> None:
    text = ("## Bar Chart: GSM8K Accuracy and Throughput by Weight Precision\n### Components/Axes\n"
            "* **X-axis (Bottom):** \"Weight Precision\", categories: `BF16`, `FP8`.\n"
            "* **Primary Y-axis (Left):** \"GSM8K Accuracy (%)\"\n* **Secondary Y-axis (Right):** \"Throughput (tokens/s)\"\n"
            "* **Legend:**\n    * Dark green bar: Zeta-72B\n    * Light green bar: Kappa-70B\n### Detailed Analysis\n"
            "At **BF16**, the dark green bar (Zeta-72B) reaches 95.5%. The light green bar (Kappa-70B) is slightly "
            "shorter at 94.75%.\n\n"
            "The **FP8** group shows the first drop. The dark green bar falls to 93.5% and the light green bar to 92.25%, "
            "while throughput is about 1,540 tokens/s for Zeta-72B and 1,620 tokens/s for Kappa-70B.\n")
    assert rows(text, ref) == {
        ("Zeta-72B", "GSM8K", "accuracy", "precision=BF16", 95.5), ("Kappa-70B", "GSM8K", "accuracy", "precision=BF16", 94.75),
        ("Zeta-72B", "GSM8K", "accuracy", "precision=FP8", 93.5), ("Kappa-70B", "GSM8K", "accuracy", "precision=FP8", 92.25),
        ("Zeta-72B", "GSM8K", "throughput", "precision=FP8", 1540.0),
        ("Kappa-70B", "GSM8K", "throughput", "precision=FP8", 1620.0)}


def test_an_arrow_change_a_long_keyed_header_and_a_level_cell_read_like_its_label(ref: Reference) -> None:
    bars = ("## Bar Chart: Base vs. Instruct\n### Components/Axes\n- **Y-axis**: Accuracy (%)\n### Detailed Analysis\n"
            "1. **GSM8K**:\n- Zeta-7B: 85.5%\n- Zeta-7B-Instruct: 91.75% (↑6.25%)\n")
    assert rows(bars, ref) == {("Zeta-7B", "GSM8K", "accuracy", "", 85.5), ("Zeta-7B-Instruct", "GSM8K", "accuracy", "", 91.75)}
    shots = ("## Bar Chart: Accuracy vs. Number of In-Context Examples on BBH\n### Components/Axes\n"
             "* **X-axis:** \"Number of in-context examples\" with markers at 0 and 1.\n* **Y-axis:** \"Accuracy (%)\"\n"
             "### Detailed Analysis\n**Number of In-Context Examples = 0:**\n* **Zeta-7B:** Approximately 38.5% accuracy.\n"
             "**Number of In-Context Examples = 1:**\n* **Zeta-7B:** Approximately 49.25% accuracy.\n")
    assert rows(shots, ref) == {("Zeta-7B", "BBH", "accuracy", "num_shots=0", 38.5),
                                ("Zeta-7B", "BBH", "accuracy", "num_shots=1", 49.25)}
    levels = ("# MATH-500 Accuracy by Difficulty\n## Axis Configuration\n- **X-axis**: Difficulty Level\n"
              "  - Categories: Level 1, Level 2\n- **Y-axis**: Accuracy (%)\n## Data Points\n### Zeta-7B (Teal)\n"
              "- Level 1: **97.5%**\n- Level 2: **96.25%**\n## Data Table Reconstruction\n| Difficulty | Zeta-7B |\n"
              "|---|---|\n| Level 1 | 97.5 |\n| Level 2 | 96.25 |\n")
    assert rows(levels, ref) == {("Zeta-7B", "MATH-500", "accuracy", "difficulty=1", 97.5),
                                 ("Zeta-7B", "MATH-500", "accuracy", "difficulty=2", 96.25)}


def test_panel_marked_columns_a_trend_column_and_a_look_cell_through_the_legend(ref: Reference) -> None:
    panels = ("# Technical Document Extraction: Accuracy During Training\n## 1. Labels\n"
              "- **Subplot (a) title**: \"AIME 2024\"\n- **Subplot (b) title**: \"MATH-500\"\n"
              "- **X-Axis (both subplots)**: \"Training Steps\"\n- **Y-Axis**: \"Accuracy (%)\"\n## 4. Data Table\n"
              "| Training Step | (a) Zeta-7B | (b) Zeta-7B | Visual Trend |\n|---|---|---|---|\n"
              "| 0 | 13.5 | 52.25 | Steady climb after N=16. |\n")
    assert rows(panels, ref) == {("Zeta-7B", "AIME 2024", "accuracy", "training_steps=0", 13.5),
                                 ("Zeta-7B", "MATH-500", "accuracy", "training_steps=0", 52.25)}
    looks = ("## Scatter Plot: AMC23 Accuracy vs. Response Length\n### Components/Axes\n"
             "* **X-Axis:** \"Avg. Response Length (tokens)\"\n* **Y-Axis:** \"AMC 2023 Accuracy (%)\"\n"
             "* **Legend (top-left):**\n    * Cyan diamonds: `Zeta-14B`\n    * Red circles: `Kappa-14B`\n"
             "* **Point Labels:** `B=1k`, `B=2k` (thinking budget in tokens), printed beside each marker.\n"
             "### Detailed Analysis\n| Series (Marker) | Label | Approx. Response Length (x) | Approx. Accuracy (y) |\n"
             "| :--- | :--- | :--- | :--- |\n| Cyan Diamond | B=1k | 960 | 51.5 |\n| Red Circle | B=1k | 990 | 55.25 |\n")
    assert rows(looks, ref) == {
        ("Zeta-14B", "AMC 2023", "cost", "thinking_budget=1000", 960.0),
        ("Zeta-14B", "AMC 2023", "accuracy", "thinking_budget=1000", 51.5),
        ("Kappa-14B", "AMC 2023", "cost", "thinking_budget=1000", 990.0),
        ("Kappa-14B", "AMC 2023", "accuracy", "thinking_budget=1000", 55.25)}


def test_a_projection_plots_no_result_and_names_cut_from_clauses_are_the_model_they_hold(ref: Reference) -> None:
    tsne = ("## Scatter Plot: t-SNE Projection of Final-Layer Hidden States\n### Components/Axes\n"
            "* **X-axis:** Labeled \"t-SNE dim 1\", from -40 to 40.\n* **Y-axis:** Labeled \"t-SNE dim 2\".\n"
            "* **Legend:**\n    * Blue: GSM8K\n    * Orange: MATH-500\n### Detailed Analysis\n"
            "* **GSM8K (Blue):** a cluster centred near (-22.5, 14.5).\n")
    assert rows(tsne, ref) == set()
    clauses = ("## Bar Charts: Scores Across Datasets\n### Components/Axes\n* **X-axis Categories:** `HotpotQA`, `GSM8k`\n"
               "* **Y-axis Label:** \"Scores\"\n### Detailed Analysis\n"
               "* **HotpotQA:** `Zeta-72B` (Salmon) scores highest (~73), followed by `Kappa-70B` (Teal, ~71), "
               "and `Zeta-14B` (Purple, ~64).\n")
    assert rows(clauses, ref) == {("Zeta-72B", "HotpotQA", "score", "", 73.0), ("Kappa-70B", "HotpotQA", "score", "", 71.0),
                                  ("Zeta-14B", "HotpotQA", "score", "", 64.0)}


def test_a_title_field_pins_a_setting_and_reasoning_formats_are_no_precision(ref: Reference) -> None:
    titled = ("# Technical Document Extraction: KV Cache Methods\n## 1. **Chart Type and Structure**\n"
              "- **Title**: \"Zeta-8B, KV budget = 1024\"\n- **Groups (X-axis)**: GSM8K, MATH-500.\n"
              "## 2. Legend\n- **Colors**:\n- **Red**: R-KV\n- **Blue**: SnapKV\n## 3. Data\n"
              "### GSM8K\n- R-KV: 86.5\n- SnapKV: 84.25\n")
    assert rows(titled, ref) == {("Zeta-8B", "GSM8K", "accuracy", "kv_budget=1024, method=R-KV", 86.5),
                                 ("Zeta-8B", "GSM8K", "accuracy", "kv_budget=1024, method=SnapKV", 84.25)} \
        or rows(titled, ref) == {("Zeta-8B", "GSM8K", "score", "kv_budget=1024, method=R-KV", 86.5),
                                 ("Zeta-8B", "GSM8K", "score", "kv_budget=1024, method=SnapKV", 84.25)}
    formats = ("## Bar Charts: Reasoning Format Comparison on MATH-500\n### Overview\nOne model under three reasoning "
               "formats: chain-of-thought (CoT) and tool-integrated reasoning (TIR).\n### Components/Axes\n"
               "- **Y-axis (Accuracy %)**: 40 to 90.\n- **Legend**:\n- Light blue → CoT\n- Dark green → TIR\n"
               "### Detailed Analysis\n- **Zeta-7B**:\n- CoT: 83.5%\n- TIR: 85.25%\n")
    assert rows(formats, ref) == {("Zeta-7B", "MATH-500", "accuracy", "method=CoT", 83.5),
                                  ("Zeta-7B", "MATH-500", "accuracy", "method=TIR", 85.25)}


def test_passages_and_frames_are_settings_and_a_representing_apposition_names_the_series(ref: Reference) -> None:
    passages = ("## Line Chart: HotpotQA EM vs. Retrieved Passages\n### Components/Axes\n"
                "* **X-axis:** \"Number of Retrieved Passages (k)\" - markers at 1, 5.\n* **Y-axis:** \"Exact Match (%)\"\n"
                "### Detailed Analysis\n* **Zeta-8B (Blue):** The line slopes upward.\n* 1 Passage: Approximately 31.5% EM\n"
                "* 5 Passages: Approximately 39.75% EM\n")
    assert rows(passages, ref) == {("Zeta-8B", "HotpotQA", "exact_match", "num_passages=1", 31.5),
                                   ("Zeta-8B", "HotpotQA", "exact_match", "num_passages=5", 39.75)}
    frames = ("## Line Chart: Video-MME Accuracy vs. Number of Frames\n### Components/Axes\n"
              "- **X-axis (Number of Frames)**: markers at 8, 16.\n- **Y-axis (Accuracy %)**: 45 to 70.\n"
              "### Detailed Analysis\n#### Zeta-7B (Blue Line)\n- 8 frames: 55.25\n- 16 frames: 59.5\n")
    assert rows(frames, ref) == {("Zeta-7B", "Video-MME", "accuracy", "num_frames=8", 55.25),
                                 ("Zeta-7B", "Video-MME", "accuracy", "num_frames=16", 59.5)}
    prose = ("## Line Chart: AIME 2024 Pass@1 vs. Thinking Budget\n### Components/Axes\n"
             "* **X-axis:** \"Thinking Budget (tokens)\", with markers at 1k and 2k.\n* **Y-axis:** \"Pass@1 (%)\"\n"
             "* **Legend:**\n    * Blue line: Zeta-8B\n    * Orange line: Kappa-4B\n### Detailed Analysis\n"
             "The blue line, representing Zeta-8B, slopes upward. It starts at approximately 23.5% at the 1k budget and "
             "climbs to around 39.25% at 2k.\n")
    assert rows(prose, ref) == {("Zeta-8B", "AIME 2024", "pass@1", "thinking_budget=1000", 23.5),
                                ("Zeta-8B", "AIME 2024", "pass@1", "thinking_budget=2000", 39.25)}


def test_a_numbered_benchmark_heading_names_a_benchmark_the_vocabulary_lacks(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Refusal Rate on Two Red-Team Suites\n## 1. Key Components\n"
            "- **X-Axis**: Benchmark names (categorical)\n- ToxiProbe\n- JailGauge\n- **Y-Axis**: Refusal Rate (%)\n"
            "## 2. Data Extraction\n### 2.1 Benchmark: ToxiProbe\n| Model | Refusal Rate (%) | Color |\n| --- | --- | --- |\n"
            "| Zeta-8B | ~71.5 | Blue |\n| Kappa-4B | ~64.25 | Red |\n"
            "### 2.2 Benchmark: JailGauge\n| Model | Refusal Rate (%) | Color |\n| --- | --- | --- |\n"
            "| Zeta-8B | ~58.75 | Blue |\n| Kappa-4B | ~49.5 | Red |\n")
    assert {(m, b, s, v) for m, b, _, s, v in rows(text, ref)} == {
        ("Zeta-8B", "ToxiProbe", "", 71.5), ("Kappa-4B", "ToxiProbe", "", 64.25),
        ("Zeta-8B", "JailGauge", "", 58.75), ("Kappa-4B", "JailGauge", "", 49.5)}


def test_named_tuples_place_values_at_models_and_a_sibling_grounding_section_ends_the_data(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Line Chart Analysis\n## Chart Overview\n"
            "A line chart of two benchmark scores across three sizes of the Zeta family.\n"
            "### **Axis Labels**\n- **X-Axis:** Title `Model`\n- **Y-Axis:** Title `Score (%)`\n"
            "### **Data Series and Trends**\n#### 1. **GSM8K (Blue Line)**\n"
            "- Starts at `(Zeta-1B, 52.5%)`, climbs to `(Zeta-3B, 71.25%)` and ends at `(Zeta-9B, 80.5%)`.\n"
            "### **Spatial Grounding**\n- **Inline Labels:** right edge, GSM8K (y≈80) at the top.\n")
    assert rows(text, ref) == {("Zeta-1B", "GSM8K", "score", "", 52.5), ("Zeta-3B", "GSM8K", "score", "", 71.25),
                               ("Zeta-9B", "GSM8K", "score", "", 80.5)}


def test_hyphenated_reasoning_effort_levels_name_the_effort_setting(ref: Reference) -> None:
    text = ("## Bar Chart: Pass@1 by Reasoning Effort on AIME 2025\n### Overview\n"
            "Two models at three reasoning-effort levels (low, medium, high).\n### Detailed Analysis\n"
            "| Model | low | medium | high |\n| :--- | :--- | :--- | :--- |\n| Zeta-20b | 49.5 | 71.75 | 88.25 |\n")
    assert rows(text, ref) == {("Zeta-20b", "AIME 2025", "pass@1", f"reasoning_effort={level}", value)
                               for level, value in (("low", 49.5), ("medium", 71.75), ("high", 88.25))}


def test_scientific_notation_in_html_superscripts_is_one_number(ref: Reference) -> None:
    text = ("## Scatter Plot: MATH-500 Accuracy vs. Average Output Length\n### Components/Axes\n"
            "* **X-axis:** Average Output Length (tokens), log scale, from 8 x 10<sup>2</sup> to 7 x 10<sup>3</sup>.\n"
            "* **Y-axis:** Accuracy, from 0.45 to 0.90.\n### Detailed Analysis\n"
            "* **Zeta-8B:** Located at approximately (9.5 x 10<sup>2</sup>, 0.485).\n"
            "* **Kappa-4B:** Located at approximately (4.25 × 10<sup>3</sup>, 0.875).\n")
    assert {(m, metric, v) for m, _, metric, _, v in rows(text, ref)} == {
        ("Zeta-8B", "accuracy", 0.485), ("Kappa-4B", "accuracy", 0.875), ("Zeta-8B", "cost", 950.0),
        ("Kappa-4B", "cost", 4250.0)}


def test_an_axis_title_in_the_role_over_listed_ticks_and_a_later_labelled_column(ref: Reference) -> None:
    listed = ("## Heatmap: MMLU-Pro Accuracy Under Quantization\n### Components/Axes\n"
              "- **Y-axis (Models)**:\n  1. Zeta-7B\n  2. Kappa-9B\n- **X-axis (Precision)**: BF16, FP8, W4A4\n"
              "- **Legend**: colour bar labeled \"Accuracy (%)\", from 20 to 60.\n"
              "- **Title**: \"MMLU-Pro accuracy vs. quantization format\"\n### Detailed Analysis\n"
              "```\nZeta-7B:      [56.25, 55.5, 47.75]\nKappa-9B:     [48.5, 47.25, 36.0]\n```\n")
    assert rows(listed, ref) == {(m, "MMLU-Pro", "accuracy", f"precision={p}", v) for m, values in (
        ("Zeta-7B", (56.25, 55.5, 47.75)), ("Kappa-9B", (48.5, 47.25, 36.0))) for p, v in zip(("BF16", "FP8", "W4A4"), values)}
    later = ("## Heatmap: Accuracy of KV Cache Methods on MATH-500\n### Components/Axes\n"
             "* **Y-axis:** \"Method\", categories SnapKV, H2O.\n"
             "* **X-axis:** \"KV Budget\", with markers at 128 and 256, followed by a column labeled \"FullKV\".\n"
             "### Detailed Analysis\n**Zeta-8B**\n* SnapKV, Budget 128: 34.25\n* H2O, Budget 256: 41.5\n")
    assert rows(later, ref) == {("Zeta-8B", "MATH-500", "accuracy", "kv_budget=128, method=SnapKV", 34.25),
                                ("Zeta-8B", "MATH-500", "accuracy", "kv_budget=256, method=H2O", 41.5)}


def test_a_similarity_matrix_of_hidden_representations_loads_nothing(ref: Reference) -> None:
    text = ("## Heatmap: Layer-wise CKA Similarity of Hidden Representations in Zeta-7B\n### Overview\n"
            "Linear CKA between layer blocks, on prompts sampled from GSM8K.\n### Components/Axes\n"
            "* **Colorbar:** labeled \"CKA\", 0.0 to 1.0\n### Detailed Analysis\n"
            "| Layer block | L1–4 | L5–8 |\n|---|---|---|\n| **L1–4** | 1.00 | 0.86 |\n| **L5–8** | 0.86 | 1.00 |\n")
    assert rows(text, ref) == set()


def test_the_figures_own_model_in_a_configuration_column_is_the_base_row(ref: Reference) -> None:
    text = ("## Table: Ablation of RL Training Components on Zeta-1.5B\n### Detailed Analysis\n"
            "| Configuration | AIME 2024 | MATH-500 |\n|---|---|---|\n| Zeta-1.5B | 28.5 | 82.75 |\n"
            "| Full recipe | **41.5** | **88.25** |\n| w/o entropy bonus | 38.5 | 87.5 |\n")
    assert {(m, b, s, v) for m, b, _, s, v in rows(text, ref)} == {
        ("Zeta-1.5B", "AIME 2024", "", 28.5), ("Zeta-1.5B", "MATH-500", "", 82.75),
        ("Zeta-1.5B", "AIME 2024", "method=Full recipe", 41.5), ("Zeta-1.5B", "MATH-500", "method=Full recipe", 88.25),
        ("Zeta-1.5B", "AIME 2024", "method=w/o entropy bonus", 38.5),
        ("Zeta-1.5B", "MATH-500", "method=w/o entropy bonus", 87.5)}


def test_a_model_size_group_under_a_variant_family_and_values_for_named_models(ref: Reference) -> None:
    sized = ("## Grouped Bar Chart: MATH-500 Accuracy of Qwen2.5-Instruct Models by Size\n### Components/Axes\n"
             "* **Y-Axis:** Labeled \"Accuracy (%)\".\n* **X-Axis:** Labeled \"Model Size\": `1.5B`, `7B`.\n"
             "### Detailed Analysis\n**1. Model Size: 1.5B**\n* **Direct (Dark Blue):** Accuracy = 18.40%\n"
             "**2. Model Size: 7B**\n* **Direct (Dark Blue):** Accuracy = 31.25%\n")
    assert {(m, v) for m, _, _, _, v in rows(sized, ref)} == {("1.5B", 18.4), ("7B", 31.25)}
    assert {(v.model_name, v.value) for v in values_of(sized, ref)} == {
        ("Qwen2.5-1.5B-Instruct", 18.4), ("Qwen2.5-7B-Instruct", 31.25)}
    named = ("## Line Chart: Pass@1 of Distilled Models Across Sizes\n### Components/Axes\n"
             "* **X-axis Label:** \"Distilled model\"\n* **Y-axis Label:** \"Pass@1 (%)\"\n### Detailed Analysis\n"
             "* **AIME 2024 (Blue Line):** The line starts at approximately 28.5% for Zeta-R1-1.5B, climbs to around "
             "54.75% for Zeta-R1-7B, and ends at approximately 72.25% for Zeta-R1-32B.\n")
    assert {(m, b, v) for m, b, _, _, v in rows(named, ref)} == {
        ("Zeta-R1-1.5B", "AIME 2024", 28.5), ("Zeta-R1-7B", "AIME 2024", 54.75), ("Zeta-R1-32B", "AIME 2024", 72.25)}


def test_a_footer_caption_names_the_model_and_a_base_column_beside_a_change_column_is_the_baseline(ref: Reference) -> None:
    footer = ("# Technical Data Extraction: Accuracy vs. Number of Samples\n## 1. Component Isolation\n"
              "* **Footer:** Caption text \"Zeta-1.5B on AMC23\".\n## 2. Axis and Metadata Extraction\n"
              "* **Y-Axis Title:** Accuracy (%)\n* **X-Axis Title:** Number of Samples (N)\n"
              "## 3. Data Extraction\n### Series 1: Majority Vote (Orange)\n* N=1: 61.5%\n* N=4: 67.75%\n")
    assert rows(footer, ref) == {("Zeta-1.5B", "AMC 2023", "accuracy", f"method=Majority Vote, num_samples={n}", v)
                                 for n, v in ((1, 61.5), (4, 67.75))}
    based = ("# Technical Document Extraction: Prompting Strategies (Zeta-7B)\n## Chart 1: MATH-500 Performance\n"
             "- **X-axis**: Method (Categorical)\n- **Y-axis**: Performance (%)\n### Data Points\n"
             "| Method | Base (%) | Change (%) | Performance (%) |\n|---|---|---|---|\n| CoT | 74.5 | - | 74.5 |\n"
             "| SC | 74.5 | +4.25 | 78.75 |\n")
    assert {(s, v) for _, _, _, s, v in rows(based, ref)} == {("method=CoT", 74.5), ("method=SC", 78.75)}


def test_pass_hat_k_on_tau_bench_and_counted_axes_the_vocabulary_lacks(ref: Reference) -> None:
    hat = ("# Technical Document Extraction: Line Chart Analysis\n## 1. Chart Components\n### Title\n"
           "- \"Reliability across repeated trials on τ-bench (Retail)\"\n### Axis Labels\n"
           "- **X-axis**: \"k (number of i.i.d. trials)\" (values 1, 2, 4)\n- **Y-axis**: \"pass^k (%)\" (range 0-90)\n"
           "## 2. Data Series Analysis\n### Zeta-32B (Orange)\n- **Data Points**:\n  - k=1: 78.25%\n  - k=4: 60.5%\n")
    assert {(m, b, metric, v) for m, b, metric, _, v in rows(hat, ref)} == {
        ("Zeta-32B", "TAU-Bench", "pass^1", 78.25), ("Zeta-32B", "TAU-Bench", "pass^4", 60.5)}
    tools = ("## Line Chart: BFCL Accuracy vs. Number of Candidate Tools\n### Components/Axes\n"
             "* **X-axis Title:** \"Number of Candidate Tools\"\n* **X-axis Markers:** 4, 8, 16\n"
             "* **Y-axis Title:** \"Overall Accuracy (%)\"\n### Detailed Analysis\n* **Zeta-7B (Blue):** slopes down.\n"
             "    * At 4 tools: Approximately 88.5%\n    * At 16 tools: Approximately 84.25%\n")
    assert rows(tools, ref) == {("Zeta-7B", "BFCL", "accuracy", "num_candidate_tools=4", 88.5),
                                ("Zeta-7B", "BFCL", "accuracy", "num_candidate_tools=16", 84.25)}


def test_a_histogram_of_trajectory_counts_loads_nothing(ref: Reference) -> None:
    text = ("## Histogram: Number of Agent Turns per Trajectory (SWE-bench Verified)\n### Components/Axes\n"
            "- **X-axis**: \"Turns per trajectory\", bins of width 10\n- **Y-axis**: \"Number of trajectories\", 0 to 120\n"
            "### Detailed Analysis\n| Bin (turns) | Resolved (green) | Unresolved (red) |\n|---|---|---|\n"
            "| 0-10 | 3 | 2 |\n| 10-20 | 38 | 9 |\n")
    assert rows(text, ref) == set()


def test_a_header_information_section_and_a_needle_depth_grid(ref: Reference) -> None:
    header = ("# Technical Document Extraction: Pass@1 vs. KV Budget\n\n## 1. Header Information\n"
              "* **Models Tested:** Zeta-7B.\n* **Benchmark:** AIME24.\n\n## 2. Axes\n* **X-Axis:** KV Budget. Markers: 1024, 2048.\n"
              "* **Y-Axis:** Pass@1 (%).\n\n## 3. Data Extraction\n| KV Budget | Pass@1 (%) |\n| :--- | :--- |\n"
              "| 1024 | 33.75 |\n| 2048 | 45.5 |\n")
    assert rows(header, ref) == {("Zeta-7B", "AIME 2024", "pass@1", "kv_budget=1024", 33.75),
                                 ("Zeta-7B", "AIME 2024", "pass@1", "kv_budget=2048", 45.5)}
    needle = ("## Heatmap: Needle-in-a-Haystack Retrieval for Zeta-7B\n### Components/Axes\n"
              "* **X-axis:** \"Context Length (#Tokens)\", columns at 32000 and 64000.\n"
              "* **Y-axis:** \"Needle Depth (%)\", rows at 0 and 50.\n* **Color bar:** \"Accuracy (%)\", 0 to 100.\n"
              "### Detailed Analysis\n| Needle Depth | 32000 | 64000 |\n|---|---|---|\n| 0% | 100 | 98.5 |\n| 50% | 99 | 94.5 |\n\n"
              "* The 32000 column is uniformly dark green; the 50% row fades in the 64000 and 128000 columns.\n")
    assert {(s, v) for _, _, _, s, v in rows(needle, ref)} == {
        ("context_length=32000, needle_depth=0", 100.0), ("context_length=64000, needle_depth=0", 98.5),
        ("context_length=32000, needle_depth=50", 99.0), ("context_length=64000, needle_depth=50", 94.5)}


def test_a_group_of_right_axis_data_measures_that_axis(ref: Reference) -> None:
    text = ("## Dual-Axis Bar & Line Chart: Accuracy and KV Cache Length by Cache Strategy\n### Overview\n"
            "Strategies applied to Zeta-8B on the MATH-500 benchmark.\n### Components/Axes\n"
            "* **X-Axis (Categories):** `FullKV`, `SnapKV`.\n* **Primary Y-Axis (Left):** Labeled `Accuracy (%)`.\n"
            "* **Secondary Y-Axis (Right):** Labeled `KV Cache Length`.\n### Detailed Analysis\n"
            "**Accuracy Data (Bars):**\n* `FullKV`: 82.5%\n* `SnapKV`: 72.75%\n"
            "**KV Cache Length Data (Line - read against the right axis):**\n* `FullKV`: ~15.5k\n* `SnapKV`: ~3.25k\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "MATH-500", "accuracy", "method=FullKV", 82.5), ("Zeta-8B", "MATH-500", "accuracy", "method=SnapKV", 72.75),
        ("Zeta-8B", "MATH-500", "kv_cache_length", "method=FullKV", 15500.0),
        ("Zeta-8B", "MATH-500", "kv_cache_length", "method=SnapKV", 3250.0)}


def test_a_slope_graph_pair_gives_the_left_and_the_right_axis_their_values(ref: Reference) -> None:
    text = ("## Slope Graph: Accuracy from AIME 2024 to AIME 2025\n### Components/Axes\n"
            "- **Left axis**: \"AIME 2024\", Accuracy (%), range 50 to 90.\n- **Right axis**: \"AIME 2025\", identical scale.\n"
            "### Detailed Analysis\n- **Zeta-32B** (purple): 81.25 → 72.75 (−8.5)\n- **Kappa-7B** (teal): 78.5 → 74.25 (−4.25)\n")
    assert rows(text, ref) == {("Zeta-32B", "AIME 2024", "accuracy", "", 81.25), ("Zeta-32B", "AIME 2025", "accuracy", "", 72.75),
                               ("Kappa-7B", "AIME 2024", "accuracy", "", 78.5), ("Kappa-7B", "AIME 2025", "accuracy", "", 74.25)}


def test_a_benchmark_delta_column_and_a_gain_segment_are_differences(ref: Reference) -> None:
    text = ("## Table: Quantization impact\n### Detailed Analysis\n"
            "| Model (as labelled) | GSM8K BF16 (label) | GSM8K Δ (bar) |\n| :--- | :---: | :---: |\n"
            "| Zeta-8B | 84.75 | −1.75 |\n")
    assert {(m, b, v) for m, b, _, _, v in rows(text, ref)} == {("Zeta-8B", "GSM8K", 84.75)}
    stacked = ("## Stacked Bar Chart: AIME 2024 pass@1 and pass@8\n### Detailed Analysis\n"
               "| Model | pass@1 (dark segment) | pass@8 gain (light segment) | Total bar height = pass@8 |\n"
               "| :--- | :--- | :--- | :--- |\n| Zeta-7B | 55.25 | 24.5 | 79.75 |\n")
    assert {(metric, v) for _, _, metric, _, v in rows(stacked, ref)} == {("pass@1", 55.25), ("pass@8", 79.75)}


def test_a_bold_model_lead_over_flat_tick_items_heads_them(ref: Reference) -> None:
    text = ("## Line Chart: MATH-500 Accuracy vs. Temperature\n### Components/Axes\n* **X-axis Title:** \"Temperature\"\n"
            "* Scale: 0.0, 0.3, 0.6\n* **Y-axis Title:** \"Accuracy (%)\"\n### Detailed Analysis\n"
            "* **Zeta-4B (Blue):** The line starts at approximately 82.5% at 0.0 and peaks at 84.75% at 0.6.\n"
            "* Temperature 0.0: ~82.5%\n* Temperature 0.3: ~83.75%\n* Temperature 0.6: ~84.75%\n")
    assert rows(text, ref) == {("Zeta-4B", "MATH-500", "accuracy", f"temperature={t}", v)
                               for t, v in (("0", 82.5), ("0.3", 83.75), ("0.6", 84.75))}


def test_step_labels_under_a_figure_of_step_budgets_are_budgets_not_training_steps(ref: Reference) -> None:
    text = ("## Bar Chart: OSWorld Success Rate under Different Step Budgets\n### Overview\n"
            "Grouped bars compare agents under three maximum step budgets per task (15, 50 and 100 steps).\n"
            "### Components/Axes\n- **X-axis**: Agent / model\n- **Y-axis**: \"Success Rate (%)\"\n"
            "### Detailed Analysis\n#### Zeta-72B Group\n- 15 steps: 22.75%\n- 100 steps: 25.5%\n")
    assert rows(text, ref) == {("Zeta-72B", "OSWorld", "success_rate", "max_steps=15", 22.75),
                               ("Zeta-72B", "OSWorld", "success_rate", "max_steps=100", 25.5)}


def test_a_look_after_a_dash_in_a_group_header_is_its_look_not_a_benchmark(ref: Reference) -> None:
    text = ("## Dual-Axis Bar and Line Chart: Throughput and AIME24 Accuracy vs. KV Cache Budget\n### Overview\n"
            "Decoding throughput and accuracy of Zeta-7B at two KV cache budgets.\n### Components/Axes\n"
            "* **X-axis:** labeled \"KV Cache Budget\" with the categories \"256\" and \"512\".\n"
            "* **Left Y-axis:** labeled \"Throughput (tokens/sec)\".\n* **Right Y-axis:** labeled \"Accuracy (%)\".\n"
            "### Detailed Analysis\n**Accuracy (%) - Red Line:**\n* **256:** Approximately 31.5%.\n"
            "* **512:** Approximately 38.25%.\n")
    assert {(b, metric, s, v) for _, b, metric, s, v in rows(text, ref)} >= {
        ("AIME 2024", "accuracy", "kv_budget=256", 31.5), ("AIME 2024", "accuracy", "kv_budget=512", 38.25)}


def test_language_subject_and_task_breakdowns_are_settings_of_those_names(ref: Reference) -> None:
    language = ("## Line Graph: XNLI Accuracy Across Eight Languages\n### Components/Axes\n"
                "* **X-axis:** \"Language\", categories en, de, sw.\n* **Y-axis:** \"Accuracy (%)\".\n"
                "### Detailed Analysis\n* **Zeta-7B (Blue):**\n  * en: 87.5\n  * sw: 61.25\n")
    assert rows(language, ref) == {("Zeta-7B", "XNLI", "accuracy", "language=en", 87.5),
                                   ("Zeta-7B", "XNLI", "accuracy", "language=sw", 61.25)}
    subject = ("## Radar Chart: MMMU Accuracy by Discipline\n### Overview\n"
               "Four models across the six top-level disciplines of the MMMU validation set.\n"
               "### Detailed Analysis\n* **Zeta-72B (Red):** Art & Design: 76.5, Science: 58.25\n")
    assert rows(subject, ref) == {("Zeta-72B", "MMMU", "accuracy", "subject=Art & Design", 76.5),
                                  ("Zeta-72B", "MMMU", "accuracy", "subject=Science", 58.25)}
    boilerplate = ("# Technical Document Extraction: KV Methods\n## 1. Document Type and Language\n"
                   "A results table; all text is English, no other language is present.\n## 2. Data\n"
                   "| Method | KV 512 |\n|---|---|\n| H2O | 38.5 |\n")
    assert all("language" not in s for _, _, _, s, _ in rows(boilerplate, ref))


def test_a_histogram_of_thinking_tokens_that_says_it_plots_no_accuracy_loads_nothing(ref: Reference) -> None:
    text = ("## Histogram: Distribution of Thinking Tokens per Response\n### Overview\n"
            "How many thinking tokens Zeta-30B spends per response on AIME 2025 problems. The chart shows only counts "
            "of responses; no accuracy or score is plotted.\n### Components/Axes\n"
            "* **X-Axis:** \"Thinking Tokens per Response (thousands)\"\n* **Y-Axis:** \"Number of Responses\"\n"
            "### Detailed Analysis\n| Bin (k tokens) | Correct (green) | Incorrect (red) |\n| :--- | :--- | :--- |\n"
            "| 0–4 | ~38 | ~3 |\n| 4–8 | ~92 | ~11 |\n")
    assert rows(text, ref) == set()
