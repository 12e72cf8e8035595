"""Whole corpora through a real refresh and the shared scorer: the dev corpus (shared) and
the held-out corpora written blind to the parser (tests/cases/heldout*).

These guard extraction quality across the family of styles, not single files; the bars
are the issue's acceptance levels, not the current (higher) figures.

heldout3 to heldout6 were written blind to the parser from the contract alone, imitating
real describer output in styles none of the older corpora has (grids in either orientation,
colour-referenced series, prose, mixed heading levels). They measure generalization: their
floors are ratchets at the figures reached so far, raised as the extractor improves and
never lowered.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from benchdb.etl.pipeline import refresh
from tests.test_scores import load_score_module

CASES = Path(__file__).parent / "cases"


def score_corpus(shared_dir: Path | None, docs: Path, gold: Path, tmp_path: Path) -> dict[str, object]:
    score = load_score_module(shared_dir)
    db = tmp_path / "corpus.duckdb"
    refresh(docs, db)
    con = duckdb.connect(str(db), read_only=True)
    try:
        scorer = score.Scorer(con, gold)
        for check in (scorer.match_measurements, scorer.benchmark_consistency, scorer.identities, scorer.params,
                      scorer.frontier_logic):
            check()
        scorer.report(verbose=True)
    finally:
        con.close()
    return {**scorer.figures, "_lines": "\n".join(scorer.lines)}


def fraction(text: object) -> float:
    done, total = str(text).split("/")
    return int(done) / int(total) if int(total) else 1.0


def corpora(shared_dir: Path | None) -> list[tuple[str, Path, Path]]:
    found = [(p.name, p / "docs", p / "gold") for p in sorted(CASES.glob("heldout*")) if (p / "gold").is_dir()]
    if shared_dir is not None:
        found.insert(0, ("dev", shared_dir / "corpus" / "dev" / "docs", shared_dir / "corpus" / "dev" / "gold"))
    return found


@pytest.mark.parametrize("name", ["dev", "heldout", "heldout2"])
def test_corpus_quality(name: str, shared_dir: Path | None, tmp_path: Path) -> None:
    chosen = {n: (d, g) for n, d, g in corpora(shared_dir)}
    if name not in chosen:
        pytest.skip(f"corpus {name} is not available here")
    docs, gold = chosen[name]
    figures = score_corpus(shared_dir, docs, gold, tmp_path)
    report = figures["_lines"]
    assert figures["f1"] >= 0.97, report
    assert figures["canonical_models"] >= 0.97, report
    assert figures["benchmarks_split"] == 0, report
    assert fraction(figures["identities"]) == 1.0, report
    assert fraction(figures["params"]) >= 0.95, report
    assert figures["frontier_flags_wrong"] == 0, report


# corpus -> (f1, identities, params) floors: raise them with the extractor, never lower them
UNSEEN_FLOORS = {"heldout2": (0.99, 29 / 29, 50 / 50), "heldout3": (1.00, 18 / 18, 58 / 58),
                 "heldout4": (0.99, 17 / 17, 39 / 39), "heldout5": (0.99, 18 / 18, 46 / 46),
                 "heldout6": (1.00, 18 / 18, 41 / 41), "heldout7": (1.00, 18 / 18, 46 / 46),
                 "heldout8": (0.98, 10 / 10, 21 / 21), "heldout9": (1.00, 18 / 18, 50 / 50),
                 "heldout10": (0.90, 16 / 22, 28 / 35), "heldout11": (0.88, 10 / 10, 18 / 18),
                 "heldout12": (0.95, 8 / 9, 43 / 47), "heldout13": (1.00, 12 / 12, 24 / 24),
                 "heldout14": (0.94, 8 / 8, 16 / 16), "heldout15": (0.95, 24 / 24, 45 / 46),
                 "heldout16": (0.79, 3 / 10, 16 / 28), "heldout17": (0.87, 12 / 13, 20 / 20),
                 "heldout18": (0.86, 16 / 19, 36 / 36), "heldout19": (0.80, 15 / 15, 24 / 24),
                 "heldout20": (0.98, 16 / 17, 33 / 33), "heldout21": (0.71, 9 / 13, 18 / 20),
                 "heldout22": (0.93, 11 / 12, 25 / 25), "heldout23": (0.60, 6 / 11, 23 / 29),
                 "heldout24": (0.83, 12 / 14, 18 / 20), "heldout25": (0.97, 12 / 12, 39 / 40),
                 "heldout26": (0.78, 17 / 17, 22 / 22), "heldout27": (0.97, 13 / 13, 32 / 32),
                 "heldout28": (0.84, 14 / 14, 21 / 21), "heldout29": (0.85, 16 / 16, 36 / 36),
                 "heldout30": (0.93, 13 / 17, 23 / 25), "heldout31": (0.67, 11 / 13, 16 / 18),
                 "heldout32": (0.86, 11 / 11, 36 / 36), "heldout33": (0.82, 8 / 12, 23 / 27),
                 "heldout34": (0.89, 14 / 17, 20 / 20), "heldout35": (0.82, 8 / 11, 48 / 63),
                 "heldout36": (0.85, 11 / 11, 32 / 32), "heldout37": (0.53, 5 / 8, 14 / 20),
                 "heldout38": (0.94, 14 / 15, 27 / 27), "heldout39": (0.81, 14 / 14, 39 / 39),
                 "heldout40": (0.98, 9 / 9, 31 / 31), "heldout41": (0.64, 6 / 10, 19 / 26),
                 "heldout42": (0.88, 12 / 13, 23 / 24), "heldout43": (1.00, 12 / 12, 20 / 20),
                 "heldout44": (0.91, 12 / 12, 23 / 23), "heldout45": (0.94, 11 / 11, 17 / 17),
                 "heldout46": (1.00, 12 / 12, 21 / 21), "heldout47": (0.96, 9 / 9, 23 / 23),
                 "heldout48": (1.00, 12 / 12, 54 / 54), "heldout49": (1.00, 10 / 10, 24 / 24),
                 "heldout50": (1.00, 11 / 12, 17 / 17), "heldout51": (1.00, 12 / 12, 25 / 25),
                 "heldout52": (0.93, 12 / 12, 18 / 20), "heldout53": (0.92, 12 / 12, 23 / 23),
                 "heldout54": (0.95, 10 / 10, 18 / 18), "heldout55": (1.00, 11 / 11, 22 / 22),
                 "heldout56": (1.00, 9 / 9, 27 / 27), "heldout57": (1.00, 9 / 9, 34 / 34),
                 "heldout58": (1.00, 11 / 11, 28 / 28), "heldout59": (1.00, 12 / 12, 60 / 60),
                 "heldout60": (1.00, 12 / 12, 39 / 39), "heldout61": (1.00, 14 / 14, 31 / 31),
                 "heldout62": (1.00, 12 / 12, 22 / 22), "heldout63": (0.94, 12 / 12, 33 / 33),
                 "heldout64": (0.94, 13 / 13, 28 / 28), "heldout65": (1.00, 12 / 12, 32 / 32),
                 "heldout66": (1.00, 6 / 6, 17 / 17), "heldout67": (1.00, 11 / 11, 24 / 24),
                 "heldout68": (1.00, 12 / 12, 34 / 34), "heldout69": (0.98, 12 / 12, 15 / 15),
                 "heldout70": (0.99, 12 / 12, 29 / 29), "heldout71": (0.98, 12 / 12, 36 / 36),
                 "heldout72": (1.00, 12 / 12, 33 / 33), "heldout73": (1.00, 11 / 11, 34 / 34),
                 "heldout74": (0.90, 16 / 16, 75 / 75), "heldout75": (1.00, 12 / 12, 33 / 33),
                 "heldout76": (0.98, 12 / 12, 19 / 19), "heldout77": (0.93, 11 / 12, 27 / 27),
                 "heldout78": (0.94, 13 / 13, 31 / 31), "heldout79": (0.91, 12 / 13, 25 / 26),
                 "heldout80": (1.00, 17 / 17, 23 / 23), "heldout81": (1.00, 12 / 12, 19 / 19),
                 "heldout82": (0.99, 12 / 13, 84 / 84), "heldout83": (0.99, 13 / 13, 27 / 27),
                 "heldout84": (1.00, 18 / 19, 22 / 22), "heldout85": (0.92, 12 / 12, 12 / 12),
                 "heldout86": (0.97, 14 / 14, 33 / 33), "heldout87": (0.97, 16 / 16, 27 / 27),
                 "heldout88": (1.00, 17 / 17, 29 / 29), "heldout89": (0.83, 14 / 14, 15 / 15),
                 "heldout90": (0.94, 14 / 14, 22 / 22)}


@pytest.mark.parametrize("name", sorted(UNSEEN_FLOORS))
def test_unseen_style_corpus_does_not_regress(name: str, shared_dir: Path | None, tmp_path: Path) -> None:
    docs, gold = CASES / name / "docs", CASES / name / "gold"
    figures = score_corpus(shared_dir, docs, gold, tmp_path)
    report = figures["_lines"]
    f1, identities, params = UNSEEN_FLOORS[name]
    assert figures["f1"] >= f1, report
    assert fraction(figures["identities"]) >= identities - 1e-9, report
    assert fraction(figures["params"]) >= params - 1e-9, report
    assert figures["benchmarks_split"] == 0, report
    assert figures["frontier_flags_wrong"] == 0, report
