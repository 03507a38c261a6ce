"""`python -m tabletop`: the same as the `tabletop` command."""

from __future__ import annotations

from tabletop.cli import run

run()
