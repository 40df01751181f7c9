"""A Content-Type of 100,000 parameters (a mail under `mail.max_bytes`): the email package
reads a header's parameters in time that grows with the square of its length, and each read
of the charset, the file name or ``format`` reads them all again; one such mail held the
poll for half a minute, every player's mail waiting behind it. The parameters are read as
far as ``PARAMS_MAX`` characters: the mail is read as any other."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import GM, Hall, ann_and_bob
from wtg.mail.message.extract import PARAMS_MAX, extract_from_message, parse_mail

MANY = "".join(f"; p{i}=v" for i in range(100_000))


def _mail(head: str, body: str) -> bytes:
    return (
        f"From: ann@players.example\r\nTo: {GM}\r\nSubject: orders\r\n{head}\r\n\r\n{body}"
    ).encode()


def test_a_part_reads_its_parameters_as_far_as_params_max() -> None:
    """The charset before the flood of parameters is read, and the file name of a
    Content-Disposition cut the same way; what the part shows of either header is at most
    ``PARAMS_MAX`` characters, cut at a ``;``."""
    raw = _mail(
        f"Content-Type: text/plain; charset=iso-8859-1{MANY}\r\n"
        f"Content-Disposition: attachment; filename=orders.txt{MANY}",
        "",
    )
    msg = parse_mail(
        raw + "GAME: g1 TURN: 1 PLAYER: 1 CODE: ABCDEFGH12\r\nX1: 100 café\r\n".encode("latin-1")
    )
    assert msg.get_content_charset() == "iso-8859-1"
    assert msg.get_filename() == "orders.txt"
    for name in ("Content-Type", "Content-Disposition"):
        shown = str(msg.get(name))
        assert len(shown) <= PARAMS_MAX and MANY.startswith(shown[shown.index(";", 20) :])
    found = extract_from_message(msg)
    assert found.text is not None and "X1: 100 café" in found.text


def test_a_mail_of_a_hundred_thousand_parameters_is_filed_in_time(tmp_path: Path) -> None:
    """With `mail.handle_seconds` 5, the mail (990 kB) is filed, not quarantined as too
    slow."""
    hall = Hall(tmp_path, handle_seconds=5)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    form = game.aof(ann.id).replace("X1: ___", "X1: 100").replace("\n", "\r\n")
    raw = _mail(f"Message-ID: <many@players.example>\r\nContent-Type: text/plain{MANY}", form)
    hall.deliver(raw.replace(b"ann@players.example", ann.email.encode()))
    (outcome,) = [text for _key, text in hall.poll(hours=1).outcomes]
    assert outcome == f"stored: wok4-1 turn 1 player {ann.id}"
