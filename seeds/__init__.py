"""Seed descriptions, reference data and gold rows shipped with benchdb."""
