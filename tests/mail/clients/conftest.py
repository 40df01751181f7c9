"""The report every client answers, and each client's replies, made once a session.

A client that is not installed skips its tests on a developer's machine, naming the Debian
package, but fails them in CI (CI=true), where .ci/run installs every client.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.clients.drivers import Client, Written, reply
from tests.mail.clients.table import Table
from tests.unavailable import unavailable


def need(client: Client) -> None:
    reason = client.missing()
    if reason is None:
        return
    unavailable(reason)


@pytest.fixture(scope="session")
def report(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """Alice's turn 0 report mail, as `wtg send` wrote it."""
    return Table(tmp_path_factory.mktemp("gm")).report(1)


@pytest.fixture(scope="session")
def written(tmp_path_factory: pytest.TempPathFactory, report: bytes) -> Written:
    """The reply a client sent in a shape (each client writes each shape once a session)."""
    made: dict[tuple[str, str], bytes] = {}

    def write(client: Client, shape: str) -> bytes:
        need(client)
        key = (client.name, shape)
        if key not in made:
            desk: Path = tmp_path_factory.mktemp(f"{client.name}-{shape}")
            made[key] = reply(client, desk / "desk", report, shape)
        return made[key]

    return write
