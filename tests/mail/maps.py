"""A map drawing for the mail tests: real PNG pictures made with Pillow, a colour of their
own for each seat and turn (so a test can tell whose picture reached whom), and a record of
every call the report mails made of it."""

from __future__ import annotations

import email
import email.policy
import io
from email.message import EmailMessage

from PIL import Image

from wtg.game.engine import Game


def png(seat: int, turn: int) -> bytes:
    """A real 64x40 PNG, a colour of its own for (seat, turn)."""
    picture = Image.new("RGB", (64, 40), (40 * seat % 256, 60 * turn % 256, 200))
    picture.putpixel((seat % 64, turn % 40), (255, 255, 255))  # any seat, any turn
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


class Drawing:
    """A ``MapPicture``: ``png(seat, turn)``, or None for the seats in ``nothing``; raises
    for the seats in ``failing``. ``calls`` holds every (game, turn, seat) it was asked."""

    def __init__(self, nothing: tuple[int, ...] = (), failing: tuple[int, ...] = ()) -> None:
        self.nothing = nothing
        self.failing = failing
        self.calls: list[tuple[str, int, int]] = []

    def __call__(self, game: Game, turn: int, seat: int) -> bytes | None:
        self.calls.append((game.config.game, turn, seat))
        if seat in self.failing:
            raise RuntimeError(f"no ink for seat {seat}")
        return None if seat in self.nothing else png(seat, turn)


def parsed(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def parts(raw: bytes) -> list[str]:
    """The content type of every leaf part of a mail, in order."""
    return [part.get_content_type() for part in parsed(raw).walk() if not part.is_multipart()]


def text_of(raw: bytes) -> str:
    """The text/plain part of a mail (the first one), decoded."""
    body = parsed(raw).get_body(preferencelist=("plain",))
    assert body is not None
    text = body.get_content()
    assert isinstance(text, str)
    return text.replace("\r\n", "\n")


def picture_of(raw: bytes) -> tuple[bytes, str | None, str | None]:
    """The one image/png part of a mail: its bytes, file name and disposition."""
    (image,) = [part for part in parsed(raw).walk() if part.get_content_type() == "image/png"]
    data = image.get_content()
    assert isinstance(data, bytes)
    return data, image.get_filename(), image.get_content_disposition()
