"""A mail whose From fails DMARC is never answered (no backscatter to a forged From), but the
answer went to the Reply-To, which no server checks: a stranger mailing from his own domain
(its DMARC a pass) with ``Reply-To: victim@...`` had the host mail the victim its codes to
CONFIRM, its refusals and its HELP, the DMARC check passed by. The answer goes to a Reply-To
only of the From's own mailbox name in its domain (or one above or below it:
``ann@mail.example.org`` writing ``Reply-To: ann@example.org``); else to the From, which the
GM's server checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import GM, Hall

PASS = "mx.wtg.example; dmarc=pass (p=reject dis=none) header.from={domain}"


def mail(hall: Hall, sender: str | None, reply_to: str | None, body: str) -> None:
    """A mail as the GM's server took it, its From's DMARC a pass."""
    hall.count += 1
    domain = sender.rpartition("@")[2].rstrip(">") if sender else "none.example"
    head = f"Authentication-Results: {PASS.format(domain=domain)}\r\n"
    head += f"From: {sender}\r\n" if sender else ""
    head += f"Reply-To: {reply_to}\r\n" if reply_to else ""
    head += f"To: {GM}\r\nSubject: hello\r\nMessage-ID: <r{hall.count}@x.example>\r\n"
    hall.deliver(f"{head}\r\n{body}\r\n".encode())


@pytest.mark.parametrize("body", ["JOIN wok4", "HELP", "STATUS nogame", "hello there"])
def test_a_reply_to_in_another_domain_is_not_answered(tmp_path: Path, body: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    mail(hall, "Mallory <mallory@evil.example>", "victim@mailbox.example", body)
    hall.poll()
    assert hall.new_mails("victim@mailbox.example") == []
    (answer,) = hall.new_mails("mallory@evil.example")
    assert answer.subject.strip() != ""


def test_a_reply_to_without_a_from_is_not_answered(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    mail(hall, None, "victim@mailbox.example", "JOIN wok4")
    hall.poll()
    assert hall.new_mails() == []


@pytest.mark.parametrize("body", ["JOIN wok4", "HELP", "STATUS nogame", "hello there"])
def test_a_reply_to_of_another_mailbox_of_the_froms_domain_is_not_answered(
    tmp_path: Path, body: str
) -> None:
    """Most players' domain is a provider's (gmail.com, outlook.com), shared with everyone
    else there: a stranger with an account of his own there (its DMARC a pass) wrote
    ``Reply-To: victim@`` the same domain, and the host mailed the victim its codes, HELP
    and refusals (quoting the stranger's words), which a forged From of the victim's, failing
    DMARC, never had answered. A Reply-To counts only for the From's own mailbox name."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    mail(hall, "Mallory <mallory@mailbox.example>", "victim@mailbox.example", body)
    mail(hall, "mallory@mail.mailbox.example", "Victim <Victim@Mailbox.Example>", body)
    hall.poll()
    assert hall.new_mails("victim@mailbox.example") == []
    assert len(hall.new_mails("mallory@mailbox.example")) == 1
    assert len(hall.new_mails("mallory@mail.mailbox.example")) == 1


@pytest.mark.parametrize(
    ("sender", "reply_to", "to"),
    [
        ("ann@players.example", "Ann <Ann@Home.Players.Example>", "ann@home.players.example"),
        ("ann@players.example", "Ann <Ann.Home@Players.Example>", "ann@players.example"),
        ("ann@mail.players.example", "ann@players.example", "ann@players.example"),
        ("ann@players.example", "ann@home.players.example", "ann@home.players.example"),
        ("ann@players.example", "ann@otherplayers.example", "ann@players.example"),
    ],
)
def test_a_reply_to_in_the_froms_domain_is_answered(
    tmp_path: Path, sender: str, reply_to: str, to: str
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    mail(hall, sender, reply_to, "JOIN wok4 AS Ann")
    hall.poll()
    (answer,) = hall.new_mails()
    assert answer.to == to
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM "), answer.subject
