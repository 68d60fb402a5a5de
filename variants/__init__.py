"""Game variants, one package per game, each a plugin."""
