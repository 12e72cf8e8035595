"""benchdb: chart descriptions to a DuckDB benchmark warehouse.

The stages live in the repository's top-level folders and are installed beneath this
package: ``benchdb.etl`` (extract, transform, load, CLI), ``benchdb.schema`` (tables and
migrations), ``benchdb.sql`` (views) and ``benchdb.seeds`` (seed descriptions, reference data).
"""

__version__ = "0.1.0"
