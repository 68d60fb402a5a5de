"""Front ends (console, Tk), each a plugin."""
