"""Rule texts of double-six block: ``<lang>.yaml`` files (title and sections)."""
