"""`wtg run-turn GAME --now` given twice with cron's `wtg send` in between: the second run
resolved the next turn minutes after its reports went out, with nobody's orders, and every
player lost a turn. It is refused now while the latest turn ran less than half an hour ago,
was mailed, and no player has anything on file for the coming turn
(``wtg.cli.justmailed``); `--just-mailed` runs it all the same. A turn with a player's
orders, or one whose deadline passed, runs as before."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def back(host: Host, turn: int) -> str:
    """How the line of a turn of test1 run with --now ends: the rollback to ``turn`` (the
    turn before it), on the host its command was given (``--config``, carried since
    gmslips27)."""
    return f"; the wrong game? `wtg --config {host[1]} rollback test1 --to {turn}` takes it back"


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


Host = tuple[str, Path]


@pytest.fixture
def host(tmp_path: Path) -> Host:
    assert wtg("init", tmp_path / "host").exit_code == 0
    config = ("--config", tmp_path / "host" / "wtg.yaml")
    made = wtg(*config, "new-game", "test1", "--ruleset", "wok4", *PLAYERS, "--every", 2)
    assert made.exit_code == 0, made.output
    assert wtg(*config, "send").exit_code == 0
    ran = wtg(*config, "run-turn", "test1", "--now")
    assert ran.stdout == f"turn 1 of game test1 resolved{back(config, 0)}\n"
    assert wtg(*config, "send").exit_code == 0  # cron's, a minute later
    return config


def turns(host: Host) -> list[str]:
    return sorted(p.name for p in (host[1].parent / "games" / "test1" / "turns").iterdir())


def test_now_given_again_after_send_is_refused(host: Host) -> None:
    again = wtg(*host, "run-turn", "test1", "--now")
    assert again.exit_code == 1
    given = f"wtg --config {host[1]}"  # the commands it names carry it (gmslips27)
    assert again.stderr == (
        # it said "no player has sent orders", and a GM whose players' orders still waited
        # in the inbox, not polled, ran the turn without them as told (--just-mailed)
        "wtg: turn 1 of game test1 ran less than a minute ago and has been mailed, and no "
        f"player's orders for turn 2 are on file yet (none from 1 Me, 2 Also; `{given} poll` "
        "files those still in the inbox): not run, so that a run-turn given twice costs "
        f"nobody a turn; `{given} run-turn test1 --now --just-mailed` runs it all the same\n"
    )
    assert turns(host) == ["0000", "0001"]
    meant = wtg(*host, "run-turn", "test1", "--now", "--just-mailed")
    assert meant.stdout == f"turn 2 of game test1 resolved{back(host, 1)}\n"
    assert turns(host) == ["0000", "0001", "0002"]


def test_a_turn_with_a_players_orders_runs(host: Host, tmp_path: Path) -> None:
    """A GM's script that files orders, then runs the turn, runs it as before."""
    form = tmp_path / "aof-1.txt"
    form.write_text(wtg(*host, "aof", "test1", "--player", 1).stdout, encoding="utf-8")
    assert wtg(*host, "orders", "test1", form).exit_code == 0
    ran = wtg(*host, "run-turn", "test1", "--now")
    assert (ran.exit_code, ran.stdout) == (0, f"turn 2 of game test1 resolved{back(host, 1)}\n")


def test_a_turn_ran_long_ago_runs(host: Host) -> None:
    """Half an hour after the turn ran, `--now` is the GM's to give."""
    meta = host[1].parent / "games" / "test1" / "turns" / "0001" / "turn.json"
    data = json.loads(meta.read_text(encoding="utf-8"))
    data["ran_at"] = "2020-01-01T00:00:00Z"
    meta.write_text(json.dumps(data), encoding="utf-8")
    ran = wtg(*host, "run-turn", "test1", "--now")
    assert (ran.exit_code, ran.stdout) == (0, f"turn 2 of game test1 resolved{back(host, 1)}\n")


def test_due_runs_take_no_just_mailed(host: Host) -> None:
    result = wtg(*host, "run-turn", "--due", "--just-mailed")
    assert result.exit_code == 1
    assert "--unmailed, --just-mailed or --unchanged" in result.stderr


def test_a_clock_set_back_since_the_turn_ran_does_not_let_it_run_twice(host: Host) -> None:
    """The turn ran by a clock an hour fast, set right since (NTP, a GM's `date -s`): the
    turn had run "in the future", the guard took it for long ago, and the second run-turn
    ran the next turn at once. It is refused, the clock named."""
    meta_path = host[1].parent / "games" / "test1" / "turns" / "0001" / "turn.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    ahead = datetime.now(timezone.utc) + timedelta(minutes=50, seconds=30)
    meta["ran_at"] = ahead.strftime("%Y-%m-%dT%H:%M:%SZ")
    meta_path.write_text(json.dumps(meta), encoding="utf-8")
    again = wtg(*host, "run-turn", "test1", "--now")
    assert again.exit_code == 1
    given = f"wtg --config {host[1]}"
    assert again.stderr == (
        f"wtg: turn 1 of game test1 ran at {ahead:%Y-%m-%d %H:%M} UTC, 50 minutes after this "
        "machine's clock now (was the clock set back?), and has been mailed, and no player's "
        f"orders for turn 2 are on file yet (none from 1 Me, 2 Also; `{given} poll` files "
        "those still in the inbox): not run, so that a run-turn given twice costs nobody a "
        f"turn; `{given} run-turn test1 --now --just-mailed` runs it all the same\n"
    )
    assert turns(host) == ["0000", "0001"]


def test_a_clock_set_back_by_days_is_said_in_days_and_on_a_terminal_at_its_width(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clock set back by days since the turn ran: the refusal said "6344 minutes after
    this machine's clock now", and on a terminal of 60 columns ran on for 500 columns,
    folded by the terminal in mid-word. It says days and hours, and breaks its line at the
    terminal's width, the command that runs the turn all the same whole on its own line."""
    meta_path = host[1].parent / "games" / "test1" / "turns" / "0001" / "turn.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    ahead = datetime.now(timezone.utc) + timedelta(days=4, hours=9, minutes=30)
    meta["ran_at"] = ahead.strftime("%Y-%m-%dT%H:%M:%SZ")
    meta_path.write_text(json.dumps(meta), encoding="utf-8")
    piped = wtg(*host, "run-turn", "test1", "--now")
    assert piped.exit_code == 1
    assert piped.stderr.startswith(  # before: 6329 minutes
        f"wtg: turn 1 of game test1 ran at {ahead:%Y-%m-%d %H:%M} UTC, 4 d 9 h after this "
        "machine's clock now (was the clock set back?), and has been mailed, "
    )
    assert len(piped.stderr.splitlines()) == 1  # a pipe: one line, as before
    monkeypatch.setattr("wtg.cli.givenhead.terminal_columns", lambda err=False: 60)
    shown = wtg(*host, "run-turn", "test1", "--now").stderr.splitlines()
    given = f"wtg --config {host[1]}"  # a temporary folder: wider than a line
    assert [line.strip() for line in shown if len(line) > 60] == [
        f"`{given} poll`",
        f"`{given} run-turn test1 --now --just-mailed`",
    ]  # each command whole, alone on its line, to be copied
    assert " ".join(" ".join(shown).split()) == " ".join(piped.stderr.split())
