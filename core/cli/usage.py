"""The error every command raises for a well-formed argument it cannot accept."""


class UsageError(Exception):
    """A command-line argument that is well-formed but not acceptable (exit 2)."""
