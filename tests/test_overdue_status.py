"""A deadline long past whose turn has not run (no cron line, cron's `wtg` not found, a
`crontab -e` never saved): `wtg status` showed the past deadline as any other, `wtg
status GAME` too, and `wtg status --host` said `OVERDUE by 2 d 3 h` and no more; the
GM was not told that the turn waits for `wtg run-turn --due`, nor to look at cron. Each
now says it; a held game, and a deadline passed minutes ago (cron's next run takes it),
say nothing of it."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.gmtyped import ann_and_bob_host, wtg
from wtg.game.schedule import iso

ADVICE = (
    "`wtg run-turn --due` runs it or says why not (cron's line runs it every five "
    "minutes: is it in `crontab -l`, or is wtg serve running?)"
)


def host(tmp_path: Path, passed: timedelta) -> Path:
    config = ann_and_bob_host(
        tmp_path / "host", "--every", "2", "--at", "18:00", "--timezone", "Europe/Vienna"
    )
    turn = tmp_path / "host" / "games" / "g1" / "turns" / "0000" / "turn.json"
    meta = json.loads(turn.read_text(encoding="utf-8"))
    meta["next_deadline"] = iso(datetime.now(timezone.utc) - passed)
    turn.write_text(json.dumps(meta), encoding="utf-8")
    return config


def test_a_deadline_long_past_says_what_runs_the_turn(tmp_path: Path) -> None:
    config = host(tmp_path, timedelta(days=2, hours=3, minutes=30))
    shown = wtg("--config", config, "status", "g1").output
    given = ADVICE.replace("`wtg ", f"`wtg --config {config} ")  # printed: the --config given
    assert (
        f"OVERDUE: the deadline passed 2 d 3 h ago and turn 1 has not run: {given}"
        in shown.splitlines()
    ), shown
    said = f"the deadline passed 2 d 3 h ago and turn 1 has not run: {ADVICE}"
    assert json.loads(wtg("--config", config, "status", "g1", "--json").output)["overdue"] == said
    (game,) = json.loads(wtg("--config", config, "status", "--json").output)["games"]
    assert game["overdue"] == said
    listed = wtg("--config", config, "status").output
    assert "g1 wok4 turn 1: 0 of 2 orders in, 0 READY, OVERDUE" in listed
    assert f"OVERDUE: game g1: the deadline passed 2 d 3 h ago and turn 1 has not run: {given}" in (
        listed.splitlines()
    ), listed
    health = wtg("--config", config, "status", "--host").output
    assert "next deadline: g1 turn 1, " in health
    assert f", OVERDUE by 2 d 3 h: {given}" in health, health
    digest = wtg("--config", config, "digest").output
    overdue = digest.split("\nTurns OVERDUE (1):\n", 1)[1].split("\n\n", 1)[0]
    assert overdue.startswith("  g1: the deadline passed 2 d 3 h ago and turn 1 has not run: ")
    assert " ".join(overdue.split()) == f"g1: {said}"  # in lines of 78 columns at most
    assert max(len(row) for row in overdue.splitlines()) <= 78


def test_a_held_game_or_a_deadline_just_passed_is_not_overdue(tmp_path: Path) -> None:
    config = host(tmp_path, timedelta(minutes=3))
    for args in (("status", "g1"), ("status",), ("digest",)):
        assert "OVERDUE" not in wtg("--config", config, *args).output
    assert json.loads(wtg("--config", config, "status", "g1", "--json").output)["overdue"] is None
    assert wtg("--config", config, "hold", "g1").exit_code == 0
    turn = tmp_path / "host" / "games" / "g1" / "turns" / "0000" / "turn.json"
    meta = json.loads(turn.read_text(encoding="utf-8"))
    meta["next_deadline"] = iso(datetime.now(timezone.utc) - timedelta(days=1))
    turn.write_text(json.dumps(meta), encoding="utf-8")
    for args in (("status", "g1"), ("status",), ("digest",)):
        assert "OVERDUE" not in wtg("--config", config, *args).output
