"""benchdb: chart descriptions to a DuckDB benchmark warehouse (extract, transform, load)."""

__version__ = "0.1.0"
