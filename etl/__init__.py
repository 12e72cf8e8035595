"""benchdb.etl: extract, transform and load stages, and the command line."""

from benchdb import __version__

__all__ = ["__version__"]
