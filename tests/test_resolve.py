"""Unit tests: warehouse-wide identity and parameter resolution."""

from benchdb.etl.transform.reference import load_reference
from benchdb.etl.transform.resolve import canonical_benchmarks, canonical_models, model_params


def test_misread_name_joins_the_written_one():
    ref = load_reference()
    mapping = canonical_models({"R1-Qwen": 1, "R1-Owen": 1}, ref)
    assert mapping["R1-Owen"] == mapping["R1-Qwen"] == "R1-Qwen"


def test_identity_does_not_depend_on_order():
    ref = load_reference()
    names = {"R1-Owen": 1, "R1-Qwen": 1, "Owen-2.5-VL-7B": 1, "GLM-ZI-9B": 1}
    forward = canonical_models(names, ref)
    backward = canonical_models(dict(reversed(list(names.items()))), ref)
    assert forward == backward


def test_family_correction_and_reference_correction():
    ref = load_reference()
    mapping = canonical_models({"Owen-2.5-VL-7B": 1, "GLM-ZI-9B": 1}, ref)
    assert mapping["Owen-2.5-VL-7B"] == "Qwen-2.5-VL-7B"
    assert mapping["GLM-ZI-9B"] == "GLM-Z1-9B"


def test_a_lowercase_l_for_a_digit_after_a_capital_joins_the_digit_spelling():
    ref = load_reference()
    for names in ({"Acme-M1": 1, "Acme-Ml": 1}, {"Acme-Ml": 1, "Acme-M1": 1}):
        mapping = canonical_models(names, ref)
        assert mapping["Acme-Ml"] == mapping["Acme-M1"] == "Acme-M1"
    assert canonical_models({"Acme-Ml": 1}, ref) == {"Acme-Ml": "Acme-Ml"}  # alone it is kept as written


def test_unknown_names_are_kept():
    ref = load_reference()
    mapping = canonical_models({"Zorblax-7B": 1, "Zorbiax-7B": 1}, ref)
    assert mapping == {"Zorblax-7B": "Zorblax-7B", "Zorbiax-7B": "Zorbiax-7B"}


def test_case_and_hyphen_variants_are_one_model():
    ref = load_reference()
    mapping = canonical_models({"Nova-3B": 2, "nova 3b": 1}, ref)
    assert mapping["nova 3b"] == mapping["Nova-3B"]


def test_a_short_form_without_its_vendor_word_joins_the_written_reference_name():
    ref = load_reference()
    alone = canonical_models({"R1-Distill-Qwen-7B": 1}, ref)
    assert alone == {"R1-Distill-Qwen-7B": "R1-Distill-Qwen-7B"}  # no description writes the full name
    both = canonical_models({"R1-Distill-Qwen-7B": 1, "DeepSeek-R1-Distill-Qwen-7B": 1}, ref)
    assert both["R1-Distill-Qwen-7B"] == both["DeepSeek-R1-Distill-Qwen-7B"] == "DeepSeek-R1-Distill-Qwen-7B"
    # a reference alias that drops 'Instruct' names another model, written or not
    variant = canonical_models({"Qwen3-Coder-480B-A35B": 1, "Qwen3-Coder-480B-A35B-Instruct": 1}, ref)
    assert variant["Qwen3-Coder-480B-A35B"] != variant["Qwen3-Coder-480B-A35B-Instruct"]


def test_benchmark_aliases_and_misreads():
    ref = load_reference()
    mapping = canonical_benchmarks({"GPOA-D": 1, "AIME24": 1, "MATH500": 1}, ref)
    assert mapping == {"GPOA-D": "GPQA Diamond", "AIME24": "AIME 2024", "MATH500": "MATH-500"}


def test_name_wins_over_figure_and_figures_take_median():
    assert model_params("Nvidia-Nemotron-Ultra-253B", [("total", 100.0)]) == {"total": 253.0}
    assert model_params("AM-thinking-v1", [("total", 100.0), ("total", 90.0), ("total", 30.0)]) == {"total": 90.0}
    assert model_params("Gemma-3-27B-IT", [("active", 30.0)]) == {"total": 27.0, "active": 30.0}
