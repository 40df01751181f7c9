"""A mail in hand when a poll is killed from outside (the GM's `kill -9`, a reboot, a
service stopped the hard way) is not the mail's doing, and the poll must not take it for
a mail that kills its handler: after two such kills with the same mail in hand its orders
were quarantined unread, and the player's turn went without them until the GM released it.

The poll that takes a suspected mail alone (``wtg.mail.poll.processes``) watches its helper
itself: a helper that dies is seen dying, one that never answers (a parser hung in C
code, where the time limit's signal is never acted on) is stopped after three times
``mail.handle_seconds`` and the mail quarantined. So a poll killed while its helper has
the mail alone counts no death of the mail's: the next poll takes it alone again.

Each test runs `wtg poll` as a real process, in a session of its own, with a hook (a
sitecustomize.py on PYTHONPATH, as tests/mail/test_poison.py) that acts on the mail that
holds a marker word: it kills the whole poll (its process group, as `kill -9 -PGID` or a
service's stop does), or hangs where the time limit cannot reach."""

from __future__ import annotations

import email
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from tests.mail.test_poison import ONE, a_host
from tests.mail.test_poll_helpers import journal_rows
from wtg.host.config import GmConfig, config_from_data

HOOK = """\
import os, signal, time
import wtg.mail.message.extract as extract
from wtg.mail.poll import workers

_real = extract._visit_part
_SEEN = os.environ["POISON_SEEN"]


def _hooked(part, *args):
    body = part.get_payload()
    if isinstance(body, str) and "POISON-OUTSIDE" in body:
        with open(_SEEN, "a+") as seen:
            seen.seek(0)
            times = len(seen.read().splitlines())
            if times < 2:
                seen.write("seen\\n")
                seen.flush()
                os.killpg(0, signal.SIGKILL)  # the poll killed from outside, every process
    if isinstance(body, str) and "POISON-HANG" in body:
        if workers.NUMBER == 0:  # hung where no poll saw it: killed by the watchdog, say
            os.killpg(0, signal.SIGKILL)
        signal.signal(signal.SIGALRM, signal.SIG_IGN)  # as in C code: the limit never acts
        while True:
            time.sleep(0.05)
    return _real(part, *args)


extract._visit_part = _hooked
"""
NEVER = 120.0
"""Seconds after which a poll that never ends fails the test (it would hang for ever)."""


def poll(root: Path) -> subprocess.CompletedProcess[str]:
    """`wtg poll` in a session of its own (the hook kills its group), its helpers killed
    with it when it never ends."""
    env = {**os.environ, "PYTHONPATH": str(root / "hook"), "POISON_SEEN": str(root / "seen")}
    command = [sys.executable, "-c", ONE, "--config", str(root / "wtg.yaml"), "poll"]
    with subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    ) as proc:
        try:
            out, err = proc.communicate(timeout=NEVER)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


def hooked(root: Path, marker: str, seconds: int | None = None) -> str:
    """The host of tests/mail/test_poison.py, its hook this file's: the marked mail's key
    is found in the journal later; returns its Message-ID."""
    _gm, _config, message_id = a_host(root, marker, seconds)
    (root / "hook" / "sitecustomize.py").write_text(HOOK, encoding="utf-8")
    return message_id


def test_a_mail_in_hand_when_two_polls_are_killed_from_outside_is_filed(
    tmp_path: Path,
) -> None:
    hooked(tmp_path, "POISON-OUTSIDE")
    first, second = poll(tmp_path), poll(tmp_path)
    assert first.returncode == second.returncode == -signal.SIGKILL, (first, second)
    last = poll(tmp_path)
    assert last.returncode == 0, last.stderr
    # the second poll handled first, and committed, the mails the first had answered
    # (``Answers.answered_before``) before it was killed: those it moves out now
    said = re.fullmatch(
        r"filed (\d+), rejected 0, quarantined 0, ignored 0(?:, moved out of the inbox "
        r"\(an earlier poll had handled them\) (\d+))?\n",
        last.stdout,
    )
    assert said is not None, last.stdout
    assert int(said.group(1)) + int(said.group(2) or 0) == 30, last.stdout
    rows = journal_rows(_gm(tmp_path))
    assert rows["quarantine"] == []
    outcomes = [str(outcome) for _key, _id, outcome in rows["messages"]]
    assert len(outcomes) == 30 and all(o.startswith("stored: ") for o in outcomes), outcomes
    games = tmp_path / "games"
    assert (games / "w2" / "pending" / "0001" / "p04.yaml").exists()
    answers = sorted((games / ".mail" / "outbox" / "queue").glob("conf-*.eml"))
    to = sorted(str(email.message_from_bytes(p.read_bytes())["To"]) for p in answers)
    assert len(to) == 30 and to.count("w2p4@players.example") == 1


def test_a_mail_whose_helper_never_answers_is_quarantined_by_the_poll(tmp_path: Path) -> None:
    poisoned_id = hooked(tmp_path, "POISON-HANG", seconds=1)
    first = poll(tmp_path)
    assert first.returncode == -signal.SIGKILL, first
    second = poll(tmp_path)
    assert second.returncode == 0, second.stderr
    assert second.stdout == "filed 29, rejected 0, quarantined 1, ignored 0\n", second.stdout
    rows = journal_rows(_gm(tmp_path))
    assert len(rows["quarantine"]) == 1, rows["quarantine"]
    reason = str(rows["quarantine"][0][2])
    assert "gave no answer in 3 s (3 times mail.handle_seconds)" in reason, reason
    assert "processes handling it died" not in reason
    games = tmp_path / "games"
    assert not (games / "w2" / "pending" / "0001" / "p04.yaml").exists()
    rejected = [
        email.message_from_bytes(p.read_bytes())["Message-ID"]
        for p in (games / ".mail" / "maildir-in" / ".rejected" / "cur").iterdir()
    ]
    assert rejected == [poisoned_id]


def _gm(root: Path) -> GmConfig:
    return config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, root)
