"""The server tests' shared fixture: `http`, a client of a fresh server app (see `server_helpers.client`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import client


@pytest.fixture
def http() -> Iterator[Any]:
    """A Starlette test client of a new app on an in-memory store, closed after the test."""
    with client() as c:
        yield c
