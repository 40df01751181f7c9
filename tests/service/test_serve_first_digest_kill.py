"""A host's first `wtg serve` (no digest ever made) killed (SIGKILL) at its first digest's
moment, after that moment's reminders went out and before the digest's first write, then
started again at once (systemd's Restart=): the digest of that day is mailed once, as by a
service never killed.

The first digest is the first digest moment after the service started; the service started
again counted from its own start, just after that moment, so the day's digest waited a day
more. The service counts from the start of the one a kill left its record of
(``service.json``, which a service that stops as a service removes).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tests import killpoints
from tests.service.fileclock import PRELUDE
from tests.service.test_serve_kill import scenario
from tests.service.week import make_host


def digests_sent(host: Path) -> list[str]:
    return sorted(
        p.name
        for p in (host / "games" / ".mail" / "maildir-out" / "new").iterdir()
        if p.name.startswith("digest-")
    )


def test_a_first_service_killed_at_its_first_digest_mails_it_once_started_again(
    tmp_path: Path,
) -> None:
    pristine = tmp_path / "pristine"
    make_host(pristine, replies_per_hour=100, confirmations_per_hour=100)
    saved, env = scenario(tmp_path, pristine)

    def fresh(name: str) -> tuple[Path, list[str]]:
        host = tmp_path / name
        shutil.copytree(pristine, host, symlinks=True)
        saved.unlink(missing_ok=True)
        return host, ["--config", str(host / "wtg.yaml"), "serve"]

    host, command = fresh("whole")
    log = tmp_path / "writes.log"
    killpoints.whole(command, host, env=env, prelude=PRELUDE, log=log)
    expected = digests_sent(host)
    assert len(expected) == 1, expected
    writes = killpoints.written(log)
    digest = next(n for n, w in enumerate(writes, 1) if ".digest.json.tmp" in w)
    reminded = max(n for n, w in enumerate(writes[: digest - 1], 1) if "remind-" in w)
    for at in killpoints.points_between(reminded + 1, digest, 3):
        host, command = fresh(f"killed-{at}")
        cut = killpoints.run(command, at, host, env=env, prelude=PRELUDE)
        assert cut.killed and cut.writes == at - 1, (at, cut.stderr[-2000:])
        rest = killpoints.count(command, host, env=env, prelude=PRELUDE)
        assert rest.returncode == 0, rest.stderr[-2000:]
        assert digests_sent(host) == expected, (at, cut.before, rest.stderr[-2000:])
