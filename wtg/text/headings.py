"""A heading line of `wtg status` (NOTICES OWED, HELD MAIL, OVERDUE, NOTE, ...) kept to 78
columns when a word from outside makes it run on: a game's name a stranger's mail gave
(200 characters), an address (254), a name of wide letters (a letter of Chinese fills two
columns, ``wtg.core.textwidth``).

Such a line is wrapped at its blanks to ``WIDTH`` columns, each continuation begun with
``CONTINUED``, and the word wider than a line cut between two characters
(``wtg.core.textwidth.wrapped_to_columns``). Every other line is printed as it is: the
headings are long sentences, which a terminal folds at its own width and tests and GMs'
scripts match whole, and a path wider than a line (a ``--config`` given, a press file's)
stays whole, to be copied (a line holding no other outsized word is left alone).
"""

from __future__ import annotations

from wtg.core.textwidth import text_width, wrapped_to_columns
from wtg.text.prose import WIDTH

CONTINUED = "  "
"""The start of each continuation of a heading wrapped."""


def heading(text: str, width: int = WIDTH) -> str:
    """``text``, each line of it that holds a word wider than ``width`` columns
    (``outsized``) made lines of at most ``width`` columns each."""
    return "\n".join(_line(line, width) for line in text.split("\n"))


def _line(line: str, width: int) -> str:
    if not any(outsized(word, width) for word in line.split()):
        return line
    first, *rest = wrapped_to_columns(line, width - len(CONTINUED))
    return "\n".join([first, *(CONTINUED + piece for piece in rest)])


def outsized(word: str, width: int = WIDTH) -> bool:
    """Whether ``word`` (a run without blanks) is wider than ``width`` columns and is no
    absolute path: one begun with ``/`` (after the marks that may enclose it, a ``(``, a
    quote) that holds no ``@`` (an address's local part may begin with ``/`` too) and no
    wide letter (a name of them, 2 columns each, is cut as any other)."""
    columns = text_width(word)
    if columns <= width:
        return False
    core = word.strip(ENCLOSING)
    return not (core.startswith("/") and "@" not in core and columns == len(word))


ENCLOSING = "()[]{}<>'\"`,;:."
"""What may stand before or after a path in a line: a path in brackets, quoted, ending a
clause."""
