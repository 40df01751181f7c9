"""The words around a node map: the legend to its right (a swatch and a label a side, the
ring of the player's own spots, a badge a mark) and the tables and notes under it."""

from __future__ import annotations

from wtg.core.board import LABEL_CHARS, Board
from wtg.maps.palette import Paint, side_paint
from wtg.maps.shapes import LINE, MARGIN, MARK_BADGES, TITLE_HEIGHT, Badge, Key, Swatch, Text
from wtg.maps.shapes import short as _short
from wtg.maps.shapes import width as _width


def legend(board: Board, x: float) -> tuple[Key, float, float]:
    """The legend from ``x`` down; its bottom and width."""
    y = TITLE_HEIGHT + MARGIN
    texts = [Text(x=x, y=y, text="Sides", size=13.0, anchor="start", bold=True)]
    swatches = []
    rows: list[tuple[Paint, str, str]] = []
    for side in board.sides:
        words = "" if side.name == side.label else side.name
        if side.status:
            words += f" ({side.status})" if words else f"({side.status})"
        rows.append((side_paint(side.id), side.label, words))
    owners = {spot.owner for spot in board.spots}
    if 0 in owners:
        rows.append((side_paint(0), "N", "neutral"))
    if None in owners:
        rows.append((side_paint(None), "?", "holder unknown to you"))
    width = max(180.0, *(26 + _width(words, 12.0) for _, words in MARK_BADGES.values()))
    # as wide as the widest mark whether it shows or not: every player's picture of a board
    # is one size (what one player sees and another does not never widens his alone)
    for paint, label, words in rows:
        y += LINE + 6
        swatches.append(Swatch(x=x + 10, y=y - 4, paint=paint))
        shown = f"{_short(label, LABEL_CHARS)}  {_short(words, 34)}".rstrip()
        texts.append(Text(x=x + 26, y=y, text=shown, size=12.0, anchor="start"))
        width = max(width, 26 + _width(shown, 12.0))
    marks = [m for m in MARK_BADGES if any(m in spot.marks for spot in board.spots)]
    own = any("home" in spot.marks for spot in board.spots)
    if marks or own:
        y += LINE + 12
        texts.append(Text(x=x, y=y, text="Marks", size=13.0, anchor="start", bold=True))
    ring = None
    if own:
        y += LINE + 6
        ring = (x + 10, y - 4)
        texts.append(Text(x=x + 26, y=y, text="ringed: yours", size=12.0, anchor="start"))
    badges = []
    for mark in marks:
        letter, words = MARK_BADGES[mark]
        y += LINE + 4
        badges.append(Badge(x=x + 10, y=y - 4, letter=letter))
        texts.append(Text(x=x + 26, y=y, text=words, size=12.0, anchor="start"))
    key = Key(swatches=tuple(swatches), ring=ring, badges=tuple(badges), texts=tuple(texts))
    return key, y + MARGIN, width


def under(board: Board, top: float) -> tuple[tuple[Text, ...], float, float]:
    """The tables and notes under the map: their words, width and height."""
    texts: list[Text] = []
    y = top
    width = 0.0
    for table in board.tables:
        y += LINE
        texts.append(Text(x=MARGIN, y=y, text=table.title, size=13.0, anchor="start", bold=True))
        columns = [table.header, *table.rows]
        widths = [
            max(_width(row[i], 12.0) for row in columns if i < len(row)) + 16
            for i in range(max(len(row) for row in columns))
        ]
        for number, row in enumerate(columns):
            y += LINE
            x = MARGIN
            for i, cell in enumerate(row):
                texts.append(Text(x=x, y=y, text=cell, size=12.0, anchor="start", bold=number == 0))
                x += widths[i]
            width = max(width, x - MARGIN)
        y += 6
    for note in board.notes:
        y += LINE
        texts.append(Text(x=MARGIN, y=y, text=note, size=12.0, anchor="start"))
        width = max(width, _width(note, 12.0))
    return tuple(texts), width, y - top
