"""The progress bars a GM sees on a terminal (`wtg site`, `wtg run-turn --due`, `wtg backup`)
name the game folder each step is at. A folder's name can hold an escape sequence (a game
copied in from an archive, made by a script: ``tests/test_unreadable_escapes.py``): every
line of these commands named it without its escapes, but the bar showed it as it was, and
its OSC set the GM's window title, its CSI turned the rest of the bar red, its override
turned the line round. The bars show it as ``tell`` does (``wtg.core.printable``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_due_many import due_games, on_a_terminal, write_config
from wtg.cli.givenhead import progress_bar

HOSTILE = "g\x1b]0;owned\x07\x1b[31m\u202eX"
"""A folder's name: OSC 0 (the window's title), CSI (red), a right-to-left override."""


def hostile_host(root: Path) -> Path:
    """Two games past their deadline, g01 and one whose folder is named ``HOSTILE``; the
    config."""
    folders = due_games(root / "games", 2)
    folders[1].rename(folders[1].with_name(HOSTILE))
    return write_config(root)


@pytest.mark.parametrize(
    "command",
    [("site", "OUT"), ("run-turn", "--due", "--jobs", "1"), ("backup", "OUT.tar.gz")],
)
def test_a_bar_names_a_hostile_folder_without_its_escapes(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    config = hostile_host(tmp_path)
    args = [word.replace("OUT", str(tmp_path / "out")) for word in command]
    text = on_a_terminal("--config", str(config), *args, ends=None)  # HOSTILE: 1 or 0
    assert "100%" in text  # the bar was shown
    shown = text.replace("\x1b[?25l", "").replace("\x1b[?25h", "")  # click hides the cursor
    assert not any(char in shown for char in "\x1b\x07\u202e"), repr(shown)
    assert "gX" in shown, repr(shown)


def test_a_bar_names_a_folder_with_a_line_break_on_its_one_line() -> None:
    # click redraws the bar over its own line: a line break in a folder's name (kept by
    # on_screen, as tell's lines keep theirs) began a new line at each redraw
    bar = progress_bar(2, "sites")
    assert bar.item_show_func is not None
    assert bar.item_show_func("g\nx\ty") == "g?x?y"  # before: g\nx\ty
