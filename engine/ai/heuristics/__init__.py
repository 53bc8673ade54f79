"""Per-game AI knowledge, one module per game id (see engine.ai.hooks); every module is optional."""
