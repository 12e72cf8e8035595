"""Where benchdb's packaged data lives: seed descriptions, reference CSVs, SQL views."""

from __future__ import annotations

from pathlib import Path

import benchdb.seeds as seeds
import benchdb.sql as sql


def seeds_dir() -> Path:
    """The installed `seeds/` folder (descriptions in docs/, reference data, gold rows)."""
    return Path(seeds.__file__).resolve().parent


def reference_dir() -> Path:
    """The reference CSVs: benchmarks, metrics, settings, models, families."""
    return seeds_dir() / "reference"


def sql_dir() -> Path:
    """The folder of view definitions, one view per file."""
    return Path(sql.__file__).resolve().parent
