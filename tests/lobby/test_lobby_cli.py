"""The GM's lobby commands: open-list, lists [--json], offer-seat; and run-turn --due making
the game of a list that waited its --robots-after hours."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from click.testing import CliRunner, Result

from tests.lobby.hall import GM, Hall, address
from wtg.cli import main

LONG_AGO = datetime(2024, 1, 1, tzinfo=timezone.utc)


def run(root: Path, *args: str) -> Result:
    config = root / "wtg.yaml"
    if not config.exists():
        config.write_text(f'games_dir: games\nfrom: "{GM}"\n', encoding="utf-8")
    return CliRunner().invoke(main, ["--config", str(config), *args])


def head(root: Path) -> str:
    """How a command ``run`` prints begins: `wtg` and the --config given to it."""
    return f"wtg --config {root / 'wtg.yaml'}"


def confirmed(hall: Hall, *numbers: int, ruleset: str = "wok4") -> None:
    for number in numbers:
        hall.mail(address(number), f"JOIN {ruleset} AS Gamer{number}")
    hall.poll()
    codes = {m.to: m.code() for m in hall.new_mails()}
    for number in numbers:
        hall.mail(address(number), f"CONFIRM {codes[address(number)]}")
    hall.poll(hours=2)
    hall.new_mails()


def test_open_list_checks_the_rules_and_lists_shows_who_waits(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    result = run(tmp_path, "open-list", "wok4", "--map", "small", "--players", "9")
    assert result.exit_code == 1
    assert "a game of wok4 on map small takes 2 to 4 players, not 9" in result.stderr
    result = run(tmp_path, "open-list", "wok4", "--map", "SMALL")
    assert result.stderr == (
        "wtg: no map 'SMALL' for wok4 (maps: classic60, small): did you mean small?\n"
    )
    result = run(
        tmp_path, "open-list", "wok4", "--group", "beginner", "--every", "2", "--at", "18:00"
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "waiting list wok4-beginner open: wok4 on classic60, 10 players, for beginner players; "
        "deadlines every 2 days at 18:00 UTC\n"
    )
    assert run(tmp_path, "open-list", "wok4", "--group", "beginner").exit_code == 1
    confirmed(hall, 1, 2)
    data = json.loads(run(tmp_path, "lists", "--json").stdout)
    (only,) = data["lists"]
    assert (only["name"], only["players"], only["every_days"], only["at"]) == (
        "wok4-beginner",
        10,
        2,
        "18:00",
    )
    assert sorted(w["name"] for w in only["waiting"]) == ["Gamer1", "Gamer2"]
    assert data["offered"] == []
    text = run(tmp_path, "lists").stdout
    assert "wok4-beginner: wok4 on classic60, 10 players, for beginner players; 2 of 10" in text


def test_a_list_that_waited_starts_with_the_players_there_are(tmp_path: Path) -> None:
    """WoK IV: "If a game starts with less then 10 Players all empty slots are considered like
    Players that have QUIT"; WISK fills the other seats with robots."""
    hall = Hall(tmp_path)
    hall.now = LONG_AGO  # the players confirmed long before `run-turn --due` runs, by the clock
    assert run(tmp_path, "open-list", "wok4", "--robots-after", "24").exit_code == 0
    assert run(tmp_path, "open-list", "wisk", "--robots-after", "24").exit_code == 0
    confirmed(hall, 1, 2)
    confirmed(hall, 3, ruleset="wisk")
    assert not (hall.gm.games_dir / "wok4-1").exists()  # the poll 2 hours on: still waiting
    result = run(tmp_path, "run-turn", "--due")
    assert "game wisk-1 made from the waiting list wisk" in result.stdout
    assert "game wok4-1 made from the waiting list wok4" in result.stdout
    wok = hall.game("wok4-1")
    assert sorted(p.email for p in wok.config.players) == [address(1), address(2)]
    wisk = hall.game("wisk-1")
    assert [p.email for p in wisk.config.players] == [address(3)]
    assert wisk.config.options["robots"] == 5


def test_offer_seat_refuses_a_seat_still_played(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    assert run(tmp_path, "open-list", "wok4", "--players", "2", "--map", "small").exit_code == 0
    confirmed(hall, 1, 2)
    result = run(tmp_path, "offer-seat", "wok4-1", "1")
    assert result.exit_code == 1
    assert "seat 1 of game wok4-1 cannot be offered: player 1 has not quit (status active)" in (
        result.stderr
    )
    # newgm48: and what lets the seat be offered, where it said the status alone
    said = result.stderr.replace(f"--config {tmp_path / 'wtg.yaml'} ", "")
    assert said.endswith(
        "(status active); to hand his seat to a new player, take him out first: his QUIT "
        "filed (`wtg aof wok4-1 --player 1` with its QUIT line filled in, saved as FILE, then "
        "`wtg orders wok4-1 FILE`), or his RESIGN mailed (RESIGN wok4-1); once the turn has "
        "run with it, `wtg offer-seat wok4-1 1` offers the seat\n"
    ), said
