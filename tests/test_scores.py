"""The shared scorer (../shared/tools/score.py) against the warehouse built from the seeds.

The scorer is the team's acceptance check; it is imported from the shared folder, not
copied, so the test follows its changes. Skipped only when the shared folder is absent
(a checkout on its own).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import duckdb
import pytest

from benchdb.etl.paths import seeds_dir

GOLD = seeds_dir() / "gold"


def load_score_module(shared_dir: Path | None) -> ModuleType:
    if shared_dir is None:
        pytest.skip("../shared is absent: no scorer to run")
    path = shared_dir / "tools" / "score.py"
    assert path.is_file(), f"shared folder without its scorer: {path}"
    spec = importlib.util.spec_from_file_location("benchdb_shared_score", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def figures(shared_dir: Path | None, built_seed_db: Path) -> dict[str, object]:
    score = load_score_module(shared_dir)
    con = duckdb.connect(str(built_seed_db), read_only=True)
    try:
        scorer = score.Scorer(con, GOLD)
        for check in (scorer.match_measurements, scorer.benchmark_consistency, scorer.identities, scorer.params,
                      scorer.frontier_logic, scorer.frontier_gold):
            check()  # unlike score.py's main, let a broken view fail the test with its traceback
        scorer.report(verbose=True)
    finally:
        con.close()
    figures = dict(scorer.figures)
    figures["_lines"] = "\n".join(scorer.lines)
    return figures


@pytest.mark.parametrize(("name", "want"), [
    ("f1", 1.0),
    ("canonical_models", 1.0),
    ("benchmarks_split", 0),
    ("identities", "7/7"),
    ("params", "67/67"),
    ("frontiers", "7/7"),
    ("frontier_flags_wrong", 0),
])
def test_seed_score(figures: dict[str, object], name: str, want: object) -> None:
    assert figures.get(name) == want, f"{name}: {figures.get(name)!r}, want {want!r}\n{figures['_lines']}"


def test_seed_gold_copy_matches_shared(shared_dir: Path | None) -> None:
    if shared_dir is None:
        pytest.skip("../shared is absent: nothing to compare the seed gold with")
    shared_gold = shared_dir / "corpus" / "seeds" / "gold"
    assert shared_gold.is_dir(), f"shared folder without the seed gold: {shared_gold}"
    ours = sorted(p.name for p in GOLD.iterdir() if p.suffix == ".csv")
    theirs = sorted(p.name for p in shared_gold.iterdir() if p.suffix == ".csv")
    assert ours == theirs
    for name in ours:
        assert (GOLD / name).read_bytes() == (shared_gold / name).read_bytes(), f"seeds/gold/{name} differs"


def test_seed_docs_copy_matches_shared(shared_dir: Path | None, seed_docs: Path) -> None:
    if shared_dir is None:
        pytest.skip("../shared is absent: nothing to compare the seed descriptions with")
    shared_docs = shared_dir / "corpus" / "seeds" / "docs"
    assert sorted(p.name for p in seed_docs.iterdir()) == sorted(p.name for p in shared_docs.iterdir())
    for path in seed_docs.iterdir():
        assert path.read_bytes() == (shared_docs / path.name).read_bytes(), f"seeds/docs/{path.name} differs"
