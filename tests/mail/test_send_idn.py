"""A player's address with a domain in Unicode (`ann@bücher.example`, which `new-game
--player Ann:ann@xn--bcher-kva.example` writes into game.yaml as email-validator normalises
it) met by `wtg send` over real SMTP."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import NOW
from tests.mail.servers import SmtpSink
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry, parse_player_spec
from wtg.host.config import config_from_data
from wtg.mail.outgoing.sender import send
from wtg.mail.servers.transport import SmtpTransport


def test_an_address_in_unicode_stops_no_other_mail(tmp_path: Path, smtp: SmtpSink) -> None:
    """Issue 25, item 2 ("One bad list, seat or game never stops the others"): smtplib
    cannot write `ann@bücher.example` in a RCPT command; `wtg send` died at her report on
    every run, and the mails after it waited for ever (or, the error caught, the server left
    mid-mail refused the next one for good: "503 nested MAIL command"). Her report goes to
    the domain's ASCII form, as SMTP carries it, and every other report goes out."""
    gm = config_from_data(
        {"games_dir": "games", "smtp": {"host": smtp.host, "port": smtp.port, "from": "gm@x.org"}},
        tmp_path,
    )
    ann = parse_player_spec("Ann:ann@xn--bcher-kva.example", 2)
    assert ann.email == "ann@bücher.example"
    players = [PlayerEntry(1, "Bob", "bob@players.example", "CODE0001"), ann]
    players += [PlayerEntry(i, f"P{i}", f"p{i}@players.example", f"CODE000{i}") for i in (3, 4)]
    create_game(gm.games_dir / "g1", "wok4", "small", players, seed=3, now=NOW)
    assert gm.smtp is not None

    summary = send(gm, now=NOW, transport=SmtpTransport(gm.smtp))

    assert (summary.sent, summary.waiting, summary.failed) == (4, 0, 0)
    assert sorted(r for m in smtp.messages for r in m.rcpt_tos) == [
        "ann@xn--bcher-kva.example",
        "bob@players.example",
        "p3@players.example",
        "p4@players.example",
    ]
    her_mail = next(m for m in smtp.messages if m.rcpt_tos == ("ann@xn--bcher-kva.example",))
    to_lines = [line for line in her_mail.data.split(b"\r\n") if line.startswith(b"To:")]
    # attack43 noticed: the registry wrote her domain as an encoded word (`ann@=?utf-8?q?b=C3
    # =BCcher?=.example`), which no address may hold: her client shows it broken, and a reply
    # to all goes nowhere. It is written as the envelope carries it.
    assert to_lines == [b"To: ann@xn--bcher-kva.example"]
    assert str(her_mail.message()["To"]) == "ann@xn--bcher-kva.example"
