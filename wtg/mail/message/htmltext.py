"""HTML mail bodies as plain text, close enough to what the player saw to find an AOF in.

Block tags end a line, ``<br>`` always does, ``<pre>`` keeps its whitespace, script
and style vanish, and ``<blockquote>`` lines get one ``> `` per level, the way mail
clients quote a reply in plain text, at most ``MAX_QUOTE`` of them. Entities are decoded;
a non-breaking space stays one (it is how HTML mail keeps runs of spaces), the caller
normalises it.

The tags come from libxml2's HTML parser (lxml), which takes time in proportion to the
text whatever it holds: the standard library's ``html.parser`` takes quadratic time on
runs of unfinished tags or comments (``<a<a<a...``, ``<!--<!--...``), minutes for a
mail of a megabyte. No tree is built: the parser calls this reader for each tag.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lxml import etree

if TYPE_CHECKING:
    from lxml.etree import ParserTarget

    _Target = ParserTarget[None]
else:
    _Target = object

_BLOCKS = frozenset(
    {
        *("address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "fieldset"),
        *("figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr"),
        *("li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "thead", "tfoot"),
        *("tr", "ul"),
    }
)
_HIDDEN = frozenset(("script", "style", "title", "template"))
_CELLS = frozenset(("td", "th"))
_PARAGRAPHS = frozenset(("p", "div"))
"""The blocks Word and Outlook put a table cell's text in."""
_COLLAPSE = re.compile(r"[ \t\n\r\f]+")
MAX_QUOTE = 10
"""Quote prefixes written at most, however deep the blockquotes nest: the AOF parser drops
them, and each line must not cost the depth."""


def html_to_text(html: str) -> str:
    """The text of an HTML document, one line per block, ``\\n`` line ends."""
    reader = _TextReader()
    parser = etree.HTMLParser(target=reader, encoding="utf-8", recover=True, no_network=True)
    parser.feed(html.encode("utf-8", "replace"))  # a lone surrogate cannot be encoded: "?"
    parser.close()
    return reader.text()


class _TextReader(_Target):
    """The parser's target: it is told of every start tag, end tag and piece of text."""

    def __init__(self) -> None:
        self._lines: list[str] = []
        self._current: list[str] = []
        self._quote = 0
        self._pre = 0
        self._hidden = 0
        self._pre_start = False
        self._cells: list[bool] = []
        """The table cells open (``<td>``, ``<th>``), innermost last: whether each holds
        text yet."""
        self._held = False
        """A paragraph ended in a cell: its line ends when more text follows in the cell,
        not at the next cell (Word's table, a ``<p>`` in each cell, is a row a line, as a
        table without them is)."""

    def close(self) -> None:
        """The parser is done."""

    def text(self) -> str:
        self._end_line(force=False)
        return "".join(line + "\n" for line in self._lines)

    def start(self, tag: str, attrib: dict[str, str], /) -> None:
        if tag in _HIDDEN:
            self._hidden += 1
        elif tag == "br":
            self._release()
            self._end_line(force=True)
        elif tag in _BLOCKS:
            if not (self._cells and not self._cells[-1] and tag in _PARAGRAPHS):
                self._release()  # a cell's first paragraph goes on with its row
                self._end_line(force=False)
            self._quote += tag == "blockquote"
            self._pre += tag == "pre"
            self._pre_start = tag == "pre"
        elif tag in _CELLS:
            self._held = False
            self._cells.append(False)
            if self._current:
                self._current.append(" ")

    def end(self, tag: str, /) -> None:
        if tag in _HIDDEN:
            self._hidden = max(0, self._hidden - 1)
        elif tag in _BLOCKS and self._cells and tag in _PARAGRAPHS:
            self._held = True  # a paragraph in a cell: its line ends if more text comes
        elif tag in _BLOCKS:
            self._release()
            self._end_line(force=False)
            if tag == "blockquote":
                self._quote = max(0, self._quote - 1)
            if tag == "pre":
                self._pre = max(0, self._pre - 1)

        elif tag in _CELLS and self._cells:
            self._cells.pop()

    def data(self, data: str, /) -> None:
        if self._hidden:
            return
        if self._cells and data.strip():
            self._release()
            self._cells[-1] = True
        if self._pre:
            self._pre_data(data)
        else:
            self._flow_data(data)

    def _pre_data(self, data: str) -> None:
        if self._pre_start and data.startswith(("\r\n", "\n")):
            data = data[2:] if data.startswith("\r\n") else data[1:]
        self._pre_start = False
        chunks = data.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        for index, chunk in enumerate(chunks):
            if index:
                self._end_line(force=True)
            self._current.append(chunk)

    def _flow_data(self, data: str) -> None:
        self._pre_start = False
        text = _COLLAPSE.sub(" ", data)
        if text.startswith(" ") and (not self._current or self._current[-1].endswith(" ")):
            text = text[1:]
        if text:
            self._current.append(text)

    def _release(self) -> None:
        """End the line a paragraph in a cell held open, as more of the cell follows."""
        if self._held:
            self._held = False
            self._end_line(force=False)

    def _end_line(self, *, force: bool) -> None:
        line = "".join(self._current).rstrip(" \t")
        if line or force:
            self._lines.append(("> " * min(self._quote, MAX_QUOTE) + line).rstrip(" "))
        self._current = []
