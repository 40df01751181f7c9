"""A shell command a GM's line tells him to type (``chmod 600 PATH``, ``mv FROM TO``), as
a shell reads it pasted whole: each word that needs it quoted (``shlex``), so that a path
with a blank, a quote or a ``$`` in it (``/home/ann/my wtg/wtg.yaml``) names that file,
and no other, to the command. A word that needs none is written as it is."""

from __future__ import annotations

import shlex


def shell_command(*words: str) -> str:
    """``words`` as one line of a shell: ``chmod 600 '/home/ann/my wtg/wtg.yaml'``."""
    return shlex.join(words)
