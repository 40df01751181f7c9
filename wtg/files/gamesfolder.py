"""The folders a games folder holds beside its games.

A host keeps its games in one folder, each game a folder of its own; beside them sits the
mail loop's spool, whose name every room that finds, makes, checks, archives or restores
it reads from here.
"""

from __future__ import annotations

SPOOL = ".mail"
"""The mail spool's folder in the games folder (``GmConfig.spool``): the journal, the
outbox, the maildir transport's boxes and the marks of the poll and the send. The folder
that holds it is the games folder, the one a ``chown -R`` gives back whole."""
