"""Scoring core: pure standard-library code, no framework imports."""
