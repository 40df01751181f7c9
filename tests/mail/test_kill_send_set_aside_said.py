"""`wtg send` killed (SIGKILL) after it noted a seat's address put back (said once: the
journal's ``seat_addresses``) or set a mail aside for good, and before it could say so (its
lines on stderr, its exit 1): the next send says it, and ends 1, so that the cron wrapper
that runs it learns of the mail; the send after that has nothing more to say."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.mail.putback import send_args
from tests.mail.test_kill_send_put_back_address import template
from tests.mail.test_put_back_addresses import TYPO

KILLS = 5
"""Kill points, spread over the writes after the journal noted the address put back."""
__all__ = ["template"]  # the fixture this test takes: a host whose send sets a mail aside


def test_a_send_killed_after_it_set_a_mail_aside_has_the_next_send_say_it(
    template: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    games = root / "games"
    fresh = killpoints.restorer(template, root)
    log = tmp_path / "send.log"
    args = send_args(root)
    whole = killpoints.whole(args, games, fresh, log=log, status=1)
    said = f"game g1 player 2 (Bob): game.yaml gives the seat the address {TYPO}"
    assert said in whole.stderr, whole.stderr
    lines = killpoints.written(log)
    noted = next(n for n, line in enumerate(lines, 1) if "seat_addresses SET latest = -1" in line)
    committed = next(n for n, line in enumerate(lines, 1) if n > noted and "COMMIT" in line)
    aside = next(
        n
        for n, line in enumerate(lines, 1)
        if line.startswith("os.rename") and "/failed/" in line and line.endswith(".eml")
    )
    spread = killpoints.points_between(committed + 1, whole.writes, KILLS)
    at = sorted({*spread, aside, aside + 1})  # the address noted put back, said by nothing yet
    for write, cut in killpoints.cuts(args, games, at, fresh):
        again = killpoints.wtg(args)
        assert again.returncode == 1, (write, cut.before, again.stderr)
        assert "set aside for good" in again.stderr or "refused for good" in again.stdout, (
            write,
            again,
        )
        assert TYPO in again.stderr, (write, cut.before, again.stderr)
        last = killpoints.wtg(args)
        assert (last.returncode, last.stderr) == (0, ""), (write, last)
