"""Wunderkammer: scenario tests, one or more per rulebook paragraph and per point of issue 13."""
