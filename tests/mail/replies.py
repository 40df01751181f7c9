"""Replies to a report mail shaped the way mail clients shape them (not the way the parser
would like them): an attribution line, ``> `` on every quoted line (``>`` alone on a
quoted blank line, as mutt and Thunderbird write it), the player's text above or below."""

from __future__ import annotations

ATTRIBUTION = "On Sun, Nov 22, 2026 at 12:00:00PM +0000, Game Master wrote:"


def quoted(text: str, prefix: str = "> ") -> str:
    """Every line quoted; a blank line gets the bare prefix, as clients write it."""
    return "\n".join((prefix + line).rstrip() for line in text.rstrip("\n").split("\n")) + "\n"


def bottom_posted(report: str, mine: str, prefix: str = "> ") -> str:
    """The report quoted first, the player's own text under it (mutt, Thunderbird)."""
    return f"{ATTRIBUTION}\n{quoted(report, prefix)}\n{mine}\n"


def top_posted(report: str, mine: str) -> str:
    """The player's text first, the quoted report under it (Gmail, Apple Mail, phones)."""
    return f"{mine}\n\n{ATTRIBUTION}\n{quoted(report)}"


def filled_in_quote(report: str, lines: dict[str, str], prefix: str = "> ") -> str:
    """The player edits the quoted form's lines in place, keeping the quote prefix."""
    text = quoted(report, prefix)
    for label, value in lines.items():
        blank = next(ln for ln in text.split("\n") if ln.startswith(f"{prefix}{label}:"))
        text = text.replace(blank, f"{prefix}{label}: {value}", 1)
    return f"{ATTRIBUTION}\n{text}"
