"""The ASCII sketch in a map file's header comment, read: where each province number
stands in it. The shipped maps' ``layout:`` is derived from it (a province's column, and
twice its line: a character is about twice as tall as it is wide), so that the picture
``wtg map`` draws is the sketch; ``tests/test_map_layouts.py`` holds them to it."""

from __future__ import annotations

import re

NUMBER = re.compile(r"(?<![0-9A-Za-z])[0-9]+(?![0-9A-Za-z])")
LINE_HEIGHT = 2.0
"""A line of the sketch in widths of a character."""


def sketch_lines(text: str) -> list[str]:
    """The lines of the sketch: the comment lines after the paragraph that says
    "Sketch:", up to the next empty comment line; none when the header has no sketch."""
    comments = [line[1:] for line in text.splitlines() if line.startswith("#")]
    starts = [n for n, line in enumerate(comments) if line.strip().startswith("Sketch:")]
    if not starts:
        return []
    index = starts[0]
    while index < len(comments) and comments[index].strip():
        index += 1  # the rest of the paragraph
    index += 1
    block = []
    while index < len(comments) and comments[index].strip():
        block.append(comments[index])
        index += 1
    return block


def sketch_positions(text: str) -> dict[int, tuple[float, float]]:
    """Each province number of the sketch: (the column of its middle, its line x 2)."""
    found: dict[int, tuple[float, float]] = {}
    for row, line in enumerate(sketch_lines(text)):
        for match in NUMBER.finditer(line):
            number = int(match.group())
            assert number not in found, f"province {number} stands twice in the sketch"
            middle = (match.start() + match.end() - 1) / 2
            found[number] = (middle, row * LINE_HEIGHT)
    return found
