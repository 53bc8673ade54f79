"""Benchmarks: figures printed as a table by `python -m bench`, never asserted as timed tests."""
