"""``wtg.core.printable.visible``: a name read from a mail, as the GM is shown it. Each
character that shows nothing (a zero-width space, an invisible separator, a Hangul filler,
a combining grapheme joiner, a variation selector) or acts (an escape, a line break) is
shown as its escape, a backslash doubled; the letters of any alphabet are kept."""

from __future__ import annotations

import pytest

from wtg.core.printable import visible


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("wok4-1\u200b", "wok4-1\\u200b"),
        ("wok4-1\u2063", "wok4-1\\u2063"),
        ("g1\u3164", "g1\\u3164"),
        ("g\u034f1", "g\\u034f1"),
        ("g1\ufe0f", "g1\\ufe0f"),
        ("g1\u2800", "g1\\u2800"),
        ("g1\u00a0", "g1\\xa0"),
        ("g1\x1b[2J", "g1\\x1b[2J"),
        ("g1\nPLAYER: 2", "g1\\nPLAYER: 2"),
        ("g1\\u200b", "g1\\\\u200b"),
    ],
)
def test_what_shows_nothing_or_acts_is_shown_as_its_escape(name: str, shown: str) -> None:
    assert visible(name) == shown


@pytest.mark.parametrize("name", ["wok4-1", "Zoë", "日本の試合", "spiel ä"])
def test_a_name_of_letters_is_shown_as_it_is(name: str) -> None:
    assert visible(name) == name
