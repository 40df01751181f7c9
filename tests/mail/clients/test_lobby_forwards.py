"""A lobby answer forwarded inline to the host, as the clients forward (a "not me!" to a
JOIN someone asked in the player's name): the forwarded text is the host's mail, never the
sender's commands. aerc (0.14, Debian's) forwards with its template ``forward_as_body``:
``Forwarded message from <name> on <date>:`` over the original, unquoted; mutt and
neomutt with ``----- Forwarded message from <name> <address> -----`` over its header
lines. Before, aerc's line was not read as the head of a forwarded mail, and the CONFIRM
line under it confirmed the JOIN the forwarder said he never asked for."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.asked import ALICE, GM_LINE, Asked, pending_codes, waiting_names
from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Desk, aerc_forward, mutt_forward
from tests.mail.clients.player import TYPED_FILE

AERC_HEAD = "Forwarded message from Game Master on Sat Dec 5, 2026 at 12:34 PM:"
"""The line aerc's ``forward_as_body`` template writes over the original (its name, its
date as ``Mon Jan 2, 2006 at 3:04 PM``)."""
MUTT_HEAD = "----- Forwarded message from Game Master <gm@wtg.example> -----"
MUTT_END = "----- End forwarded message -----"


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


def forwarded(asked: Asked, body: str) -> bytes:
    """Alice's forward of the host's answer, with ``body`` as the client wrote it: a new
    mail (``Fwd:``), not in the thread (neither client sets In-Reply-To on a forward)."""
    msg = EmailMessage()
    msg["From"] = f"Alice <{ALICE}>"
    msg["To"] = GM_LINE
    msg["Subject"] = f"Fwd: {asked.subject}"
    msg["Message-ID"] = "<forward-1@players.example>"
    msg.set_content(body)
    return msg.as_bytes()


def aerc_body(asked: Asked) -> str:
    return f"not me! I never asked for this.\n\n{AERC_HEAD}\n{asked.text}"


def mutt_body(asked: Asked) -> str:
    head = (
        "Date: Sat, 5 Dec 2026 12:34:00 +0000\n"
        "From: Game Master <gm@wtg.example>\n"
        f"To: Alice <{ALICE}>\n"
        f"Subject: {asked.subject}\n"
    )
    return f"not me! I never asked for this.\n\n{MUTT_HEAD}\n\n{head}\n{asked.text}\n{MUTT_END}\n"


@pytest.mark.parametrize("write", [aerc_body, mutt_body], ids=["aerc", "mutt"])
def test_a_forwarded_request_confirms_nothing(asked: Asked, write: object, tmp_path: Path) -> None:
    """The CONFIRM line of the forwarded answer is not Alice's: her JOIN still waits for
    its code, nobody is on the list, and she gets the HELP (her mail typed no command)."""
    assert callable(write)
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(forwarded(asked, write(asked)))
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: HELP (no command found)"]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
    (told,) = hall.new_mails(ALICE)
    assert told.subject == "the commands of the host"


def test_aerc_forwarding_the_request_confirms_nothing(asked: Asked, tmp_path: Path) -> None:
    """aerc itself forwards the host's answer (``:forward``), "not me!" typed above it."""
    client = next(c for c in CLIENTS if c.name == "aerc")
    need(client)
    desk = Desk(tmp_path / "desk", asked.answer, "forward", "JOIN wok4")
    aerc_forward(desk, "gm@wtg.example")
    raw = desk.reply()
    assert AERC_HEAD.split(" on ")[0].encode() in raw  # the client's own line
    assert f"\nCONFIRM {asked.code}".encode() in raw.replace(b"\r\n", b"\n")  # unquoted
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: HELP (no command found)"]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]


def test_a_command_under_a_mutt_forward_is_read(asked: Asked, tmp_path: Path) -> None:
    """``LIST`` typed under mutt's ``----- End forwarded message -----`` line: answered (it
    got the HELP, as nothing under the forward's head was read); the forwarded CONFIRM
    line confirms nothing."""
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(forwarded(asked, f"{mutt_body(asked)}\nLIST\n"))
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: commands: LIST"]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
    (told,) = hall.new_mails(ALICE)
    assert told.subject == "waiting lists and seats offered"


@pytest.mark.parametrize("program", ["mutt", "neomutt"])
def test_mutt_forwarding_with_a_command_under_it(
    asked: Asked, program: str, tmp_path: Path
) -> None:
    """mutt and neomutt themselves forward the host's answer (``f``), ``LIST`` typed under
    the draft (under its end of forward line): the LIST is answered, the forwarded CONFIRM
    line confirms nothing."""
    client = next(c for c in CLIENTS if c.name == program)
    need(client)
    desk = Desk(tmp_path / "desk", asked.answer, "file-bottom", "JOIN wok4")
    desk.write(TYPED_FILE, "not me! I never asked for this.\n\nLIST\n")
    mutt_forward(desk, "gm@wtg.example", program)
    raw = desk.reply()
    assert MUTT_END.encode() in raw  # the client's own end line, the LIST under it
    assert raw.index(MUTT_END.encode()) < raw.rindex(b"LIST")
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: commands: LIST"]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
