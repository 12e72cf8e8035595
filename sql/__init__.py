"""SQL views of the warehouse, one per file."""
