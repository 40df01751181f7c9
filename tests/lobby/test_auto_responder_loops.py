"""A hostile trial: an auto-responder that marks its mail with none of the standard headers
(no Auto-Submitted, Precedence, X-Autoreply, List-Id: ``wtg.mail.incoming.noreply`` lets it through)
answers every mail the host sends it, its text above the host's mail quoted. Each of its
replies holds no command and no order, so the host answered it (the HELP, the help with the
forms, "no orders found"), and it answered that: a loop held only by ``replies_per_hour``,
which a poll every half hour never fills, for ever. A mail that quotes (or answers) the
host's mail and would get the very answer its address got that day for the same words gets
none now (``wtg.mail.incoming.sameanswer``); its outcome says so, for ``poll -v``, ``wtg status``
and the digest. A person who writes again in other words, or afresh, is answered."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.hall import GM, Hall, Mail, address, ann_and_bob
from tests.mail.replies import ATTRIBUTION, quoted, top_posted
from wtg.mail.poll.poller import Poller, PollInterrupted

AWAY = "Thank you for your message. I am away until Monday and will read it then."
STRANGER = "someone@else.example"
POLLS = 48
"""Polls, one every half hour: a day."""
SAME = "the same answer to the same words within a day"
ASKED = '; asked "Which list do I JOIN to play with my brother?"'


class Responder:
    """An auto-responder at ``me``: each mail the host sent it is answered once, in the
    thread (``thread``) or without In-Reply-To, its text above the host's mail quoted."""

    def __init__(self, hall: Hall, me: str, thread: bool = True) -> None:
        self.hall = hall
        self.me = me
        self.thread = thread
        self.seen: set[str] = {p.name for p in self._sent()}
        self.answered: list[str] = []

    def _sent(self) -> list[Path]:
        return sorted((self.hall.gm.spool / "outbox" / "sent").glob("*.eml"))

    def answer_new(self) -> None:
        for path in self._sent():
            if path.name in self.seen:
                continue
            self.seen.add(path.name)
            mail = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            assert isinstance(mail, EmailMessage)
            if not str(mail["To"]).endswith(self.me) and f"<{self.me}>" not in str(mail["To"]):
                continue
            self.answered.append(str(mail["Subject"]))
            body = mail.get_body(preferencelist=("plain",))
            assert body is not None
            reply = EmailMessage()
            reply["From"] = self.me
            reply["To"] = GM
            reply["Subject"] = f"Re: {mail['Subject']}"
            reply["Message-ID"] = f"<away-{len(self.answered)}@else.example>"
            if self.thread:
                reply["In-Reply-To"] = str(mail["Message-ID"])
            reply.set_content(f"{AWAY}\n\n{ATTRIBUTION}\n{quoted(str(body.get_content()))}")
            self.hall.deliver(reply.as_bytes(policy=email.policy.SMTP.clone(max_line_length=998)))

    def a_day(self) -> list[str]:
        """A day of polls every half hour, each followed by a send and the responder's
        answers: the outcomes of the host's polls."""
        outcomes: list[str] = []
        for _ in range(POLLS):
            outcomes += [text for _k, text in self.hall.poll(hours=0.5).outcomes]
            self.hall.send()
            self.answer_new()
        return outcomes


def test_a_strangers_auto_responder_that_answers_the_help_is_not_answered_for_ever(
    tmp_path: Path,
) -> None:
    """In the thread (In-Reply-To) or not: the HELP asked for, the HELP to its first
    auto-reply; its second is not answered, and the loop is over."""
    for thread in (True, False):
        hall = Hall(tmp_path / str(thread))
        hall.mail(STRANGER, "HELP")
        responder = Responder(hall, STRANGER, thread)
        outcomes = responder.a_day()
        assert responder.answered == ["the commands of the host", "the commands of the host"]
        assert outcomes == [
            "answered: commands: HELP",
            "answered: HELP (no command found)",
            "not answered: reply limit: 1 of 1 answer held back: 'the commands of the host' "
            f"({SAME}); commands: HELP",
        ]


def test_a_players_auto_responder_that_answers_his_help_is_not_answered_for_ever(
    tmp_path: Path,
) -> None:
    """The help with his form, "no orders found" for the blank form quoted, the help for the
    quote of that: each once, then nothing."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    name = game.config.game
    (seat,) = [p.id for p in game.config.players if p.email == address(1)]
    hall.mail(address(1), "Hello, where do I send my orders?")
    responder = Responder(hall, address(1))
    outcomes = responder.a_day()
    assert responder.answered == [
        f"[{name}] no order form found in your mail",
        f"[{name}] no orders found in your mail",
        f"[{name}] no order form found in your mail",
    ]
    assert outcomes[:3] == [
        'answered: help sent; asked "Hello, where do I send my orders?"',
        f"ignored: no orders found in your mail ({name} p{seat})",
        "answered: help sent",
    ]
    assert outcomes[3:] == [
        f"ignored: no orders found in your mail ({name} p{seat}); not answered: reply limit "
        f"({SAME})"
    ]


def reply_to_last(hall: Hall, sender: str, typed: str, number: int) -> None:
    """A person's reply to the last mail the host sent him, ``typed`` above its quote."""
    (last,) = hall.new_mails(sender)[-1:]
    reply_to(hall, sender, last, typed, number)


def reply_to(hall: Hall, sender: str, last: Mail, typed: str, number: int) -> None:
    """A person's reply to a mail of the host's, ``typed`` above its quote."""
    reply = EmailMessage()
    reply["From"] = sender
    reply["To"] = GM
    reply["Subject"] = f"Re: {last.subject}"
    reply["Message-ID"] = f"<person-{number}@else.example>"
    reply.set_content(top_posted(last.body, typed))
    hall.deliver(bytes(reply))


def test_a_person_who_writes_again_is_answered_unless_the_same_words_quote_the_same_answer(
    tmp_path: Path,
) -> None:
    """A stranger writes HELP, and HELP afresh: both answered (a mail that quotes nothing is
    never held so). He replies to the HELP with a question: answered. The same reply again
    the same day: not answered, said so; the next day: answered."""
    hall = Hall(tmp_path)
    hall.mail(STRANGER, "HELP")
    hall.poll(hours=0.5)
    hall.mail(STRANGER, "HELP")
    hall.poll(hours=0.5)
    assert len(hall.new_mails(STRANGER)) == 2
    hall.new_mails()
    hall.mail(STRANGER, "HELP")  # his third
    hall.poll(hours=1.5)
    question = "HELP\nWhich list do I JOIN to play with my brother?"
    reply_to_last(hall, STRANGER, question, 1)
    summary = hall.poll(hours=0.5)
    assert [text for _k, text in summary.outcomes] == [f"answered: commands: HELP{ASKED}"]
    hall.mail(STRANGER, "HELP")
    reply_to_last(hall, STRANGER, question, 2)
    summary = hall.poll(hours=0.5)
    assert sorted(text for _k, text in summary.outcomes) == [
        "answered: commands: HELP",
        "not answered: reply limit: 1 of 1 answer held back: 'the commands of the host' "
        f"({SAME}); commands: HELP{ASKED}",
    ]
    reply_to_last(hall, STRANGER, question, 3)
    summary = hall.poll(hours=24)
    assert [text for _k, text in summary.outcomes] == [f"answered: commands: HELP{ASKED}"]


def test_a_forged_from_uses_up_none_of_a_players_answers(tmp_path: Path) -> None:
    """Someone forges Ann's From, hour after hour, in replies shaped as hers (quoting the
    host's HELP), each in other words: each is answered, to her address, and none of it
    holds back her own mail: her HELP afresh and her reply in words of her own are answered.
    Only a reply of hers in the very words of a forged one, that day, is not: its answer
    went to her address already (docs/gm.md, "Answers not repeated")."""
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    ann = address(1)
    commands = hall.answer(ann, "HELP")
    for number in range(5):
        reply_to(hall, ann, commands, f"Forged question {'abcde'[number]}", 100 + number)
        summary = hall.poll(hours=1)
        assert [text for _k, text in summary.outcomes] == ["answered: help sent"]
    hall.mail(ann, "HELP")
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: commands: HELP"]
    reply_to(hall, ann, commands, "Thanks! How do I see the map?", 1)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        'answered: help sent; asked "Thanks! How do I see the map?"'
    ]
    reply_to(hall, ann, commands, "Forged question a", 2)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"not answered: reply limit: the help ({SAME})"
    ]
    reply_to(hall, ann, commands, "Forged question a", 3)
    summary = hall.poll(hours=24)
    assert [text for _k, text in summary.outcomes] == ["answered: help sent"]


def test_a_player_who_changed_something_is_answered_in_the_same_words(tmp_path: Path) -> None:
    """Ann replies to the help with her form, asking where she stands: "no orders found",
    none on file. The same reply again: not answered. She sends her orders, and replies
    again in the same words, quoting the same help: its answer says her orders stand now,
    and goes."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = address(1)
    (seat,) = [p.id for p in game.config.players if p.email == ann]
    helped = hall.answer(ann, "Hello")
    unchanged = f"ignored: no orders found in your mail ({game.config.game} p{seat})"
    asked = '; asked "Where do I stand?"'  # her question beside the form: the GM's to answer
    reply_to(hall, ann, helped, "Where do I stand?", 1)
    assert [text for _k, text in hall.poll(hours=1).outcomes] == [unchanged + asked]
    (told,) = hall.new_mails(ann)
    assert "You have no orders on file for turn 1 yet." in told.body
    reply_to(hall, ann, helped, "Where do I stand?", 2)
    assert [text for _k, text in hall.poll(hours=1).outcomes] == [
        f"{unchanged}; not answered: reply limit ({SAME}){asked}"
    ]
    hall.mail(ann, game.aof(seat).replace("L1: __", "L1: 00"))
    assert [text for _k, text in hall.poll(hours=1).outcomes] == [
        f"stored: {game.config.game} turn 1 player {seat}"
    ]
    hall.new_mails(ann)
    reply_to(hall, ann, helped, "Where do I stand?", 3)
    assert [text for _k, text in hall.poll(hours=1).outcomes] == [unchanged + asked]
    (told,) = hall.new_mails(ann)
    assert "still stand." in told.body


def test_a_poll_cut_short_before_its_commit_keeps_the_loop_ended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A poll killed after it queued the answer to an auto-reply, before its journal's
    commit: the next poll reads the mail again and finds its answer queued (the same id),
    and counts it again against the hour's limit, but not as the answer those words got
    that day: the responder's next auto-reply, quoting it, was answered again (one round
    more of the loop each time a poll is cut short). It is held back as before."""
    hall = Hall(tmp_path)
    hall.mail(STRANGER, "HELP")
    responder = Responder(hall, STRANGER)
    assert [text for _k, text in hall.poll(hours=0.5).outcomes] == ["answered: commands: HELP"]
    hall.send()
    responder.answer_new()  # its first auto-reply waits in the inbox

    def killed(self: Poller) -> None:  # the files on disk, the journal never committed
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(Poller, "_commit", killed)
        with pytest.raises(PollInterrupted):
            hall.poll(hours=0.5)
    hall.send()  # the answer that poll queued goes out
    responder.answer_new()  # and is auto-replied to, quoted: a second auto-reply
    outcomes = [text for _k, text in hall.poll(hours=0.5).outcomes]
    assert outcomes == [
        "answered: HELP (no command found)",
        "not answered: reply limit: 1 of 1 answer held back: 'the commands of the host' "
        f"({SAME}); commands: HELP",
    ]
    hall.send()
    responder.answer_new()
    assert responder.answered == ["the commands of the host", "the commands of the host"]
