"""Defaults shared by the library and the command line (cheap to import)."""

DEFAULT_DB = "bench.duckdb"
#: Largest share of the published measurements a refresh may drop without --allow-shrink.
DEFAULT_MAX_SHRINK = 0.5
