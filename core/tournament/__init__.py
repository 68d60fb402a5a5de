"""Headless tournaments (``roundhouse simulate``): worker processes and isolated bot processes."""
