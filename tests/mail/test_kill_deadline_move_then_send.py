"""`wtg extend` and `wtg release` killed (SIGKILL) just before each of their writes while
the game's turn 0 waits unsent; then `wtg send` before the GM gives the command again, and
once more after: each player gets his turn 0 report once, and it says the deadline that
holds (the latest turn's ``turn.json``).

Killed after the move was written in ``turn.json`` and before the reports were written
again, the send mailed the reports as they were, with the deadline before the move: the
players were told a deadline that did not hold. The write that moves the deadline now
marks the reports behind it (``nextdeadline.REPORTS_BEHIND``) until they are written again,
and `wtg send` holds them back while it is there, saying why (exit 1, as for a game it
skips); the command given again writes them, and the next send mails them.
"""

from __future__ import annotations

import email
import email.policy
import json
import re
import shutil
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.test_kill_gm_mail_then_made_anew import host
from tests.mail.test_kill_send_then_made_anew import wtg
from wtg.game.engine import open_game
from wtg.game.schedule import iso, local_text, parse_iso

KILLS = 12
"""Kill points spread over the writes of a whole run."""
HELD_BACK = "reports are held back: they do not yet say the deadline turn.json holds"


def turn_json(root: Path) -> Path:
    return root / "games" / "g1" / "turns" / "0000" / "turn.json"


def deadline_now(root: Path) -> str:
    """The deadline of turn 1 as the reports write it, from turn 0's turn.json."""
    stamp = json.loads(turn_json(root).read_text(encoding="utf-8"))["next_deadline"]
    return local_text(parse_iso(stamp), "UTC")


def reports_told(root: Path) -> dict[str, list[str]]:
    """The deadline each turn 0 report delivered says, by address."""
    folder = root / "games" / ".mail" / "maildir-out" / "new"
    told: dict[str, list[str]] = {}
    for path in sorted(folder.glob("report-g1-t0000-*")) if folder.is_dir() else []:
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        body = msg.get_body(preferencelist=("plain",))
        assert body is not None, path
        said = re.search(r"DEADLINE FOR YOUR TURN 1 ORDERS: (.+)", str(body.get_content()))
        assert said is not None, path
        told.setdefault(str(msg["To"].addresses[0].addr_spec), []).append(said[1].strip())
    return told


def held_passed(root: Path) -> Path:
    """The game held, its deadline passed meanwhile (its reports saying it): `wtg release`
    moves it a turn on."""
    assert wtg(root, "hold", "g1").returncode == 0
    meta = json.loads(turn_json(root).read_text(encoding="utf-8"))
    meta["next_deadline"] = iso(
        datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=1)
    )
    turn_json(root).write_text(json.dumps(meta), encoding="utf-8")
    game = open_game(root / "games" / "g1")
    for relpath, text in game.reports_again(0).items():  # they say it, as made so
        (game.store.turn_dir(0) / relpath).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("command", [["extend", "g1", "36"], ["release", "g1"]])
def test_a_deadline_move_cut_short_never_mails_reports_of_the_deadline_before(
    tmp_path: Path, command: list[str]
) -> None:
    template = host(tmp_path / "template", sent=False)
    if command[0] == "release":
        held_passed(template)
    root = tmp_path / "host"

    fresh = killpoints.restorer(template, root)

    args = ["--config", str(root / "wtg.yaml"), *command]
    whole = killpoints.whole(args, root / "games", fresh)
    held_back = 0
    chosen = killpoints.points(whole.writes, KILLS)
    for at, cut in killpoints.cuts(args, root / "games", chosen, fresh):
        early = wtg(root, "send", "-q")  # before the GM gives the command again
        if early.returncode:  # reports held back, or the move's notices owed (said)
            words = early.stderr + early.stdout
            assert HELD_BACK in words or "NOTICES OWED" in words, (at, cut.before, early)
            held_back += HELD_BACK in words
        mailed = reports_told(root)
        now = deadline_now(root)  # what turn.json holds when the reports went
        assert all(said == [now] for said in mailed.values()), (at, cut.before, mailed, now)
        again = wtg(root, *command)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert wtg(root, "send", "-q").returncode == 0, (at, cut.before)
        final = {
            address: [deadline_now(root)] for address in ("ann@example.org", "bob@exmaple.org")
        }
        told = reports_told(root)  # once each: the early send's, or those it held back
        assert told == (mailed or final), (at, cut.before, told)
    assert held_back


def test_a_rollback_to_a_turn_whose_move_was_cut_short_mails_its_reports(tmp_path: Path) -> None:
    """`wtg extend` killed after it moved the deadline and before it wrote the reports, and
    never given again; the turn runs, and the GM rolls back to it: the rollback writes its
    reports again with the deadline it sets, and `wtg send` mails them (it holds nothing
    back for a move the rollback has overtaken)."""
    root = host(tmp_path / "host", sent=False)
    args = ["--config", str(root / "wtg.yaml"), "extend", "g1", "36"]
    log = tmp_path / "writes.log"
    probe = tmp_path / "probe"
    shutil.copytree(root, probe)
    whole = killpoints.count(
        ["--config", str(probe / "wtg.yaml"), *args[2:]], probe / "games", log=log
    )
    assert whole.returncode == 0, whole.stderr
    writes = killpoints.written(log)
    first_report = next(n for n, what in enumerate(writes, 1) if "/reports/" in what)
    cut = killpoints.run(args, first_report, root / "games")
    assert cut.killed and HELD_BACK in wtg(root, "send", "-q").stderr
    ran = wtg(root, "run-turn", "g1", "--now", "--unmailed")  # the GM runs it all the same
    assert ran.returncode == 0, ran.stderr
    assert wtg(root, "rollback", "g1", "--to", "0").returncode == 0
    status = wtg(root, "status", "g1")  # the rollback's deadline overtook the move: told
    assert status.returncode == 0 and "NOTICES OWED" not in status.stdout, status.stdout
    sent = wtg(root, "send", "-q")
    assert sent.returncode == 0, sent.stderr
    folder = root / "games" / ".mail" / "maildir-out" / "new"
    assert sorted(p.name for p in folder.glob("report-g1-t0000-*")) == [
        "report-g1-t0000-p01",
        "report-g1-t0000-p02",
    ]
    assert reports_told(root) == {
        a: [deadline_now(root)] for a in ("ann@example.org", "bob@exmaple.org")
    }
