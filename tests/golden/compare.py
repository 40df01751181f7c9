"""Checking a transcript against its golden file (``WTG_REGEN_GOLDEN=1`` writes it anew)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def check_golden(path: Path, text: str) -> None:
    """Fail with the first line that differs; write the file instead when regenerating."""
    if os.environ.get("WTG_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {path}: run with WTG_REGEN_GOLDEN=1"
    golden = path.read_text(encoding="utf-8")
    if text == golden:
        return
    now, then = [*text.splitlines(), ""], [*golden.splitlines(), ""]
    first = next(i for i in range(max(len(now), len(then))) if now[i : i + 1] != then[i : i + 1])
    pytest.fail(
        f"{path.parent.name}/{path.stem} differs from its golden transcript at line {first + 1}:\n"
        f"  now:    {now[first] if first < len(now) else '(end)'}\n"
        f"  golden: {then[first] if first < len(then) else '(end)'}"
    )
