"""The player's editor, for a mail client's EDITOR/VISUAL (or an Emacs filter).

    python -m tests.mail.clients.editor SHAPE [--headers] [--slow] [FILE]

Writes the orders of tests.mail.clients.player (or, in a command shape, the CONFIRM line
the draft quotes; in an assent shape, nothing or a ``Yes``; in an unclear shape, a command
written as a sentence) into the draft FILE in the
given shape, in place, as a person's editor saves it; without FILE, reads the draft on
standard input and writes the result on standard output. ``--headers``: the draft starts
with the mail's header.
``--slow``: save no sooner than a person would, in a later second than the draft was made
(s-nail takes a draft whose time stamp did not change as not saved, and sends it unedited).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tests.mail.clients.player import (
    ASSENT_SHAPES,
    COLON_SHAPES,
    COMMAND_SHAPES,
    FORWARD_SHAPES,
    SHAPES,
    TYPED_SHAPES,
    UNCLEAR_SHAPES,
    write_assent,
    write_command,
    write_forward,
    write_reply,
    write_typed,
    write_unclear,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="editor")
    parser.add_argument(
        "shape",
        choices=SHAPES
        + COMMAND_SHAPES
        + COLON_SHAPES
        + ASSENT_SHAPES
        + UNCLEAR_SHAPES
        + FORWARD_SHAPES
        + TYPED_SHAPES,
    )
    parser.add_argument("--headers", action="store_true")
    parser.add_argument("--slow", action="store_true")
    parser.add_argument("file", nargs="?", type=Path)
    args = parser.parse_intermixed_args(argv)
    if args.file is None:
        draft = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
        text = write(draft, args.shape, headers=args.headers)
        sys.stdout.buffer.write(text.encode("utf-8", "surrogateescape"))
        return 0
    path: Path = args.file
    made = int(path.stat().st_mtime)
    draft = path.read_bytes().decode("utf-8", "surrogateescape")
    text = write(draft, args.shape, headers=args.headers)
    while args.slow and int(time.time()) <= made:
        time.sleep(0.05)
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    return 0


def write(draft: str, shape: str, *, headers: bool) -> str:
    if shape in COMMAND_SHAPES + COLON_SHAPES:
        return write_command(draft, shape, headers=headers)
    if shape in ASSENT_SHAPES:
        return write_assent(draft, shape, headers=headers)
    if shape in UNCLEAR_SHAPES:
        return write_unclear(draft, shape, headers=headers)
    if shape in FORWARD_SHAPES:
        return write_forward(draft, shape, headers=headers)
    if shape in TYPED_SHAPES:
        return write_typed(draft, shape, headers=headers)
    return write_reply(draft, shape, headers=headers)


if __name__ == "__main__":
    sys.exit(main())
