"""The GM's own text for the players' mail (an announcement, a hold's reason), read as he
gave it and checked before anything is written: a file on standard input or the words of
the command line.

A file may come as an editor saved it: UTF-8 with a byte-order mark (Notepad) or UTF-16,
its lines ended by CRLF; those are taken as the text they hold. A file in another encoding
(Latin-1), a file that is no text (a program, given for the wrong one), a text of megabytes
(a log), or a word the terminal sent in another encoding than the machine reads (kept by
Python as a lone surrogate) is refused, saying why and what to do: mailed, it would stop
the command half-way with its intent written, or reach every player as it was."""

from __future__ import annotations

import re

from wtg.core.errors import UsageError

MOST_CHARACTERS = 50_000
"""An announcement's characters at most: about twelve pages, far more than a GM writes; a
longer text is a file given by mistake."""

_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
NOTHING = "nothing was queued"


def text_read(data: bytes, source: str) -> str:
    """The announcement's text of ``data`` (read from ``source``, as a line names it),
    checked as ``text_given`` checks one; UsageError for bytes that are not UTF-8 (or
    UTF-16 with its mark)."""
    if data.startswith(_UTF16_MARKS):
        try:
            return text_given(data.decode("utf-16"), source)
        except UnicodeDecodeError:
            pass  # no UTF-16 after all: said as the UTF-8 it is not
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise UsageError(
            f"{source} is not UTF-8 (the byte 0x{data[exc.start]:02x} on line {line}): save "
            "it as UTF-8 (an editor's encoding setting, or `iconv -f latin1 -t utf-8 FILE > "
            f"FILE.utf8`), then give the command again; {NOTHING}"
        ) from None
    return text_given(text, source)


def text_given(
    text: str, source: str, most: int = MOST_CHARACTERS, kind: str = "an announcement"
) -> str:
    """``text`` (from ``source``, as a line names it: ``TEXT``, ``--reason``) with its CRLF
    line ends made LF; UsageError for a byte the terminal sent that is not UTF-8, a control
    character (but the tab and the line break) or more than ``most`` characters (``kind``
    of text holds at most)."""
    text = text.replace("\r\n", "\n")
    if (byte := _SURROGATE.search(text)) is not None:
        from_file = (
            ", or give the text from a file saved as UTF-8 (TEXT `-` reads standard input)"
            if source == "TEXT"
            else ""
        )
        raise UsageError(
            f"{source} is not UTF-8 (the byte 0x{ord(byte.group()) & 0xFF:02x} on line "
            f"{_line(text, byte)}): the terminal sends another encoding than this machine "
            f"reads (UTF-8): set the terminal to UTF-8{from_file}; {NOTHING}"
        )
    if (control := _CONTROL.search(text)) is not None:
        raise UsageError(
            f"{source} holds the control character 0x{ord(control.group()):02x} on line "
            f"{_line(text, control)}, which a text for the players never holds (the wrong "
            f"file?): give a text of plain lines; {NOTHING}"
        )
    if len(text) > most:
        raise UsageError(
            f"{source} holds {len(text):,} characters, and {kind} at most {most:,} (the wrong "
            f"file?): give a shorter text; {NOTHING}"
        )
    return text


def _line(text: str, found: re.Match[str]) -> int:
    """The line of ``text`` (from 1) that ``found`` is on."""
    return text.count("\n", 0, found.start()) + 1
