"""A delivery report for a player's report (his mailbox gone: 550 5.1.1), its `wtg poll`
killed (SIGKILL, no clean-up of any kind) just before each of its writes, then the poll run
again as cron runs it: the address is marked failing once, and the GM is told so on stderr
(which cron mails) by the killed poll or by the next one.

The line was said at the end of the poll: killed after the batch's journal commit (the mail
moved out of the inbox, or not yet), the next poll found the bounce handled ('moved out of
the inbox (an earlier poll had handled them) 1', or nothing at all) and said nothing of it,
and the GM of a host without the digest never learned that the player's reports went
nowhere. The poll says the line as soon as the batch that marked the address is on disk.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tests import killpoints
from tests.mail.servers import GM_ADDRESS
from tests.mail.test_bounce_told import dsn
from wtg.game.bounces import bounces_of
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry

P2 = "p2@players.example"


def told(host: Path) -> str:
    """The poll's line of the bounce, its commands with the --config given (``host``'s)."""
    given = f"wtg --config {host / 'wtg.yaml'}"
    return (
        f"wtg: poll: mail to {P2} (g1) came back: 5.1.1 550 5.1.1 <{P2}>: User unknown; the "
        f"address is marked failing (`{given} bounces`): correct it in game.yaml, or ask the "
        f"player, then `{given} bounces --clear {P2}`"
    )


def bounced_host(root: Path) -> None:
    """A host on the maildir transport whose game g1's turn 0 was mailed, and in its inbox
    the delivery report of player 2's report."""
    root.mkdir()
    (root / "wtg.yaml").write_text(f"games_dir: games\nfrom: {GM_ADDRESS}\ntransport: maildir\n")
    players = [PlayerEntry(i, f"P{i}", f"p{i}@players.example", f"CODE{i:04d}") for i in (1, 2, 3)]
    create_game(root / "games" / "g1", "wok4", "small", players, 5)
    sent = killpoints.wtg(["--config", str(root / "wtg.yaml"), "send", "-q"])
    assert (sent.returncode, sent.stdout) == (0, ""), sent  # -q: mailed, no news
    spool = root / "games" / ".mail"
    report = (spool / "maildir-out" / "new" / "report-g1-t0000-p02").read_bytes()
    crlf = report.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    for folder in ("tmp", "new", "cur"):
        (spool / "maildir-in" / folder).mkdir(parents=True, exist_ok=True)
    (spool / "maildir-in" / "new" / "1796200000.bounce.test").write_bytes(dsn(crlf, P2))


def test_a_bounce_s_poll_killed_at_any_write_is_told_to_the_gm(tmp_path: Path) -> None:
    host, restore = killpoints.from_template(tmp_path, bounced_host)
    poll = ["--config", str(host / "wtg.yaml"), "poll", "-q"]
    log = tmp_path / "writes.log"
    whole = killpoints.count(poll, host / "games", log=log)
    TOLD = told(host)
    assert whole.returncode == 0 and whole.stderr.splitlines() == [TOLD], whole.stderr
    # every write from the mail's copy in the archive (the bounce in hand) to the end
    first = next(n for n, w in enumerate(log.read_text().splitlines(), 1) if "archive" in w)
    told_by: dict[str, int] = {}
    for at, cut in killpoints.cuts(poll, host / "games", range(first, whole.writes + 1), restore):
        again = killpoints.wtg(poll)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        said = [line for line in cut.stderr.splitlines() + again.stderr.splitlines() if line]
        assert TOLD in said, (at, cut.before, cut.stderr, again.stderr)
        assert list(bounces_of(host / "games" / "g1")) == [P2]
        whom = "the killed poll" if TOLD in cut.stderr else "the next poll"
        told_by[whom] = told_by.get(whom, 0) + 1
    assert told_by.get("the killed poll") and told_by.get("the next poll"), told_by
    print(f"\n{whole.writes} writes, the GM told by: {told_by}")


def test_a_bounce_s_poll_idle_killed_once_it_is_on_disk_has_told_the_gm(tmp_path: Path) -> None:
    """`wtg poll --idle` killed as it moves the bounce out of the inbox (its batch on disk):
    it has said the line (stdout, which systemd's journal keeps); the next poll finds the
    bounce handled and says nothing of it."""
    host = tmp_path / "host"
    bounced_host(host)
    idle = ["--config", str(host / "wtg.yaml"), "poll", "--idle"]
    # its first poll writes what a plain poll writes: found in a plain poll of a copy
    probe = tmp_path / "probe"
    shutil.copytree(host, probe)
    log = tmp_path / "writes.log"
    poll = ["--config", str(probe / "wtg.yaml"), "poll"]
    assert killpoints.count(poll, probe / "games", log=log).returncode == 0
    moved = "maildir-in/new/1796200000.bounce.test -> "
    writes = log.read_text().splitlines()
    at = next(n for n, w in enumerate(writes, 1) if w.startswith("os.rename") and moved in w)
    cut = killpoints.run(idle, at, host / "games")
    assert cut.killed and cut.writes == at - 1 and moved in cut.before, cut
    assert told(host).removeprefix("wtg: poll: ") in cut.stdout, (cut.stdout, cut.stderr)
    assert list(bounces_of(host / "games" / "g1")) == [P2]
