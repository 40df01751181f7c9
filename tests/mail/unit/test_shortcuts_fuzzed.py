"""The shortcuts in front of a pattern (pollcpu47): a text of ASCII alone is looked through
as a string first, and the pattern is tried only when the string may be there. Each must
never pass over a text its pattern finds something in: generated texts of the pieces that
the patterns and their shortcuts read (cases, CRLF, tabs, dots at a line's end, schemes
written ``HTTP`` or ``hXXp``, colons and slashes, the letters whose case folds to ASCII)
are read both ways."""

from __future__ import annotations

import random

from wtg.game import presslinks
from wtg.mail.incoming import commands

PIECES = [
    "http", "HTTP", "hXXp", "Https", "ftp", "FTPS", "www", "WWW.", ".", "..", ":", "/", "\\",
    "//", "：", "／", " ", "\t", "\r\n", "\n", "@", "-", "_", "?", "#", "x", "evil", "com",
    "Example", "io", "Next", "3", "8080", "confirm", "CONFIRM", "Confirm:", "K7Q2M9XD3Z",
    "Message-ID:", "message-id", "<a@b>", "ſ", "K", "ı", "İ",
]  # fmt: skip


def _texts(count: int) -> list[str]:
    rng = random.Random(47)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(0, 12))) for _ in range(count)]


def test_a_press_text_the_link_pattern_finds_an_address_in_is_never_passed_over() -> None:
    links = presslinks._links(False)
    found = 0
    for text in _texts(30_000):
        if text.isascii() and links.search(text) is not None:
            assert presslinks._ascii_may_link(text), repr(text)
            found += 1
    assert found > 1000


def _command_lines(rng: random.Random) -> str:
    """A text of lines, some written as a ``CONFIRM`` line or a ``Message-ID:`` header line
    is, in any case, with blanks, tabs and the lookalike letters around them."""
    lines = []
    for _ in range(rng.randint(1, 4)):
        blank = rng.choice(["", " ", "\t", " \t"])
        word = rng.choice(
            ["confirm", "CONFIRM", "Confirm:", "confırm", "message-id:", "meſſage-ID:"]
        )
        value = rng.choice(["K7Q2M9XD3Z", "<a@b>", "x"])
        gap = rng.choice([" ", "\t", ""])
        made = f"{blank}{word}{gap}{value}{blank}"
        lines.append(made if rng.random() < 0.5 else "".join(rng.sample(PIECES, 3)))
    return rng.choice(["\n", "\r\n"]).join(lines)


def test_a_text_a_command_line_pattern_finds_a_line_in_is_never_passed_over() -> None:
    rng = random.Random(47)
    patterns = (("confirm", commands._CONFIRM_LINE), ("message-id:", commands._FORWARDED_ID))
    found = 0
    for text in [_command_lines(rng) for _ in range(20_000)] + _texts(20_000):
        for word, pattern in patterns:
            if pattern.search(text) is not None:
                assert commands._may_say(text, word), repr(text)
                found += 1
    assert found > 1000
