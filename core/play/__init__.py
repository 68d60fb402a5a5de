"""Playing a match: the session loop, table setup, difficulty levels, the bot guard and match records."""
