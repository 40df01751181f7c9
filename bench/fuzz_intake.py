"""Fuzzing intake: mutated AOFs, order files and whole mails through `wtg orders` and `wtg poll`.

    .venv/bin/python bench/fuzz_intake.py --n 100000 [--seed S] [--jobs 2] [--dir /dev/shm]

Each input is made from a real one of two real games (tests/fuzz/inputs.py: a turn-0 AOF, a
filled one, an order file, a report mail as sent, a player's reply, a mail client's mail) by
a few mutations, and is then fed to intake (tests/fuzz/harness.py): an order text to
`wtg orders` of each game, a mail to ``parse_mail`` and ``extract_from_message``,
``Game.submit_all`` of each game and a whole ``wtg poll``. Input ``i`` of seed ``S`` is the
same whatever ``--jobs`` is (``--only i`` runs it alone). The first ``--subprocess`` order
texts also run as a real `wtg orders` process.

It prints the number of crashes (an exception, a traceback, an exit other than 0 or 2, a
poll that raises or quarantines the mail), the slowest input (CPU seconds of one entry
point) and the peak RSS of the worker processes. Every input that crashed is written to
``--corpus`` (tests/fuzz/corpus/, replayed by tests/fuzz/test_corpus.py).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import resource
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fuzz.harness import Bench, Run, corpus_name, real_orders  # noqa: E402
from tests.fuzz.inputs import Case, make_case  # noqa: E402
from wtg.core.plurals import counted  # noqa: E402

SCALES = ((1_000, 0.55), (10_000, 0.3), (100_000, 0.12), (1_000_000, 0.03))
"""The size a mutation aims at, and how often: most mails are small, some are huge."""


@dataclass
class Tally:
    """What one worker saw."""

    inputs: int = 0
    runs: int = 0
    crashes: list[tuple[int, str, str, str]] = field(default_factory=list)
    """(input, entry point, problem, corpus file)."""
    slowest: tuple[float, float, int, str, str] = (0.0, 0.0, -1, "", "")
    """(CPU s, wall s, input, entry point, what the input was)."""
    peak_rss_mb: float = 0.0
    """The highest RSS reached while one input was handled (the worker's before it
    included)."""
    base_rss_mb: float = 0.0
    """The highest RSS of the worker between inputs (what it keeps of them all)."""
    rss_setter: tuple[int, str] = (-1, "")
    """The input during which the worker's peak RSS was reached, and what it was."""


@dataclass(frozen=True)
class Job:
    seed: int
    indices: range
    folder: Path
    corpus: Path
    fresh_every: int
    subprocess_runs: int


def case_at(seed: int, index: int, bench: Bench) -> Case:
    rng = random.Random(f"{seed}:{index}")
    scale = rng.choices([s for s, _ in SCALES], [w for _, w in SCALES])[0]
    return make_case(rng, bench.seeds, scale)


def work(job: Job) -> Tally:
    tally = Tally()
    bench: Bench | None = None
    home = Path(tempfile.mkdtemp(prefix="wtg-fuzz-", dir=job.folder))
    subprocess_left = job.subprocess_runs
    try:
        for count, index in enumerate(job.indices):
            if bench is None or count % job.fresh_every == 0:
                shutil.rmtree(home / "world", ignore_errors=True)
                bench = Bench(home / "world")
            case = case_at(job.seed, index, bench)
            tally.base_rss_mb = max(tally.base_rss_mb, _rss_now_mb())
            _reset_peak()
            runs = bench.run(case)
            peak = _peak_mb()  # this input's own high-water mark, where Linux can tell it
            if case.kind == "text" and subprocess_left > 0:
                subprocess_left -= 1
                problem = real_orders(bench, case.data)
                runs.append(Run("wtg orders (a process)", 0.0, 0.0, problem))
            _count(tally, job, index, case, runs)
            if peak > tally.peak_rss_mb:
                tally.rss_setter = (index, case.describe()[:300])
            tally.peak_rss_mb = max(tally.peak_rss_mb, peak)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return tally


def _count(tally: Tally, job: Job, index: int, case: Case, runs: list[Run]) -> None:
    tally.inputs += 1
    tally.runs += len(runs)
    for run in runs:
        if run.cpu > tally.slowest[0]:
            tally.slowest = (run.cpu, run.wall, index, run.target, case.describe()[:300])
        if run.problem is not None:
            job.corpus.mkdir(parents=True, exist_ok=True)
            name = corpus_name(case)
            (job.corpus / name).write_bytes(case.data)
            tally.crashes.append((index, run.target, run.problem, name))


def _reset_peak() -> None:
    """Start the process's peak RSS afresh (Linux: 5 to /proc/self/clear_refs resets
    VmHWM), so that the peak read after an input is that input's."""
    with contextlib.suppress(OSError):  # elsewhere: the worker's whole life's peak
        Path("/proc/self/clear_refs").write_text("5")


def _peak_mb() -> float:
    """The peak RSS since the last reset (VmHWM), or over the process's life."""
    found = _status_kb("VmHWM")
    return found / 1024 if found else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _rss_now_mb() -> float:
    return _status_kb("VmRSS") / 1024


def _status_kb(key: str) -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1000, help="inputs to try")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--only", type=int, default=None, help="run input number ONLY alone")
    default_dir = "/dev/shm" if Path("/dev/shm").is_dir() else tempfile.gettempdir()
    parser.add_argument("--dir", default=default_dir, help="where the games are (a RAM disk)")
    parser.add_argument("--corpus", default=str(ROOT / "tests" / "fuzz" / "corpus"))
    parser.add_argument("--fresh-every", type=int, default=1000, help="new games every N inputs")
    parser.add_argument("--subprocess", type=int, default=10, help="real `wtg orders` runs")
    parser.add_argument("--show", type=int, default=10, help="crashes to print")
    args = parser.parse_args()
    indices = range(args.only, args.only + 1) if args.only is not None else range(args.n)
    jobs = max(1, min(args.jobs, len(indices)))
    shares = [indices[j::jobs] for j in range(jobs)]
    plans = [
        Job(
            args.seed,
            share,
            Path(args.dir),
            Path(args.corpus),
            args.fresh_every,
            args.subprocess if j == 0 else 0,
        )
        for j, share in enumerate(shares)
    ]
    start = time.perf_counter()
    if jobs == 1:
        tallies = [work(plans[0])]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            tallies = list(pool.map(work, plans))
    report(tallies, time.perf_counter() - start, args.seed, jobs, args.show)
    return 1 if any(t.crashes for t in tallies) else 0


def report(tallies: list[Tally], seconds: float, seed: int, jobs: int, show: int) -> None:
    inputs = sum(t.inputs for t in tallies)
    runs = sum(t.runs for t in tallies)
    crashes = [c for t in tallies for c in t.crashes]
    slow = max(tallies, key=lambda t: t.slowest[0]).slowest
    peak = max(tallies, key=lambda t: t.peak_rss_mb)
    print(
        f"inputs: {inputs:,} ({runs:,} runs of an entry point), seed {seed}, {counted(jobs, 'job')}"
    )
    print(f"crashes: {len(crashes)} (inputs: {len({c[0] for c in crashes})})")
    kinds: dict[str, list[tuple[int, str]]] = {}
    for index, target, problem, name in crashes:
        last = problem.strip().splitlines()[-1] if problem.strip() else problem
        kind = f"{target}: {re.sub(r'[0-9]+', 'N', last)[:160]}"
        kinds.setdefault(kind, []).append((index, name))
    for kind, seen in sorted(kinds.items(), key=lambda item: -len(item[1]))[:show]:
        print(f"  {len(seen)} x {kind}  (e.g. input {seen[0][0]}: {seen[0][1]})")
    print(f"slowest: {slow[0]:.3f} s CPU ({slow[1]:.3f} s wall), input {slow[2]} in {slow[3]}")
    print(f"  {slow[4]}")
    base = max(t.base_rss_mb for t in tallies)
    print(
        f"peak RSS: {peak.peak_rss_mb:.0f} MB while one input was handled (the worker "
        f"process's, all it holds included), at input {peak.rss_setter[0]}"
    )
    print(f"  {peak.rss_setter[1]}")
    print(f"worker RSS between inputs: at most {base:.0f} MB")
    print(f"time: {seconds:.0f} s wall, {inputs / max(seconds, 1e-9):.0f} inputs/s")


if __name__ == "__main__":
    sys.exit(main())
