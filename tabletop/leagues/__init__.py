"""Community leagues: ratings, pairings, standings and round deadlines.

The modules here other than `service` are pure (no Discord, no storage): they turn finished games into
rating changes and league tables, and members into pairings, so every rule is unit-tested on its own.
"""
