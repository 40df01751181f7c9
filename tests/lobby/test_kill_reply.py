"""A plain reply to the host's "confirm with CONFIRM <code>" mail (``wtg.lobby.yesno``),
its poll killed after the book kept what the reply did and before its batch was journalled:
read again, the reply named a code no longer waiting (its first reading used it up), so it
was read as no reply at all: the newcomer on the list got the HELP, the one who took a seat
over got nothing (the mail carrying the seat's code and his report never queued, the table
never told), the one who said no got the HELP. Read again, it is read as it was read, and
answered as it was, once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.asked import ALICE, Asked, a_reply, pending_codes, waiting_names
from tests.lobby.hall import Hall
from tests.lobby.test_lobby_replay import Killed, _dies
from tests.mail.replies import top_posted
from wtg.mail.incoming.answers import Answers


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


def killed_after_the_book(
    asked: Asked, folder: Path, typed: str, monkeypatch: pytest.MonkeyPatch
) -> Hall:
    """Alice's reply (``typed`` above the quote), its poll dead once the book kept what it
    did, before any answer was queued."""
    hall = asked.hall(folder)
    hall.deliver(a_reply(asked, top_posted(asked.text, typed)))
    with monkeypatch.context() as patched:
        patched.setattr(Answers, "reply", _dies)
        with pytest.raises(Killed):
            hall.poll(hours=1)
    assert hall.new_mails() == []
    return hall


def test_a_yes_by_reply_read_again_answers_as_it_did(
    asked: Asked, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = killed_after_the_book(asked, tmp_path / "hall", "yes", monkeypatch)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: CONFIRM {asked.code} (by reply)"
    ]
    assert [m.subject for m in hall.new_mails(ALICE)] == ["you are on the waiting list wok4"]
    assert waiting_names(hall) == ["Alice"]
    assert pending_codes(hall) == []


def test_a_no_by_reply_read_again_answers_as_it_did(
    asked: Asked, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = killed_after_the_book(asked, tmp_path / "hall", "No", monkeypatch)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: a no by reply to {asked.code}"
    ]
    assert [m.subject for m in hall.new_mails(ALICE)] == ["JOIN wok4: cancelled"]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == []
