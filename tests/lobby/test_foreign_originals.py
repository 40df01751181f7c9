"""The host's request carried in a player's "not me!" in shapes the reader did not know: left
unquoted under a separator in the player's own language (a forward or an Outlook reply from
a client set to Danish, Swedish, Norwegian, Polish or French), or forwarded whole as an
attachment; with no In-Reply-To to name the mail it carries (a forward has none)."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.asked import GM_LINE
from tests.lobby.test_refusals import ann_and_bob
from wtg.lobby.database import LobbyDatabase

SHAPES = {
    "outlook-danish": (
        "-----Oprindelig meddelelse-----\nFra: {gm}\nSendt: 22. november 2026 13:00\n"
        "Til: {ann}\nEmne: {subject}"
    ),
    "outlook-swedish": (
        "-----Ursprungligt meddelande-----\nFrån: {gm}\nSkickat: den 22 november 2026 13:00\n"
        "Till: {ann}\nÄmne: {subject}"
    ),
    "outlook-norwegian": (
        "-----Opprinnelig melding-----\nFra: {gm}\nSendt: 22. november 2026 13:00\n"
        "Til: {ann}\nEmne: {subject}"
    ),
    "outlook-polish": (
        "-----Oryginalna wiadomość-----\nOd: {gm}\nWysłano: 22 listopada 2026 13:00\n"
        "Do: {ann}\nTemat: {subject}"
    ),
    "thunderbird-french-forward": (
        "-------- Message transféré --------\nSujet : {subject}\n"
        "Date : Sun, 22 Nov 2026 13:00:00 +0000\nDe : {gm}\nPour : {ann}"
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_no_over_the_request_in_another_language_resigns_no_one(
    shape: str, tmp_path: Path
) -> None:
    """Issue 25, item 16 ("The `CONFIRM` line of a request quoted in a "not me!" does not
    confirm it"): someone with Ann's code asked that she RESIGN; she forwards the request
    to the host with "No! not me", from a client in her language, which leaves it unquoted
    under its own words (`-----Oprindelig meddelelse-----`, `Fra:`/`Sendt:`/`Til:`). Its
    CONFIRM line was read as hers, and she was out of the game. The request's lines are the
    host's; she stays, and the request waits as it did."""
    hall, game, ann = ann_and_bob(tmp_path)
    hall.mail("thief@else.example", f"RESIGN wok4-1\nCODE {ann.code}")
    hall.poll(hours=1)
    (ask,) = hall.new_mails(ann.email)
    head = SHAPES[shape].format(gm=GM_LINE, ann=ann.email, subject=ask.subject)
    body = f"Nej! Det var ikke mig.\n\n{head}\n\n{ask.body}"
    assert f"\nCONFIRM {ask.code()}\n" in body
    hall.mail(ann.email, body)
    summary = hall.poll(hours=1)
    assert [text for _key, text in summary.outcomes] == ["answered: help sent"]
    assert game.store.pending_orders(1) == {}
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [str(r[0]) for r in book.rows("SELECT kind FROM pending")] == ["resign"]
    assert all("you leave the game" not in m.subject for m in hall.new_mails())


def test_a_request_forwarded_as_an_attachment_resigns_no_one(tmp_path: Path) -> None:
    """Issue 25, item 16 (the same ruling): Ann forwards the RESIGN request someone asked
    with her code to the host as an attachment (a `message/rfc822` part, as clients forward
    a mail whole), under "No! not me" written in HTML only. The reader took the first plain
    text it found anywhere in the mail, the forwarded request's, and its CONFIRM line made
    her resign. A mail forwarded whole is not what its sender typed."""
    hall, game, ann = ann_and_bob(tmp_path)
    hall.mail("thief@else.example", f"RESIGN wok4-1\nCODE {ann.code}")
    hall.poll(hours=1)
    (ask,) = hall.new_mails(ann.email)
    queued = hall.gm.spool / "outbox" / "queue"
    (request,) = [p for p in queued.glob("*.eml") if ask.code().encode() in p.read_bytes()]
    forward = EmailMessage()
    forward["From"] = ann.email
    forward["To"] = GM_LINE
    forward["Subject"] = f"Fwd: {ask.subject}"
    forward["Message-ID"] = "<forward-1@players.example>"
    forward.set_content("<p>No! Not me. Who has my code?</p>", subtype="html")
    forward.add_attachment(
        email.message_from_bytes(request.read_bytes(), policy=email.policy.default)
    )
    hall.deliver(bytes(forward))
    summary = hall.poll(hours=1)
    assert [text for _key, text in summary.outcomes] == [
        'answered: help sent; asked "No! Not me. Who has my code?"'
    ]
    assert game.store.pending_orders(1) == {}
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [str(r[0]) for r in book.rows("SELECT kind FROM pending")] == ["resign"]
