"""The IMAP connection goes through imapclient's public API only: nothing in wtg reaches
into imaplib's or imapclient's insides (their private methods, imaplib's response
buffer and tag table, the ``IMAPClient._imap`` under imapclient)."""

from __future__ import annotations

import ast
import imaplib
import re
from pathlib import Path

import imapclient

WTG = Path(__file__).resolve().parents[3] / "wtg"

NAMED = ["_get_response", "_command_complete", "tagged_commands", "._imap"]
"""What issue 26 names (the poll's FETCH read imaplib's buffer through them)."""
IMAPLIB_STATE = ["untagged_responses", "continuation_response", "tagnum", "tagpre", "_MAXLINE"]
"""imaplib's bookkeeping, public in name only."""
PRIVATE = {
    name
    for holder in (imaplib, imaplib.IMAP4, imaplib.IMAP4_SSL, imapclient.IMAPClient)
    for name in dir(holder)
    if name.startswith("_") and not name.startswith("__")
}
"""Every private name of imaplib, of its connections and of imapclient's IMAPClient."""


def sources() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in sorted(WTG.rglob("*.py"))}


def private_uses(tree: ast.AST) -> list[tuple[int, str]]:
    """Where a module reads a private name of imaplib or IMAPClient off anything but its
    own ``self``/``cls`` (wtg's own classes have ``_connect``s and ``_quote``s), or names
    one in a string (``getattr(client, "_imap")``), or imports a private module of
    imapclient or imaplib."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE | {"_imap"}:
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id in ("self", "cls")):
                found.append((node.lineno, node.attr))
        elif isinstance(node, ast.Constant) and node.value in PRIVATE | {"_imap"}:
            found.append((node.lineno, repr(node.value)))
        elif isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] in ("imaplib", "imapclient") and any(p.startswith("_") for p in parts):
                found.append((node.lineno, node.module))
            if parts[0] in ("imaplib", "imapclient"):
                found += [(node.lineno, a.name) for a in node.names if a.name.startswith("_")]
    return found


def test_issue_26_wtg_uses_no_private_name_of_imaplib_or_imapclient() -> None:
    """Issue 26, item "IMAP through imapclient's public API only": no ``imaplib`` private
    name anywhere in wtg (``_get_response``, ``_command_complete``, ``tagged_commands``,
    ``._imap``, imaplib's buffer and every other private name of imaplib and IMAPClient)."""
    hits = []
    for path, text in sources().items():
        where = path.relative_to(WTG.parent)
        for name in NAMED + IMAPLIB_STATE:
            pattern = re.escape(name) if name.startswith(".") else rf"\b{re.escape(name)}\b"
            for match in re.finditer(pattern, text):
                hits.append(f"{where}:{text.count(chr(10), 0, match.start()) + 1}: {name}")
        for line, name in private_uses(ast.parse(text, str(path))):
            hits.append(f"{where}:{line}: {name}")
    assert hits == []


def test_the_check_sees_a_reach_into_imaplib() -> None:
    """The check above would catch the ways the old FETCH reached in."""
    reaching = (
        "imap = getattr(client, '_imap', None)\n"
        "tag = imap._command('UID', 'FETCH', uids)\n"
        "while imap.tagged_commands[tag] is None:\n"
        "    imap._get_response()\n"
        "kind, data = client._imap._command_complete('UID', tag)\n"
    )
    names = {name for _line, name in private_uses(ast.parse(reaching))}
    assert names == {"'_imap'", "_command", "_get_response", "_imap", "_command_complete"}
    own = "class Box:\n    def _connect(self):\n        return self._connect()\n"
    assert private_uses(ast.parse(own)) == []
