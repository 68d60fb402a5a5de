"""The plugin machinery: hook specifications, the registry, the manager, and the bot and front-end contracts."""
