"""A YAML file read with the line of every key, for messages that point into it.

PyYAML's node API (``compose``) keeps each node's position; the values are built from the
same nodes, so a key's line and its value always belong together. Aliases, anchors and a
key given twice are refused: a hand-written config has no use for them, and a second
``port:`` silently winning is how a GM loses an afternoon.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import yaml

from wtg.core.errors import ConfigError
from wtg.text import yamlslips

MAX_BYTES = 1_000_000
"""A config file is a page of text; anything much bigger is not one."""

Path_ = tuple[str, ...]
"""Where a value sits: the keys from the top, e.g. ("imap", "port")."""


class YamlLinesError(ConfigError):
    """The text is not YAML this reader takes; ``line`` is 1-based (0 when unknown)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


class LinedYaml:
    """The data of a YAML text and the line of each key in it."""

    def __init__(self, data: Any, lines: Mapping[Path_, int]) -> None:
        self.data = data
        self.lines = dict(lines)

    def line_of(self, path: Path_) -> int:
        """The line of the key at ``path``, else of the nearest enclosing key (1 at the top)."""
        for end in range(len(path), 0, -1):
            if path[:end] in self.lines:
                return self.lines[path[:end]]
        return 1


def read_lined_yaml(text: str) -> LinedYaml:
    """Parse ``text``; raises YamlLinesError naming the line of the first problem."""
    if len(text) > MAX_BYTES:
        raise YamlLinesError(0, f"the file is over {MAX_BYTES:,} characters; a config is not")
    try:
        _refuse_aliases(text)
        return _compose(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 0
        said = f"not valid YAML: {exc.problem or exc.context}"
        glued = _key_glued(text.splitlines(), mark.line if mark is not None else -1)
        if glued is not None:  # `games_dir:games`: PyYAML blames a line after it, in its words
            line, said = glued
        elif (open_quote := yamlslips.quote_left_open(text, exc)) is not None:
            line, said = open_quote  # PyYAML names the line the quote closed on, or none
        elif "'\\t'" in said:  # an editor's tab, which YAML takes nowhere in an indent
            said += " (a tab: YAML indents with spaces only: put spaces in its place)"
        elif _comment_in_braces(text, exc):
            said += (
                f" (line {exc.context_mark.line + 1 if exc.context_mark else line}: a '#' "
                "starts a comment, which hides the rest of its line, the closing '}' too: "
                "write the comment on a line of its own)"
            )
        elif (braces := yamlslips.braces_unclosed(text, exc)) is not None:
            line, said = braces  # PyYAML names the line after an unclosed {, in its words
        else:
            said += _indent_or_colon_hint(text, exc)
        raise YamlLinesError(line, said) from exc
    except yaml.YAMLError as exc:
        raise YamlLinesError(0, f"not valid YAML: {' '.join(str(exc).split())}") from exc
    except RecursionError:
        raise YamlLinesError(0, "nested too deeply for a config") from None


GLUED = re.compile(r"([A-Za-z_][\w-]*):([^\s:/][^#]*?)\s*(?:\s#.*)?")
"""A line that is a key and its value with no space between them (``games_dir:games``):
YAML reads it as one word of text."""


def _key_glued(lines: list[str], at: int) -> tuple[int, str] | None:
    """The line (1-based) and the words for the last line up to ``at`` (0-based, the line
    PyYAML stopped at) that is a key with its value glued to its ':' (``transport:maildir``,
    a space left out at 2 a.m.): YAML reads it as text, and stops on a line after it with
    "could not find expected ':'" or "expected '<document start>'". None when no line is."""
    for index in range(min(at, len(lines) - 1), -1, -1):
        found = GLUED.fullmatch(lines[index].strip())
        if found is not None:
            key, value = found.groups()
            return index + 1, (
                f"not valid YAML: {key}:{value} has no space after its ':', so YAML reads it "
                f"as text, not as the key {key}: write {key}: {value}"
            )
    return None


def _comment_in_braces(text: str, exc: yaml.MarkedYAMLError) -> bool:
    """Whether a ``{...}`` left open is the parser's problem and its line holds a comment
    (``- {id: 2, ..., code: X # new}``): the comment took its ``}``."""
    start = exc.context_mark
    if start is None or "expected ',' or '}'" not in str(exc.problem):
        return False
    lines = text.splitlines()
    return start.line < len(lines) and re.search(r"(^|\s)#", lines[start.line]) is not None


def _indent_or_colon_hint(text: str, exc: yaml.MarkedYAMLError) -> str:
    """What to do about a line indented as no key above it is (`` port:`` one space in
    under ``imap:``'s two), or a ``': '`` in a value not in quotes (``from: GM: the
    host``), two slips PyYAML says in its own words alone; "" for any other problem."""
    mark = exc.problem_mark
    problem = str(exc.problem)
    if mark is not None and problem == "expected <block end>, but found '-'":
        return _item_among_keys(text.splitlines(), mark.line)
    block = problem.startswith("expected <block end>, but found '<block")
    if mark is None or not (block or problem == "mapping values are not allowed here"):
        return ""
    lines = text.splitlines()
    if mark.line >= len(lines):
        return ""
    here = lines[mark.line]
    dash = yamlslips.dash_glued(here, mark.line + 1)
    if dash is not None and not block:  # `-{id: 2, ...}`: read as text, its ': ' refused
        return dash
    indent = len(here) - len(here.lstrip(" "))
    above = _indents_above(lines[: mark.line])
    if block or (above and indent > above[-1]):
        spaces = "1 space" if indent == 1 else f"{indent} spaces"
        commented = _key_commented(lines, mark.line, indent)
        if commented is not None:
            return f" (line {mark.line + 1} begins {spaces} in, {commented})"
        shown = [str(n) for n in above] or ["0"]
        keys = " or ".join((", ".join(shown[:-1]), shown[-1])) if len(shown) > 1 else shown[0]
        return (
            f" (line {mark.line + 1} begins {spaces} in, the keys above it {keys}: indent it "
            "as far as the others of its section)"
        )
    key, colon, value = here.strip().partition(": ")
    value = re.split(r"\s#", value, maxsplit=1)[0].strip()
    if not colon or ": " not in value or not re.fullmatch(r"[\w-]+", key):
        return " (a ': ' in a value not in quotes: put the value in quotes)"
    quoted = value.replace("'", "''")
    return f" (a ': ' in a value not in quotes: put the value in quotes, {key}: '{quoted}')"


COMMENTED_KEY = re.compile(r"#+\s*([A-Za-z_][\w-]*):\s*")
"""A section's key commented out, as `wtg init` writes the ``imap:`` it leaves to fill in."""


def _key_commented(lines: list[str], at: int, indent: int) -> str | None:
    """What to say of the line ``at`` (0-based), indented ``indent`` spaces, when the line
    above it (blank lines aside) is a section's key commented out (``# imap:`` of `wtg
    init`'s config, left when the lines under it were uncommented): its section's key is
    hidden, and YAML meets keys indented under no key (gmtrial43). None for any other."""
    for index in range(at - 1, -1, -1):
        line = lines[index]
        if not line.strip():
            continue
        found = COMMENTED_KEY.fullmatch(line.strip())
        if found is None or len(line) - len(line.lstrip(" ")) >= indent:
            return None
        key = found[1]
        return (
            f"under line {index + 1}, {line.strip()}, a comment: the key of its section is "
            f"commented out: write {key}: without the '#'"
        )
    return None


def _item_among_keys(lines: list[str], at: int) -> str:
    """What to do about a list's item (``- {id: 1, ...}``) where a key belongs: the key of
    its list deleted (``players:``), or given a value on its line (``players: []``)."""
    above = next(
        (line.strip() for line in reversed(lines[:at]) if line.strip()[:1] not in ("", "#")),
        None,
    )
    after = f", and the line above it is {above}" if above else ""
    return (
        f" (line {at + 1} is a list's item, '- ...', where a key belongs: a list's items "
        f"follow their key alone on its line, as players: with nothing after its ':'{after})"
    )


def _indents_above(lines: list[str]) -> list[int]:
    """The indents a key may take after ``lines``: the last line's, and each of the lines
    that hold it, least first (``[0, 2]`` after ``imap:`` and ``  host: h``)."""
    found: list[int] = []
    for line in reversed(lines):
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        if not found or indent < found[0]:
            found.insert(0, indent)
        if indent == 0:
            break
    return found


def refuse_keys_given_twice(text: str) -> None:
    """YamlLinesError (a ValueError) naming the first key of ``text`` given twice in one
    mapping, with its line; nothing else is checked (a YAML error is the loader's to
    say). A file the GM edits by hand: the second ``seed:`` must not win in silence."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.YAMLError:
        return
    finally:
        loader.dispose()
    if node is not None:
        _walk(node, (), {})


class _Loader(yaml.SafeLoader):
    """The safe loader, whose values Python refuses (an unquoted ``2026-02-30`` read as a
    date, ``!!int games``) raise a YAML error with the value's line, not Python's own
    ValueError, which no command expects; ``refused`` is that value's node."""

    refused: yaml.Node | None = None

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, TypeError, OverflowError) as exc:
            self.refused = node
            kind = node.tag.rsplit(":", 1)[-1]
            read = "YAML reads it as a date" if kind == "timestamp" else f"tagged {kind}"
            problem = f"the value {node.value} cannot be read: {exc} ({read})"
            raise yaml.constructor.ConstructorError(None, None, problem, node.start_mark) from exc


def _compose(text: str) -> LinedYaml:
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return LinedYaml({}, {})
        lines: dict[Path_, int] = {}
        _walk(node, (), lines)
        try:
            return LinedYaml(loader.construct_document(node), lines)
        except yaml.constructor.ConstructorError as exc:
            refused = loader.refused
            if refused is None:
                raise
            said = _said_of(node, refused, "")
            where = f"{said}: " if said else ""
            raise YamlLinesError(refused.start_mark.line + 1, where + str(exc.problem)) from exc
    finally:
        loader.dispose()


def _key_said(said: str, key: str) -> str:
    """The place of ``key`` under the place ``said``: ``imap.port``, ``players (entry 2):
    email``."""
    return f"{said}: {key}" if said.endswith(")") else f"{said}.{key}" if said else key


def _said_of(node: yaml.Node, target: yaml.Node, said: str) -> str | None:
    """Where ``target``, a node of the tree ``node``, sits, as ``_walk`` says a key's place
    (``schedule.first``, ``players (entry 1): code``)."""
    if node is target:
        return said
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = str(key_node.value)
            named = _key_said(said, key)
            found = _said_of(value_node, target, named)
            if found is not None:
                return found
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            found = _said_of(item, target, f"{said} (entry {index + 1})")
            if found is not None:
                return found
    return None


def _refuse_aliases(text: str) -> None:
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        anchor = getattr(event, "anchor", None)
        if isinstance(event, yaml.AliasEvent) or anchor is not None:
            mark = event.start_mark
            raise YamlLinesError(
                mark.line + 1 if mark is not None else 0,
                f"YAML anchors and aliases (&{anchor} / *{anchor}) are not taken here: "
                "write the value out",
            )


def _walk(node: yaml.Node, path: Path_, lines: dict[Path_, int], said: str = "") -> None:
    """The line of every key under ``node`` into ``lines``; a key given twice raises.
    ``said``: ``path`` as a GM reads it, a list's item counted from 1 (``players (entry
    2)``), not by its index."""
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            line = key_node.start_mark.line + 1
            named = _key_said(said, key)
            if key in seen:
                where = f"on line {line}" if seen[key] == line else f"lines {seen[key]} and {line}"
                raise YamlLinesError(line, f"{named} is given twice ({where})")
            seen[key] = line
            here = (*path, key)
            lines[here] = line
            _walk(value_node, here, lines, named)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            here = (*path, str(index))
            lines[here] = item.start_mark.line + 1
            _walk(item, here, lines, f"{said} (entry {index + 1})")


def plain_scalar(text: str, path: Path_) -> str | None:
    """The text of the plain (unquoted) scalar at ``path`` in the YAML ``text`` as written
    (``0012345670``, which YAML reads as the number 2739128); None when there is none there,
    it is quoted, or the text is no YAML."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    for key in path:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if str(k.value) == key), None)
        elif isinstance(node, yaml.SequenceNode) and key.isdigit() and int(key) < len(node.value):
            node = node.value[int(key)]
        else:
            return None
    if isinstance(node, yaml.ScalarNode) and node.style is None:
        return str(node.value)
    return None


_OTHER_YES_NO = {"yes": True, "y": True, "on": True, "no": False, "n": False, "off": False}
"""The words YAML 1.1 reads as a yes/no (any case), which game.yaml's reader (YAML 1.2's
booleans, ``wtg.text.yamlio``) reads as text."""
YES_NO_WORDS = {
    word: meaning
    for words, meaning in (("yes on", True), ("no off", False))
    for base in words.split()
    for word in (base, base.capitalize(), base.upper())
}
"""The yes/no words PyYAML reads as true or false besides ``true`` and ``false`` (``yes``,
``Off``, ``NO``): wtg.yaml takes them, and game.yaml takes them written without quotes
for a yes/no key (``wtg.game.gameyaml.with_yes_no``), as wtg.yaml does."""


def unquoted_hint(value: Any, key: str, kinds: tuple[type, ...]) -> str:
    """`` (in quotes, YAML reads it as text: write it without them, port: 993)`` when
    ``value``, refused where one of ``kinds`` (int, float, bool) belongs, is text that
    YAML reads as one of them without its quotes (``'993'``, ``'false'``); for a yes/no,
    a word of YAML 1.1's (``no``, ``on``), the true or false to write; else ""."""
    if not isinstance(value, str) or not value.strip():
        return ""
    word = value.strip().casefold()
    if bool in kinds and value.strip() in YES_NO_WORDS:  # taken without its quotes
        return (
            " (in quotes, YAML reads it as text: write it without them, "
            f"{key}: {'true' if YES_NO_WORDS[value.strip()] else 'false'})"
        )
    if bool in kinds and word in _OTHER_YES_NO:  # y, n, yEs: no yes/no of YAML's
        return (
            " (a yes/no is true or false, no other word: write "
            f"{key}: {'true' if _OTHER_YES_NO[word] else 'false'})"
        )
    try:
        read = yaml.safe_load(value)
    except yaml.YAMLError:
        return ""
    if isinstance(read, bool) and bool not in kinds:
        return ""
    if not isinstance(read, kinds):
        return ""
    return f" (in quotes, YAML reads it as text: write it without them, {key}: {value.strip()})"
