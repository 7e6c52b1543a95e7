"""Fixtures shared by the network tests: every server listens on 127.0.0.1 and stops by itself."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.net.helpers import LiveServer, live_server


@pytest.fixture(scope="module")
def live() -> Iterator[LiveServer]:
    """One headless table server on loopback for a test module (``helpers.live_server``)."""
    with live_server() as server:
        yield server
