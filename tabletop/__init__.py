"""The platform shared by every game and both front ends, grouped by concern: play, delivery, presentation,
runtime, leagues and matchmaking. Nothing here but `delivery` knows Discord (tests/platform/test_layering.py)."""
