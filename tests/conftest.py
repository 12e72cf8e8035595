"""Shared fixtures: the seed descriptions, the shared corpus folder, one seed warehouse, and the
reference vocabularies.

`built_seed_db` refreshes the seed descriptions once per session; tests that only read
the warehouse use it (open it read-only), tests that change input build their own.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from benchdb.etl.paths import seeds_dir
from benchdb.etl.pipeline import refresh
from benchdb.etl.transform.reference import Reference, load_reference


@pytest.fixture(scope="session")
def seed_docs() -> Path:
    """The seed descriptions shipped with benchdb (seeds/docs)."""
    docs = seeds_dir() / "docs"
    assert docs.is_dir(), f"seed descriptions missing: {docs}"
    return docs


@pytest.fixture(scope="session")
def shared_dir() -> Path | None:
    """The team's shared folder next to the checkout (../shared), or None when absent."""
    shared = Path(__file__).resolve().parents[1].parent / "shared"
    return shared if shared.is_dir() else None


@pytest.fixture(scope="session")
def built_seed_db(tmp_path_factory: pytest.TempPathFactory, seed_docs: Path) -> Path:
    """A warehouse refreshed once from the seed descriptions; treat it as read-only."""
    db = tmp_path_factory.mktemp("seed_db") / "bench.duckdb"
    summary = refresh(seed_docs, db)
    assert summary.published, summary
    return db


@pytest.fixture
def seeds_copy(seed_docs: Path, tmp_path: Path) -> Path:
    """A private copy of the seed descriptions, for tests that add or change documents."""
    docs = tmp_path / "docs"
    shutil.copytree(seed_docs, docs)
    return docs


@pytest.fixture
def db_copy(built_seed_db: Path, tmp_path: Path) -> Path:
    """A private copy of the seed warehouse, for tests that try to change it."""
    db = tmp_path / "bench.duckdb"
    shutil.copyfile(built_seed_db, db)
    return db


@pytest.fixture(scope="session")
def ref() -> Reference:
    """The reference vocabularies shipped with benchdb."""
    return load_reference()
