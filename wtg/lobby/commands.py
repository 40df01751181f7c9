"""The commands a mail to the host may carry, read from the first lines of its text.

A mail is a command mail when its first non-blank line starts with a command word
(``JOIN``, ``LIST``, ...; any case) or with a word that looks like one (capitals only,
alone or before its arguments: ``SUBSCRIBE wok4``), which is answered with the HELP. The
commands are the lines that follow, one a line, up to the first line that is none; a
``CODE <code>`` line among them gives the player's secret code. What follows the command
lines is the free text of a PRESS, up to a signature (``-- ``) or a quoted line (``>``).
Pure: text in, records out.
"""

from __future__ import annotations

import re

from wtg.core.record import Record

VERBS = (
    "HELP",
    "LIST",
    "JOIN",
    "CONFIRM",
    "WITHDRAW",
    "REPORT",
    "AOF",
    "STATUS",
    "RESIGN",
    "ABSENCE",
    "PRESS",
)
CODE_WORD = "CODE"
MAX_COMMANDS = 10
"""Command lines read from one mail; the rest are not read (the answer says so)."""
PRESS_MAX = 4000
"""Characters of press one mail may carry."""
_LOOKS_LIKE_A_COMMAND = re.compile(r"^[A-Z]{3,12}(?:\s|$)")
_WORD = re.compile(r"\S+")


class Command(Record):
    """One command line: its word (upper case), its arguments as written, its line."""

    verb: str
    args: tuple[str, ...]
    line: int

    def text(self) -> str:
        return " ".join((self.verb, *self.args))


class CommandMail(Record):
    """What a command mail says: its commands, the CODE given (if any), the free text after
    the commands (a PRESS's message) and the lines not read."""

    commands: tuple[Command, ...]
    code: str | None
    text: str
    skipped: int = 0


def read_commands(text: str) -> CommandMail | None:
    """The commands of a mail's text, or None when the text is no command mail."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None or not _is_command(lines[start]):
        return None
    commands: list[Command] = []
    code: str | None = None
    skipped = 0
    index = start
    while index < len(lines):
        words = _WORD.findall(lines[index])
        if not words:
            index += 1
            pressing = any(c.verb == "PRESS" for c in commands)
            if not pressing and _more_commands(lines, index):
                continue
            break
        verb = words[0].upper()
        if verb == CODE_WORD and len(words) >= 2:
            code = code or words[1]
        elif verb in VERBS or _LOOKS_LIKE_A_COMMAND.match(lines[index].strip()):
            if len(commands) < MAX_COMMANDS:
                commands.append(Command(verb, tuple(words[1:]), index + 1))
            else:
                skipped += 1
        else:
            break
        index += 1
    return CommandMail(tuple(commands), code, free_text(lines[index:]), skipped)


def _is_command(line: str) -> bool:
    word = line.split(maxsplit=1)[0].upper()
    return word in VERBS or word == CODE_WORD or bool(_LOOKS_LIKE_A_COMMAND.match(line.strip()))


def _more_commands(lines: list[str], index: int) -> bool:
    """Whether a blank line is followed by more command lines (a CODE line set apart).
    After a PRESS the first blank line ends the commands: its message follows."""
    following = next((line for line in lines[index:] if line.strip()), None)
    if following is None:
        return False
    word = following.split(maxsplit=1)[0].upper()
    return word == CODE_WORD or word in VERBS


def free_text(lines: list[str]) -> str:
    """The text after the command lines: up to a signature or the quoted mail replied to."""
    kept: list[str] = []
    for line in lines:
        if line.rstrip() == "--" or line.startswith(("-- ", ">")):
            break
        kept.append(line.rstrip())
    return "\n".join(kept).strip("\n")
