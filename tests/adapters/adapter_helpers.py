"""Shared helpers of the adapter tests: an extra's test skips only where the extra is not installed.

In CI (`TABLETOP_REQUIRE_EXTRAS=1`, set by `.ci/run`) a missing extra fails instead of skipping.
"""

from __future__ import annotations

import importlib
import importlib.util
import os

import pytest


def require(module: str):
    """Import `module`, or skip the test (fail in CI) when its extra is not installed."""
    if importlib.util.find_spec(module) is None:
        if os.environ.get("TABLETOP_REQUIRE_EXTRAS") == "1":
            pytest.fail(f"{module} is not installed, but TABLETOP_REQUIRE_EXTRAS=1 requires every extra")
        pytest.skip(f"{module} is not installed (pip install -e '.[dev]')")
    return importlib.import_module(module)


def has_bridge(game: str) -> bool:
    """True when `tabletop.adapters.<game>` exists (Spółka ZOO's comes from another branch)."""
    return importlib.util.find_spec(f"tabletop.adapters.{game}") is not None
