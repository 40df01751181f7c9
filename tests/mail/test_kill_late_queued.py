"""attack43's late-queued screen (``latequeued``) under ``kill -9``: `wtg send` killed
(SIGKILL) before each of its writes after a `wtg new-code` given while it ran queued a new
code to a seat whose address is put back (a stranger's, the GM's typo corrected since);
then the send given again. The code is never mailed to the put-back address: it lies set
aside for good, once, said to the GM (by the send killed, when it said so before its
kill, or by the next), the next send ending 1; and a send after that has nothing more to
say. Driven and sound: a mail queued meanwhile and left in the queue by the kill is set
aside by the next send's own look at the queue (``set_aside_put_back``)."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.mail.test_put_back_addresses import TYPO, put_back, sent_to

KILLS = 8

NEW_CODE = """
import subprocess
from wtg.mail.outgoing import sender

drawn = sender.draw_pictures
given = []

def meanwhile(outbox, games_dir):  # between the send's set-aside and its delivery
    if not given:
        given.append(subprocess.run(
            [{wtg!r}, "--config", {config!r}, "new-code", "g1", "--player", "2"], check=True,
            capture_output=True,
        ))
    drawn(outbox, games_dir)

sender.draw_pictures = meanwhile
"""


def made(host: Path) -> None:
    """The put-back host (``put_back``) at ``host``."""
    host.mkdir()
    put_back(host)


def failed_codes(host: Path) -> list[str]:
    """The To of each new code set aside for good."""
    failed = host / "games" / ".mail" / "outbox" / "failed"
    return sorted(
        line.partition(": ")[2].strip()
        for path in failed.glob("code-*-g1-p02.eml")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("To: ")
    )


def test_a_send_killed_after_a_code_was_queued_to_a_put_back_address_never_mails_it(
    tmp_path: Path,
) -> None:
    host, fresh = killpoints.from_template(tmp_path, made)
    args = ["--config", str(host / "wtg.yaml"), "send", "-q"]
    prelude = NEW_CODE.format(wtg=killpoints.WTG, config=str(host / "wtg.yaml"))
    log = tmp_path / "send.log"
    whole = killpoints.whole(args, host / "games", fresh, prelude=prelude, log=log, status=1)
    assert failed_codes(host) == [TYPO], whole.stderr  # the screen set it aside
    lines = killpoints.written(log)
    queued = next(i for i, line in enumerate(lines, 1) if "senders.json" in line)
    assert not any("code-" in line for line in lines[:queued]), lines  # queued meanwhile
    for at, cut in killpoints.cuts(
        args, host / "games", killpoints.points_between(queued, whole.writes, KILLS), fresh, prelude
    ):
        again = killpoints.wtg(args)
        assert again.returncode == 1, (at, cut.before, again.stderr)
        # said by the killed send (its lines come before it counts them said) or this one
        told = (cut.stderr + again.stderr).splitlines()
        said = [line for line in told if "mail code-" in line and "replaced since" in line]
        assert said, (at, cut.before, again.stderr)
        assert failed_codes(host) == [TYPO], (at, cut.before)
        assert TYPO not in [to for name, to in sent_to(host) if name.startswith("code-")], at
        last = killpoints.wtg(args)
        assert (last.returncode, last.stderr) == (0, ""), (at, last.stderr)  # nothing more
