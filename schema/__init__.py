"""The warehouse schema: SQLAlchemy tables (the single definition) and Alembic migrations."""

from benchdb.schema.tables import STAR_TABLES, metadata

__all__ = ["STAR_TABLES", "metadata"]
