"""Unit tests of the mechanisms added for the heldout43-50 failure classes, each in a document of
our own: places named by the x axis's words and by 'between' pairs, looks that key values under a
group or a shared place, panels of documents without sections, panel marks on axes and table
columns, captions that except one benchmark from their metric, flat lists headed by a bold series
lead, and half a coordinate pair cut by truncation."""

from __future__ import annotations

from benchdb.etl.extract.recognize import read_values
from benchdb.etl.transform.reference import Reference
from tests._facts import rows


def test_a_number_after_words_of_the_x_axis_name_is_a_place(ref: Reference) -> None:
    text = ("## Line Chart: Zeta-8B on MATH-500 under cache compression\n### Components/Axes\n"
            "- **X-axis**: \"KV Budget (tokens)\", ticks 64, 128.\n- **Y-axis**: \"Accuracy\", 0.2 to 0.8.\n"
            "- **Legend**:\n  - Red line: SnapKV\n  - Black dashed line: FullKV\n"
            "- **Reference line**: the dashed FullKV line is flat at 0.705.\n"
            "### Detailed Analysis\n1. **Red line**\n   - Starts at 0.431 accuracy at budget 64.\n"
            "   - Climbs to 0.552 accuracy by budget 128.\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "MATH-500", "accuracy", "kv_budget=64, method=SnapKV", 0.431),
        ("Zeta-8B", "MATH-500", "accuracy", "kv_budget=128, method=SnapKV", 0.552),
        ("Zeta-8B", "MATH-500", "accuracy", "method=FullKV", 0.705)}


def test_between_two_places_the_values_go_in_order_or_to_the_second() -> None:
    units, nouns = (), ("batch", "size")
    readings, _ = read_values("Between batch sizes 1 and 8 the blue line climbs from 61 to 430 tokens/s.", units, nouns)
    assert [(r.number.value, r.at.value) for r in readings] == [(61.0, 1.0), (430.0, 8.0)]
    readings, _ = read_values("Between 8 and 32 it continues to 1,250 tokens/s.", units, nouns)
    assert [(r.number.value, r.at.value) for r in readings] == [(1250.0, 32.0)]
    readings, _ = read_values("Accuracy varies between 45.5 and 50.25 over the range.", units, nouns)
    assert all(r.at is None for r in readings)  # a range of values, no places


def test_looks_key_the_values_of_a_group_line_and_of_a_shared_place(ref: Reference) -> None:
    text = ("## Bar Chart: Two models on two benchmarks\n### Components/Axes\n"
            "* **X-axis:** Benchmark (AIME24, GPQA-D).\n* **Y-axis:** Accuracy (%).\n"
            "* **Legend:**\n    * Dark blue: Zeta-14B\n    * Light blue: Kappa-7B\n### Detailed Analysis\n"
            "**AIME24:** Accuracy is 70.5% for the dark blue model and 61.25% for the light blue model.\n\n"
            "**GPQA-D:** The bars read 58.5 (dark blue) and 49.75 (light blue).\n")
    assert rows(text, ref) == {
        ("Zeta-14B", "AIME 2024", "accuracy", "", 70.5), ("Kappa-7B", "AIME 2024", "accuracy", "", 61.25),
        ("Zeta-14B", "GPQA Diamond", "accuracy", "", 58.5), ("Kappa-7B", "GPQA Diamond", "accuracy", "", 49.75)}


def test_one_x_place_told_once_holds_for_every_value_keyed_by_a_look(ref: Reference) -> None:
    text = ("## Line Chart: LiveCodeBench Pass@1 vs. thinking budget\n### Components/Axes\n"
            "- **X-axis:** \"Thinking budget\", ticks 2k, 4k.\n- **Y-axis:** \"Pass@1 (%)\".\n"
            "- **Legend:**\n  - purple, solid: Zeta-8B\n  - teal, dashed: Kappa-4B\n### Content Details\n"
            "Moving to 2k, the lines separate: 30.5 (purple), 25.25 (teal).\n\n"
            "The final tick, 4k, gives 41.5 (purple) and 33.75 (teal).\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "LiveCodeBench", "pass@1", "thinking_budget=2000", 30.5),
        ("Kappa-4B", "LiveCodeBench", "pass@1", "thinking_budget=2000", 25.25),
        ("Zeta-8B", "LiveCodeBench", "pass@1", "thinking_budget=4000", 41.5),
        ("Kappa-4B", "LiveCodeBench", "pass@1", "thinking_budget=4000", 33.75)}


def test_panels_of_a_document_without_sections_carry_their_axes_titles_and_legend(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Two Panels\n## Subplot (a)\n- **Title**: \"AIME 2024\" (top center)\n"
            "- **Y-Axis**: \"Accuracy (%)\" (0 to 80)\n- **Legend**:\n- Blue: Zeta-8B\n- Gray: Kappa-7B\n"
            "- **Bars**:\n- Zeta-8B: ~41.5\n- Kappa-7B: ~35.25\n## Subplot (b)\n- **Title**: \"HumanEval\"\n"
            "- **Y-Axis**: \"Pass@1 (%)\" (0 to 100)\n- **Bars**:\n- Blue: ~80.5\n- Gray: ~72.75\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "AIME 2024", "accuracy", "", 41.5), ("Kappa-7B", "AIME 2024", "accuracy", "", 35.25),
        ("Zeta-8B", "HumanEval", "pass@1", "", 80.5), ("Kappa-7B", "HumanEval", "pass@1", "", 72.75)}


def test_a_panel_mark_on_a_table_column_names_the_panel_benchmark(ref: Reference) -> None:
    text = ("# Technical Document Extraction\n## Chart Overview\nTwo panels, **(a) AIME 2024** and **(b) MATH-500**, "
            "plot Pass@1 of **Zeta-8B** under KV eviction methods.\n### Axes\n- **X-axis:** `KV Budget`, 512, 1024.\n"
            "- **Y-axis:** `Pass@1 (%)`.\n## Data Table Reconstruction\n| KV Budget | SnapKV (a) | SnapKV (b) |\n"
            "|---|---|---|\n| 512 | 25.5 | 70.25 |\n| 1024 | 40.75 | 82.5 |\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "AIME 2024", "pass@1", "kv_budget=512, method=SnapKV", 25.5),
        ("Zeta-8B", "MATH-500", "pass@1", "kv_budget=512, method=SnapKV", 70.25),
        ("Zeta-8B", "AIME 2024", "pass@1", "kv_budget=1024, method=SnapKV", 40.75),
        ("Zeta-8B", "MATH-500", "pass@1", "kv_budget=1024, method=SnapKV", 82.5)}


def test_a_caption_excepts_one_benchmark_from_its_metric(ref: Reference) -> None:
    text = ("## Table: Scores of two models\n### Components/Axes\n"
            "* **Caption:** \"Accuracy (%) on all benchmarks except LiveCodeBench, which reports Pass@1 (%).\"\n"
            "### Detailed Analysis\n| Model | MMLU-Pro | LiveCodeBench |\n| --- | --- | --- |\n"
            "| Zeta-8B | 60.5 | 30.25 |\n")
    assert rows(text, ref) == {("Zeta-8B", "MMLU-Pro", "accuracy", "", 60.5),
                               ("Zeta-8B", "LiveCodeBench", "pass@1", "", 30.25)}


def test_a_bold_series_lead_heads_the_unlabelled_value_items_after_it(ref: Reference) -> None:
    text = ("## Line Chart: Accuracy vs. Thinking Budget on AIME 2025\n### Components/Axes\n"
            "* **X-axis:** \"Thinking Budget (tokens, thousands)\", ticks 2, 4.\n* **Y-axis:** \"Accuracy\".\n"
            "* **Legend:**\n* Teal line with diamond markers: Zeta-14B\n* Blue line with square markers: Kappa-8B\n"
            "### Detailed Analysis\n* **Teal Line (Diamond Markers, Zeta-14B):** The higher line.\n"
            "* (2, 0.318)\n* (4, 0.452)\n* **Blue Line (Square Markers):** About 0.05 lower than teal.\n"
            "* (2, 0.276)\n* (4, 0.401)\n")
    assert rows(text, ref) == {
        ("Zeta-14B", "AIME 2025", "accuracy", "thinking_budget=2000", 0.318),
        ("Zeta-14B", "AIME 2025", "accuracy", "thinking_budget=4000", 0.452),
        ("Kappa-8B", "AIME 2025", "accuracy", "thinking_budget=2000", 0.276),
        ("Kappa-8B", "AIME 2025", "accuracy", "thinking_budget=4000", 0.401)}


def test_a_truncation_inside_a_coordinate_pair_drops_the_whole_point(ref: Reference) -> None:
    text = ("## Scatter Plot: AIME 2025 Pass@1 vs. output tokens\n### Components/Axes\n"
            "* **X-axis:** \"Average output tokens\".\n* **Y-axis:** \"Pass@1 (%)\".\n### Detailed Analysis\n"
            "* **Zeta-8B:** Located at approximately x=9,500, y=61.5.\n"
            "* **Kappa-7B:** Located at approximately x=12,400, y=6")
    from benchdb.etl.extract.parse import parse_chart
    from benchdb.etl.transform.interpret import interpret
    values = {(v.model_as_written, v.metric, v.value) for v in interpret(parse_chart(text), ref).values}
    assert values == {("Zeta-8B", "cost", 9500.0), ("Zeta-8B", "pass@1", 61.5)}


def test_labels_of_one_group_share_a_role(ref: Reference) -> None:
    text = ("## Scatter Plot: AIME 2025 accuracy vs. cost for decoding methods\n### Components/Axes\n"
            "* **Y-Axis:** \"Accuracy\".\n* **X-Axis:** \"Cost (tokens)\".\n### Detailed Analysis\n"
            "**Left Plot (Zeta-4B):**\n1. **Greedy** (Grey): Accuracy ≈ 0.61, Cost ≈ 2.5 x 10^4.\n"
            "2. **Majority@8** (Green): Accuracy ≈ 0.74, Cost ≈ 2.0 x 10^5.\n"
            "3. **Best-of-8** (Purple): Accuracy ≈ 0.7, Cost ≈ 2.1 x 10^5.\n")
    assert {(m, s) for _, _, m, s, _ in rows(text, ref)} == {
        ("accuracy", "method=Greedy"), ("cost", "method=Greedy"), ("accuracy", "method=Majority@8"),
        ("cost", "method=Majority@8"), ("accuracy", "method=Best-of-8"), ("cost", "method=Best-of-8")}


def test_a_number_before_line_is_where_a_line_is_drawn() -> None:
    readings, dropped = read_values("BF16: ~49.5%. W4A16: ~46.25%. Both bars end close to the unlabelled 50% line.")
    assert [r.number.value for r in readings] == [49.5, 46.25]
    assert [(n.raw, why) for n, why in dropped] == [("50%", "axis position")]


def test_a_metric_line_named_by_its_look_goes_on_about_the_clause_before(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Precision trade-offs\n## Legend\n"
            "* Bar fill: light grey = BF16, dark grey = INT4.\n* Red line with diamond markers = throughput (right axis).\n"
            "## Axes\n* **Left Y-axis:** \"MATH-500 Accuracy (%)\".\n* **Right Y-axis:** \"Throughput (tokens/s)\".\n"
            "* **X-axis:** the precisions.\n## Data Narrative\n### Left panel (Zeta-30B-A3B)\n"
            "With INT4 weights the accuracy bar drops to 91.5%, the red line reaches its maximum of 3,250 tokens/s.\n")
    assert rows(text, ref) == {("Zeta-30B-A3B", "MATH-500", "accuracy", "precision=INT4", 91.5),
                               ("Zeta-30B-A3B", "MATH-500", "throughput", "precision=INT4", 3250.0)}
