"""Golden whole-game transcripts of WoK IV: any change in the rules' results shows up here.

Regenerate after an intended rules change, then read the diff:

    WTG_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/golden
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden.compare import check_golden
from tests.golden.transcript import transcript

HERE = Path(__file__).resolve().parent / "wok4"
CASES = {
    "small-4p-seed7": ("small", 4, 7, 12),
    "classic60-10p-seed42": ("classic60", 10, 42, 6),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_transcript_matches_golden(name: str) -> None:
    text = transcript(*CASES[name])
    check_golden(HERE / f"{name}.txt", text)


def test_every_case_has_a_golden_file() -> None:
    """A transcript nobody checks in is no test: each case must have its file, and each
    file its case."""
    files = {p.stem for p in HERE.glob("*.txt")}
    assert files == set(CASES)
