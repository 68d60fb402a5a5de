"""The ``roundhouse`` command line: argument parsing, the store's commands and the replay viewer."""
