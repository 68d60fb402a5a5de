"""The interactive replay: one frame at a time, moved like a pager (``roundhouse replay`` at a terminal).

Keys, each followed by Enter (the catalog's ``replay_help`` says the same to
the player): Enter or ``n`` next event, ``b`` back one, a number ``N`` (or
``-N``) that many events on (back), ``r`` next round, ``p`` previous round,
``g`` the start, ``e`` the end, ``/name`` that player's next move, ``?``
help, ``q`` (or the end of input) quits. Anything else re-prompts with a
line saying what is accepted. Every prompt and message comes from the UI
catalog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO

from roundhouse.core.cli.replay_frames import MatchFrames
from roundhouse.core.cli.replay_navigation import Navigator
from roundhouse.core.cli.replay_table import shown
from roundhouse.core.text.i18n import Catalog

MAX_JUMP_DIGITS = 9
"""The longest number of events one jump takes (a longer number is refused, not clamped)."""


def frame_text(frames: MatchFrames, index: int) -> str:
    """Frame ``index`` as the viewer and the plain-text listing show it: ``[i/n] sentence``, then the table."""
    frame = frames.frame(index)
    text = f"[{index + 1}/{len(frames)}] {frame.sentence}\n"
    table = frames.words.render(frame.table) if frame.table is not None else ""
    return text + (table + "\n" if table else "")


def match_heading(catalog: Catalog, number: int) -> str:
    """The line shown before the first frame of every match after the first."""
    return "\n" + catalog.t("replay_match_heading", number=number) + "\n"


def page(navigator: Navigator, catalog: Catalog, stdin: IO[str], stdout: IO[str]) -> None:
    """Show frames and follow the reader's keys until ``q`` or the end of input."""
    stdout.write(catalog.t("replay_keys") + "\n")
    shown_match, show = 0, True
    while True:
        if show:
            if navigator.match != shown_match and navigator.match > 1:
                stdout.write(match_heading(catalog, navigator.match))
            shown_match = navigator.match
            stdout.write("\n" + frame_text(navigator.frames(navigator.match), navigator.index))
        stdout.write(catalog.t("replay_prompt"))
        stdout.flush()
        answer = stdin.readline()
        if not answer:
            stdout.write("\n")
            return
        command = answer.strip()
        if command.lower() == "q":
            return
        message = _follow(navigator, catalog, command)
        show = message is None
        if message:
            stdout.write(message + "\n")


def _follow(navigator: Navigator, catalog: Catalog, command: str) -> str | None:
    """Carry out one command; None when a new frame is to be shown, else the message to say."""
    moves: dict[str, Callable[[], bool]] = {
        "": lambda: navigator.step(1),
        "n": lambda: navigator.step(1),
        "b": lambda: navigator.step(-1),
        "r": navigator.next_round,
        "p": navigator.previous_round,
        "g": navigator.start,
        "e": navigator.end,
    }
    key = command.lower()
    if key in moves:
        if moves[key]():
            return None
        return catalog.t("replay_at_start" if key in ("b", "p", "g") else "replay_at_end")
    if key in ("?", "h", "help"):
        return catalog.t("replay_help")
    if command.startswith("/"):
        name = command[1:].strip()
        if not name:
            return catalog.t("replay_search_empty")
        if navigator.find_move(name):
            return None
        return catalog.t("replay_search_none", name=shown(name))
    digits = command.removeprefix("-").removeprefix("+")
    if digits.isdecimal() and digits.isascii():
        if len(digits) > MAX_JUMP_DIGITS or int(digits) == 0:
            return catalog.t("replay_bad_jump")
        count = -int(digits) if command.startswith("-") else int(digits)
        if navigator.step(count):
            return None
        return catalog.t("replay_at_start" if count < 0 else "replay_at_end")
    return catalog.t("replay_unknown_key", answer=shown(command))
