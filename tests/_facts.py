"""The values a document of our own yields, for the extraction unit tests: each document is
closed by a final section, since one that ends on a number may have been cut inside it."""

from __future__ import annotations

from benchdb.etl.extract.parse import parse_chart
from benchdb.etl.transform.interpret import ValueFact, interpret
from benchdb.etl.transform.reference import Reference

_CLOSING = "\n### Interpretation\nAs expected.\n"


def values_of(text: str, ref: Reference) -> list[ValueFact]:
    """Every value fact of `text`."""
    return interpret(parse_chart(text + _CLOSING), ref).values


def rows(text: str, ref: Reference) -> set[tuple[str, str, str, str, float]]:
    """(model as written, benchmark, metric, setting, value) of every value of `text`."""
    return {(v.model_as_written, v.benchmark_name, v.metric, v.setting, v.value) for v in values_of(text, ref)}


def metric_rows(text: str, ref: Reference) -> set[tuple[str, str, str, float]]:
    """(model as written, metric, setting, value) of every value of `text`."""
    return {(v.model_as_written, v.metric, v.setting, v.value) for v in values_of(text, ref)}
