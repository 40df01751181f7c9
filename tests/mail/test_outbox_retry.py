"""`wtg outbox`: a mail `wtg send` set aside for good (the server refused it, 550 no such
user, or its address was not one address) was lost to its player: once the GM corrected
his address in game.yaml, no command sent it again. Now `wtg outbox` lists the queue and
the mails set aside, and `--retry NAME` (`--retry-all`) puts one back in the queue, to the
player's address on file now (its To made again by ``compose.with_recipient``), its name
and Message-ID kept (``outboxes.sent_to`` finds it, a player's answer threads under it).

The SMTP test runs the real aiosmtpd server of tests/mail/servers.py, which refuses a
mailbox it does not have at RCPT TO (550 5.1.1); the others the maildir transport.
tests/test_kill_outbox_retry.py kills a retry between each two of its writes."""

from __future__ import annotations

import email
import email.policy
import json
import shutil
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path
from typing import cast

import pytest
from click.testing import CliRunner, Result

from tests.mail.conftest import missing
from tests.mail.loop import GM, NOW, World
from tests.mail.outboxes import sent_to
from tests.mail.servers import AIOSMTPD_INSTALL_HINT, SmtpSink, aiosmtpd_available
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.schedule import iso
from wtg.gm.rollback import rollbacks
from wtg.gm.takeover import take_over
from wtg.mail.outgoing import compose, failedmail
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.sender import SET_ASIDE
from wtg.mail.spool.runlock import only_one
from wtg.rules.wok.state import WokState
from wtg.text.yamlio import dump_yaml, load_yaml

MAIL = "report-g1-t0000-p03"
SENDER = "gm@example.org"
REFUSED = (
    "p3@players.example refused: 550 5.1.1 <p3@players.example>: Recipient address "
    "rejected: User unknown"
)


@pytest.fixture
def provider() -> Iterator[SmtpSink]:
    """An SMTP server without a mailbox for p3@players.example (a player's typo)."""
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with SmtpSink(unknown=["p3@players.example"]) as sink:
        yield sink


def smtp_config(tmp_path: Path, world: World, sink: SmtpSink) -> Path:
    """A config of ``world``'s games whose mail goes out through ``sink`` (its inbox: no
    server); its path."""
    path = tmp_path / "wtg.yaml"
    path.write_text(
        f"games_dir: {world.gm.games_dir}\ntransport: imap\n"
        f"imap: {{host: 127.0.0.1, port: 1, username: {SENDER}, password: pw}}\n"
        f"smtp: {{host: {sink.host}, port: {sink.port}, starttls: false, from: {SENDER}}}\n",
        encoding="utf-8",
    )
    return path


def maildir_config(tmp_path: Path, world: World) -> Path:
    path = tmp_path / "wtg.yaml"
    path.write_text(f"games_dir: {world.gm.games_dir}\nfrom: {SENDER}\n", encoding="utf-8")
    return path


def wtg(config: Path, *args: str) -> Result:
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    return CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])


def set_address(world: World, seat: int, address: str, name: str | None = None) -> None:
    """The GM's edit of game.yaml: player ``seat``'s address (and name)."""
    path = world.game.store.root / "game.yaml"
    data = load_yaml(path.read_text(encoding="utf-8"))
    data["players"][seat - 1]["email"] = address
    if name is not None:
        data["players"][seat - 1]["name"] = name
    path.write_text(dump_yaml(data), encoding="utf-8")


def folders(world: World) -> dict[str, list[str]]:
    """The mails of each folder of the outbox, by name."""
    root = world.gm.spool / "outbox"
    return {
        folder: sorted(p.stem for p in (root / folder).glob("*.eml"))
        for folder in ("queue", "sent", "failed")
    }


def parsed(raw: bytes) -> EmailMessage:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def test_a_report_refused_for_good_goes_to_the_corrected_address(
    tmp_path: Path, provider: SmtpSink
) -> None:
    world = World(tmp_path)
    config = smtp_config(tmp_path, world, provider)
    sent = wtg(config, "send")
    assert sent.exit_code == 1, sent.output
    assert sent.stdout == (
        "4 reports queued; 3 mails sent, 0 waiting to be retried, 1 refused for good; "
        f"{SET_ASIDE}\n"
    )
    assert folders(world) == {
        "queue": [],
        "sent": ["report-g1-t0000-p01", "report-g1-t0000-p02", "report-g1-t0000-p04"],
        "failed": [MAIL],
    }
    first = parsed((world.gm.spool / "outbox" / "failed" / f"{MAIL}.eml").read_bytes())
    listed = wtg(config, "outbox")
    assert (listed.exit_code, listed.stderr) == (0, "")
    assert listed.stdout.splitlines() == [
        "no mail waits in the queue",
        "1 mail set aside for good (`wtg outbox --retry NAME` puts one back in the queue, "
        "--retry-all every one):",
        f'  {MAIL}  to p3@players.example  "[g1] turn 0 report for Player3": {REFUSED}',
    ]
    host = wtg(config, "status", "--host").stdout.splitlines()
    assert (
        "outbox: empty, nothing waits to be sent; 1 set aside for good (`wtg outbox` lists "
        "them, --retry NAME sends one again)" in host
    )

    set_address(world, 3, "Player Three <p3@new.example>")
    listed = wtg(config, "outbox")
    assert listed.stdout.splitlines()[-1] == (
        f'  {MAIL}  to p3@players.example  "[g1] turn 0 report for Player3": {REFUSED} (game '
        "g1 player 3's address is now p3@new.example: a retry sends it there)"
    )
    retried = wtg(config, "outbox", "--retry", MAIL)
    assert (retried.exit_code, retried.stderr) == (0, "")
    assert retried.stdout == (
        f"{MAIL}: back in the queue, to p3@new.example (was p3@players.example), game g1 player "
        "3's address in game.yaml now; the next `wtg send` sends it\n"
    )
    assert folders(world)["queue"] == [MAIL] and folders(world)["failed"] == []
    assert not (world.gm.spool / "outbox" / "failed" / f"{MAIL}.json").exists()

    again = wtg(config, "send")
    assert again.stdout == (
        "0 reports queued; 1 mail sent, 0 waiting to be retried, 0 refused for good\n"
    )
    (delivered,) = [m for m in provider.messages if m.rcpt_tos == ("p3@new.example",)]
    msg = delivered.message()
    assert msg["To"] == "Player Three <p3@new.example>"
    assert msg["Message-ID"] == first["Message-ID"]  # the same mail: its id kept
    assert msg["Subject"] == "[g1] turn 0 report for Player3"
    body = msg.get_body(preferencelist=("plain",))
    assert body is not None and "=== BEGIN AOF ===" in str(body.get_content())
    assert len(provider.messages) == 4
    outbox = Outbox(world.gm.spool)
    assert sent_to(outbox, str(msg["Message-ID"]), "example.org") == "p3@new.example"

    assert wtg(config, "send", "-q").stdout == ""  # sent once
    done = wtg(config, "outbox", "--retry", MAIL)
    assert (done.exit_code, done.stdout) == (1, "")
    assert done.stderr == (
        f"wtg: mail {MAIL} was sent already (the server took it: "
        f"{world.gm.spool / 'outbox' / 'sent' / MAIL}.eml): nothing to put back\n"
    )
    assert len(provider.messages) == 4


def refused_for_its_address(tmp_path: Path) -> tuple[World, Path]:
    """A host whose turn 0 was sent, player 3's report set aside for good (his address in
    game.yaml was not one address: the maildir transport has no server to refuse it)."""
    world = World(tmp_path)
    set_address(world, 3, "p3 at players.example")
    config = maildir_config(tmp_path, world)
    assert wtg(config, "send", "-q").exit_code == 1
    assert folders(world)["failed"] == [MAIL]
    return world, config


def test_a_mail_without_an_address_gets_the_corrected_one(tmp_path: Path) -> None:
    world, config = refused_for_its_address(tmp_path)
    still = wtg(config, "outbox", "--retry", MAIL)
    assert still.exit_code == 1
    assert still.stderr == (
        f"wtg: mail {MAIL} is to game g1 player 3, whose address in game.yaml cannot be used "
        "(To: 'p3 at players.example' is not one e-mail address): correct it there, nothing "
        "put back\n"
    )
    assert folders(world)["failed"] == [MAIL]
    set_address(world, 3, "p3@fixed.example")
    retried = wtg(config, "outbox", "--retry", f"{MAIL}.eml")  # the file's name, as send said
    assert retried.stdout == (
        f"{MAIL}: back in the queue, to p3@fixed.example (it had no usable address), game g1 "
        "player 3's address in game.yaml now; the next `wtg send` sends it\n"
    )
    given_again = wtg(config, "outbox", "--retry", MAIL)
    assert (given_again.exit_code, given_again.stdout) == (
        0,
        f"{MAIL}: waits in the queue already; the next `wtg send` sends it\n",
    )
    assert wtg(config, "send", "-q").exit_code == 0
    mail = parsed((world.gm.maildir_out / "new" / MAIL).read_bytes())
    assert mail.get_all("To") == ["p3@fixed.example"]
    assert folders(world) == {
        "queue": [],
        "sent": [f"report-g1-t0000-p0{i}" for i in range(1, 5)],
        "failed": [],
    }


def test_an_unknown_name_a_path_and_a_name_near_one(tmp_path: Path) -> None:
    world, config = refused_for_its_address(tmp_path)
    set_address(world, 3, "p3@fixed.example")
    for name, said in (
        (
            "report-g1-t0000-p3",
            "no mail report-g1-t0000-p3 was set aside for good: did you mean "
            f"{MAIL}? (`wtg outbox` lists them)",
        ),
        (
            "nothing-like-it",
            "no mail nothing-like-it was set aside for good (`wtg outbox` lists them)",
        ),
        (
            "../failed/x",
            "'../failed/x' is no name of the outbox (a name is letters, digits, '.', '_' and "
            "'-', as `wtg outbox` lists it): nothing put back",
        ),
        (
            f"../failed/{MAIL}",
            f"'../failed/{MAIL}' is no name of the outbox (a name is letters, digits, '.', '_' "
            "and '-', as `wtg outbox` lists it): nothing put back",
        ),
        (
            ".hidden",
            "'.hidden' is no name of the outbox (a name is letters, digits, '.', '_' and '-', "
            "as `wtg outbox` lists it): nothing put back",
        ),
    ):
        result = wtg(config, "outbox", "--retry", name)
        assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"wtg: {said}\n")
    assert folders(world)["failed"] == [MAIL] and folders(world)["queue"] == []
    both = wtg(config, "outbox", "--retry", "nope", "--retry", MAIL)  # one refused, one done
    assert both.exit_code == 1
    assert both.stdout.startswith(f"{MAIL}: back in the queue, to p3@fixed.example")
    assert both.stderr == ("wtg: no mail nope was set aside for good (`wtg outbox` lists them)\n")
    assert folders(world)["queue"] == [MAIL]


def test_an_unchanged_address_and_a_strangers_mail_go_back_as_they_were(tmp_path: Path) -> None:
    """A retry of a mail whose address did not change is allowed (the server may have been
    wrong: a mailbox full for a day, a provider's slip), and says that it failed for good;
    a mail to no player (an answer to a stranger) goes back to its address."""
    world = World(tmp_path)
    config = maildir_config(tmp_path, world)
    outbox = Outbox(world.gm.spool)
    answer = "cmd-maildir:1795428902.M1P2.mx-1"
    msg = compose.message(answer, GM, "Stranger <who@else.example>", "Re: LISTS", "x\n", when=NOW)
    assert outbox.add(answer, msg)
    assert wtg(config, "send", "-q").exit_code == 0
    for name in (compose.safe(answer), "report-g1-t0000-p02"):
        Path(outbox.sent_dir / f"{name}.eml").rename(outbox.queue_dir / f"{name}.eml")
        outbox.failed(name, "550 5.2.2 mailbox full")  # as a server would have said
    retried = wtg(config, "outbox", "--retry-all")
    assert (retried.exit_code, retried.stderr) == (0, "")
    assert retried.stdout.splitlines() == [
        "cmd-maildir_3a1795428902.M1P2.mx-1: back in the queue, to who@else.example (the same "
        "address: the mail is to no player of a game; it was refused for good: 550 5.2.2 "
        "mailbox full)",
        "report-g1-t0000-p02: back in the queue, to p2@players.example: game g1 player 2's "
        "address is unchanged, and it was refused for good: 550 5.2.2 mailbox full (the "
        "server may refuse it again: then it is set aside again)",
    ]
    queued = {p.stem: parsed(p.read_bytes()) for p in outbox.queue_dir.glob("*.eml")}
    assert queued["cmd-maildir_3a1795428902.M1P2.mx-1"]["To"] == "Stranger <who@else.example>"
    assert queued["report-g1-t0000-p02"]["To"] == "p2@players.example"
    nothing = wtg(config, "outbox", "--retry-all")
    assert nothing.stdout == "no mail was set aside for good: nothing to put back\n"


def test_a_copy_of_a_sent_mail_in_failed_is_not_sent_again(tmp_path: Path) -> None:
    """A mail the server took lies in sent/; a copy of it put in failed/ by hand (to have it
    sent again, or by a restore of an old backup) is not put back: the outbox sends a mail
    at most once, and the player would get his report twice."""
    world = World(tmp_path)
    config = maildir_config(tmp_path, world)
    assert wtg(config, "send", "-q").exit_code == 0
    outbox = Outbox(world.gm.spool)
    name = "report-g1-t0000-p02"
    (outbox.failed_dir / f"{name}.eml").write_bytes((outbox.sent_dir / f"{name}.eml").read_bytes())
    for args in (("--retry", name), ("--retry-all",)):
        result = wtg(config, "outbox", *args)
        assert (result.exit_code, result.stdout) == (1, "")
        assert result.stderr == (
            f"wtg: mail {name} was sent already (the server took it: {outbox.sent_dir / name}"
            ".eml); the copy in failed/ is not sent again: remove it from "
            f"{outbox.failed_dir}\n"
        )
    assert folders(world)["queue"] == [] and folders(world)["failed"] == [name]
    assert wtg(config, "send", "-q").exit_code == 0
    assert len(list((world.gm.maildir_out / "new").iterdir())) == 4


def test_an_address_that_would_add_a_header_is_refused(tmp_path: Path) -> None:
    """game.yaml holds what the GM typed (or pasted): an address with a line break would be
    a header of its own (a Bcc to a thief) if the To were written as text."""
    world, config = refused_for_its_address(tmp_path)
    set_address(world, 3, "p3@fixed.example\r\nBcc: thief@evil.example")
    result = wtg(config, "outbox", "--retry", MAIL)
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: mail {MAIL} is to game g1 player 3, whose address in game.yaml cannot be used "
        "(To: 'p3@fixed.example\\r\\nBcc: thief@evil.example' holds a line break or control "
        "character): correct it there, nothing put back\n"
    )
    assert folders(world)["failed"] == [MAIL] and folders(world)["queue"] == []
    raw = (world.gm.spool / "outbox" / "failed" / f"{MAIL}.eml").read_bytes()
    assert b"thief" not in raw


def test_the_listing_shows_no_control_sequence_and_its_json(tmp_path: Path) -> None:
    """A player's name (in the subject) and a server's words are text from others: the
    GM's terminal gets them without a control sequence or a bidi override (a name's is made
    a space when game.yaml is read)."""
    world = World(tmp_path)
    set_address(world, 3, "p3 at players.example", name="Eve\u202eevil")
    config = maildir_config(tmp_path, world)
    assert wtg(config, "send", "-q").exit_code == 1
    note = world.gm.spool / "outbox" / "failed" / f"{MAIL}.json"
    note.write_text(json.dumps({"error": "550 \x1b]0;owned\x07\x1b[2Jno such user"}) + "\n")
    outbox = Outbox(world.gm.spool)
    msg = compose.message(
        "remind-g1-t0001-p01", GM, "p1@players.example", "[g1] soon", "x\n", when=NOW
    )
    assert outbox.add("remind-g1-t0001-p01", msg)
    outbox.retry_later("remind-g1-t0001-p01", "451 4.3.0 \x1b[31mtry later", 1795428000.0)
    listed = wtg(config, "outbox")
    assert listed.exit_code == 0
    assert listed.stdout.splitlines() == [
        "1 mail waiting in the queue (`wtg send` sends them):",
        '  remind-g1-t0001-p01  to p1@players.example  "[g1] soon"  deferred 1 time, '
        "the next try at 2026-11-23 10:01 UTC: 451 4.3.0 try later",
        "1 mail set aside for good (`wtg outbox --retry NAME` puts one back in the queue, "
        "--retry-all every one):",
        f'  {MAIL}  to (no address)  "[g1] turn 0 report for Eve evil": 550 no such user',
    ]
    data = json.loads(wtg(config, "outbox", "--json").stdout)
    assert data == {
        "games_dir": str(world.gm.games_dir),
        "queued": 1,
        "queued_mails": [
            {
                "name": "remind-g1-t0001-p01",
                "to": "p1@players.example",
                "subject": "[g1] soon",
                "attempts": 1,
                "next_try": "2026-11-23T10:01:00Z",
                "error": "451 4.3.0 try later",
                "withdrawing": False,
            }
        ],
        "failed": 1,
        "failed_mails": [
            {
                "name": MAIL,
                "to": "",
                "subject": "[g1] turn 0 report for Eve evil",
                "error": "550 no such user",
                "game": "g1",
                "player": 3,
                "now_to": None,
                "taken_over": None,
                "made_anew": None,
                "turn_undone": None,
                "withdrawing": False,
            }
        ],
    }
    both = wtg(config, "outbox", "--json", "--retry-all")
    assert (both.exit_code, both.stderr) == (
        1,
        "wtg: --json goes with the listing alone (not with --retry or --retry-all)\n",
    )


def test_an_empty_outbox(tmp_path: Path) -> None:
    world = World(tmp_path)
    config = maildir_config(tmp_path, world)
    listed = wtg(config, "outbox")
    assert (listed.exit_code, listed.stdout) == (
        0,
        "no mail waits in the queue\nno mail was set aside for good\n",
    )
    assert not (world.gm.spool / "outbox").exists()  # a listing writes nothing


def test_the_help_of_bounces_names_the_retry() -> None:
    shown = " ".join(CliRunner().invoke(main, ["bounces", "--help"]).stdout.split())
    assert "`wtg outbox --retry NAME` sends it again, to the corrected address" in shown


def test_a_retry_waits_for_no_send_and_puts_nothing_back_beside_one(tmp_path: Path) -> None:
    """A send running holds its lock: a retry beside it could move a mail the send is
    taking, so it puts nothing back, and says so."""
    world, config = refused_for_its_address(tmp_path)
    set_address(world, 3, "p3@fixed.example")
    with only_one(world.gm.spool, "send"):
        result = wtg(config, "outbox", "--retry", MAIL)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"wtg: a wtg send is running on {world.gm.spool}: give the command again once it is "
        "done (nothing was put back)\n"
    )
    assert folders(world)["failed"] == [MAIL]


def test_a_queued_mail_that_cannot_be_sent_as_made_is_not_said_to_go(tmp_path: Path) -> None:
    """A GM's notice queued while player 3's address was not one address waits in the
    queue, refused as made, until the next send sets it aside. The GM corrects game.yaml and
    gives --retry at once: told "the next `wtg send` sends it", he waited for a mail that
    the send set aside instead. The retry says what happens, and what to do."""
    world = World(tmp_path)
    config = maildir_config(tmp_path, world)
    set_address(world, 3, "p3 at players.example")
    ident = "hold-20261122120000-g1-p03"
    msg = compose.message(ident, GM, "p3 at players.example", "[g1] on hold", "x\n", when=NOW)
    assert Outbox(world.gm.spool).add(ident, msg)
    set_address(world, 3, "p3@fixed.example")
    result = wtg(config, "outbox", "--retry", ident)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"wtg: mail {ident} waits in the queue, but as it was made it cannot be sent (To: "
        "'p3 at players.example' is not one e-mail address): the next wtg send sets it "
        f"aside, then `wtg outbox --retry {ident}` puts it back to the address on file\n"
    )
    assert wtg(config, "send", "-q").exit_code == 1
    assert folders(world)["failed"] == [ident]
    again = wtg(config, "outbox", "--retry", ident)
    assert again.stdout.startswith(f"{ident}: back in the queue, to p3@fixed.example")


def test_a_mail_of_a_game_made_anew_under_its_name_is_not_sent_to_its_players(
    tmp_path: Path,
) -> None:
    """Player 3's report of game g1 was set aside; g1 ended, its folder was removed, and a
    new game was made under the same name, with other players. The old report (his orders'
    results, his map) matched the new game's seat 3 by its id and List-Id, and a retry sent
    it to a stranger: a mail made before the game's turn 0 is none of its players'."""
    world, config = refused_for_its_address(tmp_path)
    folder = world.game.store.root
    shutil.rmtree(folder)
    strangers = [
        PlayerEntry(seat, f"New{seat}", f"new{seat}@else.example", f"NEWCODE{seat}")
        for seat in range(1, 5)
    ]
    made = datetime.now(timezone.utc) + timedelta(minutes=1)  # after the report was made
    create_game(folder, "wok4", "small", strangers, 5, now=made)
    listed = wtg(config, "outbox")
    assert listed.exit_code == 0, listed.output
    assert "new3@else.example" not in listed.stdout
    assert listed.stdout.splitlines()[-1].endswith(
        f"(game g1 was made anew since ({iso(made)}): the mail was to a player of the game "
        "that had its name, a retry does not send it to this one's)"
    )
    as_json = json.loads(wtg(config, "outbox", "--json").stdout)
    assert [(m["now_to"], m["made_anew"]) for m in as_json["failed_mails"]] == [(None, iso(made))]
    refused = wtg(config, "outbox", "--retry", MAIL)
    assert refused.exit_code == 1
    assert refused.stderr == (
        f"wtg: mail {MAIL} was to a player of the game g1 that was before it was made anew "
        f"({iso(made)}): it is not sent to this game's player 3; nothing put back\n"
    )
    assert folders(world)["failed"] == [MAIL] and folders(world)["queue"] == []


def test_a_date_too_big_to_read_is_no_traceback(tmp_path: Path) -> None:
    """A mail put in failed/ by hand whose Date holds a number past any clock's (the
    stdlib's date parser raises OverflowError there, not ValueError): `wtg outbox` and
    --retry stopped on a traceback. Its moment is unknown: it is not sent to the seat, as a
    mail whose Date cannot be read."""
    world, config = refused_for_its_address(tmp_path)
    set_address(world, 3, "p3@fixed.example")
    kept = world.gm.spool / "outbox" / "failed" / f"{MAIL}.eml"
    raw = kept.read_bytes()
    date = next(line for line in raw.split(b"\r\n") if line.startswith(b"Date: "))
    kept.write_bytes(raw.replace(date, b"Date: Thu, 1 Jan 2026 00:00:00 +99999999999999999999"))
    listed = wtg(config, "outbox")
    assert (listed.exit_code, listed.stderr) == (0, "")
    assert "p3@fixed.example" not in listed.stdout
    retried = wtg(config, "outbox", "--retry", MAIL)
    assert retried.exit_code == 1 and isinstance(retried.exception, SystemExit)
    assert retried.stderr.startswith(f"wtg: mail {MAIL} was to a player of the game g1 ")
    assert folders(world)["failed"] == [MAIL] and folders(world)["queue"] == []


def test_a_seat_taken_over_since_is_not_sent_its_predecessors_mail(tmp_path: Path) -> None:
    """Player 3's report of turn 0 was set aside (his address was not one address); he
    QUIT, and a newcomer took his seat over. The old report (and a private press to him
    would be the same) was his: a retry to the seat's address now would hand it to the
    newcomer, who gets his own reports. Refused, and the listing says why."""
    world, config = refused_for_its_address(tmp_path)
    game = cast("Game[WokState]", world.game)  # World's game is a wok4 one
    game.submit("player: 3\nturn: 1\nquit: true\n")
    for seat in (1, 2, 4):
        game.submit(filled_aof(game, seat))
    game.run_turn()
    moment = datetime.now(timezone.utc) + timedelta(minutes=1)  # after the report was made
    take_over(game, 3, "Newcomer", "newcomer@example.org", moment)
    listed = wtg(config, "outbox")
    assert listed.exit_code == 0, listed.output
    assert (
        f"game g1 seat 3 was taken over since ({moment.isoformat()}): it was his predecessor's, "
        "a retry does not send it to the new player)"
    ) in listed.stdout
    assert "newcomer@example.org" not in listed.stdout
    as_json = json.loads(wtg(config, "outbox", "--json").stdout)
    assert [(m["name"], m["now_to"], m["taken_over"]) for m in as_json["failed_mails"]] == [
        (MAIL, None, moment.isoformat())
    ]
    refused = wtg(config, "outbox", "--retry", MAIL)
    assert refused.exit_code == 1
    assert refused.stderr == (
        f"wtg: mail {MAIL} was to the player who had game g1 seat 3 before it was taken over "
        f"({moment.isoformat()}): it is not sent to the new player (his own reports come to "
        "him); nothing put back\n"
    )
    assert folders(world)["failed"] == [MAIL]
    assert folders(world)["queue"] == []


def test_a_flood_of_mails_set_aside_reads_each_turns_takeovers_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every mail set aside that is a player's is looked up for a takeover since; each
    look read every turn's takeovers.json again: 2,000 mails of a game of 300 turns took
    `wtg outbox` 13 s (0.4 s for a game of 2 turns). A command reads each turn's record
    once, whatever the number of mails."""
    world = World(tmp_path)
    config = maildir_config(tmp_path, world)
    turns = 30
    for turn in range(1, turns):  # turns run since (their records are all that is read)
        (world.game.store.turn_dir(turn)).mkdir()
    outbox = Outbox(world.gm.spool)
    names = []
    for number in range(200):
        ident = f"report-g1-t{number:04d}-p{number % 4 + 1:02d}"
        msg = compose.message(
            ident, GM, "gone@players.example", "[g1] r", "x\n", when=NOW, game="g1"
        )
        (outbox.failed_dir / f"{compose.safe(ident)}.eml").write_bytes(compose.wire(msg))
        names.append(compose.safe(ident))
    read: list[int] = []

    def counted(store: object, turn: int) -> list[object]:
        read.append(turn)
        return []

    monkeypatch.setattr(failedmail, "taken_over", counted)
    listed = wtg(config, "outbox")
    assert listed.exit_code == 0 and listed.stdout.count("a retry sends it there") == 200
    assert sorted(read) == list(range(turns))
    read.clear()
    retried = wtg(config, "outbox", "--retry-all")
    assert retried.exit_code == 0 and len(retried.stdout.splitlines()) == 200
    assert sorted(read) == list(range(turns))
    assert folders(world)["queue"] == sorted(names)


def played(world: World) -> None:
    """Every player's orders in, and the game's next turn run."""
    game = cast("Game[WokState]", world.game)  # World's game is a wok4 one
    for seat in range(1, 5):
        game.submit(filled_aof(game, seat))
    game.run_turn()


def test_a_report_of_a_turn_rolled_back_since_is_not_sent(tmp_path: Path) -> None:
    """Player 3's reports of turns 0 and 1 were set aside (his address was not one
    address); the GM rolled the game back to turn 0. Turn 1 is no more: its report, put
    back, would have told him of a turn that never was (and beside the report of turn 1 as
    it runs again). Refused, and the listing says why (`turn_undone`); the report of turn
    0, still the game's, goes back to the corrected address."""
    world = World(tmp_path)
    set_address(world, 3, "p3 at players.example")
    config = maildir_config(tmp_path, world)
    assert wtg(config, "send", "-q").exit_code == 1  # turn 0
    played(world)
    assert wtg(config, "send", "-q").exit_code == 1
    old = "report-g1-t0001-p03"
    assert folders(world)["failed"] == [MAIL, old]
    rolled = wtg(config, "rollback", "g1", "--to", "0")
    assert rolled.exit_code == 0, rolled.output
    (back,) = rollbacks(world.game.store)
    set_address(world, 3, "p3@fixed.example")
    undone = f"turn 1 was rolled back to turn 0 since ({back.at})"
    listed = wtg(config, "outbox")
    assert listed.exit_code == 0, listed.output
    line = next(line for line in listed.stdout.splitlines() if line.startswith(f"  {old} "))
    assert line.endswith(
        f"(game g1's {undone}: that turn is no more, a retry does not send its mail)"
    )
    as_json = json.loads(wtg(config, "outbox", "--json").stdout)
    found = {m["name"]: (m["now_to"], m["turn_undone"]) for m in as_json["failed_mails"]}
    assert found[MAIL] == ("p3@fixed.example", None)
    assert found[old] == (None, undone)
    refused = wtg(config, "outbox", "--retry", old, "--retry", MAIL)
    assert refused.exit_code == 1
    assert refused.stderr == (
        f"wtg: mail {old} is of game g1, whose {undone}: that turn is no more, its mail is "
        "not sent (the mail of the turn as it is now goes with `wtg send`); nothing put back\n"
    )
    assert refused.stdout.startswith(f"{MAIL}: back in the queue, to p3@fixed.example")
    assert old in folders(world)["failed"] and old not in folders(world)["queue"]
    played(world)  # turn 1 again: its report is a new mail (-g1), to the address on file
    assert wtg(config, "send", "-q").exit_code == 1  # the rollback notice to the bad address
    assert {MAIL, f"{old}-g1"} <= set(folders(world)["sent"])
    again = wtg(config, "outbox", "--retry", old)
    assert (again.exit_code, again.stderr) == (1, refused.stderr)


def rerun_then_next_turn(folder: Path) -> tuple[World, Path]:
    """A host whose player 3's address is not one: turn 1 run, run again, turn 2 run, then
    one send (turn 1's reports, the rerun's, set aside for player 3); and its config."""
    world = World(folder)
    set_address(world, 3, "p3 at players.example")
    config = maildir_config(folder, world)
    played(world)
    assert wtg(config, "run-turn", "g1", "--rerun", "--unchanged").exit_code == 0
    played(world)  # turn 2: turn 1's reports are queued now, the rerun's
    assert wtg(config, "send", "-q").exit_code == 1
    return world, config


def test_a_report_of_a_turn_run_again_since_is_not_sent(tmp_path: Path) -> None:
    """Player 3's report of turn 1 was set aside; the GM corrected orders and ran turn 1
    again (`run-turn --rerun`): the report set aside is of the turn that was, refused. A
    report of a turn run again, queued once the next turn had run (its id says the rerun,
    ``-r1``, as that of a turn still the last does), is of the turn as it is: a retry sends
    it."""
    world = World(tmp_path)
    set_address(world, 3, "p3 at players.example")
    config = maildir_config(tmp_path, world)
    played(world)
    assert wtg(config, "send", "-q").exit_code == 1
    old = "report-g1-t0001-p03"
    assert wtg(config, "run-turn", "g1", "--rerun", "--unchanged").exit_code == 0
    set_address(world, 3, "p3@fixed.example")
    undone = "turn 1 was run again since (`wtg run-turn --rerun`)"
    as_json = json.loads(wtg(config, "outbox", "--json").stdout)
    found = {m["name"]: (m["now_to"], m["turn_undone"]) for m in as_json["failed_mails"]}
    assert found[old] == (None, undone)
    refused = wtg(config, "outbox", "--retry", old)
    assert refused.exit_code == 1
    assert refused.stderr.startswith(f"wtg: mail {old} is of game g1, whose {undone}: ")

    other, later = rerun_then_next_turn(tmp_path / "later")
    rerun = f"{old}-r1"
    assert rerun in folders(other)["failed"] and old not in folders(other)["failed"]
    set_address(other, 3, "p3@fixed.example")
    as_json = json.loads(wtg(later, "outbox", "--json").stdout)
    found = {m["name"]: (m["now_to"], m["turn_undone"]) for m in as_json["failed_mails"]}
    assert found[rerun] == ("p3@fixed.example", None)
    retried = wtg(later, "outbox", "--retry", rerun)
    assert retried.exit_code == 0, retried.output
    assert folders(other)["queue"] == [rerun]


def test_a_rerun_turns_report_an_older_wtg_queued_without_its_rerun_is_sent(
    tmp_path: Path,
) -> None:
    """An older wtg named the report of a rerun turn queued once the next turn had run
    without ``-rN`` (its id said no rerun): made after the next turn ran, it is of the turn
    as it is, and a retry sends it (such mails stay in outboxes across an upgrade)."""
    world, config = rerun_then_next_turn(tmp_path)
    failed = world.gm.spool / "outbox" / "failed"
    old, rerun = "report-g1-t0001-p03", "report-g1-t0001-p03-r1"
    for path in failed.glob(f"{rerun}.*"):
        text = path.read_bytes().replace(rerun.encode(), old.encode())
        text = text.replace(compose.digest(rerun).encode(), compose.digest(old).encode())
        path.with_name(path.name.replace(rerun, old)).write_bytes(text)
        path.unlink()
    assert old in folders(world)["failed"]
    set_address(world, 3, "p3@fixed.example")
    retried = wtg(config, "outbox", "--retry", old)
    assert retried.exit_code == 0, retried.output
    assert folders(world)["queue"] == [old]


def test_a_reminder_of_a_turn_that_ran_or_was_rolled_back_since_is_not_sent(
    tmp_path: Path,
) -> None:
    """Player 3's reminder of turn 2's orders was set aside; turn 2 then ran: put back,
    it would ask for orders of a turn that is over. Refused and listed so (`turn_undone`).
    Rolled back since to turn 0, the turn it asked for comes later by another deadline:
    refused too. A reminder of the coming turn goes back to the corrected address."""
    world = World(tmp_path)
    config = maildir_config(tmp_path, world)
    played(world)
    outbox = Outbox(world.gm.spool)
    for turn in (2, 3):
        name = f"remind-g1-t{turn:04d}-p03"
        msg = compose.message(name, GM, "p3 at players.example", "[g1] soon", "x\n", when=NOW)
        assert outbox.add(name, msg)
        outbox.failed(name, "not one address")
    set_address(world, 3, "p3@fixed.example")
    as_json = json.loads(wtg(config, "outbox", "--json").stdout)
    found = {m["name"]: (m["now_to"], m["turn_undone"]) for m in as_json["failed_mails"]}
    assert found["remind-g1-t0002-p03"] == ("p3@fixed.example", None)

    played(world)  # turn 2 runs
    ran = "turn 2, whose orders the reminder asked for, has run since"
    as_json = json.loads(wtg(config, "outbox", "--json").stdout)
    found = {m["name"]: (m["now_to"], m["turn_undone"]) for m in as_json["failed_mails"]}
    assert found["remind-g1-t0002-p03"] == (None, ran)
    assert found["remind-g1-t0003-p03"] == ("p3@fixed.example", None)
    listed = wtg(config, "outbox").stdout
    assert f"(game g1's {ran}: a retry does not send this reminder)" in listed
    refused = wtg(config, "outbox", "--retry", "remind-g1-t0002-p03")
    assert refused.exit_code == 1
    assert refused.stderr == (
        f"wtg: mail remind-g1-t0002-p03 is a reminder of game g1, whose {ran}: it is not sent "
        "(`wtg remind` reminds the players of the coming turn); nothing put back\n"
    )

    assert wtg(config, "rollback", "g1", "--to", "0").exit_code == 0
    (back,) = rollbacks(world.game.store)
    as_json = json.loads(wtg(config, "outbox", "--json").stdout)
    found = {m["name"]: (m["now_to"], m["turn_undone"]) for m in as_json["failed_mails"]}
    assert found["remind-g1-t0003-p03"] == (
        None,
        f"turn 2 was rolled back to turn 0 since ({back.at})",
    )
    assert wtg(config, "outbox", "--retry", "remind-g1-t0003-p03").exit_code == 1
    assert not [name for name in folders(world)["queue"] if name.startswith("remind-")]
