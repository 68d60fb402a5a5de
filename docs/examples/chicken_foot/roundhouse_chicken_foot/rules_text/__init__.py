"""Rule texts of Chicken Foot: ``<lang>.yaml`` files (title, sections and the game's own ``text``)."""
