"""The code stays ruff and mypy clean and formatted: part of the test suite, so no one
forgets to run them. (The purity of the rules, and the import directions, are
tests/test_architecture.py's.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing() -> None:
    result = run(sys.executable, "-m", "ruff", "check", "wtg", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_changes_nothing() -> None:
    """The code is as ``ruff format`` writes it (a file left unformatted drifts)."""
    result = run(sys.executable, "-m", "ruff", "format", "--check", "wtg", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing() -> None:
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr
