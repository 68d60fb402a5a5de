"""``python -m core`` runs the roundhouse command line."""

import sys

from core.cli import main

sys.exit(main())
