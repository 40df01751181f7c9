"""The docs and docstrings name only modules that exist.

A newcomer reads docs/architecture.md's rooms and "A mail's way" with the source open: a
module it names that was renamed since (``wtg/mail/*`` divided into rooms, ``lobby/posing``
become ``lobby/lookalikes``, ...) is a dead end, and so is a docstring's ``wtg.x.y``. Every
``wtg.x.y`` (a module, or a name in one) written in README.md, docs/ or a file of wtg/,
tests/ or bench/, and every ``path.py`` the docs give, must be a file of the checkout; so
must a ``wtg/...py`` or ``tests/...py`` a source file gives. Names of other things that
begin ``wtg.`` (``wtg.yaml``, ``wtg.service``, a click context key) are not a room's and
are left alone.

The other way round, a module no paragraph names is a file the newcomer meets in the source
and cannot place: each room of docs/architecture.md that names its modules names them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "wtg"

DOTTED = re.compile(r"(?<![\w./-])wtg((?:\.[A-Za-z_]\w*)+)")
"""A dotted name that begins with the package: ``wtg.mail.spool.journal.Journal``."""
DOC_PATH = re.compile(r"(?<![\w.-])((?:[\w.-]+/)*[\w-]+\.py)\b")
"""A file name or path of Python that the docs give: ``mail/poll/poller.py``."""
SOURCE_PATH = re.compile(r"(?<![\w./-])((?:wtg|tests|bench)/(?:[\w-]+/)*[\w-]+\.py)\b")
"""A path of the checkout's Python that a source file gives: ``tests/test_prose.py``."""
PLACEHOLDERS = {"tests/x.py"}
"""Paths the docs give as examples of any file (README.md: ``pytest tests/x.py``)."""


def _module_file(parts: list[str]) -> Path | None:
    """The file of the module ``wtg.<parts>``, or None."""
    base = PACKAGE.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def dotted_problem(name: str) -> str | None:
    """Why ``wtg<name>`` (``name`` from its first dot) names nothing of the package, or
    None: a room's module, or a name (a class, a function, a class's method) written in
    it. A first part that is no room of the package is no module name (``wtg.yaml``)."""
    parts = name.strip(".").split(".")
    if _module_file(parts[:1]) is None:
        return None
    while len(parts) > 1 and parts[-1].startswith("__"):  # a module's own: __path__
        parts.pop()
    for length in range(len(parts), 0, -1):
        found = _module_file(parts[:length])
        if found is None:
            continue
        rest = parts[length:]
        if len(rest) > 2:
            return f"no module {'.'.join(['wtg', *parts[: length + 1]])}"
        text = found.read_text(encoding="utf-8")
        missing = [word for word in rest if not re.search(rf"\b{re.escape(word)}\b", text)]
        if missing:
            where = ".".join(["wtg", *parts[:length]])
            return f"no module {where}.{missing[0]}, nor a name {missing[0]} in {where}"
        return None
    return "no such module"  # pragma: no cover (the first part is a module)


def doc_path_problem(path: str) -> str | None:
    """Why the ``path`` the docs give (from the checkout, from wtg/, or the end of a
    path: a ruleset's ``phases/victory.py``) is no file of the checkout, or None."""
    if path in PLACEHOLDERS or re.search(r"[A-Z]", path):
        return None  # an example (bench/NAME.py)
    if (ROOT / path).is_file() or (PACKAGE / path).is_file():
        return None
    for top in ("wtg", "tests", "bench"):
        if any(str(found).endswith("/" + path) for found in (ROOT / top).rglob(Path(path).name)):
            return None
    return "no such file"


def problems_in(text: str, source: bool) -> Iterator[str]:
    """What ``text`` names that is not there, each as ``NAME: why``; ``source``: a file of
    Python (its paths of the checkout are checked), else a doc (every path of Python)."""
    for match in DOTTED.finditer(text):
        line = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
        if source and (re.match(r"\s*(from|import)\s", line) or line.endswith("import ")):
            continue  # an import is checked by importing it (one in a string, by its test)
        said = dotted_problem(match.group(1))
        if said is not None:
            yield f"wtg{match.group(1)}: {said}"
    for match in (SOURCE_PATH if source else DOC_PATH).finditer(text):
        said = doc_path_problem(match.group(1).removeprefix("./"))
        if said is not None:
            yield f"{match.group(1)}: {said}"


def texts() -> Iterator[tuple[Path, bool]]:
    yield ROOT / "README.md", False
    for doc in sorted((ROOT / "docs").rglob("*.md")):
        yield doc, False
    for top in ("wtg", "tests", "bench"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if path != Path(__file__).resolve():  # its own are the stale names it tries
                yield path, True


def test_every_module_and_file_the_docs_and_docstrings_name_is_there() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {problem}"
        for path, source in texts()
        for problem in problems_in(path.read_text(encoding="utf-8"), source)
    ]
    assert found == []


def test_the_check_finds_a_renamed_module() -> None:
    """The names this session renamed, as a doc or a docstring still giving them."""
    doc = (
        "`lobby/posing.py`, `wtg.serve.agenda`, `wtg.mail.spool.journal.NoSuchThing`, "
        "`mail/pollrun.py`; fine: `wtg.yaml`, `mail/poll/poller.py`, `phases/victory.py`, "
        "`wtg.mail.spool.journal.Journal.begin_release`, `wtg.lobby.lookalikes`"
    )
    assert list(problems_in(doc, source=False)) == [
        "wtg.serve.agenda: no module wtg.serve.agenda, nor a name agenda in wtg.serve",
        "wtg.mail.spool.journal.NoSuchThing: no module wtg.mail.spool.journal.NoSuchThing, "
        "nor a name NoSuchThing in wtg.mail.spool.journal",
        "lobby/posing.py: no such file",
        "mail/pollrun.py: no such file",
    ]
    source = '"""Held as ``wtg.site.place`` says (tests/mail/test_prose.py)."""\nimport wtg.x\n'
    assert list(problems_in(source, source=True)) == [
        "wtg.site.place: no module wtg.site.place, nor a name place in wtg.site",
        "tests/mail/test_prose.py: no such file",
    ]


ARCHITECTURE = ROOT / "docs" / "architecture.md"
ROOM = re.compile(r"^ *- \*\*([a-z.]+)\*\* \(`(?:wtg/)?([\w/]+)/`\)", re.M)
"""A room's paragraph in docs/architecture.md: ``- **mail.poll** (`mail/poll/`): ...``."""
BY_EXAMPLE = {"cli", "core", "data", "maps", "serve", "site", "rules"}
"""The rooms whose paragraph says what they hold by examples: one command a module (cli), a
ruleset a folder (rules), the pieces of a picture (maps), ... Every other room's paragraph
names each module of its folder, for a newcomer who looks a file up there."""


def rooms_said(text: str) -> dict[str, tuple[str, str]]:
    """Each room's folder under wtg/ and its paragraph, up to the next room's or the end of
    the list (a blank line)."""
    found = list(ROOM.finditer(text))
    said = {}
    for match, after in zip(found, [*found[1:], None], strict=True):
        end = after.start() if after is not None else len(text)
        paragraph = text[match.start() : end].split("\n\n")[0]
        said[match.group(1)] = (match.group(2), paragraph)
    return said


def unnamed(text: str) -> list[str]:
    """The modules of each room not named by ``text``'s paragraph of it (as `name.py`, or by
    its path from wtg/ or the room's folder), each as ``wtg/room/name.py``; a room without
    a paragraph, as ``room: no paragraph``."""
    said = rooms_said(text)
    missing = []
    for folder in sorted(p.parent for p in PACKAGE.glob("*/**/__init__.py")):
        room = ".".join(folder.relative_to(PACKAGE).parts)
        if room.split(".")[0] in BY_EXAMPLE or room == "mail":
            continue
        if room not in said:
            missing.append(f"{room}: no paragraph")
            continue
        path, paragraph = said[room]
        for module in sorted(folder.glob("*.py")):
            if module.name == "__init__.py":
                continue
            named = rf"`(?:(?:wtg/)?{re.escape(path)}/)?{re.escape(module.name)}`"
            if not re.search(named, paragraph):
                missing.append(str(module.relative_to(ROOT)))
    return missing


def test_every_module_is_named_in_its_room_s_paragraph() -> None:
    assert unnamed(ARCHITECTURE.read_text(encoding="utf-8")) == []


def test_the_check_finds_a_module_its_room_leaves_out() -> None:
    """A module named only in another room's paragraph is not named in its own."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    left_out = text.replace("(`readlate.py`)", "").replace("`lobby/handlers.py`", "")
    moved = left_out.replace("`htmltext.py`", "`mail/incoming/htmltext.py`", 1)
    assert unnamed(moved) == [
        "wtg/mail/incoming/readlate.py",
        "wtg/mail/message/htmltext.py",
    ]
    assert rooms_said(text)["mail.poll"][0] == "mail/poll"


LISTING = re.compile(r"^ {4}(\w+\.py) ", re.M)
"""A line of a package's docstring that lists a module: ``    feed.py     the Atom feed's``."""


def unlisted(init_text: str, folder: Path) -> list[str]:
    """The modules of ``folder`` that its ``__init__.py`` (``init_text``), listing modules
    line by line, leaves out; none when it lists none."""
    listed = set(LISTING.findall(init_text))
    if not listed:
        return []
    return sorted(
        p.name for p in folder.glob("*.py") if p.name != "__init__.py" and p.name not in listed
    )


def test_a_package_that_lists_its_modules_lists_them_all() -> None:
    """Round 49: README.md says of wtg/site/ "its `__init__` names each module", and it named
    eleven of fourteen: history.py, sender.py and formdata.py, the turn pages and the AOF
    Sender, came after it."""
    found = [
        f"{init.parent.relative_to(ROOT)}/{name}"
        for init in sorted(PACKAGE.rglob("__init__.py"))
        for name in unlisted(init.read_text(encoding="utf-8"), init.parent)
    ]
    assert found == []
    site = PACKAGE / "site"
    text = (site / "__init__.py").read_text(encoding="utf-8").replace("    sender.py", "")
    assert unlisted(text, site) == ["sender.py"]
