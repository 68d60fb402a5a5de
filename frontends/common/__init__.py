"""Words and summaries shared by every front end (not a plugin): actions, events, notes, saved and past matches."""
