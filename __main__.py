"""``python -m roundhouse`` runs the roundhouse command line."""

import sys

from roundhouse.core.cli.main import main

sys.exit(main())
