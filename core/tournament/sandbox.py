"""A sandbox for an isolated bot's process (Linux): no network, no file written, no signal out.

Two steps, each done where the kernel allows and reported by name:

- :func:`leave_network` moves the process into a new user and network
  namespace before the plugins load: it has only a loopback of its own,
  down, so it reaches no host, not even this one. The kernel allows it
  only in a process with one thread, hence its place before any plugin
  code runs.
- :func:`confine` restricts the process with Landlock after the plugins
  load: it may read (and run) files only beneath the places Python and the
  loaded plugins live (:func:`readable_places`), writes, creates and
  removes nothing, opens no TCP connection, and sends no signal and
  reaches no abstract socket outside its own sandbox. ``/proc`` is not
  among the readable places, so the referee's command line is out of
  reach too.

What was opened before :func:`confine` (the pipe to the referee, standard
error, a file a plugin opened while it was imported) stays usable: the
sandbox confines a bot's decisions, not the import of its plugin.
"""

from __future__ import annotations

import ctypes
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path

NETWORK = "network"
"""In force: the process has a network namespace of its own (no network)."""
FILES = "files"
"""In force: Landlock lets the process read where Python lives and write nowhere."""
SIGNALS = "signals"
"""In force: Landlock keeps the process's signals and abstract sockets inside its sandbox."""

_CLONE_NEWUSER = 0x10000000
_CLONE_NEWNET = 0x40000000
_SYS_LANDLOCK_CREATE_RULESET = 444  # the same number on every Linux architecture
_SYS_LANDLOCK_ADD_RULE = 445
_SYS_LANDLOCK_RESTRICT_SELF = 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

_EXECUTE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 2, 1 << 3
_READ_ONLY_FILE = _EXECUTE | _READ_FILE
_READ_ONLY_DIR = _READ_ONLY_FILE | _READ_DIR

SYSTEM_PLACES = ("/usr", "/lib", "/lib32", "/lib64", "/etc", "/dev/null", "/dev/urandom")
"""Readable beyond Python's own places: shared libraries, locale and time zone data."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _libc() -> ctypes.CDLL | None:
    """The C library (Linux); None elsewhere."""
    return ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


def leave_network() -> bool:
    """Enter a new user and network namespace (call with one thread only). True if done."""
    libc = _libc()
    return libc is not None and libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) == 0


def landlock_version() -> int:
    """The Landlock ABI version this kernel offers; 0 when it offers none (or this is not Linux)."""
    libc = _libc()
    if libc is None:
        return 0
    libc.syscall.restype = ctypes.c_long
    asked = ctypes.c_uint32(_LANDLOCK_CREATE_RULESET_VERSION)
    version = libc.syscall(ctypes.c_long(_SYS_LANDLOCK_CREATE_RULESET), None, ctypes.c_size_t(0), asked)
    return max(int(version), 0)


def _handled(version: int) -> tuple[_RulesetAttr, int]:
    """Every right this ABI version can deny (file system, TCP, scopes), and the size of the attribute it reads."""
    fs = (1 << 13) - 1  # version 1: execute to make a symlink
    if version >= 2:
        fs |= 1 << 13  # refer: link or rename across directories
    if version >= 3:
        fs |= 1 << 14  # truncate
    if version >= 5:
        fs |= 1 << 15  # ioctl on devices
    net = 0b11 if version >= 4 else 0  # bind and connect TCP
    scoped = 0b11 if version >= 6 else 0  # abstract unix sockets and signals
    size = 24 if version >= 6 else 16 if version >= 4 else 8
    return _RulesetAttr(fs, net, scoped), size


def readable_places() -> list[str]:
    """Where the process may read: Python's prefixes, ``sys.path``, each loaded top-level package, system libraries."""
    places = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, *sys.path, *SYSTEM_PLACES]
    for name, module in list(sys.modules.items()):
        if "." in name:
            continue
        places.extend(getattr(module, "__path__", None) or [])
        if not hasattr(module, "__path__") and isinstance(getattr(module, "__file__", None), str):
            places.append(module.__file__)
    return list(dict.fromkeys(str(Path(place)) for place in places if place))


def confine(readable: Iterable[str]) -> set[str]:
    """Restrict this process for good with Landlock: read only beneath ``readable``; which of FILES, SIGNALS hold.

    Denies every right the kernel's version can deny, then allows reading
    beneath each existing place. Sets no-new-privileges, which Landlock
    needs. An empty set when the kernel has no Landlock.
    """
    libc = _libc()
    version = landlock_version()
    if libc is None or version == 0 or libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return set()
    attr, size = _handled(version)
    ruleset = libc.syscall(
        ctypes.c_long(_SYS_LANDLOCK_CREATE_RULESET), ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0)
    )
    if ruleset < 0:
        return set()
    try:
        for place in readable:
            _allow_reading(libc, int(ruleset), place)
        if libc.syscall(ctypes.c_long(_SYS_LANDLOCK_RESTRICT_SELF), ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            return set()
    finally:
        os.close(ruleset)
    return {FILES, SIGNALS} if attr.scoped else {FILES}


def _allow_reading(libc: ctypes.CDLL, ruleset: int, place: str) -> None:
    """Add a rule that lets the process read beneath ``place`` (a folder) or read ``place`` (a file), if it exists."""
    try:
        descriptor = os.open(place, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return
    try:
        folder = stat.S_ISDIR(os.fstat(descriptor).st_mode)
        rule = _PathBeneathAttr(_READ_ONLY_DIR if folder else _READ_ONLY_FILE, descriptor)
        libc.syscall(
            ctypes.c_long(_SYS_LANDLOCK_ADD_RULE),
            ctypes.c_int(ruleset),
            ctypes.c_int(_LANDLOCK_RULE_PATH_BENEATH),
            ctypes.byref(rule),
            ctypes.c_uint32(0),
        )
    finally:
        os.close(descriptor)
