"""Tournament brackets as league formats: single elimination (duels, or rounds of multiplayer tables),
double elimination with a grand-final reset, and a Swiss followed by a single-elimination cut.

Pure and deterministic (no Discord, no store): `build.build` turns the seeds, the stored games and the
withdrawn entrants into a `view.BracketView`, the read-only model a renderer draws; the league service
calls it after every result and asks `build.to_open` which games to open next.

- view.py: the view model (documented there for renderers);
- seeding.py: seed order (rating, draw) and the first round with byes to the top seeds;
- match.py: one match — best of N, majority end, first seat, walkovers, withdrawals, settlements;
- elimination.py: the single- and double-elimination graphs;
- tables.py: seating rounds of multiplayer tables;
- build.py: resolving it all against the results; text.py: the bracket as text.
"""
