"""What a test needs that this machine lacks (a server, a mail client, a browser, a tool,
a mount): the test is skipped, saying what to install, except in CI (``CI=true``), where
`.ci/run` installs everything and a missing one is a failure."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def in_ci() -> bool:
    """Whether the tests run in CI (``CI=true``), read when asked."""
    return os.environ.get("CI", "").lower() == "true"


def unavailable(reason: str) -> NoReturn:
    """Skip the test for ``reason``; in CI, fail it."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true: .ci/run installs it; a missing one is a failure)")
    pytest.skip(reason)
