"""What to do about a password file (``smtp.password_file``, ``oauth2.client_secret_file``)
that is not where the config says: the GM who wrote the key but not yet the file, or wrote
it under another name or in the folder he stood in, was told ``No such file or directory``
and no more."""

from __future__ import annotations

from pathlib import Path

from wtg.text.closename import either
from wtg.text.shellcommand import shell_command


def missing_secret_hint(path: Path, what: str) -> str:
    """The clause said after ``cannot read PATH: No such file or directory``: the file beside
    it that an editor or a paste named so (``smtp-password.txt``, ``Smtp-password``,
    ``"smtp-password "``), else the one whose name the config's key misspells by a letter
    (``imap-pasword`` for ``imap-password``: a letter left out, one too many, another, or
    two swapped; not any close name: ``imap-password`` is another's for ``smtp-password``),
    one of that name in the current folder (written there, the config's being elsewhere),
    or how to make it."""
    wanted = path.name.casefold()
    beside = _files(path.parent)
    meant = sorted(
        name
        for name in beside
        if name.strip().casefold() == wanted or name.casefold().startswith(f"{wanted}.")
    ) or sorted(name for name in beside if _a_letter_apart(name.casefold(), wanted))
    if meant:
        return f" (did you mean {either([str(path.parent / name) for name in meant[:3]])}?)"
    here = Path.cwd() / path.name
    if here != path and here.is_file():
        return (
            f": the current folder has one, {here}; the config reads {path} (a relative path "
            f"is read from the config's folder): {shell_command('mv', str(here), str(path))}"
        )
    chmod = shell_command("chmod", "600", str(path))
    return f": write {what} into it, alone on its line, and make it yours alone: {chmod}"


def _files(folder: Path) -> list[str]:
    try:
        return [entry.name for entry in folder.iterdir() if entry.is_file()]
    except OSError:
        return []


def _a_letter_apart(name: str, wanted: str) -> bool:
    """Whether ``name`` is ``wanted`` with one letter left out, one more, one other, or two
    side by side swapped (a typo of a name of 4 letters or more)."""
    if len(wanted) < 4 or name == wanted or abs(len(name) - len(wanted)) > 1:
        return False
    start = 0
    while start < min(len(name), len(wanted)) and name[start] == wanted[start]:
        start += 1
    if len(name) == len(wanted):
        rest = start + 1
        swapped = name[start : start + 2] == wanted[start : start + 2][::-1]
        return name[rest:] == wanted[rest:] or (swapped and name[rest + 1 :] == wanted[rest + 1 :])
    if len(name) < len(wanted):
        return name[start:] == wanted[start + 1 :]
    return name[start + 1 :] == wanted[start:]
