"""Write the replies of every client installed here to fixtures/<client>-<shape>.eml.

    python -m tests.mail.clients.record [CLIENT ...]

The fixtures keep what each client sent, byte for byte, so that the replies are tested
everywhere (tests/mail/clients/test_fixtures.py), also where the clients are not installed.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.mail.clients.drivers import CLIENTS, reply
from tests.mail.clients.player import SHAPES
from tests.mail.clients.table import Table

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def main(names: list[str]) -> int:
    chosen = [client for client in CLIENTS if not names or client.name in names]
    with tempfile.TemporaryDirectory() as folder:
        report = Table(Path(folder) / "gm").report(1)
        for client in chosen:
            reason = client.missing()
            if reason:
                print(f"{client.name}: skipped: {reason}")
                continue
            for shape in SHAPES:
                raw = reply(client, Path(folder) / f"{client.name}-{shape}", report, shape)
                path = FIXTURES / f"{client.name}-{shape}.eml"
                path.write_bytes(raw)
                print(f"{client.name}: fixtures/{path.name} ({len(raw)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
