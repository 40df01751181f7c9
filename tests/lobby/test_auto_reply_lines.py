"""An auto-reply's lines that look like commands (``Status: away``, ``Resign: ...`` of a
signature) were named to it as lines not understood, as if a person had typed them to the
host. An auto-reply gets nothing (Auto-Submitted, RFC 3834: set aside unanswered), or, when
it carries none of the standard headers but its subject is an auto-reply's (``Out of
Office: ...``, ``Automatic reply: ...``), the usual answer, without the note. A person's
mail with the same lines (``Re: Out of office`` is a reply) is still told."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.hall import GM, Hall, address, ann_and_bob
from wtg.mail.incoming.awaysubject import away_subject

AWAY = "I am out of the office until Monday.\n\nStatus: away\nBack on Monday.\n"


def _mail(hall: Hall, sender: str, subject: str, auto: bool = False) -> None:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = GM
    msg["Subject"] = subject
    msg["Message-ID"] = f"<away-{subject.count(' ')}-{auto}@players.example>"
    if auto:
        msg["Auto-Submitted"] = "auto-replied"
    msg.set_content(AWAY)
    hall.deliver(bytes(msg))


@pytest.mark.parametrize(
    "subject",
    [
        "Out of Office: your turn",
        "Automatic reply: [wok4-1] turn 0 report for Ann",
        "AUTO: the commands of the host",
        "Abwesenheitsnotiz: Re: LIST",
        "Réponse automatique : LIST",
    ],
)
def test_an_auto_replys_subject_is_known(subject: str) -> None:
    assert away_subject(subject)


@pytest.mark.parametrize(
    "subject",
    [
        "Resposta automática: [wok4-1] turn 0 report for Ann",  # Outlook, Portuguese
        "Odpowiedź automatyczna: LIST",  # Outlook, Polish
        "Automatiskt svar: the commands of the host",  # Outlook, Swedish
        "Automatisk svar: LIST",  # Outlook, Danish and Norwegian
        "Automaattinen vastaus: LIST",  # Outlook, Finnish
        "Automatická odpověď: LIST",  # Outlook, Czech
        "Automatikus válasz: LIST",  # Outlook, Hungarian
        "Răspuns automat: LIST",  # Outlook, Romanian
        "Otomatik yanıt: LIST",  # Outlook, Turkish
        "Автоматический ответ: LIST",  # Outlook, Russian
        "Αυτόματη απάντηση: LIST",  # Outlook, Greek
        "自動応答: LIST",  # Outlook, Japanese
        "自动答复: LIST",  # Outlook, Chinese
        "Fuori ufficio: LIST",  # a vacation rule's own subject, Italian
        "Fora do escritório: LIST",
        "Poza biurem: LIST",
        "Frånvaro: LIST",
        "Fravær: LIST",
        "Message d'absence : LIST",
    ],
)
def test_an_auto_replys_subject_in_other_languages_is_known(subject: str) -> None:
    """Before, these drew the note naming the auto-reply's lines as not understood."""
    assert away_subject(subject)


@pytest.mark.parametrize(
    "subject",
    [
        "Re: Out of office",
        "Automatically?",
        "to the host",
        "Fuori ufficio domani, ABSENCE?",  # the words of an away prefix, a person's own
        "Poza biurem do piątku",
        "Frånvaro nästa vecka",
        "Fora do jogo",
        "Respuesta a tu pregunta",
        "Nieobecność w przyszłym tygodniu",
        "Abwesend ab Montag",
        "Re: Resposta automática: LIST",  # a reply to an auto-reply is a person's
    ],
)
def test_a_persons_subject_is_none(subject: str) -> None:
    assert not away_subject(subject)


def test_a_polish_auto_reply_gets_the_help_without_a_note(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _mail(hall, address(9), "Odpowiedź automatyczna: the commands of the host")
    hall.poll()
    (answer,) = hall.new_mails(address(9))
    assert "not understood" not in answer.words, answer.body
    assert "Status: away" not in answer.body


def test_a_strangers_auto_reply_gets_the_help_without_a_note(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _mail(hall, address(9), "Out of Office: the commands of the host")
    hall.poll()
    (answer,) = hall.new_mails(address(9))
    assert answer.subject == "the commands of the host"
    assert "not understood" not in answer.words, answer.body
    assert "Status: away" not in answer.body


def test_a_players_auto_reply_gets_his_forms_without_a_note(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    _mail(hall, address(1), "Automatic reply: [wok4-1] turn 0 report for Ann")
    hall.poll()
    (answer,) = hall.new_mails(address(1))
    assert answer.subject == "[wok4-1] no order form found in your mail", answer.subject
    assert "not understood" not in answer.words, answer.body


def test_an_auto_submitted_reply_gets_nothing(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    _mail(hall, address(1), "Out of Office: [wok4-1] turn 0 report for Ann", auto=True)
    summary = hall.poll()
    assert [t for _k, t in summary.outcomes] == [
        "rejected: not for us (Auto-Submitted: auto-replied)"
    ]
    assert hall.new_mails(address(1)) == []


def test_a_persons_reply_is_told(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _mail(hall, address(9), "Re: Out of office")
    hall.poll()
    (answer,) = hall.new_mails(address(9))
    assert answer.words.startswith('Line 3 ("Status: away") of your mail was not'), answer.body
