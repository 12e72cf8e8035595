"""Property tests: the quick pre-tests added to hot patterns for speed never change what
they find. Each fast pattern is compared with the same pattern without its pre-test on
text built from the words and signs the pattern knows, and on arbitrary text."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from benchdb.etl.extract import numbers, recognize

NUMBER_PIECES = ["~", "≈", "∼", "≃", "approximately ", "Approx. ", "approx ", "about ", "Around ", "roughly ",
                 "nearly ", "close to ", "near ", "circa ", "ca. ", "-", "+", "−", "$", "€", "£", "1", "23", "4.5",
                 ".5", "1,310", "10⁵", "10¹", "×", "x", "^", "e", "k", "K", "M", "B", "b", "T", "%", "s", "ms",
                 " ", "(", ")", ",", ".", "Qwen", "@", "/", "ı", "İ", "A", "R", "N", "C", "\n"]
DIFFERENCE_PIECES = ["gap", "difference", "Delta", "widens", "narrow", "trails", "leads by", "ahead by",
                     "behind by", "lower by", "HIGHER BY", "improves by", "improvement of", "gains of", "drops of",
                     "drop", "margin", "speed-up", "speedup", "more than", "less than", "outperforms by",
                     "points higher", "point below", " ", "x", "re", "42", ",", "ı", "İ", "ſ"]


def pieces(words: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.lists(st.sampled_from(words), max_size=12).map("".join), st.text(max_size=60))


def same_matches(fast: re.Pattern[str], slow: re.Pattern[str], text: str) -> None:
    assert [(m.span(), m.groupdict()) for m in fast.finditer(text)] == \
        [(m.span(), m.groupdict()) for m in slow.finditer(text)]


@settings(max_examples=400)
@given(pieces(NUMBER_PIECES))
def test_number_pre_test_keeps_every_number(text: str) -> None:
    slow = re.compile(numbers.NUMBER_RE.pattern.replace(numbers.QUICK_START, "", 1), numbers.NUMBER_RE.flags)
    same_matches(numbers.NUMBER_RE, slow, text)


@settings(max_examples=400)
@given(pieces(DIFFERENCE_PIECES))
def test_difference_pre_test_keeps_every_match(text: str) -> None:
    fast = recognize._DIFFERENCE
    slow = re.compile(fast.pattern.replace(recognize.DIFFERENCE_START, "", 1), fast.flags)
    same_matches(fast, slow, text)


PLACE_PIECES = ["the ", "The ", "a ", "at ", "At ", "when ", "with ", "temperature ", "T ", "τ ", "is ", "of ",
                "reaches ", "2", "1k", "8,192", "0.6", ".2", "-token", "-sample", " mark", " tick", " budget",
                " context", ", ", "first ", "Third ", "final ", "marker ", "and ", "it ", "its ", "rightmost tick, ",
                "k", " ", "-", ",", "ı", "İ"]


@settings(max_examples=400, deadline=None)
@given(pieces(PLACE_PIECES))
def test_place_guards_admit_every_place(text: str) -> None:
    for guards, pattern, _ in recognize._PLACE_FORMS:
        if pattern.search(text):
            assert any(g in text for g in guards), (pattern.pattern, text)
    if recognize._ORDINAL_PLACE.search(text):
        assert recognize._ORDINAL_HINT.search(text), text
