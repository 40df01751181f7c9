"""What a command loads before it does anything: Pillow only where a picture is read.

Pillow takes a noticeable part of a command's start-up, and most commands (the poll, the
send of mails without pictures, `wtg status`) never draw or read a picture. The mail's
reader needs it only for an inline picture's height (an Outlook signature's logo), so it
loads it there (the logo's tests: tests/mail/test_unread_attachments.py). Every other import
inside a function defers something heavy in the same way, and says what (issue 26)."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

LOADED = (
    "import sys, wtg.cli, wtg.mail.poll.poller, wtg.mail.outgoing.sender\n"
    "import wtg.mail.message.extract\n"
    "print(sorted({name.split('.')[0] for name in sys.modules} & {'PIL', 'jinja2'}))\n"
)


def test_the_command_line_and_the_mail_loop_start_without_pillow() -> None:
    done = subprocess.run(
        [sys.executable, "-c", LOADED], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "['jinja2']"


WTG = Path(__file__).resolve().parents[1] / "wtg"

START = "import sys, wtg.cli\nprint('\\n'.join(sorted(sys.modules)))\n"
"""The modules every command has loaded before it does anything: the command line's."""


def imports_in_functions(text: str) -> Iterator[tuple[int, list[str], bool]]:
    """Each group of imports inside a function (import statements one after another, blank
    lines between them at most): its first line, the modules it imports (``a.b`` of ``from a
    import b`` when ``a.b`` is a module, else ``a``) and whether a comment says why (on the
    line above the group, or on its first import's line)."""
    lines = text.splitlines()

    def visit(node: ast.AST, in_function: bool) -> Iterator[tuple[int, list[str], bool]]:
        inside = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if inside and isinstance(body, list):
                yield from _groups(body, lines)
        for child in ast.iter_child_nodes(node):
            yield from visit(child, inside)

    yield from visit(ast.parse(text), False)


def _groups(body: list[ast.stmt], lines: list[str]) -> Iterator[tuple[int, list[str], bool]]:
    group: list[ast.Import | ast.ImportFrom] = []
    for statement in [*body, None]:
        if isinstance(statement, ast.Import | ast.ImportFrom) and (
            not group
            or all(
                not lines[k].strip() for k in range(group[-1].end_lineno or 0, statement.lineno - 1)
            )
        ):
            group.append(statement)
            continue
        if group:
            first = group[0].lineno
            said = lines[first - 2].strip().startswith("#") or "#" in lines[first - 1]
            yield first, [m for node in group for m in _modules(node)], said
        group = [statement] if isinstance(statement, ast.Import | ast.ImportFrom) else []


def _modules(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    assert node.module is not None and node.level == 0, "wtg imports absolutely"
    found = []
    for alias in node.names:
        name = f"{node.module}.{alias.name}"
        found.append(
            name if importlib.util.find_spec(node.module) and _is_module(name) else node.module
        )
    return found


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def found_in_functions() -> list[tuple[str, int, list[str], bool]]:
    return [
        (str(path.relative_to(WTG.parent)), line, modules, said)
        for path in sorted(WTG.rglob("*.py"))
        for line, modules, said in imports_in_functions(path.read_text(encoding="utf-8"))
    ]


def test_every_import_inside_a_function_says_what_it_defers() -> None:
    """Issue 26: "imports inside functions only where a heavy optional import is deferred,
    each with its reason" (docs/architecture.md: "with a comment saying what and why")."""
    unsaid = [f"{path}:{line}" for path, line, _modules, said in found_in_functions() if not said]
    assert unsaid == []


def test_no_import_inside_a_function_defers_what_every_command_loads_anyway() -> None:
    """Issue 26: an import inside a function defers something heavy. One whose module the
    command line has loaded before any command runs (the lobby's database, the mail's
    notices, the upgrade, ssl: all loaded at the start) defers nothing, and sits at the top
    of its module."""
    done = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert "wtg.cli.lobby" in loaded and "wtg.mail.poll.poller" not in loaded  # the check sees
    deferring_nothing = [
        f"{path}:{line}: {module}"
        for path, line, modules, _said in found_in_functions()
        for module in modules
        if module in loaded
    ]
    assert deferring_nothing == []


def test_the_groups_of_imports_in_functions_are_read_as_written() -> None:
    text = (
        "def f():\n"
        "    # deferred: pydantic\n"
        "    import json\n"
        "    from os import path\n"
        "\n"
        "    from email import message\n"
        "    x = 1\n"
        "    import re\n"
        "    if x:\n"
        "        import ssl  # deferred: ssl\n"
    )
    assert list(imports_in_functions(text)) == [
        (3, ["json", "os.path", "email.message"], True),
        (8, ["re"], False),
        (10, ["ssl"], True),
    ]
