"""s-nail's ``forward`` puts what its sender types under the whole mail forwarded: its
``-------- Original Message --------`` line, the original's header lines, its text, then
his lines, with nothing that ends the original. A command typed there (``LIST`` under the
host's answer forwarded with "not me!") was never read, as the original runs to the end of
the text, and the sender got the HELP. The host knows its own mail's text (the Message-ID
on the forwarded header lines names it): his lines under its end are read now, and the
original's (its CONFIRM line) still never are. Another's mail forwarded so is read as
before: where it ends is not known, and nothing under its head is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.asked import ALICE, Asked, pending_codes, waiting_names
from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Desk, s_nail_forward

NOT_ME = "not me! I never asked for this."


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


def _forward(asked: Asked, folder: Path, typed: str, mail: bytes | None = None) -> bytes:
    need(next(c for c in CLIENTS if c.name == "s-nail"))
    desk = Desk(folder, mail if mail is not None else asked.answer, "forward", "JOIN wok4")
    return s_nail_forward(desk, "gm@wtg.example", typed)


def test_a_command_under_the_host_mail_forwarded_is_read(asked: Asked, tmp_path: Path) -> None:
    raw = _forward(asked, tmp_path / "desk", f"{NOT_ME}\nLIST")
    body = raw.decode().split("\n\n", 1)[1]
    assert body.index("-------- Original Message --------") < body.index(f"CONFIRM {asked.code}")
    assert body.index(f"CONFIRM {asked.code}") < body.index(NOT_ME) < body.rindex("LIST")
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: commands: LIST"]
    assert waiting_names(hall) == []  # the forwarded CONFIRM line is not hers
    assert pending_codes(hall) == [asked.code]
    (told,) = hall.new_mails(ALICE)
    assert told.subject == "waiting lists and seats offered", told.subject


def test_the_forwarded_confirm_alone_confirms_nothing(asked: Asked, tmp_path: Path) -> None:
    raw = _forward(asked, tmp_path / "desk", NOT_ME)
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: HELP (no command found)"]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
