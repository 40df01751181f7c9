"""The one rule for the words a line of the GM's keeps whole when it is wrapped to 78
columns: a path the host wrote (the games folder, the ``--config`` given, a folder of the
config, a file wtg names in them), to be copied, and nothing else. A word from outside (a
stranger's game name, an address, a header's value, a server's refusal, a player's name)
is cut between its characters when it is wider than a line, however much it looks like a
path: a game name ``/`` and 300 letters a stranger's mail gave once passed as a path and ran
on for 300 columns, as did a header's value with a ``/`` in it.

Which paths are the host's is said by the caller (``paths``: the folders and files the GM
gave, or that wtg made); a word is one when, without the marks that may enclose it (a
bracket, a quote, a backquote, the comma or colon after it), it is one of them or names a
file in one of them (``/srv/games/g1/game.yaml`` of the folder ``/srv/games``) in the
plain characters of a file name (``PLAIN``), each of its parts at most ``NAME_MAX``
characters, and, when the caller can look (``on_disk``: `wtg status`'s lines), one that is
there: a stranger who knows the host's folder (or a GM's home, the folder above a game's
folder named on the command line) cannot make a word of his begun with it a file of it.
This module looks at no disk itself (the rules' texts are wrapped by it too)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from wtg.core.textwidth import text_width, wrapped_to_columns

ENCLOSING = "()[]{}<>'\"`,;:."
"""What may stand before or after a path in a line: a path in brackets, quoted, ending a
clause."""

PLAIN = re.compile(r"[A-Za-z0-9._+=~%,:@-]+(?:/[A-Za-z0-9._+=~%,:@-]*)*")
"""The characters of a file's path below a folder of the host's, as wtg names them (a
game's folder, its turns, the spool's archive, a maildir's mail): ASCII, no blank."""
NAME_MAX = 255
"""The characters of one part of a path (a file's or a folder's name) at most: no file
system wtg runs on names a file longer, and a longer part is nobody's file."""
OnDisk = Callable[[str], bool]
"""Whether a path is there (``os.path.lexists``), the caller's look at the disk."""


def host_path(word: str, paths: Iterable[str], on_disk: OnDisk | None = None) -> bool:
    """Whether ``word`` (a run without blanks) is a path the host wrote: one of ``paths``,
    or a file below one of them named in ``PLAIN`` characters, each part at most
    ``NAME_MAX``, and there (``on_disk``, when given), enclosed or not in the marks of
    ``ENCLOSING``. Only an absolute folder holds files here (a relative ``games`` would
    make any word begun ``games/`` a path), and the root ``/`` none (it holds every path)."""
    core = word.strip(ENCLOSING)
    if not core:
        return False
    below_one = False  # below a folder of ``paths``: the host's when it is there
    for path in paths:
        if not path:
            continue
        if core == path or core == path.rstrip("/"):
            return True
        folder = path.rstrip("/") + "/"
        below = core[len(folder) :] if folder != "/" and core.startswith(folder) else ""
        if folder.startswith("/") and PLAIN.fullmatch(below) and _named(below):
            below_one = True  # unless it is one of ``paths`` itself, named further on
    return below_one and (on_disk is None or on_disk(core))


def _named(below: str) -> bool:
    """Whether each part of ``below`` (a path below a folder) may be a file's name."""
    return all(len(part) <= NAME_MAX for part in below.split("/"))


def fitted(
    line: str, width: int, paths: Iterable[str] = (), on_disk: OnDisk | None = None
) -> list[str]:
    """``line`` broken at its blanks into pieces of at most ``width`` columns
    (``wrapped_to_columns``: a word wider than a line cut between its characters, a wide
    letter counted as two columns), but a path of the host's (``host_path``, ``on_disk``
    the caller's look at the disk; one with a blank in it, a games folder under ``My
    Games``, too) wider than ``width`` whole on a piece of its own, to be copied. ``[""]``
    for an empty line."""
    known = [path for path in paths if path]
    if not known:
        return wrapped_to_columns(line, width)
    pieces: list[str] = []
    held: list[str] = []
    for run, is_path in runs(line, known, on_disk):
        if is_path and text_width(run) > width:
            pieces += _shown(wrapped_to_columns("".join(held), width)) if held else []
            pieces.append(run)
            held = []
        elif held or not run.isspace() or not pieces:
            held.append(run)
    if held or not pieces:
        pieces += _shown(wrapped_to_columns("".join(held), width))
    return pieces or [""]


def runs(line: str, known: list[str], on_disk: OnDisk | None) -> list[tuple[str, bool]]:
    """The runs of ``line`` (blanks, words, the host's paths), each with whether it is a
    path of the host's: a path is found whole though it holds a blank (a folder the GM
    named ``My Games``: split at its blank, neither half is his path), then each word
    without a blank is asked ``host_path``."""
    found: list[tuple[str, bool]] = []
    for match in _splitter(tuple(known)).finditer(line):
        run = match.group()
        spaced = match.lastgroup == "path" and _given(run, known)
        found.append((run, spaced or host_path(run, known, on_disk)))
    return found


def _given(run: str, known: list[str]) -> bool:
    """Whether ``run``, without its enclosing marks and a ``/`` at its end, is one of the
    paths ``known`` itself (a file below one is asked ``host_path``)."""
    core = run.strip(ENCLOSING).rstrip("/")
    return any(core == path.rstrip("/") for path in known)


@lru_cache(maxsize=16)
def _splitter(known: tuple[str, ...]) -> re.Pattern[str]:
    """The pattern of ``runs``: a path of ``known`` holding a blank (the longest first),
    enclosed or not (``ENCLOSING``), and a file below it as ``host_path`` takes one; else
    a word or a run of blanks."""
    marks = f"[{re.escape(ENCLOSING)}]*"
    spaced = sorted((path for path in known if " " in path), key=len, reverse=True)
    choices = []
    for path in spaced:
        bare = path.rstrip("/")
        below = f"(?:/(?:{PLAIN.pattern})?)?" if bare.startswith("/") else "/?"
        choices.append(re.escape(bare) + below)
    words = r"\S+|\s+"
    if not choices:
        return re.compile(words)
    return re.compile(f"(?P<path>(?<!\\S){marks}(?:{'|'.join(choices)}){marks}(?!\\S))|{words}")


def _shown(pieces: list[str]) -> list[str]:
    """The pieces that hold something (a blank run left over between two paths holds
    nothing)."""
    return [piece for piece in pieces if piece.strip()]


def fits(line: str, width: int, paths: Iterable[str] = (), on_disk: OnDisk | None = None) -> bool:
    """Whether ``line`` may be printed as it is: no word of it wider than ``width`` columns
    but the host's paths (``host_path``). A long line of words a terminal folds at its own
    width; a word wider than a line it would fold in the middle, or never."""
    known = [path for path in paths if path]
    found = runs(line, known, on_disk)
    return all(text_width(run) <= width or is_path for run, is_path in found)
