"""`wtg outbox --retry NAME` of a mail set aside because its seat's address is one put back
(``seataddresses``: the GM's word that the address is the player's again, noted in the
journal's ``seat_addresses``, then the mail back in the queue) killed (SIGKILL) before each
of its writes, then given again as the GM would, then `wtg send`: the mail goes to the
address once, never set aside again; and the seat's next report goes there too, nothing
set aside, nothing said. (It passes as it is: the note is written before the mail moves,
and a retry given again finds either done.)"""

from __future__ import annotations

import email
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.test_put_back_addresses import TYPO, put_back, sent_to, wtg

KILLS = 5
"""Kill points, spread over the writes of a whole retry, beside those of ``MOVES``."""
MOVES = (
    "sqlite UPDATE seat_addresses",
    "sqlite INSERT OR REPLACE INTO seat_addresses",
    "sqlite COMMIT",
    "os.rename",
)
"""The writes killed before and after always: the journal's note and the mail's moves."""


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose put-back turn-0 report to Bob's old address (the typo) was set aside."""
    root = tmp_path_factory.mktemp("host")
    put_back(root)
    wtg(root, "send", "-q", status=1)
    return root


def test_a_retry_of_a_put_back_address_killed_and_given_again_mails_it_once(
    template: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    games = root / "games"
    fresh = killpoints.restorer(template, root)
    fresh()
    failed = games / ".mail" / "outbox" / "failed"
    (kept,) = failed.glob("resend-*-g1-t0000-p02.eml")
    args = ["--config", str(root / "wtg.yaml"), "outbox", "--retry", kept.stem]
    send = ["--config", str(root / "wtg.yaml"), "send", "-q"]
    log = tmp_path / "retry.log"
    whole = killpoints.whole(args, games, fresh, log=log)
    lines = killpoints.written(log)
    moves = [n for n, line in enumerate(lines, 1) if line.startswith(MOVES)]
    at = sorted({*killpoints.points(whole.writes, KILLS), *moves, *(n + 1 for n in moves)})
    assert len(moves) >= 3, lines  # the journal's note, its commit, the mail's rename
    print(f"\n{whole.writes} writes, killed before {len(at)} of them")
    for write, cut in killpoints.cuts(args, games, at, fresh):
        again = killpoints.wtg(args)
        assert again.returncode == 0, (write, cut.before, again.stderr)
        mailed = killpoints.wtg(send)
        assert (mailed.returncode, mailed.stderr) == (0, ""), (write, cut.before, mailed)
        assert sent_to(root).count((kept.stem, TYPO)) == 1, (write, cut.before)
        assert not list(failed.glob("*.eml")), (write, cut.before)
        turned = killpoints.wtg(["--config", str(root / "wtg.yaml"), "run-turn", "g1", "--now"])
        assert turned.returncode == 0, (write, turned.stderr)
        assert killpoints.wtg(send).stdout == "", write  # nothing set aside, nothing said
        (report,) = (games / ".mail" / "outbox" / "sent").glob("resend-*-g1-t0001-p02.eml")
        assert email.message_from_bytes(report.read_bytes())["To"] == TYPO, write
