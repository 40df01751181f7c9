"""Bounced mail recognised when polled (issue 17): a delivery status notification of the
shape Postfix, Exim and Gmail's mailer-daemon send (multipart/report;
report-type=delivery-status), or an older bounce without one, marks the player's address
as failing; `wtg status GAME --json` says so per player; the bounce is never filed as
orders and never answered (RFC 3834); a bounce for an address of no player is ignored,
and the journal says so.

The fixtures in tests/mail/bounces/ are written after what those servers send; each is
dropped into the maildir inbox as it is and polled. A report counts only when it is about a
mail the host sent to the address it says failed (its Message-ID in ``outbox/sent/``): the
genuine ones return the turn-1 reports ``sent_reports`` puts there; forged.eml and
forged-text.eml are what anyone can write by hand.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import GM, NOW, World
from wtg.cli import main
from wtg.game.bounces import bounces_of
from wtg.mail import compose
from wtg.mail.digest import make_digest
from wtg.mail.journal import Journal

FIXTURES = Path(__file__).parent / "bounces"


def drop(world: World, name: str) -> None:
    """The fixture as the mail server delivered it, in the maildir inbox."""
    folder = world.gm.maildir_in / "new"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"1795428902.{name}.mx:2,").write_bytes((FIXTURES / name).read_bytes())


def sent_reports(world: World) -> None:
    """The turn-1 report of each player as the host sent it (in outbox/sent/): the mails
    the genuine fixtures return."""
    folder = world.gm.spool / "outbox" / "sent"
    folder.mkdir(parents=True, exist_ok=True)
    for entry in world.game.config.players:
        ident = f"report-g1-t0001-p{entry.id:02d}"
        msg = compose.message(ident, world.gm.sender, entry.email, "report", "text", when=NOW)
        (folder / f"{compose.safe(ident)}.eml").write_bytes(compose.wire(msg))


def failing(world: World) -> dict[int, bool]:
    """`wtg status GAME --json`'s address_failing of each player."""
    result = CliRunner().invoke(main, ["status", str(world.game.store.root), "--json"])
    assert result.exit_code == 0, result.output
    return {p["id"]: p["address_failing"] for p in json.loads(result.output)["players"]}


@pytest.mark.parametrize(
    ("fixture", "player", "status"),
    [
        ("postfix.eml", 2, "5.1.1"),
        ("exim.eml", 3, "5.0.0"),
        ("gmail.eml", 4, "5.1.1"),
        ("exim-text.eml", 1, ""),  # an older Exim's text, no delivery report
        ("qmail.eml", 3, ""),
        ("forwarded.eml", 2, "5.1.1"),  # the forwarding address failed; our copy names p2
        ("microsoft365.eml", 1, "5.1.1"),  # sent through the GM's Microsoft 365 mailbox
    ],
)
def test_a_bounce_marks_the_players_address_failing(
    tmp_path: Path, fixture: str, player: int, status: str
) -> None:
    world = World(tmp_path)
    sent_reports(world)
    assert failing(world) == {1: False, 2: False, 3: False, 4: False}
    drop(world, fixture)
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.rejected) == (1, 0, 1)
    ((_key, outcome),) = summary.outcomes
    assert outcome.startswith(f"rejected: a bounce: mail to p{player}@players.example (g1)")
    assert failing(world) == {p: p == player for p in (1, 2, 3, 4)}
    mark = bounces_of(world.game.store.root)[f"p{player}@players.example"]
    assert mark.status == status and mark.message == summary.outcomes[0][0]
    assert world.outbox() == {}  # never answered
    assert world.game.store.pending_orders(1) == {}  # never orders
    rejected = world.gm.maildir_in / ".rejected" / "cur"
    assert len(list(rejected.iterdir())) == 1


def test_a_delayed_delivery_is_no_failure(tmp_path: Path) -> None:
    world = World(tmp_path)
    drop(world, "delayed.eml")
    summary = world.poll()
    assert summary.outcomes[0][1].startswith("rejected: not for us")
    assert not any(failing(world).values())
    assert world.outbox() == {}


def test_a_bounce_for_an_unknown_address_is_ignored_and_logged(tmp_path: Path) -> None:
    world = World(tmp_path)
    drop(world, "stranger.eml")
    summary = world.poll()
    text = "rejected: a bounce for stranger@elsewhere.example, no player's address: ignored"
    assert summary.outcomes[0][1] == text
    journal = Journal(world.gm.spool)
    try:
        assert journal.outcome(summary.outcomes[0][0]) == text
    finally:
        journal.close()
    assert not any(failing(world).values())
    assert not (world.game.store.root / "bounces.json").exists()
    assert world.outbox() == {}


def test_the_mark_is_the_addresses_and_the_gm_clears_it(tmp_path: Path) -> None:
    world = World(tmp_path)
    sent_reports(world)
    drop(world, "postfix.eml")
    world.poll()
    games = ["--games-dir", str(world.gm.games_dir)]
    listed = CliRunner().invoke(main, [*games, "bounces"])
    assert listed.exit_code == 0
    assert "g1 player 2 Player2 <p2@players.example> since 2026-11-22T12:00:00Z" in listed.output
    assert "5.1.1 550 5.1.1 <p2@players.example>: Recipient address rejected" in listed.output
    cleared = CliRunner().invoke(main, [*games, "bounces", "--clear", "P2@Players.example"])
    assert cleared.exit_code == 0 and "mark dropped in g1" in cleared.output
    assert not any(failing(world).values())
    again = CliRunner().invoke(main, [*games, "bounces", "--clear", "p2@players.example"])
    assert again.exit_code == 1
    assert again.output == "wtg: no game marks p2@players.example as failing\n"


def test_a_bounce_no_detector_can_read_prints_no_traceback(tmp_path: Path) -> None:
    """A bounce in a charset Python decodes with no error handling (``idna``) made each of
    flufl.bounce's detectors fail; flufl.bounce logs each failure with its traceback, and
    with no handler of its own Python printed them on stderr: a cron poll mailed the GM
    tracebacks for a mail anyone may send. The mail is read as no bounce, in silence (a
    real `wtg poll`: under pytest the root logger has a handler and nothing would show)."""
    world = World(tmp_path)
    text = (FIXTURES / "qmail.eml").read_bytes()
    header = b"Subject: failure notice\n"
    odd = text.replace(header, header + b"Content-Type: text/plain; charset=idna\n")
    odd = odd.replace(b"Sorry,", b"Sorry \xef\xbb,")
    assert odd.count(b"charset=idna") == 1 and b"\xef\xbb" in odd
    folder = world.gm.maildir_in / "new"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "1795428902.odd.mx:2,").write_bytes(odd)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "wtg", "--config", str(config), "poll"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "filed 0, rejected 1, quarantined 0, ignored 0\n"
    assert world.outbox() == {}


def seen_by_the_gm(world: World) -> tuple[str, str, list[str]]:
    """`wtg status GAME`, `wtg bounces` and the digest's failing addresses."""
    status = CliRunner().invoke(main, ["status", str(world.game.store.root)])
    games = ["--games-dir", str(world.gm.games_dir)]
    listed = CliRunner().invoke(main, [*games, "bounces"])
    assert (status.exit_code, listed.exit_code) == (0, 0)
    digest = make_digest(world.gm.games_dir, NOW)
    return status.output, listed.output, [f.address for f in digest.bounces]


def postfix_about(mail_of: int, failed: int) -> bytes:
    """Postfix's report of ``failed``'s address returning the headers of the report sent
    to ``mail_of`` (a player's own report, whose headers he has, put in a report about
    another player)."""
    text = (FIXTURES / "postfix.eml").read_text(encoding="utf-8")
    report, _, returned = text.partition("Content-Type: text/rfc822-headers")
    own = compose.digest(f"report-g1-t0001-p{mail_of:02d}")
    returned = (
        returned.replace("p2@players.example", f"p{mail_of}@players.example")
        .replace("report-g1-t0001-p02.67ad1e234084ca0e", f"report-g1-t0001-p{mail_of:02d}.{own}")
        .replace("for Player2", f"for Player{mail_of}")
    )
    report = report.replace("p2@players.example", f"p{failed}@players.example")
    return (report + "Content-Type: text/rfc822-headers" + returned).encode()


def without_headers(name: str) -> bytes:
    """The fixture without the part returning our mail's headers (some servers send only
    the address), and without an In-Reply-To or References naming it."""
    text = (FIXTURES / name).read_text(encoding="utf-8")
    boundary = "\n--4F1C22A0B3.1795428902/mx.wtg.example\nContent-Description: Undelivered"
    assert boundary in text
    return (text.partition(boundary)[0] + "\n--4F1C22A0B3.1795428902/mx.wtg.example--\n").encode()


@pytest.mark.parametrize(
    "forged",
    [
        "forged.eml",  # the Message-ID of a report the host never sent (turn 9)
        "forged-text.eml",  # an old Postfix's text, no headers of any mail of ours
        "p1's report",  # the headers of a mail the host sent, but to p1
        "no headers",  # Postfix's report without the part returning our mail's headers
    ],
)
def test_a_forged_report_marks_nobody_failing(tmp_path: Path, forged: str) -> None:
    """Anyone may mail the host a delivery report naming a player's address: it counts only
    when it names a mail the host sent to that address. A forged one says so in the poll's
    journal and changes nothing the GM sees as failing."""
    world = World(tmp_path)
    sent_reports(world)
    before = seen_by_the_gm(world)
    assert "no address is failing" in before[1] and before[2] == []
    if forged == "p1's report":
        raw = postfix_about(mail_of=1, failed=2)
    elif forged == "no headers":
        raw = without_headers("postfix.eml")
    else:
        raw = (FIXTURES / forged).read_bytes()
    assert b"p2@players.example" in raw
    folder = world.gm.maildir_in / "new"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "1795428902.forged.mx:2,").write_bytes(raw)
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.rejected) == (1, 0, 1)
    ((_key, outcome),) = summary.outcomes
    assert outcome == (
        "rejected: an unverified bounce report for p2@players.example (g1): it names no mail "
        "we sent to that address, not marked failing"
    )
    assert not any(failing(world).values())
    assert not (world.game.store.root / "bounces.json").exists()
    status, listed, digest = seen_by_the_gm(world)
    assert "ADDRESS FAILING" not in status and status == before[0]
    assert listed == before[1] and digest == []
    assert world.outbox() == {}  # never answered


def test_a_genuine_report_after_a_forged_one_still_counts(tmp_path: Path) -> None:
    """The same player's own report really bounced: the Message-ID is of the mail sent to
    him, so it counts; the GM sees him failing everywhere."""
    world = World(tmp_path)
    sent_reports(world)
    drop(world, "forged.eml")
    (world.gm.maildir_in / "new" / "1795428903.real.mx:2,").write_bytes(postfix_about(2, 2))
    summary = world.poll()
    outcomes = sorted(outcome for _key, outcome in summary.outcomes)
    assert outcomes[0].startswith("rejected: a bounce: mail to p2@players.example (g1) failed")
    assert outcomes[1].startswith("rejected: an unverified bounce report for p2@")
    assert failing(world) == {1: False, 2: True, 3: False, 4: False}
    status, listed, digest = seen_by_the_gm(world)
    assert "ADDRESS FAILING" in status
    assert "g1 player 2 Player2 <p2@players.example>" in listed and digest == ["p2@players.example"]


def test_a_bounce_of_a_mail_no_longer_in_sent_counts_no_more(tmp_path: Path) -> None:
    """A genuine report of a mail the GM has since removed from outbox/sent/ cannot be
    told from a forged one: unverified, as the ruling says (docs/mail.md)."""
    world = World(tmp_path)
    drop(world, "gmail.eml")
    summary = world.poll()
    assert summary.outcomes[0][1].startswith("rejected: an unverified bounce report for p4@")
    assert not any(failing(world).values())
