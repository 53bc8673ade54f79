"""Community leagues and tournaments: ratings, pairings, standings, round deadlines and brackets.

The rule modules (ratings, pairing, standings, progress, deadlines, config, brackets/) are pure (no Discord, no
storage): they turn finished games into rating changes, league tables and brackets, and members into
pairings, so every rule is unit-tested on its own. `service` and `tournament_service` run them over the
store; `post`, `profile` and `bracket_image` are their Discord side.
"""
