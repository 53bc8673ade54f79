"""Playing a game: the service that commits actions, clocks, AI seats and their turns, practice, hints,
reviews, history and local games."""
