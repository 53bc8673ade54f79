"""The Discord-side platform shared by every game: configuration, texts, orchestration, components."""
