"""A hostile trial of the replies to a code (``wtg.lobby.yesno``): an auto-responder that
marks its mail with none of the standard headers (so ``wtg.mail.incoming.noreply`` lets it through)
answers every mail the host sends, quoting it. Each of its replies is no plain yes, so the
host answers that the request was not confirmed; the auto-responder answers that too. The
loop is bounded by the notices' own count, never by the address's hourly room: it once cost
the host a notice at every poll (up to ``confirmations_per_hour`` an hour, for the code's
seven days) and a player's hour of confirmations."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.asked import ALICE, GM_LINE, Asked, a_reply, pending_codes
from tests.lobby.hall import Hall
from tests.mail.replies import ATTRIBUTION, quoted, top_posted

AWAY = "Thank you for your message. I am away until Monday and will read it then."


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


def last_sent(hall: Hall, to: str) -> EmailMessage | None:
    """The newest mail the host sent to ``to`` that the auto-responder has not answered."""
    found = []
    for path in (hall.gm.spool / "outbox" / "sent").glob("*.eml"):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        if str(msg["To"]).endswith(f"<{to}>") or str(msg["To"]) == to:
            found.append((str(msg["Date"]), path.name, msg))
    return max(found, key=lambda item: item[:2])[2] if found else None


def auto_reply(answered: EmailMessage, number: int) -> bytes:
    """The auto-responder's answer: its text above the host's mail, quoted."""
    body = answered.get_body(preferencelist=("plain",))
    assert body is not None
    msg = EmailMessage()
    msg["From"] = f"Alice <{ALICE}>"
    msg["To"] = GM_LINE
    msg["Subject"] = f"Re: {answered['Subject']}"
    msg["Message-ID"] = f"<away-{number}@players.example>"
    msg["In-Reply-To"] = str(answered["Message-ID"])
    msg.set_content(f"{AWAY}\n\n{ATTRIBUTION}\n{quoted(str(body.get_content()))}")
    return msg.as_bytes(policy=email.policy.SMTP.clone(max_line_length=998))


def test_an_auto_responder_gets_one_notice_a_day(asked: Asked, tmp_path: Path) -> None:
    """The auto-responder answers each new mail of the host's to Alice, a poll every five
    minutes: one notice, and its answer journalled as held back (never silently); then the
    loop is over, her request waiting all along. A day on, back, she asks a question by reply:
    she is told."""
    hall = asked.hall(tmp_path / "hall")
    answered: set[str] = set()
    outcomes: list[str] = []
    notices = 0
    for number in range(12):
        hall.send()
        newest = last_sent(hall, ALICE)
        assert newest is not None
        if str(newest["Message-ID"]) in answered:
            break  # the host said nothing new: the loop is over
        answered.add(str(newest["Message-ID"]))
        hall.deliver(auto_reply(newest, number))
        outcomes += [text for _k, text in hall.poll(hours=5 / 60).outcomes]
        notices += len([m for m in hall.new_mails(ALICE) if m.subject.endswith("not confirmed")])
    assert notices == 1
    assert len(outcomes) == 2
    assert all(text.endswith(f"reply not read as a yes to {asked.code}") for text in outcomes)
    assert "not answered: reply limit" not in outcomes[0]
    assert "not answered: reply limit" in outcomes[1]
    assert pending_codes(hall) == [asked.code]
    hall.deliver(a_reply(asked, top_posted(asked.text, "Back now: when does it start?")))
    hall.poll(hours=24)
    assert [m.subject for m in hall.new_mails(ALICE)] == ["JOIN wok4: not confirmed"]
