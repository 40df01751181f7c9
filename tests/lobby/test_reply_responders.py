"""An auto-responder that marks its mail with none of the headers for it (no
``Auto-Submitted``, ``X-Autoreply``, ``X-Autorespond``, ``Precedence: auto_reply``) and
quotes the mail it answers confirmed a JOIN a stranger forged in its owner's name (round
46, left open): its own text under a signature's ``-- `` or thanks alone left nothing
typed but a yes, and a reply with nothing typed was a yes. Ruling (round 47): a reply
confirms a JOIN only with a yes typed in it (``yes``, ``ok``, ``sign me up``), and never
when its subject is an auto-reply's (``Out of Office:``, ``Automatic reply:``); the code
mail tells the player so, and a reply with nothing typed is told how to confirm
(``wtg.lobby.yesno``). Through the real poller, the replies shaped as responders shape
them."""

from __future__ import annotations

import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.asked import ALICE, GM_LINE, Asked, a_reply, unconfirmed_by_reply, waiting_names
from tests.mail.replies import ATTRIBUTION, quoted, top_posted

AWAY = "I am out of the office until 7 December, with no access to my mail."


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


def _responder(asked: Asked, subject: str, body: str) -> bytes:
    """A responder's mail to the host's code mail, in its thread, with no header that marks
    an automatic reply."""
    msg = EmailMessage()
    msg["From"] = f"Alice <{ALICE}>"
    msg["To"] = GM_LINE
    msg["Subject"] = subject.format(asked.subject)
    msg["Message-ID"] = "<away-1@players.example>"
    msg["In-Reply-To"] = asked.message_id
    msg["References"] = asked.message_id
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP.clone(max_line_length=998))


@pytest.mark.parametrize(
    ("subject", "body"),
    [
        # its text a signature's, under the quote
        ("Re: {}", f"{ATTRIBUTION}\n{{quote}}\n-- \n{AWAY}\n"),
        # nothing but the quote (its text in an attachment, or in HTML the host does not read)
        ("Re: {}", f"{ATTRIBUTION}\n{{quote}}"),
        # thanks alone
        ("Re: {}", f"Thank you!\n\n{ATTRIBUTION}\n{{quote}}"),
    ],
)
def test_a_reply_with_no_yes_typed_confirms_nothing(
    subject: str, body: str, asked: Asked, tmp_path: Path
) -> None:
    raw = _responder(asked, subject, body.replace("{quote}", quoted(asked.text)))
    told = unconfirmed_by_reply(asked, tmp_path / "hall", raw)
    assert "it has no yes typed in it" in told.words, told.body
    assert "reply to this mail with yes typed in it, or with the line" in told.words


@pytest.mark.parametrize(
    "subject",
    ["Automatic reply: {}", "Out of Office: {}", "AutoReply: {}", "Abwesenheitsnotiz: {}"],
)
def test_a_reply_under_an_auto_replys_subject_confirms_nothing(
    subject: str, asked: Asked, tmp_path: Path
) -> None:
    raw = _responder(asked, subject, f"Thanks, OK.\n\n{ATTRIBUTION}\n{quoted(asked.text)}")
    told = unconfirmed_by_reply(asked, tmp_path / "hall", raw)
    assert "its subject is an automatic reply's" in told.words, told.body


def test_the_code_mail_tells_him_to_type_yes(asked: Asked) -> None:
    text = " ".join(asked.text.split())
    assert 'reply to this mail from this address and type "yes" in your reply' in text
    assert "a reply with nothing typed confirms nothing" in text


def test_a_person_s_yes_over_the_quote_confirms(asked: Asked, tmp_path: Path) -> None:
    """The control: the same reply with a yes typed above the quote confirms."""
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(a_reply(asked, top_posted(asked.text, "Yes, thanks")))
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: CONFIRM {asked.code} (by reply)"
    ]
    assert waiting_names(hall) == ["Alice"]
