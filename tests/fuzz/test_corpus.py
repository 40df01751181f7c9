"""Every input that ever crashed intake, kept in tests/fuzz/corpus/ (one file each: ``.eml``
a mail for the poll, ``.txt`` an order text for `wtg orders`), replayed through the same
entry points as bench/fuzz_intake.py: none may crash again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.harness import Bench, case_of_file

CORPUS = Path(__file__).resolve().parent / "corpus"
FILES = sorted(p for p in CORPUS.iterdir() if p.suffix in (".eml", ".txt"))


@pytest.fixture(scope="module")
def bench(tmp_path_factory: pytest.TempPathFactory) -> Bench:
    return Bench(tmp_path_factory.mktemp("corpus"))


def test_the_corpus_holds_the_crashes_found() -> None:
    assert len(FILES) >= 10
    assert {p.suffix for p in FILES} == {".eml", ".txt"}


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_no_input_that_crashed_crashes_again(bench: Bench, path: Path) -> None:
    runs = bench.run(case_of_file(path))
    assert runs
    assert [(r.target, r.problem) for r in runs if r.problem] == []
