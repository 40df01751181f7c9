"""Every benchmark runs as its docstring says, ``.venv/bin/python bench/NAME.py``, from any
folder: three of them (bench_due, bench_tactics, bench_wisk) stopped at their first line
with "No module named 'tests'" (they import the shipped rulesets from tests/, which only
``python -m`` from the checkout put on the path)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
SCRIPTS = sorted(
    path.name
    for path in BENCH.glob("*.py")
    if path.name.startswith(("bench_", "fuzz_", "tune_")) and "argparse" in path.read_text()
)


def test_the_benchmarks_with_options_are_all_found() -> None:
    assert {"bench_due.py", "bench_map.py", "bench_poll.py", "bench_wisk.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_benchmark_runs_as_a_script_from_another_folder(script: str, tmp_path: Path) -> None:
    ran = subprocess.run(
        [sys.executable, str(BENCH / script), "--help"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout.startswith("usage: "), ran.stdout[:200]
