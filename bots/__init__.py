"""Computer strategies, each a plugin."""
