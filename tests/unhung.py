"""`wtg status`'s lines as they read before being broken at 79 columns
(``wtg.text.hanging``): for the tests whose lines hold what changes from run to run (a
temporary folder's path, a pid, an age), which break at another place each time."""

from __future__ import annotations

from wtg.text.hanging import HANGING


def unhung(text: str) -> list[str]:
    """The lines of ``text``, each line begun with ``HANGING`` more than the line it goes
    on from (a line's own blanks, as a player's row's two) joined to it by a blank: a list
    item indented by two more stays a line of its own."""
    lines: list[str] = []
    lead = ""
    for line in text.splitlines():
        if lines and line.startswith(lead + HANGING):
            lines[-1] += " " + line.strip(" ")
            continue
        lines.append(line)
        lead = line[: len(line) - len(line.lstrip(" "))]
    return lines
