"""attack40: the code mail of a forged request, pasted back by an auto-responder that joins
its paragraphs' lines.

A stranger asks ``WITHDRAW wok4`` under Ann's address; the host mails Ann the code to
CONFIRM it. Her mailbox answers every mail by itself (no ``Auto-Submitted``, no
``In-Reply-To``) and pastes the mail it answers into its own: as HTML, a paragraph a block
of lines (HTML reads a line's end as a space, so each paragraph is one line of the text
the host reads), or as plain text of one line a paragraph. Round 39 passed over the lines
of such a copy line by line: joined, the lines around the ``CONFIRM`` line were no lines
of the host's mail, and the line, read as Ann's, took her off the list she waited on. A
copy is now known by its words, however its lines were joined or broken."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_pasted_code_mail import ANN, ann_waiting, forged_withdraw, waiting_names
from wtg.lobby.database import LobbyDatabase


def paragraphs(text: str) -> list[str]:
    """The paragraphs of a mail's text, each one line, as HTML shows them."""
    return [" ".join(block.split()) for block in text.split("\n\n") if block.strip()]


def as_html(text: str) -> tuple[str, str]:
    body = "".join(f"<p>{html.escape(block)}</p>\n" for block in text.split("\n\n"))
    return "text/html", f"<html><body><p>Thank you for your message.</p>\n{body}</body></html>"


def as_plain_paragraphs(text: str) -> tuple[str, str]:
    return "text/plain", "Thank you for your message.\n\n" + "\n\n".join(paragraphs(text))


def responded(hall: Hall, shape: tuple[str, str]) -> None:
    """Ann's mailbox answers by itself with the mail it answers in ``shape``; polled an
    hour on."""
    kind, body = shape
    hall.deliver(
        f"From: {ANN}\nTo: gm@wtg.example\nSubject: Automatic notice\n"
        "Message-ID: <auto1@players.example>\nMIME-Version: 1.0\n"
        f"Content-Type: {kind}; charset=utf-8\n\n{body}\n".encode()
    )
    hall.poll(hours=1)


SHAPES = {"html": as_html, "plain paragraphs": as_plain_paragraphs}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_code_mail_pasted_back_with_its_lines_joined_confirms_nothing(
    tmp_path: Path, shape: str
) -> None:
    """attack40: the forged WITHDRAW's code mail, and the HELP that names it waiting, each
    pasted back with its paragraphs joined, leave Ann on the list and the request
    waiting."""
    hall = ann_waiting(tmp_path)
    ask = forged_withdraw(hall)
    assert f"\n\nCONFIRM {ask.code()}\n\n" in ask.body, ask.body  # a paragraph of its own
    responded(hall, SHAPES[shape](ask.body))
    assert waiting_names(hall) == ["Ann"]
    (helped,) = hall.new_mails(ANN)
    assert helped.subject == "the commands of the host", helped.subject
    assert f"CONFIRM {ask.code()}" in helped.body, helped.body
    responded(hall, SHAPES[shape](helped.body))
    assert waiting_names(hall) == ["Ann"]
    with LobbyDatabase(hall.gm.games_dir) as book:
        rows = book.rows("SELECT kind FROM pending WHERE address = ?", ANN)
    assert [str(row["kind"]) for row in rows] == ["withdraw"]


def test_a_code_mail_pasted_back_with_its_lines_broken_elsewhere_confirms_nothing(
    tmp_path: Path,
) -> None:
    """attack40: so does the code mail pasted back with its paragraphs broken again at 50
    columns (a client that wraps what it pastes)."""
    hall = ann_waiting(tmp_path)
    ask = forged_withdraw(hall)
    broken = "\n\n".join(_wrapped(block, 50) for block in paragraphs(ask.body))
    responded(hall, ("text/plain", f"Thank you for your message.\n\n{broken}"))
    assert waiting_names(hall) == ["Ann"]


def _wrapped(line: str, width: int) -> str:
    rows: list[str] = []
    for word in line.split():
        if rows and len(rows[-1]) + 1 + len(word) <= width:
            rows[-1] += f" {word}"
        else:
            rows.append(word)
    return "\n".join(rows)


def test_a_confirm_paragraph_typed_in_an_html_mail_still_confirms(tmp_path: Path) -> None:
    """The CONFIRM line typed by Ann in an HTML mail of her own, between a greeting and a
    thanks, confirms the WITHDRAW as ever."""
    hall = ann_waiting(tmp_path)
    ask = forged_withdraw(hall)
    responded(
        hall,
        ("text/html", f"<p>Hi,</p>\n<p>CONFIRM {ask.code()}</p>\n<p>thanks, Ann</p>"),
    )
    (done,) = hall.new_mails(ANN)
    assert done.subject == "WITHDRAW wok4: done", done.subject
    assert waiting_names(hall) == []


def _bar_quoted(text: str) -> tuple[str, str]:
    return "text/plain", "Thank you.\n\n" + "\n".join(f"| {line}" for line in text.splitlines())


def _indented(text: str) -> tuple[str, str]:
    return "text/plain", "Thank you.\n\n" + "\n".join(f"    {line}" for line in text.splitlines())


def _html_blockquote(text: str) -> tuple[str, str]:
    body = "".join(f"<p>{html.escape(block)}</p>" for block in text.split("\n\n"))
    return "text/html", f"<p>Thank you.</p><blockquote>{body}</blockquote>"


def _html_lines(text: str) -> tuple[str, str]:
    return "text/html", "<p>Thank you.</p><p>" + "<br>\n".join(map(html.escape, text.splitlines()))


def _attached(text: str) -> tuple[str, str]:
    inner = f"From: gm@wtg.example\nTo: {ANN}\nSubject: your mail\n\n{text}"
    return (
        'multipart/mixed; boundary="AUTO"',
        "--AUTO\nContent-Type: text/plain\n\nThank you.\n\n"
        f"--AUTO\nContent-Type: message/rfc822\n\n{inner}\n--AUTO--",
    )


OTHER_SHAPES = {
    "quoted with '| '": _bar_quoted,
    "indented": _indented,
    "html blockquote": _html_blockquote,
    "html lines": _html_lines,
    "attached": _attached,
}


@pytest.mark.parametrize("shape", sorted(OTHER_SHAPES))
def test_a_code_mail_pasted_back_in_other_shapes_confirms_nothing(
    tmp_path: Path, shape: str
) -> None:
    """attack40, the shapes that held before: the code mail pasted back quoted with ``| ``,
    indented, in an HTML blockquote, as HTML lines, or forwarded as an attachment."""
    hall = ann_waiting(tmp_path)
    ask = forged_withdraw(hall)
    responded(hall, OTHER_SHAPES[shape](ask.body))
    assert waiting_names(hall) == ["Ann"]
    assert [m.subject for m in hall.new_mails(ANN)] == ["the commands of the host"]
