"""`python -m tabletop`: the same as the `tabletop` command."""

from __future__ import annotations

import sys

from tabletop.cli import main

sys.exit(main())
