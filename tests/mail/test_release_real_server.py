"""Issue 25, items 11 and 18, against a real Dovecot: a mail for a game the host does not
know is held in the rejected folder, and `wtg quarantine --release KEY` moves it back to
the inbox, where the next poll files it, once, even when the release was cut short; an
IMAP error is one line without the server's raw bytes."""

from __future__ import annotations

import email.policy
import shutil
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.host.config import load_config
from wtg.mail.poll import release as release_module
from wtg.mail.poll.release import release
from wtg.mail.servers.inbox import connect_imap
from wtg.mail.spool.journallists import held_mails

PLAYERS = [PlayerEntry(i, f"P{i}", f"p{i}@players.example", f"CODE{i:04d}") for i in (1, 2)]


def order_mail(body: str, message_id: str | None) -> bytes:
    msg = EmailMessage()
    msg["From"] = "p1@players.example"
    msg["To"] = GM_ADDRESS
    msg["Subject"] = "orders"
    if message_id is not None:
        msg["Message-ID"] = message_id
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP)


def held_in_dovecot(root: Path, imap: Dovecot, smtp: SmtpSink, message_id: str | None) -> str:
    """Player 1's orders for g1 polled while g1 is away from games_dir: held, in the
    rejected folder. The held mail's key."""
    config = write_config(root, imap, smtp)
    game = create_game(root / "games" / "g1", "wok4", "small", PLAYERS, 5).typed(WOK4)
    imap.append(GM_ADDRESS, order_mail(filled_aof(game, 1), message_id))
    shutil.move(str(game.store.root), root / "aside")
    assert wtg(config, "poll").stdout == (
        "filed 0, rejected 0, quarantined 0, ignored 0, held for the GM 1\n"
    )
    shutil.move(str(root / "aside"), game.store.root)
    assert len(imap.fetch_all(GM_ADDRESS, "wtg-rejected")) == 1
    (item,) = held_mails(root / "games" / ".mail")
    return item.key


@pytest.mark.parametrize("message_id", ["<orders1@players.example>", None], ids=["id", "no-id"])
def test_a_held_mail_is_released_from_dovecot_and_filed(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink, message_id: str | None
) -> None:
    """Issue 25, item 11: the held mail goes back from wtg-rejected to the INBOX (found by
    its header, the Message-ID narrowing the search where it has one), and the next poll
    files it."""
    key = held_in_dovecot(tmp_path, imap, smtp, message_id)
    config = tmp_path / "wtg.yaml"
    said = wtg(config, "quarantine", "--release", key).stdout
    assert said == f"{key}: back in the inbox; the next poll handles it as new\n"
    assert imap.fetch_all(GM_ADDRESS, "wtg-rejected") == []
    assert len(imap.fetch_all(GM_ADDRESS)) == 1
    assert wtg(config, "poll").stdout.startswith("filed 1, rejected 0")
    assert len(imap.fetch_all(GM_ADDRESS, "wtg-processed")) == 1


class Cut(BaseException):
    """The release cut short (as a kill would) before the mail moved."""


def test_a_release_cut_short_in_dovecot_moves_the_mail_once(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 11: cut short after the journal forgot the mail and before the
    MOVE, the release is listed as under way; given again it moves the mail, once, and
    the poll files it once."""
    key = held_in_dovecot(tmp_path, imap, smtp, "<orders2@players.example>")
    config = tmp_path / "wtg.yaml"

    def cut(*_: object) -> None:
        raise Cut

    with monkeypatch.context() as patched:
        patched.setattr(release_module._ImapBox, "put_back", cut)
        with pytest.raises(Cut):
            release(load_config(config), key, datetime.now(timezone.utc))
    assert len(imap.fetch_all(GM_ADDRESS, "wtg-rejected")) == 1
    assert "RELEASE CUT SHORT" in wtg(config, "quarantine").stdout
    assert wtg(config, "poll").stdout.startswith("filed 0, rejected 0, quarantined 0, ignored 0")
    assert wtg(config, "quarantine", "--release", key).stdout.endswith("as new\n")
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    assert wtg(config, "poll").stdout.startswith("filed 0,")
    assert len(imap.fetch_all(GM_ADDRESS, "wtg-processed")) == 1
    assert imap.fetch_all(GM_ADDRESS, "wtg-rejected") == imap.fetch_all(GM_ADDRESS) == []
    assert wtg(config, "quarantine").stdout == "no mail quarantined or held\n"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ("password: gm-secret", "password: wrong"),
            "wtg: cannot open the inbox: [AUTHENTICATIONFAILED] Authentication failed.",
        ),
        (
            ("username: gm@example.org", "username: gm@example.org, folder: INBOXX"),
            "wtg: cannot open the inbox: the folder 'INBOXX' (imap.folder) is not in the "
            "mailbox, whose folders are 'INBOX'",
        ),
    ],
    ids=["login", "folder"],
)
def test_an_imap_error_is_one_line_without_raw_bytes(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink, change: tuple[str, str], expected: str
) -> None:
    """Issue 25, item 18: the server's refusal was shown as Python writes bytes (b'...')."""
    config = write_config(tmp_path, imap, smtp)
    text = config.read_text(encoding="utf-8")
    assert change[0] in text
    config.write_text(text.replace(*change), encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), "poll"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    (line,) = result.stderr.splitlines()
    assert line.startswith(expected), line
    assert "b'" not in line and 'b"' not in line and "\\r" not in line


def test_release_held_puts_every_mail_back_over_one_connection(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg quarantine --release-held` logged into the server for each mail it put back (a
    flood held is thousands of logins): one connection serves them all, and the next poll
    reads each mail once."""
    config = write_config(tmp_path, imap, smtp)
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", PLAYERS, 5).typed(WOK4)
    for n in range(3):
        imap.append(GM_ADDRESS, order_mail(filled_aof(game, 1), f"<held{n}@players.example>"))
    shutil.move(str(game.store.root), tmp_path / "aside")
    assert wtg(config, "poll").stdout.endswith("held for the GM 3\n")
    shutil.move(str(tmp_path / "aside"), game.store.root)
    logins: list[object] = []

    def counted(*args: Any) -> Any:
        logins.append(args)
        return connect_imap(*args)

    monkeypatch.setattr(release_module, "connect_imap", counted)

    said = wtg(config, "quarantine", "--release-held").stdout

    assert said == "3 mails back in the inbox; the next poll handles each as new\n"
    assert len(logins) == 1
    assert imap.fetch_all(GM_ADDRESS, "wtg-rejected") == []
    assert len(imap.fetch_all(GM_ADDRESS)) == 3
    polled = wtg(config, "poll").stdout  # the same form thrice: filed once, its copies not
    assert polled == "filed 1, rejected 0, quarantined 0, ignored 2\n"
    assert held_mails(tmp_path / "games" / ".mail") == []
