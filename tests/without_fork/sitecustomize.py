"""Run Roundhouse as where processes cannot fork (Windows): ``os.fork`` and ``os.register_at_fork`` are removed.

Python imports ``sitecustomize`` as it starts, before anything else runs, so
with this folder on ``PYTHONPATH`` (as an absolute path, which a subprocess
in another folder still finds) every interpreter of a run lacks both
functions: the test process, pytest-xdist's workers, ``simulate``'s worker
processes and isolated bots' processes alike. CI runs the whole suite so::

    PYTHONPATH="$PWD/tests/without_fork" python -m pytest -n 2

A test that sets ``PYTHONPATH`` for a subprocess keeps what is already there.
"""

import os

for name in ("fork", "register_at_fork"):
    if hasattr(os, name):
        delattr(os, name)
