"""`wtg serve` as a process under libfaketime with its clock moved and sped up (the way an
end-to-end test plays a week in minutes): a deadline it waits for is met within a fake
minute, and SIGTERM still ends it. libfaketime fakes the monotonic clock too
(its default): the service's waits are ``select``s, which it scales alike."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.service.week import make_host
from tests.unavailable import unavailable
from wtg.game.engine import open_game
from wtg.game.schedule import parse_iso
from wtg.host.config import load_config

WTG = str(Path(sys.executable).with_name("wtg"))
WITHIN = 120.0
"""Real seconds the test waits for the turn: the deadline is fifteen fake minutes (fifteen
real seconds at x60) ahead; the rest is a loaded machine's margin."""


def test_a_deadline_is_met_on_a_sped_up_clock(tmp_path: Path) -> None:
    found = sorted(Path("/usr/lib").glob("*/faketime/libfaketimeMT.so.1"))
    if not found:
        hint = "libfaketime is not installed (apt-get install faketime)"
        unavailable(hint)
    config = make_host(tmp_path, site=False, handle_seconds=100_000)  # fake seconds
    gm = load_config(config)
    daily = gm.games_dir / "daily"
    deadline = open_game(daily).deadline()
    assert deadline is not None and f"{deadline:%H:%M}" == "18:00"
    env = {**os.environ, "TZ": "UTC", "LD_PRELOAD": str(found[0])}
    env["FAKETIME"] = f"@{deadline:%Y-%m-%d} 17:45:00 x60"  # time to start and send turn 0
    for name in ("DONT_FAKE_MONOTONIC", "FAKETIME_DONT_FAKE_MONOTONIC"):
        env.pop(name, None)
    process = subprocess.Popen(  # the preloaded library itself: a signal reaches wtg
        [WTG, "--config", str(config), "serve"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        begin = time.monotonic()
        while open_game(daily).latest_turn() < 1:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() - begin < WITHIN, "the turn did not run"
            time.sleep(0.1)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=WITHIN)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    ran = parse_iso(str(open_game(daily).meta(1)["ran_at"]))
    assert deadline <= ran < deadline.replace(minute=1)  # within the minute, fake time
    assert (
        "game=daily turn=1 turn 1 resolved (the deadline has passed)" in err
        and err.rstrip().endswith("wtg serve stopped")
    )
    sent = next(line for line in err.splitlines() if "7 reports queued" in line)
    assert sent < f"{deadline:%Y-%m-%dT%H:%M:%S}"  # it was waiting, its first round done
