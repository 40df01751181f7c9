"""A trial as players: a newcomer who answers the host's "confirm with CONFIRM <code>" mail
as people answer such mails (hits Reply and sends it: "yes" above the quote) got the HELP,
the quote's CONFIRM line being rightly never read. A reply to that answer, from the address
the code went to, carrying the code, now says what it plainly says (``wtg.lobby.yesno``):
a yes confirms, a no cancels, anything else confirms nothing and says so. Ruling (round
47): a reply with nothing typed, or thanks alone, is no yes (an auto-responder sends one:
``tests/lobby/test_reply_responders.py``); she is told to type it. Through the real
poller, the replies shaped as clients shape them (the real clients' own:
tests/mail/clients/test_real_clients_lobby.py)."""

from __future__ import annotations

import email.policy
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.asked import (
    ALICE,
    GM_LINE,
    Asked,
    a_reply,
    cancels,
    confirms_by_reply,
    pending_codes,
    waiting_names,
)
from tests.lobby.hall import Hall, Mail, address
from tests.lobby.test_lobby_replay import seat_offered
from tests.lobby.test_refusals import ann_and_bob
from tests.mail.replies import ATTRIBUTION, quoted, top_posted

BOB = "bob@else.example"


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


def outlook(asked: Asked, typed: str) -> str:
    """Outlook's reply: what was typed on top, the answer under it unquoted."""
    return (
        f"{typed}\n\n-----Original Message-----\nFrom: {GM_LINE}\n"
        f"Sent: Sunday, November 22, 2026 12:00 PM\nTo: {ALICE}\n"
        f"Subject: {asked.subject}\n\n{asked.text}"
    )


def gmail_html(asked: Asked, typed: str) -> str:
    """A webmail's reply sent as HTML alone: the typed text in a div, the answer in Gmail's
    quote block under its attribution."""
    quote = asked.text.replace("\n", "<br>\n")
    return (
        f'<div dir="ltr">{typed}</div><br><div class="gmail_quote"><div dir="ltr" '
        'class="gmail_attr">On Sun, Nov 22, 2026 at 12:00 PM Game Master &lt;gm@wtg.example'
        '&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px '
        f'0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">{quote}</blockquote>'
        "</div>"
    )


def html_reply(asked: Asked, html: str, sender: str = f"Alice <{ALICE}>") -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = GM_LINE
    msg["Subject"] = f"Re: {asked.subject}"
    msg["Message-ID"] = "<html-reply@players.example>"
    msg["In-Reply-To"] = asked.message_id
    msg["References"] = asked.message_id
    msg.set_content(html, subtype="html")
    return msg.as_bytes(policy=email.policy.SMTP.clone(max_line_length=998))


def mail(
    subject: str,
    body: str,
    sender: str = f"Alice <{ALICE}>",
    in_reply_to: str | None = None,
    **headers: str,
) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = GM_LINE
    msg["Subject"] = subject
    msg["Message-ID"] = "<other-1@players.example>"
    if in_reply_to is not None:
        msg["In-Reply-To"] = in_reply_to
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP.clone(max_line_length=998))


@pytest.mark.parametrize(
    "shape",
    [
        "yes-on-top",
        "ok-from-a-phone",
        "confirm-in-lower-case",
        "confirm-alone-in-capitals",
        "outlook-yes-please",
        "yes-below-the-quote",
    ],
)
def test_a_plain_reply_confirms(shape: str, asked: Asked, tmp_path: Path) -> None:
    """The trial: a reply typing a short yes got the HELP; it confirms."""
    body = {
        "yes-on-top": top_posted(asked.text, "yes"),
        "ok-from-a-phone": top_posted(asked.text, "OK, thanks!\n\nSent from my iPhone"),
        "confirm-in-lower-case": top_posted(asked.text, "Confirm.\n\nAlice"),
        "confirm-alone-in-capitals": top_posted(asked.text, "CONFIRM"),
        "outlook-yes-please": outlook(asked, "Yes please\n\nRegards,\nAlice"),
        "yes-below-the-quote": f"{ATTRIBUTION}\n{quoted(asked.text)}\nYes, sign me up!\n",
    }[shape]
    confirms_by_reply(asked, tmp_path / "hall", a_reply(asked, body))


def test_an_html_only_webmail_reply_confirms(asked: Asked, tmp_path: Path) -> None:
    """The trial: a webmail that sends HTML alone, its quote a blockquote."""
    confirms_by_reply(asked, tmp_path / "hall", html_reply(asked, gmail_html(asked, "ok")))


def test_a_reply_named_by_its_subject_alone_confirms(asked: Asked, tmp_path: Path) -> None:
    """A client that keeps no In-Reply-To nor References: the ``Re:`` subject carrying the
    code names the answer replied to."""
    raw = mail(f"AW: {asked.subject}", f"Ja\n\n{quoted(asked.text)}")
    assert b"In-Reply-To" not in raw
    confirms_by_reply(asked, tmp_path / "hall", raw)


def test_a_reply_to_the_answer_with_a_yes_and_its_quote_cut_confirms(
    asked: Asked, tmp_path: Path
) -> None:
    """A reply sent with its quote cut: the code in its ``Re:`` subject, In-Reply-To the
    answer."""
    confirms_by_reply(asked, tmp_path / "hall", a_reply(asked, "yes\n"))


def helped(hall: Hall, to: str) -> None:
    """The mail was answered with the HELP, as it was before: nothing confirmed."""
    (answer,) = hall.new_mails(to)
    assert answer.subject == "the commands of the host"


def test_a_forged_from_with_a_guessed_code_confirms_nothing(asked: Asked, tmp_path: Path) -> None:
    """An attacker forges Alice's From, and replies to her answer (its Message-ID guessed)
    with a code of his own in the subject and the quote: it is not her pending code."""
    guess = "ABCDEFGH23" if asked.code != "ABCDEFGH23" else "ABCDEFGH34"
    forged = asked.text.replace(asked.code, guess)
    raw = mail(
        f"Re: JOIN wok4: confirm with CONFIRM {guess}",
        f"{ATTRIBUTION}\n{quoted(forged)}",
        in_reply_to=asked.message_id,
    )
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: HELP (no command found)"]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
    helped(hall, ALICE)


def test_a_reply_that_does_not_carry_the_code_confirms_nothing(
    asked: Asked, tmp_path: Path
) -> None:
    """A forged From naming the answer's Message-ID (In-Reply-To) but without the code
    anywhere: the code is the proof, never the thread."""
    raw = mail("Re: JOIN wok4", "yes\n", in_reply_to=asked.message_id)
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    hall.poll(hours=1)
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
    helped(hall, ALICE)


@pytest.mark.parametrize("subject", ["Re: {}", "Fwd: {}"])
def test_the_answer_forwarded_from_another_address_confirms_nothing(
    subject: str, asked: Asked, tmp_path: Path
) -> None:
    """Alice forwards the answer to Bob, who hits Reply (or forwards it on) from his own
    address: it carries Alice's code and names her answer, but the code went to her, not
    him. Bob gets the HELP; Alice's request waits for her."""
    raw = mail(
        subject.format(asked.subject),
        f"yes\n\n{ATTRIBUTION}\n{quoted(asked.text)}",
        sender=f"Bob <{BOB}>",
        in_reply_to=asked.message_id,
    )
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    hall.poll(hours=1)
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
    helped(hall, BOB)
    assert hall.new_mails(ALICE) == []


def test_her_own_forward_is_no_reply(asked: Asked, tmp_path: Path) -> None:
    """Alice forwards the answer (``Fwd:``, no In-Reply-To) to the host from her address:
    no reply to it, so no yes; she gets the HELP."""
    raw = mail(f"Fwd: {asked.subject}", f"---------- Forwarded message ---------\n{asked.text}")
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    hall.poll(hours=1)
    assert waiting_names(hall) == []
    helped(hall, ALICE)


def test_an_auto_reply_confirms_nothing(asked: Asked, tmp_path: Path) -> None:
    """Alice's out-of-office answers the host's mail, quoting it whole, with nothing of its
    own but the headers that say what it is: set aside, never a yes."""
    raw = mail(
        f"Re: {asked.subject}",
        f"{ATTRIBUTION}\n{quoted(asked.text)}",
        in_reply_to=asked.message_id,
        Auto_Submitted="auto-replied",
    )
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    ((_key, text),) = summary.outcomes
    assert "auto" in text and not text.startswith("answered"), text
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
    assert hall.new_mails() == []


def test_a_mailing_list_that_redistributes_the_answer_joins_no_one(tmp_path: Path) -> None:
    """Someone asks to JOIN in a mailing list's name; the list hands the answer to its
    members, and a member's plain reply comes back through the list, its From the list's
    (as lists rewrite it) and its List-Id on: set aside. A member's own reply, from his
    address, gets the HELP. The list is never on the waiting list."""
    listed = "players@lists.example"
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail(listed, "JOIN wok4 AS Crowd")
    hall.poll()
    hall.send()
    (answer,) = hall.new_mails(listed)
    message_id = hall.sent_id(answer.subject)
    body = f"\n{ATTRIBUTION}\n{quoted(answer.body)}"
    hall.deliver(
        mail(
            f"Re: {answer.subject}",
            body,
            sender=f"Bob via Players <{listed}>",
            in_reply_to=message_id,
            List_Id="Players <players.lists.example>",
        )
    )
    hall.deliver(mail(f"Re: {answer.subject}", body, sender=BOB, in_reply_to=message_id))
    summary = hall.poll(hours=1)
    outcomes = [text for _k, text in summary.outcomes]
    assert len(outcomes) == 2 and "answered: HELP (no command found)" in outcomes
    assert any("list" in text and not text.startswith("answered") for text in outcomes)
    assert waiting_names(hall) == []
    assert hall.new_mails(listed) == []
    helped(hall, BOB)


def not_confirmed(asked: Asked, hall: Hall, raw: bytes, question: str = "") -> Mail:
    """The reply confirms nothing, and Alice is told so: her request waits, its code the
    same; the notice returned. ``question``: the question it asked, which the GM's line
    for it names."""
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    ((_key, text),) = summary.outcomes
    assert text.startswith("answered: commands: ")
    said, _, asking = text.partition("; asked ")  # a question is named for the GM
    assert said.endswith(f"reply not read as a yes to {asked.code}")
    assert asking == (f'"{question}"' if question else ""), text
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
    told = [m for m in hall.new_mails(ALICE) if m.subject == "JOIN wok4: not confirmed"]
    assert len(told) == 1
    assert "did not confirm\nit" in told[0].body
    assert told[0].code() == asked.code
    assert "The request waits until 2026-11-29 12:00 UTC" in told[0].body
    return told[0]


@pytest.mark.parametrize(
    "typed",
    ["When does the game start?", "Yes, but can I play as Bob?", "Ok 👍 maybe later", "Thanks"],
)
def test_a_reply_that_says_something_else_confirms_nothing_and_says_so(
    typed: str, asked: Asked, tmp_path: Path
) -> None:
    """A question, a yes with a but, an emoji, a thanks alone (no yes: round 47): the host
    does not guess; nothing is confirmed, and Alice is told (before, the HELP alone)."""
    hall = asked.hall(tmp_path / "hall")
    asks = typed if typed.endswith("?") else ""
    not_confirmed(asked, hall, a_reply(asked, top_posted(asked.text, typed)), asks)


def test_a_reply_with_another_command_answers_it_and_confirms_nothing(
    asked: Asked, tmp_path: Path
) -> None:
    """A reply typing LIST above the quote: the LIST is answered, nothing is confirmed, and
    she is told the request waits."""
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(a_reply(asked, outlook(asked, "LIST")))
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: LIST, reply not read as a yes to {asked.code}"
    ]
    subjects = [m.subject for m in hall.new_mails(ALICE)]
    assert subjects == ["waiting lists and seats offered", "JOIN wok4: not confirmed"]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]


def test_a_plain_reply_to_the_notice_confirms(asked: Asked, tmp_path: Path) -> None:
    """Told her question confirmed nothing, Alice hits Reply to that notice: it carries the
    same code, and confirms."""
    hall = asked.hall(tmp_path / "hall")
    not_confirmed(
        asked, hall, a_reply(asked, top_posted(asked.text, "What is wok4?")), "What is wok4?"
    )
    hall.send()
    sent = [
        email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        for path in (hall.gm.spool / "outbox" / "sent").glob("*.eml")
    ]  # named by their ids, in no order of their sending
    (notice,) = [m for m in sent if str(m["Subject"]) == "JOIN wok4: not confirmed"]
    reply = EmailMessage()
    reply["From"] = f"Alice <{ALICE}>"
    reply["To"] = GM_LINE
    reply["Subject"] = "Re: JOIN wok4: not confirmed"
    reply["Message-ID"] = "<reply-2@players.example>"
    reply["In-Reply-To"] = str(notice["Message-ID"])
    body = notice.get_body(preferencelist=("plain",))
    assert body is not None
    reply.set_content(f"Yes\n\n{ATTRIBUTION}\n{quoted(str(body.get_content()))}")
    hall.deliver(reply.as_bytes(policy=email.policy.SMTP.clone(max_line_length=998)))
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: CONFIRM {asked.code} (by reply)"
    ]
    assert waiting_names(hall) == ["Alice"]


@pytest.mark.parametrize(
    "typed",
    [
        "no",
        "Cancel",
        "No thanks",
        "not me!",
        "I don\u2019t",
        "Nein danke",
        "Non merci",
        "No, I did not ask for this",
    ],
)
def test_a_short_no_cancels_the_request(typed: str, asked: Asked, tmp_path: Path) -> None:
    """A no by reply: the request is cancelled, its code forgotten, and she is told (a
    phone's apostrophe, U+2019, as well). A no with a thanks of another language is one
    too, and so is the no of someone who never asked (they were read as no plain no)."""
    cancels(asked, tmp_path / "hall", a_reply(asked, outlook(asked, typed)))


def test_a_lapsed_codes_plain_reply_says_it_lapsed(asked: Asked, tmp_path: Path) -> None:
    """A plain reply eight days on: the code is good for seven; she is told to ask again."""
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(a_reply(asked, f"Yes\n\n{ATTRIBUTION}\n{quoted(asked.text)}"))
    summary = hall.poll(hours=8 * 24)
    assert [text for _k, text in summary.outcomes] == [
        f"rejected: commands refused: CONFIRM {asked.code} (by reply)"
    ]
    (told,) = hall.new_mails(ALICE)
    assert told.subject == f"CONFIRM {asked.code}: not done"
    assert "has lapsed; send it again" in " ".join(told.body.split())
    assert waiting_names(hall) == []


def test_a_plain_reply_read_twice_confirms_once(asked: Asked, tmp_path: Path) -> None:
    """The same reply delivered twice (a copy): one confirmation, one answer."""
    raw = a_reply(asked, top_posted(asked.text, "yes"))
    hall = confirms_by_reply(asked, tmp_path / "hall", raw)
    hall.deliver(raw)
    hall.poll(hours=1)
    assert waiting_names(hall) == ["Alice"]
    assert hall.new_mails(ALICE) == []


def test_a_plain_reply_to_a_resign_request_does_not_resign(tmp_path: Path) -> None:
    """Someone with Ann's code asks that she RESIGN; she hits Reply and sends (to ask what
    this is, or by mistake). A RESIGN takes her out, and was not hers to ask: only the line
    CONFIRM typed confirms it. She stays, and is told what to type."""
    hall, game, ann = ann_and_bob(tmp_path)
    hall.mail("thief@else.example", f"RESIGN wok4-1\nCODE {ann.code}")
    hall.poll(hours=1)
    (ask,) = hall.new_mails(ann.email)
    hall.send()
    hall.new_mails()  # the mails sent, read before
    message_id = hall.sent_id(ask.subject)
    hall.deliver(
        mail(
            f"Re: {ask.subject}",
            f"{ATTRIBUTION}\n{quoted(ask.body)}",
            sender=ann.email,
            in_reply_to=message_id,
        )
    )
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: reply not read as a yes to {ask.code()}"
    ]
    (told,) = hall.new_mails(ann.email)
    assert told.subject == "RESIGN wok4-1: not confirmed"
    assert "typed in your reply" in " ".join(told.body.split())
    assert "with nothing typed" not in told.body
    assert game.store.pending_orders(1) == {}
    assert pending_codes(hall) == [ask.code()]


def test_a_plain_reply_takes_over_an_offered_seat(tmp_path: Path) -> None:
    """A newcomer JOINs a game's offered seat and hits Reply to the answer: he plays it."""
    newcomer = address(9)
    hall = Hall(tmp_path)
    hall.now = datetime.now(timezone.utc)
    name = seat_offered(hall)
    ask = hall.answer(newcomer, f"JOIN {name} AS Newcomer", hours=0)
    hall.send()
    hall.new_mails()
    message_id = hall.sent_id(ask.subject)
    body = top_posted(ask.body, "ok")
    hall.deliver(mail(f"Re: {ask.subject}", body, sender=newcomer, in_reply_to=message_id))
    summary = hall.poll()
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: CONFIRM {ask.code()} (by reply); seat 3 of {name} taken over by "
        "Newcomer"
    ]
    entry = hall.game(name).config.player(3)
    assert (entry.name, entry.email) == ("Newcomer", newcomer)
    assert f"[{name}] you play seat 3 now" in [m.subject for m in hall.new_mails(newcomer)]


def test_a_no_to_a_lapsed_code_says_nothing_waits(asked: Asked, tmp_path: Path) -> None:
    """A "no" eight days on: the request lapsed already; she is told so, nothing else."""
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(a_reply(asked, outlook(asked, "No")))
    summary = hall.poll(hours=8 * 24)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: a no by reply to {asked.code}"
    ]
    (told,) = hall.new_mails(ALICE)
    assert told.subject == "your reply: nothing to cancel"
    assert "has lapsed; send it again" in " ".join(told.body.split())
    assert pending_codes(hall) == []
