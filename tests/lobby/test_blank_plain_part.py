"""A mail whose client sends an empty plain text part beside the HTML its sender typed in
(multipart/alternative): the commands in the HTML were never read, the blank plain text
being taken for what he typed, and he got the HELP for "no command". A plain part of
blanks alone is passed over for the HTML."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall


def _alternative(plain: str) -> bytes:
    return (
        "From: hal@x.example\nTo: gm@wtg.example\nSubject: hi\nMessage-ID: <hal@x.example>\n"
        "MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=BB\n\n"
        f"--BB\nContent-Type: text/plain; charset=utf-8\n\n{plain}\n"
        "--BB\nContent-Type: text/html; charset=utf-8\n\n"
        "<html><body><div>JOIN wok4 AS Hal</div><div>thanks</div></body></html>\n--BB--\n"
    ).encode()


@pytest.mark.parametrize("plain", ["", "\n\n", " \t\n"])
def test_the_html_is_read_beside_a_blank_plain_part(tmp_path: Path, plain: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.deliver(_alternative(plain))
    summary = hall.poll(hours=1)
    assert [text for _key, text in summary.outcomes] == ["answered: commands: JOIN wok4 AS Hal"]
    (answer,) = hall.new_mails("hal@x.example")
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM "), answer.subject


def test_a_typed_plain_part_is_read_before_the_html(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.deliver(_alternative("LIST"))
    summary = hall.poll(hours=1)
    assert [text for _key, text in summary.outcomes] == ["answered: commands: LIST"]
