"""The rules-agnostic core, in layers; each imports only the layers above it.

- ``text``: catalogs of player-visible text, languages, notices.
- ``game``: the engine kernel (tiles, actions, events, views, state, rule
  parameters, the variant contract, the decision generator).
- ``plugins``: hook specifications, the registry, the plugin manager, and the
  bot and front-end contracts.
- ``play``: the match session (preview, undo, restart), setup, bot guard,
  match records.
- ``tournament`` and ``store``: headless tournaments with their bot
  processes; the SQLite store of saves and history.
- ``cli``: the ``roundhouse`` command line.

The core imports no variant, front end or bot.
"""
