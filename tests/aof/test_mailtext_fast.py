"""The cheap ways of reading a mail text, held equal to the plain ones on random texts:
``mail_lines`` skips the clean-up a text does not need (an LF-only ASCII text, the usual
case) and makes its lines in C; ``games_glanced`` tries its regex only where a "game"
starts."""

from __future__ import annotations

import os
import re
import sys
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.aof import mailtext
from wtg.aof.mailtext import (
    _GAME_NAMED,
    MAX_LINES,
    MailLine,
    game_value,
    games_glanced,
    mail_lines,
)

SETTINGS = settings(
    max_examples=int(os.environ.get("WTG_EXAMPLES", "300")), deadline=None, database=None
)
ODD = "\r\n\t\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u2028\u3000\u200b\u200d\xad\ufeff\u2060"
ALPHABET = ODD + " >|:AB12=_xé"


def invisible(char: str) -> bool:
    """Whether a mail's lines lose ``char``: a format character (Unicode's category Cf) or
    a code point of the tags' block, U+E0000 to U+E007F (``wtg.core.formatchars``; the
    tags of a flag are kept, tests/mail/test_names_read_alike.py: no random text here
    makes one)."""
    return unicodedata.category(char) == "Cf" or 0xE0000 <= ord(char) <= 0xE007F


def plain_mail_lines(text: str) -> tuple[MailLine, ...]:
    """The rule written plainly: line ends, invisible characters (``invisible``), odd
    spaces, then a line's quote prefix and its trailing spaces."""
    joined = "\n".join(re.split(r"\r\n|\r|\n", text))
    joined = "".join(c for c in joined if not invisible(c))
    cleaned = re.sub(r"[^\S\n ]", " ", joined)
    lines = []
    for number, line in enumerate(cleaned.split("\n")[:MAX_LINES], start=1):
        quotes = re.match(r"[ >|]*", line)
        assert quotes is not None
        depth = quotes[0].count(">") + quotes[0].count("|")
        lines.append(MailLine(number, depth, line[quotes.end() :].rstrip(" ")))
    return tuple(lines)


@SETTINGS
@given(st.text(alphabet=ALPHABET, max_size=80) | st.text(max_size=80))
def test_mail_lines_are_the_plain_reading(text: str) -> None:
    mail_lines.cache_clear()
    lines = mail_lines(text)
    assert lines == plain_mail_lines(text)
    assert all(type(line) is MailLine for line in lines)


def test_every_odd_space_and_line_end_is_cleaned() -> None:
    text = "A1:\t12\x0b13\r\nB1:\x1c1\x85 \u00a02\u200b \r> |>C1: x\xad  \u2028D1"
    assert mail_lines(text) == (
        MailLine(1, 0, "A1: 12 13"),
        MailLine(2, 0, "B1: 1   2"),
        MailLine(3, 3, "C1: x   D1"),  # U+2028 counts as a space, as str.isspace() says
    )
    assert mail_lines("A1: 12\n  B1:\t2 \n") == (
        MailLine(1, 0, "A1: 12"),
        MailLine(2, 0, "B1: 2"),
        MailLine(3, 0, ""),
    )


GLANCED = st.lists(
    st.sampled_from(["GAME", "game", "GaMe", "gAME:", ":", " ", "  ", "\n", "TURN:", "code :"])
    | st.sampled_from(["x", "_", "é", "\u0130", "\u212a", "game:t1", "GAME : Big  Game", "-"])
    | st.text(max_size=3),
    max_size=30,
).map("".join)


def plain_games_glanced(texts: list[str]) -> list[str]:
    names = (game_value(m[1]).lower() for text in texts for m in _GAME_NAMED.finditer(text))
    return [name for name in dict.fromkeys(names) if name]


@SETTINGS
@given(st.lists(GLANCED, max_size=3))
def test_games_glanced_finds_what_the_regex_finds_everywhere(texts: list[str]) -> None:
    assert games_glanced(texts) == plain_games_glanced(texts)


def test_games_glanced_reads_every_header_of_every_text() -> None:
    texts = [
        "GAME: t1 TURN: 2\nkeep the GAME/TURN line\n> game :Big Game  CODE: x\nxgame: no",
        "\u0130 GAME: T1\nGame: t2",
    ]
    assert games_glanced(texts) == ["t1", "big game", "t2"]


def test_the_cheap_checks_rest_on_facts_of_this_python() -> None:
    """mail_lines: the ASCII characters the odd-space pattern matches (but CR) are the ones
    it looks for; games_glanced: lower() keeps a text's length but for U+0130."""
    spaces = "".join(chr(c) for c in range(128) if mailtext.OTHER_SPACE.match(chr(c)))
    assert spaces.replace("\r", "") == mailtext._ASCII_SPACES
    longer = [c for c in range(sys.maxunicode + 1) if len(chr(c).lower()) != 1]
    assert longer == [0x130]
