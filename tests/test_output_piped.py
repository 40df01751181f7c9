"""`wtg status | head`: the reader stops reading, wtg's next line finds the pipe closed.
That printed `wtg: Broken pipe` (exit 1), which a tired GM reads as wtg broken. It ends
without a word now, with the status of a program SIGPIPE ends (141), as `ls | head`
does (``wtg.cli.pipes``); a broken pipe that is not stdout's is still an error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main
from wtg.cli.pipes import EXIT_PIPE_CLOSED

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def test_status_into_a_pipe_nobody_reads_says_nothing(tmp_path: Path) -> None:
    game = tmp_path / "test1"
    made = CliRunner().invoke(main, ["new-game", str(game), "--ruleset", "wok4", *PLAYERS])
    assert made.exit_code == 0, made.output
    read, write = os.pipe()
    os.close(read)  # the reader has gone before wtg writes its first line
    try:
        done = subprocess.run(
            [sys.executable, "-m", "wtg", "status", str(game)],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (EXIT_PIPE_CLOSED, "")


def test_a_broken_pipe_that_is_not_stdouts_is_an_error(tmp_path: Path) -> None:
    """A connection the other end closed (a mail server that hung up) is no reader of the
    output gone: it is said, as every error of the system is."""
    driver = (
        "import sys\n"
        "from wtg.cli import main\n"
        "import wtg.cli.status as status\n"
        "def hung_up(*args, **kwargs):\n"
        "    raise BrokenPipeError(32, 'Broken pipe')\n"
        "status.open_or_fail = hung_up\n"
        "main(['status', sys.argv[1]], prog_name='wtg')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", driver, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (1, "wtg: Broken pipe\n")
