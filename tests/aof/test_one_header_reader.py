"""The form's markers and its GAME/TURN/PLAYER/CODE header are known in one place,
``wtg/aof/mailtext.py``, the tolerant reader every other module uses."""

from __future__ import annotations

import re
from pathlib import Path

from wtg.aof.mailtext import BEGIN_MARKER, END_MARKER, game_named
from wtg.data.forms import read_form

ROOT = Path(__file__).resolve().parents[2]
READER = ROOT / "wtg" / "aof" / "mailtext.py"
HEADER_PATTERN = re.compile(r"(?:GAME|TURN|PLAYER|CODE)\s*(?:\||\\s|\*|:)", re.IGNORECASE)
"""Source text that looks like a regex (or a search) for a header key."""


def other_modules() -> list[Path]:
    return [p for p in sorted((ROOT / "wtg").rglob("*.py")) if p != READER]


def test_the_begin_marker_is_written_once() -> None:
    found = [
        str(p.relative_to(ROOT))
        for p in other_modules()
        if re.search(r"BEGIN\s*AOF", p.read_text(encoding="utf-8"), re.IGNORECASE)
    ]
    assert found == []


def test_no_other_module_matches_the_header_itself() -> None:
    """``re.compile(...GAME *:...)`` and the like: only the reader parses the header (the
    renderer writes it, ``GAME: {game}``, which is no pattern)."""
    found = []
    for path in other_modules():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "re.compile" in line and HEADER_PATTERN.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}")
    assert found == []


def test_every_form_uses_the_markers_the_reader_knows() -> None:
    for path in sorted((ROOT / "forms").glob("*.yaml")):
        form = read_form(path)
        assert (form.begin, form.end) == (BEGIN_MARKER, END_MARKER), path.name


def test_the_game_a_mail_names_is_read_as_the_intake_reads_it() -> None:
    wrapped = "> Hello\n> GAME:\n> g7 TURN: 3 PLAYER: 2\n> CODE: X\n"
    assert game_named(wrapped) == "g7"
    assert game_named("no form here\nAttacks next turn: 3\n") is None
