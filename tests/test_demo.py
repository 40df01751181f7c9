"""`wtg demo OUT`: the folders it names are the folders it wrote."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main
from wtg.cli.demo import demo_players, run_demo
from wtg.mail.outgoing import sender
from wtg.mail.servers.transport import MaildirTransport, PermanentFailure


def test_the_demo_names_the_mail_folders_it_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative OUT used to put the maildirs in OUT/OUT/games/.mail and say so."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["demo", "d1", "--turns", "1"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    reports, site = result.output.splitlines()[-2:]
    assert reports == (
        "Reports: d1/reports/turn-NN/pNN.txt; every mail sent: d1/games/.mail/maildir-out/new; "
        "every mail received: d1/games/.mail/maildir-in; Top Ten: d1/topten.txt"
    )
    assert site == (
        "Site: d1/site/index.html (open it in a browser; `wtg site d1/site --games-dir "
        "d1/games --serve` serves it)"
    )
    assert Path("d1/site/games/demo/index.html").is_file()
    assert (
        len(list(Path("d1/games/.mail/maildir-out/new").iterdir())) == 30
    )  # reports of turns 0 and 1, 10 confirmations
    assert len(list(Path("d1/games/.mail/maildir-in/.processed/cur").iterdir())) == 10
    sent = [
        email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
        for p in Path("d1/games/.mail/maildir-out/new").iterdir()
    ]
    report_mails = [m for m in sent if "report for" in str(m["Subject"])]
    assert len(report_mails) == 20
    for mail in report_mails:  # issue 15: the player's map, the text first (a reply quotes it)
        parts = [p.get_content_type() for p in mail.walk() if not p.is_multipart()]
        assert parts == ["text/plain", "image/png"], mail["Subject"]
    answered = [m for m in sent if "report for" not in str(m["Subject"])]
    assert len(answered) == 10  # each player's reply to the mail with the map filed orders
    for mail in answered:
        body = mail.get_body(("plain",))
        assert body is not None and "accepted" in body.get_content()
    assert sorted(p.name for p in Path("d1").iterdir()) == [
        ".wtg-demo",
        "demo.kaomaris.example.dkim.key",
        "games",
        "reports",
        "site",
        "topten.txt",
    ]


def test_the_demos_site_shows_no_code_and_no_address(tmp_path: Path) -> None:
    """Issue 16: "grep for any secret code or address of the demo's players in `OUT/site`
    finds nothing"; their names are there (the grep looks where it should)."""
    out = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", str(out), "--turns", "3"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    pages = {p: p.read_bytes().lower() for p in (out / "site").rglob("*") if p.is_file()}
    assert {p.relative_to(out / "site").as_posix() for p in pages} >= {
        "index.html",
        "hiscore.html",
        "ratings.html",
        "feed.atom",
        "style.css",
        "games/demo/index.html",
    }
    everything = b"".join(pages.values())
    for player in demo_players():
        assert player.code.lower().encode() not in everything, player.code
        assert player.email.lower().encode() not in everything, player.email
        assert player.name.lower().encode() in everything
    at_rules = {line.strip() for line in everything.splitlines() if b"@" in line}
    assert at_rules <= {b"@media (max-width: 40em) {", b"@media (max-width: 40rem) {"}  # CSS only


class RefusesAldric:
    """The demo's transport, its server refusing for good every mail to Aldric."""

    def __init__(self, out: Path) -> None:
        self.out = MaildirTransport(out)

    def send(self, ident: str, raw: bytes) -> None:
        if b"aldric@players.example" in raw.split(b"\n\n")[0].split(b"\r\n\r\n")[0]:
            raise PermanentFailure("550 5.1.1 <aldric@players.example>: no such user")
        self.out.send(ident, raw)

    def close(self) -> None:
        self.out.close()


def test_the_demos_send_says_the_mail_it_set_aside_for_good(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The demo's sends counted a mail set aside for good and dropped the line saying which
    and why (kept in ``outbox/failed/<name>.untold`` until a send has said it: the demo's
    said it to a log no one reads, then counted it said)."""
    monkeypatch.setattr(sender, "open_transport", lambda gm: RefusesAldric(gm.maildir_out))
    said: list[str] = []
    run_demo(tmp_path / "demo", 0, 5, said.append)
    sends = [line for line in said if line.startswith("  send:")]
    assert sends[0].startswith("  send: 10 reports queued; 9 mails sent, 0 waiting to be "), sends
    failed = tmp_path / "demo" / "games" / ".mail" / "outbox" / "failed"
    (kept,) = failed.glob("*.eml")
    assert sends[1:] == [
        f"  send: mail {kept.stem} refused for good: 550 5.1.1 <aldric@players.example>: no "
        f"such user (kept in {kept}; correct what it says, then `wtg outbox --retry "
        f"{kept.stem}` sends it again)"
    ], said
    assert list(failed.glob("*.untold")) == []  # said, and so counted said
