"""Bounced mail recognised when polled (issue 17): a delivery status notification of the
shape Postfix, Exim and Gmail's mailer-daemon send (multipart/report;
report-type=delivery-status), or an older bounce without one, marks the player's address
as failing; `wtg status GAME --json` says so per player; the bounce is never filed as
orders and never answered (RFC 3834); a bounce for an address of no player is ignored,
and the journal says so.

The fixtures in tests/mail/bounces/ are written after what those servers send; each is
dropped into the maildir inbox as it is and polled. A report counts only when it is about a
mail the host sent to the address it says failed (its Message-ID in ``outbox/sent/``, with the
token of the host's secret): the genuine ones return the turn-1 reports ``sent_reports``
puts there, named as a wtg before tokens named them (``ours`` names them as they were sent,
``sent_before_tokens`` sends them so); forged.eml and forged-text.eml are what anyone can
write by hand.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import GM, NOW, World
from wtg.cli import main
from wtg.game.bounces import bounces_of
from wtg.mail.message.extract import parse_headers
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.outgoing.outbox import Outbox, parse_own_id
from wtg.mail.spool.journal import Journal

FIXTURES = Path(__file__).parent / "bounces"


def drop(world: World, name: str, raw: bytes | None = None) -> None:
    """The fixture as the mail server delivered it, in the maildir inbox, naming the mails
    of ours it returns as they were sent (``ours``); ``raw`` in its place when given."""
    folder = world.gm.maildir_in / "new"
    folder.mkdir(parents=True, exist_ok=True)
    mail = raw if raw is not None else ours(world, (FIXTURES / name).read_bytes())
    (folder / f"1795428902.{name}.mx:2,").write_bytes(mail)


def sent_reports(world: World) -> None:
    """The turn-1 report of each player as the host sends it: queued in the outbox (which
    gives its Message-ID the token of the host's secret), then sent (in outbox/sent/): the
    mails the genuine fixtures return."""
    outbox = Outbox(world.gm.spool)
    for entry in world.game.config.players:
        ident = f"report-g1-t0001-p{entry.id:02d}"
        msg = compose.message(ident, world.gm.sender, entry.email, "report", "text", when=NOW)
        assert outbox.add(ident, msg)
        outbox.sent(ident)


def sent_before_tokens(world: World) -> None:
    """The same reports as a wtg before tokens sent them (written to outbox/sent/ as
    ``compose.message`` makes them: ``<name.digest@domain>``, what anyone works out)."""
    folder = world.gm.spool / "outbox" / "sent"
    folder.mkdir(parents=True, exist_ok=True)
    for entry in world.game.config.players:
        ident = f"report-g1-t0001-p{entry.id:02d}"
        msg = compose.message(ident, world.gm.sender, entry.email, "report", "text", when=NOW)
        (folder / f"{compose.safe(ident)}.eml").write_bytes(compose.wire(msg))


def ours(world: World, raw: bytes) -> bytes:
    """``raw`` naming each mail in outbox/sent/ by the Message-ID it was sent with, where it
    names it as a wtg before tokens did (the fixtures do)."""
    for path in sorted((world.gm.spool / "outbox" / "sent").glob("*.eml")):
        sent = "".join(str(parse_headers(path.read_bytes())["Message-ID"]).split())
        own = parse_own_id(sent)
        assert own is not None, sent
        raw = raw.replace(f"<{own.name}.{own.digest}@{own.domain}>".encode(), sent.encode())
    return raw


def sent_id(world: World, player: int) -> str:
    """The Message-ID the turn-1 report to ``player`` was sent with."""
    path = world.gm.spool / "outbox" / "sent" / f"report-g1-t0001-p{player:02d}.eml"
    return "".join(str(parse_headers(path.read_bytes())["Message-ID"]).split())


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
    assert "g1 player 2 Player2 <p2@players.example> since 2026-11-22 12:00 UTC" in listed.output
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


def postfix_about(world: World, mail_of: int, failed: int) -> bytes:
    """Postfix's report of ``failed``'s address returning the headers of the report sent
    to ``mail_of`` (a player's own report, whose headers he has, put in a report about
    another player)."""
    text = (FIXTURES / "postfix.eml").read_text(encoding="utf-8")
    report, _, returned = text.partition("Content-Type: text/rfc822-headers")
    returned = (
        returned.replace("p2@players.example", f"p{mail_of}@players.example")
        .replace("<report-g1-t0001-p02.67ad1e234084ca0e@wtg.example>", sent_id(world, mail_of))
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
        raw = postfix_about(world, mail_of=1, failed=2)
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
    (world.gm.maildir_in / "new" / "1795428903.real.mx:2,").write_bytes(postfix_about(world, 2, 2))
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


def worked_out(player: int) -> str:
    """The Message-ID of the turn-1 report to ``player`` as anyone who has read wtg's source
    works it out: the outbox name and the digest of the id (``compose``), our domain."""
    ident = f"report-g1-t0001-p{player:02d}"
    return f"<{compose.safe(ident)}.{compose.digest(ident)}@wtg.example>"


@pytest.mark.parametrize(
    ("fixture", "player", "named"),
    [
        ("postfix.eml", 2, "worked out"),  # the returned headers name it
        ("gmail.eml", 4, "worked out"),  # and its own In-Reply-To and References
        ("postfix.eml", 2, "a guessed token"),
        ("postfix.eml", 2, "p1's token"),  # the token of the report p1 got, on p2's name
    ],
)
def test_a_report_naming_a_sent_reports_worked_out_message_id_marks_nobody(
    tmp_path: Path, fixture: str, player: int, named: str
) -> None:
    """The Message-ID of the report the host mailed another player is worked out from the
    game, the turn and the seat: a player who forges a report naming it marks nobody, for
    it lacks the token of the host's secret (or carries one that is not the mail's)."""
    world = World(tmp_path)
    sent_reports(world)
    raw = (FIXTURES / fixture).read_bytes()
    assert worked_out(player).encode() in raw  # the fixture names it so, as a forger would
    if named == "a guessed token":
        raw = raw.replace(b"ca0e@wtg", b"ca0e.k0123456789abcdef@wtg")
    elif named == "p1's token":
        token = sent_id(world, 1).rpartition(".k")[2].partition("@")[0]
        raw = raw.replace(b"ca0e@wtg", f"ca0e.k{token}@wtg".encode())
    drop(world, fixture, raw)
    summary = world.poll()
    ((_key, outcome),) = summary.outcomes
    assert outcome == (
        f"rejected: an unverified bounce report for p{player}@players.example (g1): it names "
        "no mail we sent to that address, not marked failing"
    )
    assert not any(failing(world).values())
    assert not (world.game.store.root / "bounces.json").exists()


def test_each_report_is_sent_with_a_message_id_of_its_own_token(tmp_path: Path) -> None:
    """What the outbox queues carries the token of the host's secret: not the Message-ID
    anyone works out, and another token for every mail."""
    world = World(tmp_path)
    sent_reports(world)
    ids = [sent_id(world, p) for p in (1, 2, 3, 4)]
    assert [i.partition(".k")[0] + ">" for i in ids] == [
        worked_out(p).replace("@wtg.example>", ">") for p in (1, 2, 3, 4)
    ]
    tokens = {i.rpartition(".k")[2].partition("@")[0] for i in ids}
    assert len(tokens) == 4 and all(len(t) == 16 for t in tokens)
    assert all(i.endswith("@wtg.example>") for i in ids)


@pytest.mark.parametrize(("days", "counts"), [(0, True), (9, True), (11, False), (400, False)])
def test_a_report_of_a_mail_sent_before_tokens_counts_while_a_genuine_one_may_come(
    tmp_path: Path, days: int, counts: bool
) -> None:
    """A mail sent by a wtg before tokens carries none (still in outbox/sent/): a report
    naming it counts within OLD_ID_DAYS (10) of its Date, as a genuine one comes; after
    that anyone could have worked it out, and it counts no more."""
    world = World(tmp_path)
    sent_before_tokens(world)
    drop(world, "postfix.eml")
    (dropped,) = (world.gm.maildir_in / "new").iterdir()
    assert worked_out(2).encode() in dropped.read_bytes()
    summary = world.poll(NOW + timedelta(days=days))
    ((_key, outcome),) = summary.outcomes
    if counts:
        assert outcome.startswith("rejected: a bounce: mail to p2@players.example (g1) failed")
    else:
        assert outcome.startswith("rejected: an unverified bounce report for p2@players.example")
    assert failing(world) == {1: False, 2: counts, 3: False, 4: False}


def test_a_report_read_without_a_usable_secret_counts_for_nobody(tmp_path: Path) -> None:
    """The secret's file damaged (or gone: a spool brought back without it) after the
    reports were sent: no token checks, so even a genuine report is unverified; the poll
    goes on (queueing a mail is what tells the GM, docs/mail.md)."""
    for state in ("damaged", "gone"):
        world = World(tmp_path / state)
        sent_reports(world)
        secret = world.gm.spool / "message-id.key"
        if state == "damaged":
            secret.write_text("not a key\n", encoding="ascii")
        else:
            secret.unlink()
        drop(world, "postfix.eml")
        ((_key, outcome),) = world.poll().outcomes
        assert outcome.startswith("rejected: an unverified bounce report for p2@"), state
        assert not any(failing(world).values())
        assert not secret.exists() or secret.read_text(encoding="ascii") == "not a key\n"


@pytest.mark.parametrize("pasted", ["p2@players.example.", "'p2@players.example'"])
def test_an_address_pasted_with_what_stood_around_it_names_the_mark_meant(
    tmp_path: Path, pasted: str
) -> None:
    """`--clear` given the address as a sentence had it (`p2@players.example.`, quoted):
    `no game marks ... as failing` alone, and the GM, sure of the address, looked no
    further; the mark stays, and the address's mail is held back meanwhile."""
    world = World(tmp_path)
    sent_reports(world)
    drop(world, "postfix.eml")
    world.poll()
    games = ["--games-dir", str(world.gm.games_dir)]
    refused = CliRunner().invoke(main, [*games, "bounces", "--clear", pasted])
    assert (refused.exit_code, refused.output) == (
        1,
        f"wtg: no game marks {pasted} as failing (did you mean p2@players.example?)\n",
    )
    assert failing(world)  # nothing dropped
    cleared = CliRunner().invoke(main, [*games, "bounces", "--clear", "p2@players.example"])
    assert cleared.exit_code == 0 and "mark dropped in g1" in cleared.output
