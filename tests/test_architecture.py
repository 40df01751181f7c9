"""The house as docs/architecture.md draws it: every module in a room, one folder of
``wtg/`` each; the rooms' imports point down, followed transitively through the import
graph (every ``import`` in a module's AST, in functions and ``TYPE_CHECKING`` blocks too,
and the packages that hold each module imported); the modules import one another without
a cycle; nothing reachable from ``wtg.core`` or ``wtg.rules`` touches a file, reads a clock
or draws chance from anything but the RNG it is given."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from wtg.core.ruleset import Registration

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "wtg"

FILE_MODULES = frozenset(
    {
        "os",
        "io",
        "pathlib",
        "shutil",
        "tempfile",
        "glob",
        "fileinput",
        "importlib",
        "pkgutil",
        "socket",
        "subprocess",
        "multiprocessing",
        "sqlite3",
        "dbm",
        "shelve",
        "pickle",
        "marshal",
        "zipfile",
        "tarfile",
        "gzip",
        "bz2",
        "lzma",
        "mmap",
        "configparser",
        "csv",
        "logging",
        "linecache",
        "sys",
        "PIL",
        "jinja2",
        "imapclient",
        "click",
        "lxml",
        "email_validator",
    }
)
"""Modules that read or write files (or reach them through the interpreter or the net)."""
FILE_METHODS = frozenset(
    {"open", "read_text", "read_bytes", "write_text", "write_bytes", "iterdir", "glob"}
)
"""Methods of Path (and Traversable) that touch files."""
FILE_BUILTINS = frozenset({"open", "__import__", "exec", "eval", "compile"})
WRITTEN_CODE = frozenset({("wtg.core.record", "exec")})
"""The one ``exec``: Record writes each class its ``__init__`` from the class's field names;
tests/test_record.py holds every such ``__init__`` to touching nothing but the instance."""
CLOCK_MODULES = frozenset({"time", "datetime", "secrets", "uuid"})
RULES_REACH = ("rules", "aof", "text", "core")
OUTSIDE_ROOMS = frozenset({"wtg", "wtg.__main__"})
"""The package itself and ``python -m wtg``: the only modules of ``wtg`` in no room."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def sources() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


@cache
def tree(module: str) -> ast.Module:
    return ast.parse(sources()[module].read_text(encoding="utf-8"))


def imported_names(module: str) -> Iterator[tuple[str, int]]:
    """Every name the module imports (``a.b`` of ``import a.b``, ``a.b.c`` of ``from a.b
    import c``, relative imports made absolute), with its line."""
    package = module if sources()[module].name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            yield base, node.lineno
            for alias in node.names:
                yield f"{base}.{alias.name}", node.lineno


def own_module(name: str) -> str | None:
    """The module of ``wtg`` a name imports (a module, or the module holding the name)."""
    while name and name not in sources():
        name = name.rpartition(".")[0]
    return name or None


@cache
def imports(module: str) -> frozenset[str]:
    """The modules of ``wtg`` that importing ``module`` runs directly: those it imports
    and the packages that hold them (and its own)."""
    found = set()
    for name, _line in imported_names(module):
        target = own_module(name) if name.split(".")[0] == "wtg" else None
        if target is not None:
            found.add(target)
    for name in (*found, module):
        parts = name.split(".")
        found.update(".".join(parts[:end]) for end in range(1, len(parts)))
    found.discard(module)
    return frozenset(found)


def chains(start: str) -> dict[str, tuple[str, ...]]:
    """Every module importing ``start`` runs, transitively, with the chain that gets there."""
    seen: dict[str, tuple[str, ...]] = {start: (start,)}
    todo = [start]
    while todo:
        current = todo.pop()
        for target in sorted(imports(current)):
            if target not in seen:
                seen[target] = (*seen[current], target)
                todo.append(target)
    return seen


def reachable(prefixes: Iterable[str]) -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
    for module in sources():
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            for target, chain in chains(module).items():
                found.setdefault(target, chain)
    return found


@cache
def rooms() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The table of docs/architecture.md, top room first: (room, module prefixes)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = re.search(r"```rooms\n(.*?)```", text, re.S)
    assert block is not None, "docs/architecture.md has no ```rooms table"
    rows = [line.split() for line in block.group(1).splitlines() if line.strip()]
    return tuple((row[0], tuple(row[1:])) for row in rows)


def room_or_none(module: str) -> int | None:
    """The room's place in the table (0 the top): that of the longest prefix it has; None
    for a module in no room."""
    best = (-1, -1)
    for place, (_room, prefixes) in enumerate(rooms()):
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                best = max(best, (len(prefix), place))
    return best[1] if best[1] >= 0 else None


def room_of(module: str) -> int:
    place = room_or_none(module)
    assert place is not None, f"{module} is in no room of docs/architecture.md"
    return place


def upward(prefixes: Iterable[str]) -> list[str]:
    """Each import chain from a module under ``prefixes`` that reaches a room above it."""
    found = []
    for module in sources():
        if module in OUTSIDE_ROOMS:
            continue  # the package imports nothing (the test below)
        if not any(module == p or module.startswith(p + ".") for p in prefixes):
            continue
        mine = room_of(module)
        for target, chain in chains(module).items():
            if target not in OUTSIDE_ROOMS and room_of(target) < mine:
                rooms_of = f"{rooms()[mine][0]} -> {rooms()[room_of(target)][0]}"
                found.append(f"{' -> '.join(chain)} ({rooms_of})")
    return found


def test_every_room_imports_only_itself_and_the_rooms_below() -> None:
    """docs/architecture.md: "A room imports only from itself and the rooms below it". The
    package ``wtg`` itself, run before any of its modules, imports nothing."""
    assert upward(["wtg"]) == []
    assert imports("wtg") == frozenset()


def test_core_knows_no_aof_mail_or_cli() -> None:
    """DESIGN.md: "`core` knows no `aof`, `mail` or `cli`" (nor anything else of wtg)."""
    outside = {
        m: c for m, c in reachable(["wtg.core"]).items() if m.split(".")[:2] != ["wtg", "core"]
    }
    assert [" -> ".join(c) for m, c in outside.items() if m != "wtg"] == []


def test_rules_reach_only_aof_and_core() -> None:
    """DESIGN.md: "Arrows one way: ... -> rules -> core"; the rules reach no data layer,
    engine, mail or command line, not even through a module they share."""
    found = reachable(["wtg.rules"])
    rooms_of = {m: rooms()[room_of(m)][0] for m in found if m not in OUTSIDE_ROOMS}
    wrong = [" -> ".join(found[m]) for m, room in rooms_of.items() if room not in RULES_REACH]
    assert wrong == []


def test_the_table_names_every_room_once_and_each_prefix_is_a_module() -> None:
    names = [room for room, _prefixes in rooms()]
    assert names == [
        "cli",
        "serve",
        "upkeep",
        "mail.poll",
        "mail.incoming",
        "mail.outgoing",
        "mail.servers",
        "mail.message",
        "mail.spool",
        "mail",
        "site",
        "lobby",
        "host",
        "maps",
        "gm",
        "game",
        "data",
        "files",
        "logs",
        "rules",
        "aof",
        "text",
        "core",
    ]
    prefixes = [p for _room, row in rooms() for p in row]
    assert len(prefixes) == len(set(prefixes))
    assert [p for p in prefixes if p not in sources()] == []


def folders() -> list[str]:
    """The packages directly in ``wtg/``, as modules (``wtg.game``)."""
    return sorted(f"wtg.{path.parent.name}" for path in PACKAGE.glob("*/__init__.py"))


def divided() -> list[str]:
    """The rooms of the table divided into rooms of their own (``wtg.mail``): a row whose
    prefix holds another row's."""
    prefixes = [row[0] for _room, row in rooms()]
    return sorted(p for p in prefixes if any(q.startswith(p + ".") for q in prefixes))


def subpackages(package: str) -> list[str]:
    folder = PACKAGE.parent.joinpath(*package.split("."))
    return sorted(f"{package}.{path.parent.name}" for path in folder.glob("*/__init__.py"))


def modules_directly_in(package: str) -> list[str]:
    folder = PACKAGE.parent.joinpath(*package.split("."))
    return sorted(
        f"{package}.{path.stem}" for path in folder.glob("*.py") if path.stem != "__init__"
    )


def test_a_divided_room_is_its_rooms_alone() -> None:
    """docs/architecture.md: "no module sits directly in `wtg/mail/`": every module of the
    mail loop is in one of its six rooms, so none escapes the table's order through the
    package's own row, which holds only the package (its ``__init__.py`` imports nothing)."""
    assert divided() == ["wtg.mail"]
    assert modules_directly_in("wtg.mail") == []
    assert imports("wtg.mail") == frozenset({"wtg"})
    assert subpackages("wtg.mail") == sorted(p for _r, (p,) in rooms() if p.startswith("wtg.mail."))


def loose_modules() -> list[str]:
    """The modules that sit directly in ``wtg/``, but the package's own and ``__main__``."""
    return sorted(
        module_name(path)
        for path in PACKAGE.glob("*.py")
        if module_name(path) not in OUTSIDE_ROOMS and path.stem != "__main__"
    )


def test_every_module_is_in_a_room_and_none_sits_directly_in_wtg() -> None:
    """Issue 26: "No module of `wtg/` other than `__init__.py`/`__main__.py` sits directly
    in `wtg/`; `docs/architecture.md` has one row a folder, in layer order, and
    `tests/test_architecture.py` checks every module against it (no catch-all row)"."""
    assert loose_modules() == []
    assert [row for _room, row in rooms() if len(row) != 1] == []
    expected = folders() + [sub for package in divided() for sub in subpackages(package)]
    assert sorted(row[0] for _room, row in rooms()) == sorted(expected)
    homeless = [m for m in sources() if m not in OUTSIDE_ROOMS and room_or_none(m) is None]
    assert homeless == []


def is_type_checking(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``): imports for the type checker."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", "")
    return name == "TYPE_CHECKING"


def run_imports(module: str) -> set[str]:
    """The modules of ``wtg`` that ``module`` imports when it runs: at its top and in its
    functions, not in its ``TYPE_CHECKING`` blocks. ``from a import b`` is the module
    ``a.b`` when there is one, else ``a``."""
    package = module if sources()[module].name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def names(node: ast.Import | ast.ImportFrom) -> Iterator[str]:
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
            return
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
        for alias in node.names:
            yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in sources() else base

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if is_type_checking(child):
                assert isinstance(child, ast.If)
                for other in child.orelse:
                    visit_one(other)
            else:
                visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for name in names(node):
                target = own_module(name) if name.split(".")[0] == "wtg" else None
                if target is not None and target != module:
                    found.add(target)
        visit(node)

    visit(tree(module))
    return found


def a_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` (each node's successors), as the nodes along it with the
    first again at the end; [] when there is none."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path = [start]
        todo = [iter(sorted(graph.get(start, ())))]
        while todo:
            step = next(todo[-1], None)
            if step is None:
                done.add(path.pop())
                todo.pop()
            elif step in path:
                return [*path[path.index(step) :], step]
            elif step not in done:
                path.append(step)
                todo.append(iter(sorted(graph.get(step, ()))))
    return []


def test_the_modules_import_one_another_without_a_cycle() -> None:
    """Issue 26: "No import cycle in `wtg/` counting imports inside functions
    (TYPE_CHECKING aside), checked by a test": a module's imports, at its top and in its
    functions, never lead back to it."""
    cycle = a_cycle({module: run_imports(module) for module in sources()})
    assert cycle == [], "an import cycle: " + " -> ".join(cycle)


def file_access(module: str) -> Iterator[str]:
    """What in the module touches a file: an import of a file module, a call of a builtin
    such as ``open``, or of a file method of Path."""
    for name, line in imported_names(module):
        if name.split(".")[0] in FILE_MODULES:
            yield f"{module}:{line}: imports {name}"
    for node in ast.walk(tree(module)):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id in FILE_BUILTINS:
            if (module, node.func.id) in WRITTEN_CODE:
                continue
            yield f"{module}:{node.lineno}: calls {node.func.id}()"
        elif isinstance(node.func, ast.Attribute) and node.func.attr in FILE_METHODS:
            yield f"{module}:{node.lineno}: calls .{node.func.attr}()"


def test_nothing_reachable_from_core_or_rules_touches_a_file() -> None:
    """DESIGN.md: "Nothing in `core` or `rules` opens a file, even indirectly"."""
    found = reachable(["wtg.core", "wtg.rules"])
    problems = [
        f"{problem} (via {' -> '.join(found[module])})"
        for module in sorted(found)
        for problem in file_access(module)
    ]
    assert problems == []


def chance_and_clock(module: str) -> Iterator[str]:
    """A draw of chance other than from a given ``Random``, or a clock."""
    for name, line in imported_names(module):
        chance = name.split(".")[0] == "random" and name not in ("random", "random.Random")
        if name.split(".")[0] in CLOCK_MODULES or chance:
            yield f"{module}:{line}: imports {name}"
    for node in ast.walk(tree(module)):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr != "Random"
        ):
            yield f"{module}:{node.lineno}: uses random.{node.attr}"


def test_rules_draw_chance_only_from_the_rng_they_are_given() -> None:
    """Rules code is pure: no module-level ``random`` (random.random(), random.shuffle, a
    ``from random import choice``, ...) and no clock, in the rules or anything they import.
    ``Random`` may be named, as the type of the RNG handed in."""
    found = reachable(["wtg.core", "wtg.rules"])
    assert [p for module in sorted(found) for p in chance_and_clock(module)] == []


def test_the_shipped_data_holds_no_code() -> None:
    """The issue: "`assets` is data only". The shipped data (forms/, games/, templates/)
    holds no Python; reading it is the data layer's (wtg/data/)."""
    code = [p for kind in ("forms", "games", "templates") for p in (ROOT / kind).rglob("*.py")]
    assert code == []
    assert not (PACKAGE / "assets").exists()


def test_the_checks_find_what_they_look_for() -> None:
    """The walkers themselves: a chain through a package, a file access, a clock."""
    assert "wtg.core" in chains("wtg.core.form")
    assert chains("wtg.game.engine")["wtg.data.maps"][0] == "wtg.game.engine"
    assert "wtg.game.intake" in run_imports("wtg.game.engine")  # in a function
    assert "wtg.game.intake" in run_imports("wtg.game.filing")
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"b"}}) == ["b", "c", "b"]
    assert a_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    assert any("calls .read_text()" in p for p in file_access("wtg.data.maps"))
    assert any("imports pathlib" in p for p in file_access("wtg.data.maps"))
    assert any("imports datetime" in p for p in chance_and_clock("wtg.game.schedule"))
    assert rooms()[room_of("wtg.game.engine")][0] == "game"
    assert rooms()[room_of("wtg.data.datalibrary")][0] == "data"
    assert rooms()[room_of("wtg.maps.scene")][0] == "maps"
    assert room_of("wtg.game.engine") > room_of("wtg.maps.scene")  # the game below the maps


def readme_rooms(text: str) -> list[str]:
    """The folders of wtg/ that README.md's "Development" names, in its order: the item of
    `wtg/` the package, "from the bottom up"."""
    item = text.split("- `wtg/` the package", 1)[1].split("\n- ", 1)[0]
    return re.findall(r"`(\w+)/`", item)


def test_the_readme_names_every_room_from_the_bottom_up() -> None:
    """README.md's "Development" went from `rules/` to `files/` and from `mail/` to `cli/`:
    logs, upkeep and serve, rooms since, were in the table alone."""
    bottom_up = list(dict.fromkeys(room.split(".")[0] for room, _ in reversed(rooms())))
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme_rooms(text) == bottom_up
    assert "logs" not in readme_rooms(text.replace("`logs/`", "logs"))


def registration_unsaid(text: str) -> list[str]:
    """The fields of a ruleset's ``Registration`` that ``text`` does not name (as `field`, or
    given in a call): what a new ruleset says of itself, each one a newcomer must know of."""
    return [
        name
        for name in Registration.__annotations__
        if not re.search(rf"[`(, ]{name}[`=]", text)  # `hiscore`, or Registration(rules=...)
    ]


def test_where_a_new_ruleset_goes_names_every_field_of_its_registration() -> None:
    """Round 49: `turns_run` and `sooner`, what a waiting list's answers say of a ruleset's
    turns, were left out of "A new ruleset": a new ruleset's lists said WoK's words."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert registration_unsaid(text) == []
    assert registration_unsaid(text.replace("`sooner`", "sooner")) == ["sooner"]
