"""Localized rule text and interface strings (YAML)."""
