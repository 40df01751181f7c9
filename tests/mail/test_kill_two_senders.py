"""`wtg send` of a second config on one games folder (tests/test_two_configs.py), killed
(SIGKILL) just before one of its writes (a spread of them, its note in
``.mail/senders.json`` among them); then given again. The host's trial config sent turn 0
into its folder and is noted there; the second config sends into another folder, and turn
1's reports wait in the queue.

As killed, no report went either way and the notes are whole (the trial's kept). Given
again, the send sends nothing and says why (exit 1); once the trial config is moved away,
the next send mails each report once, into the second config's folder, and a send after it
has nothing to send.
"""

from __future__ import annotations

import json
import mailbox
import shutil
from pathlib import Path

from tests import killpoints
from tests.test_two_configs import PLAYERS
from tests.test_two_configs import wtg as wtg_of
from wtg.mail.outgoing.othersender import SENDERS

SECOND = "second.yaml"
KILLS = 16


def made(root: Path) -> None:
    """The host: the trial config (``wtg.yaml``) sent turn 0, the second config beside it
    names the same games folder and its own folder to send into; turn 1 is made."""
    assert killpoints.wtg(["init", str(root)]).returncode == 0
    trial = root / "wtg.yaml"
    new = wtg_of(trial, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    assert new.exit_code == 0, new.output
    assert wtg_of(trial, "send").exit_code == 0
    second = root / SECOND
    second.write_text(
        'games_dir: games\nfrom: "Game Master <gm@example.org>"\nmaildir_out: elsewhere\n',
        encoding="utf-8",
    )
    second.chmod(0o600)
    mailbox.Maildir(root / "elsewhere", create=True)
    turned = wtg_of(second, "run-turn", "g1", "--now")
    assert turned.exit_code == 0, turned.output


def delivered(folder: Path) -> list[str]:
    """Whom each mail in the maildir ``folder`` went to."""
    return sorted(str(message["To"]) for message in mailbox.Maildir(folder, create=False))


def test_a_second_configs_send_killed_sends_nothing_and_mails_each_report_once_later(
    tmp_path: Path,
) -> None:
    host, saved = tmp_path / "host", tmp_path / "saved"
    made(host)  # made where it is killed: senders.json notes the trial config's own path
    shutil.copytree(host, saved)
    restore = killpoints.restorer(saved, host)
    games, notes = host / "games", host / "games" / ".mail" / SENDERS
    args = ["--config", str(host / SECOND), "send"]
    counted = killpoints.count(args, games)
    assert counted.returncode == 1 and "the mail stays queued" in counted.stdout, counted
    mine = {str(host / "wtg.yaml"), str(host / SECOND)}
    players = ["ann@example.org", "bob@example.org"]
    seen: set[int] = set()  # how many configs were noted as a kill left them
    for at, _cut in killpoints.cuts(args, games, killpoints.points(counted.writes, KILLS), restore):
        assert delivered(host / "elsewhere") == [], at
        assert delivered(games / ".mail" / "maildir-out") == players, at  # turn 0's alone
        noted = json.loads(notes.read_text(encoding="utf-8"))
        assert str(host / "wtg.yaml") in noted and set(noted) <= mine, (at, noted)
        seen.add(len(noted))
        again = killpoints.wtg(args)
        assert again.returncode == 1, (at, again.stdout, again.stderr)
        assert "0 mails sent, 2 waiting to be retried" in again.stdout, (at, again.stdout)
        assert f"the config {host / 'wtg.yaml'}, which sends its mail" in again.stdout
        assert delivered(host / "elsewhere") == [], at
        shutil.move(host / "wtg.yaml", host / "trial.yaml")
        sent = killpoints.wtg(args)
        assert (sent.returncode, sent.stdout) == (
            0,
            "0 reports queued; 2 mails sent, 0 waiting to be retried, 0 refused for good\n",
        ), at
        assert delivered(host / "elsewhere") == players, at
        assert delivered(games / ".mail" / "maildir-out") == players, at
        assert killpoints.wtg(args).stdout.startswith("0 reports queued; 0 mails sent"), at
    print(f"\n{counted.writes} writes, killed at {KILLS}")
    assert seen == {1, 2}  # killed before its note and after it
