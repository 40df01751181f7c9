"""Issue 25, item 16: "Bottom-posted lobby replies are ignored: a CONFIRM written below the
quoted request (as mutt and most clients write it), or a JOIN under a greeting, gets no
answer at all." The host reads the commands its sender typed, in every shape of reply the
order path reads (the real clients' replies: tests/mail/clients/test_real_clients_lobby.py),
here the hand-written replies after the clients that cannot run here; and never a line of
its own mail that a reply quotes (with or without quote marks)."""

from __future__ import annotations

import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.asked import (
    ALICE,
    GM_LINE,
    Asked,
    a_reply,
    cancels,
    confirms,
)
from tests.lobby.hall import Hall
from tests.lobby.test_refusals import ann_and_bob
from tests.mail.replies import ATTRIBUTION, bottom_posted, quoted
from wtg.lobby.database import LobbyDatabase


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


def test_a_thunderbird_html_reply_below_the_quote_confirms(asked: Asked, tmp_path: Path) -> None:
    """Issue 25, item 16: an HTML reply (Thunderbird writes the quote as a blockquote and
    the reply under it), its plain part left out as some clients send it."""
    quote = asked.text.replace("\n", "<br>\n")
    html = (
        '<html><body><div class="moz-cite-prefix">On 22/11/2026 12:00, Game Master wrote:'
        f'<br></div><blockquote type="cite">{quote}</blockquote>'
        f"<p>CONFIRM {asked.code}</p><p>Alice</p></body></html>"
    )
    msg = EmailMessage()
    msg["From"] = f"Alice <{ALICE}>"
    msg["To"] = GM_LINE
    msg["Subject"] = f"Re: {asked.subject}"
    msg["Message-ID"] = "<html-1@players.example>"
    msg.set_content(html, subtype="html")
    confirms(asked, tmp_path / "hall", msg.as_bytes(policy=email.policy.SMTP))


def test_an_iphone_reply_on_top_confirms(asked: Asked, tmp_path: Path) -> None:
    """Issue 25, item 16: a phone's reply: the line on top, its signature, the attribution
    quoted with the request."""
    attribution = "On 22 Nov 2026, at 12:00, Game Master <gm@wtg.example> wrote:"
    body = f"Confirm {asked.code}\n\nSent from my iPhone\n\n> {attribution}\n>\n" + quoted(
        asked.text
    )
    confirms(asked, tmp_path / "hall", a_reply(asked, body))


def test_an_outlook_reply_over_the_unquoted_request_confirms_once(
    asked: Asked, tmp_path: Path
) -> None:
    """Issue 25, item 16: Outlook's reply: the line typed on top, the request under it
    without quote marks; the request's own CONFIRM line is not read (one command)."""
    body = (
        f"CONFIRM {asked.code}\n\nRegards,\nAlice\n\n-----Original Message-----\n"
        f"From: {GM_LINE}\nSent: Sunday, November 22, 2026 12:00 PM\nTo: {ALICE}\n"
        f"Subject: {asked.subject}\n\n{asked.text}"
    )
    confirms(asked, tmp_path / "hall", a_reply(asked, body))


def test_a_join_under_a_greeting_is_answered(tmp_path: Path) -> None:
    """Issue 25, item 16: "a JOIN under a greeting ("Hi,\\n\\nJOIN wok4-1\\n\\nthanks") gets no
    answer at all"."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail(ALICE, "Hi,\n\nJOIN wok4\n\nthanks\nAlice\n", name="Alice")
    summary = hall.poll()
    assert [text for _k, text in summary.outcomes] == ["answered: commands: JOIN wok4"]
    (ask,) = hall.new_mails(ALICE)
    assert ask.subject.startswith("JOIN wok4: confirm with CONFIRM")


@pytest.mark.parametrize(
    "separator",
    [
        "-----Original Message-----\nFrom: {gm}\nSent: Sunday, November 22, 2026 12:00 PM",
        "________________________________\nFrom: {gm}\nSent: Sunday, 22 November 2026 12:00",
        "From: {gm}\nSent: Sunday, November 22, 2026 12:00 PM\nTo: {alice}",
        "---------- Forwarded message ---------\nFrom: {gm}\nDate: Sun, 22 Nov 2026",
        "Begin forwarded message:\n\nFrom: {gm}",
        "On Sun, 22 Nov 2026 at 12:00, Game Master <gm@wtg.example> wrote:",
    ],
    ids=["outlook", "outlook-web", "outlook-no-dashes", "gmail-forward", "apple-forward", "wrote"],
)
def test_the_request_a_reply_carries_unquoted_is_never_read(
    separator: str, asked: Asked, tmp_path: Path
) -> None:
    """Issue 25, item 16: "text quoted from the host's own mail ... is never read as the
    sender's commands: only lines the sender typed": a person who never asked to JOIN
    answers "not me" over the request, left unquoted under its separator: its CONFIRM line
    is the host's, and nobody joins; her "not me" cancels the request (``wtg.lobby.yesno``)."""
    head = separator.format(gm=GM_LINE, alice=ALICE)
    body = f"Not me! I never asked for this.\n\n{head}\n\n{asked.text}"
    cancels(asked, tmp_path / "hall", a_reply(asked, body))


def test_the_request_a_reply_quotes_is_never_read(asked: Asked, tmp_path: Path) -> None:
    """Issue 25, item 16: a reply that only quotes the request ("no thanks" under it) is
    no CONFIRM: it cancels the request, and she is told."""
    body = bottom_posted(asked.text, "No thanks, I changed my mind.")
    assert f"> CONFIRM {asked.code}" in body
    cancels(asked, tmp_path / "hall", a_reply(asked, body))


def test_a_resign_request_quoted_in_a_no_resigns_no_one(tmp_path: Path) -> None:
    """Issue 25, item 16: the request most worth guarding: someone with Ann's code asked
    that she RESIGN; she answers "no!" over the request, which Outlook leaves unquoted with
    its CONFIRM line. She stays in the game, and the request waits as it did."""
    hall, game, ann = ann_and_bob(tmp_path)
    hall.mail("thief@else.example", f"RESIGN wok4-1\nCODE {ann.code}")
    hall.poll(hours=1)
    (ask,) = hall.new_mails(ann.email)
    body = (
        "No! I did not ask for this, who has my code?\n\n-----Original Message-----\n"
        f"From: {GM_LINE}\nSent: Sunday, November 22, 2026 13:00\nTo: {ann.email}\n"
        f"Subject: {ask.subject}\n\n{ask.body}"
    )
    assert f"\nCONFIRM {ask.code()}\n" in body
    hall.mail(ann.email, body)
    hall.mail(ann.email, f"{ATTRIBUTION}\n{quoted(ask.body)}\nNo.\n")  # and bottom-posted
    hall.poll(hours=1)
    assert game.store.pending_orders(1) == {}
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [str(r[0]) for r in book.rows("SELECT kind FROM pending")] == ["resign"]
    assert all("you leave the game" not in m.subject for m in hall.new_mails())


def test_the_request_pasted_without_a_separator_is_never_read(asked: Asked, tmp_path: Path) -> None:
    """Issue 25, item 16: a reply that carries the request pasted in, without quote marks
    or a line above it (a client that knows none, a person who copied it): the host knows
    the mail answered (its In-Reply-To) and reads none of its lines."""
    body = f"Not me! I never asked for this.\n\n{asked.text}"
    cancels(asked, tmp_path / "hall", a_reply(asked, body))


def test_a_confirm_typed_over_the_pasted_request_counts(asked: Asked, tmp_path: Path) -> None:
    """Issue 25, item 16: the line the sender typed counts, though the request pasted under
    it holds the same line."""
    body = f"CONFIRM {asked.code}\n\n{asked.text}"
    confirms(asked, tmp_path / "hall", a_reply(asked, body))
