"""What the player types into the reply a mail client prepared, in each shape of reply.

The client hands over its draft: an attribution line and the report quoted under it (some
clients put blank lines above, or the mail's header). The player then
- ``top``: writes a line and the AOF, copied from the quote and filled in, above the quote;
- ``bottom``: writes the filled-in copy below the quoted report;
- ``inside``: fills in the quoted AOF's lines where they are, keeping their quote prefix;
- ``bare``: types only the order lines above the quote, without the form's header.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

SHAPES = ("top", "bottom", "inside", "bare")

Orders = Mapping[str, Sequence[int]]
"""Order lines by label, each with the numbers written into its blanks."""

ORDERS: Orders = {"A1": (60, 55, 10), "T1": (60, 1, 10), "G1": (60, 5), "R1": (1,)}
"""What Alice (player 1 of tests.mail.clients.table.KAO) orders for turn 1."""

FILED: dict[str, Any] = {
    "player": 1,
    "turn": 1,
    "attack": [{"from": 60, "to": 55, "armies": 10}],
    "transform": [{"province": 60, "kind": "POP-WOK", "amount": 10}],
    "aim": [{"province": 60, "aim": "TECH"}],
    "ready": True,
}
"""The order file those lines make."""

EARLIER: Orders = {"A1": (60, 56, 5), "G1": (60, 2), "R1": (1,)}
"""Good orders Alice mailed before (READY), which a later reply replaces."""

EARLIER_FILED: dict[str, Any] = {
    "player": 1,
    "turn": 1,
    "attack": [{"from": 60, "to": 56, "armies": 5}],
    "aim": [{"province": 60, "aim": "LEV"}],
    "ready": True,
}

BEGIN = "=== BEGIN AOF ==="
END = "=== END AOF ==="
_PREFIX = re.compile(r"^(?:[>|][ \t]?)+")
_BLANKS = re.compile(r"_+")
_PLAYER = re.compile(r"\bPLAYER:\s*(\d+)")


def unquoted(line: str) -> str:
    return _PREFIX.sub("", line)


def filled(form_line: str, values: Sequence[int]) -> str:
    """A form line with its blanks written over, as wide as the form shows them:
    ``A1: __   __ ___`` with (60, 55, 10) is ``A1: 60   55 010``."""
    numbers = iter(values)

    def write(blank: re.Match[str]) -> str:
        number = next(numbers, None)
        return blank[0] if number is None else str(number).zfill(len(blank[0]))

    return _BLANKS.sub(write, form_line)


def quoted_form(lines: Sequence[str]) -> tuple[int, int]:
    """The indexes of the quoted AOF's begin and end marker lines."""
    begin = next(i for i, line in enumerate(lines) if unquoted(line).strip() == BEGIN)
    end = next(i for i in range(begin, len(lines)) if unquoted(lines[i]).strip() == END)
    return begin, end


def fill_form(lines: Sequence[str], orders: Orders, *, keep_prefix: bool) -> list[str]:
    """The form's lines with the ordered ones filled in; quote prefixes kept or dropped."""
    out = []
    for line in lines:
        prefix = _PREFIX.match(line)
        text = unquoted(line)
        label = text.split(":", 1)[0]
        if label in orders and text.startswith(f"{label}:"):
            text = filled(text, orders[label])
        out.append((prefix[0] if prefix and keep_prefix else "") + text)
    return out


def fill_forms(text: str, orders: Mapping[int, Orders]) -> str:
    """A text of forms (a Duel player's three) with each form filled in with the orders for
    its PLAYER; forms of other players are left blank."""
    lines = text.split("\n")
    player = 0
    for index, line in enumerate(lines):
        found = _PLAYER.search(line)
        if found:
            player = int(found[1])
        elif player in orders:
            lines[index] = fill_form([line], orders[player], keep_prefix=False)[0]
    return "\n".join(lines)


def bare_lines(lines: Sequence[str], orders: Orders) -> list[str]:
    """The order lines alone, typed with single spaces: ``A1: 60 55 010``."""
    copied = fill_form(lines, orders, keep_prefix=False)
    return [" ".join(line.split()) for line in copied if line.split(":", 1)[0] in orders]


def write_reply(draft: str, shape: str, orders: Orders = ORDERS, *, headers: bool = False) -> str:
    """The draft as the player leaves it. ``headers``: the draft starts with the mail's
    header, up to the first empty line (s-nail's ``editheaders``)."""
    head, body = draft.split("\n\n", 1) if headers else ("", draft)
    ending = "\n" if body.endswith("\n") else ""
    lines = body.removesuffix("\n").split("\n")
    begin, end = quoted_form(lines)
    form = lines[begin : end + 1]
    copy = fill_form(form, orders, keep_prefix=False)
    if shape == "top":
        lines = ["Here are my orders for turn 1.", "", *copy, "", *lines]
    elif shape == "bottom":
        lines = _below(lines, ["", *copy, "", "Alice"])
    elif shape == "inside":
        lines[begin : end + 1] = fill_form(form, orders, keep_prefix=True)
    elif shape == "bare":
        lines = [*bare_lines(form, orders), "", "Thanks!", "", *lines]
    else:
        raise ValueError(f"no such shape of reply: {shape!r} (one of {', '.join(SHAPES)})")
    text = "\n".join(lines) + ending
    return f"{head}\n\n{text}" if headers else text


COMMAND_SHAPES = ("command-top", "command-bottom", "command-inside")
"""The shapes of a reply to the host's answer to a request (``JOIN wok4``), which quotes its
``CONFIRM <code>`` line: the player types that line above the quote, below it, or into the
quote right under the quoted one, without a quote prefix."""
COLON_SHAPES = ("colon-top", "colon-bottom")
"""The shapes of a reply that types that line with a colon after its word, as people write
``Subject:`` (``CONFIRM: <code>``), above the quote or below it."""
ASSENT_SHAPES = ("assent-bare", "assent-top")
"""The shapes of a reply to that answer by a person who only hits Reply: nothing typed
(the quote sent as the client made it), or ``Yes`` typed above the quote."""
_CONFIRM = re.compile(r"^(?:[>|][ \t]?)+(CONFIRM [A-Z0-9]+)\s*$")


def write_assent(draft: str, shape: str, *, headers: bool = False) -> str:
    """The draft of a plain reply to a request, as the player leaves it: as the client made
    it, or with ``Yes`` typed above the quote."""
    if shape == "assent-bare":
        return draft
    if shape != "assent-top":
        raise ValueError(f"no such shape of reply: {shape!r} (one of {', '.join(ASSENT_SHAPES)})")
    head, body = draft.split("\n\n", 1) if headers else ("", draft)
    text = f"Yes\n\n{body}"
    return f"{head}\n\n{text}" if headers else text


def write_command(draft: str, shape: str, *, headers: bool = False) -> str:
    """The draft of a reply to a request, as the player leaves it: the ``CONFIRM`` line the
    quote holds, typed once in the shape given."""
    head, body = draft.split("\n\n", 1) if headers else ("", draft)
    ending = "\n" if body.endswith("\n") else ""
    lines = body.removesuffix("\n").split("\n")
    at, line = next(
        (i, found[1]) for i, ln in enumerate(lines) if (found := _CONFIRM.match(ln)) is not None
    )
    if shape in COLON_SHAPES:
        line = line.replace(" ", ": ", 1)
    if shape in ("command-top", "colon-top"):
        lines = ["Hi,", "", line, "", "thanks!", "", *lines]
    elif shape in ("command-bottom", "colon-bottom"):
        lines = _below(lines, ["", line, "", "Alice"])
    elif shape == "command-inside":
        lines[at + 1 : at + 1] = ["", line, ""]
    else:
        shapes = ", ".join(COMMAND_SHAPES + COLON_SHAPES)
        raise ValueError(f"no such shape of reply: {shape!r} (one of {shapes})")
    text = "\n".join(lines) + ending
    return f"{head}\n\n{text}" if headers else text


UNCLEAR_SHAPES = ("unclear-top", "unclear-bottom")
"""The shapes of a reply to that answer that types a command as a sentence, not as the host
reads it (``UNCLEAR``), above the quote or below it."""
UNCLEAR = "withdraw wok4, please"


def write_unclear(draft: str, shape: str, *, headers: bool = False) -> str:
    """The draft of a reply to a request with ``UNCLEAR`` typed in the shape given."""
    head, body = draft.split("\n\n", 1) if headers else ("", draft)
    ending = "\n" if body.endswith("\n") else ""
    lines = body.removesuffix("\n").split("\n")
    if shape == "unclear-top":
        lines = ["Hi,", "", UNCLEAR, "", "thanks!", "", *lines]
    elif shape == "unclear-bottom":
        lines = _below(lines, ["", UNCLEAR, "", "Alice"])
    else:
        raise ValueError(f"no such shape of reply: {shape!r} (one of {', '.join(UNCLEAR_SHAPES)})")
    text = "\n".join(lines) + ending
    return f"{head}\n\n{text}" if headers else text


TYPED = {"status": "STATUS wok4-1", "resign": "RESIGN wok4-1"}
"""The commands a player of the game ``wok4-1`` types in a reply to a mail of the lobby's
(``TYPED_SHAPES``)."""
TYPED_SHAPES = tuple(f"{word}-{where}" for word in (*TYPED, "file") for where in ("top", "bottom"))
"""The shapes of such a reply: ``STATUS wok4-1`` or ``RESIGN wok4-1`` typed above the quote
(``status-top``) or below it (``status-bottom``); or, for ``file-top`` and ``file-bottom``,
the lines of ``TYPED_FILE`` in the desk's folder (``WTG_DESK``: s-nail gives its editor
the user's own home) (a PRESS with its CODE line and
text: what a test knows only once its game is made)."""
TYPED_FILE = "typed.txt"


def write_typed(draft: str, shape: str, *, headers: bool = False) -> str:
    """The draft of a reply with the command of ``TYPED`` its shape names, typed above the
    quote or below it."""
    if shape not in TYPED_SHAPES:
        raise ValueError(f"no such shape of reply: {shape!r} (one of {', '.join(TYPED_SHAPES)})")
    word, where = shape.split("-")
    head, body = draft.split("\n\n", 1) if headers else ("", draft)
    ending = "\n" if body.endswith("\n") else ""
    lines = body.removesuffix("\n").split("\n")
    if word == "file":
        typed = (Path(os.environ["WTG_DESK"]) / TYPED_FILE).read_text().removesuffix("\n")
        written = typed.split("\n")
    else:
        written = ["Hi,", "", TYPED[word], "", "thanks!"]
    if where == "top":
        lines = [*written, "", *lines]
    else:
        lines = _below(lines, ["", *written, *([] if word == "file" else ["", "Alice"])])
    text = "\n".join(lines) + ending
    return f"{head}\n\n{text}" if headers else text


FORWARD_SHAPES = ("forward",)
"""The shape of a forward of the host's mail back to the host: ``NOT_ME`` typed above what
the client put in the draft."""
NOT_ME = "not me! I never asked for this."


def write_forward(draft: str, shape: str, *, headers: bool = False) -> str:
    """The draft of a forward with ``NOT_ME`` typed above the mail forwarded."""
    if shape not in FORWARD_SHAPES:
        raise ValueError(f"no such shape of forward: {shape!r}")
    head, body = draft.split("\n\n", 1) if headers else ("", draft)
    text = f"{NOT_ME}\n\n{body.lstrip(chr(10))}"
    return f"{head}\n\n{text}" if headers else text


def _below(lines: list[str], written: list[str]) -> list[str]:
    """``written`` after the quote: above the signature when there is one."""
    signature = next((i for i, line in enumerate(lines) if line == "-- "), len(lines))
    above = lines[:signature]
    while above and not above[-1].strip():
        above.pop()
    return [*above, *written, *lines[signature:]]
