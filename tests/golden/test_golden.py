"""Golden whole-game transcripts of WoK IV: any change in the rules' results shows up here.

Regenerate after an intended rules change, then read the diff:

    WTG_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/golden
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.golden.transcript import transcript

HERE = Path(__file__).resolve().parent / "wok4"
CASES = {
    "small-4p-seed7": ("small", 4, 7, 12),
    "classic60-10p-seed42": ("classic60", 10, 42, 6),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_transcript_matches_golden(name: str) -> None:
    text = transcript(*CASES[name])
    path = HERE / f"{name}.txt"
    if os.environ.get("WTG_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {path}: run with WTG_REGEN_GOLDEN=1"
    golden = path.read_text(encoding="utf-8")
    if text != golden:
        now, then = [*text.splitlines(), ""], [*golden.splitlines(), ""]
        first = next(
            i
            for i in range(max(len(now), len(then)))
            if i >= len(now) or i >= len(then) or now[i] != then[i]
        )
        pytest.fail(
            f"{name} differs from its golden transcript at line {first + 1}:\n"
            f"  now:    {now[first] if first < len(now) else '(end)'}\n"
            f"  golden: {then[first] if first < len(then) else '(end)'}"
        )


def test_every_case_has_a_golden_file() -> None:
    """A transcript nobody checks in is no test: each case must have its file, and each
    file its case."""
    files = {p.stem for p in HERE.glob("*.txt")}
    assert files == set(CASES)
