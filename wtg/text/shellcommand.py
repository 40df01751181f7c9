"""A shell command a GM's line tells him to type (``chmod 600 PATH``, ``mv FROM TO``,
``wtg hold GAME --undo``), as a shell reads it pasted whole: each word that needs it quoted
(``shlex``), so that a path with a blank, a quote or a ``$`` in it (``/home/ann/my
wtg/wtg.yaml``) names that file, and no other, to the command. A word that needs none is
written as it is. Every such command of wtg's lines is written here (``shell_command``),
each word quoted once. A line broken at a terminal's width keeps a ``chmod``, a ``mv`` or
an ``export`` whole (``SHELL_COMMAND``, ``wtg.text.hanging``), to be copied."""

from __future__ import annotations

import re
import shlex


def shell_command(*words: str) -> str:
    """``words`` as one line of a shell: ``chmod 600 '/home/ann/my wtg/wtg.yaml'``."""
    return shlex.join(words)


_PATH = r"""(?:'[^'\n]*'|"'"|[^\s'"`;])+"""
"""A path as ``shell_command`` writes it: in quotes where it needs them (a quote in it
written ``'"'"'``), else as it is."""
SHELL_COMMAND = re.compile(
    rf"\b(?:chmod|chown)(?: -R)? [^\s'`;]+ {_PATH}"
    rf"|\bmv {_PATH} {_PATH}"
    rf"|\bexport WTG_CONFIG={_PATH}; wtg [a-z-]+"
)
"""The shell commands the GM's lines tell him to type, as ``shell_command`` writes them: a
``chmod`` or a ``chown`` of a path, an ``mv`` of one path to another, and `wtg init`'s
``export WTG_CONFIG=PATH; wtg check-config``."""
