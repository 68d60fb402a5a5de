"""The engine kernel: tiles, actions, events, views, match state, rule parameters and the variant contract."""
