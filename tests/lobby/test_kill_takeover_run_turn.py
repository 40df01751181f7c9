"""A takeover's poll killed (SIGKILL) between its writes in the game, then `wtg run-turn`
given before the next poll (as the GM, or cron, may), then that poll: the turn runs from
the seat taken over (the takeover cut short finished first, in the turn it was made
after), and the poll that reads the CONFIRM again writes nothing into the turn run since.

Before, the turn ran from the latest turn half rewritten (the quitter's seat in its state),
and the finishing poll rewrote the new turn's files and recorded the takeover there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.killedpolls import (
    NEWCOMER,
    KilledPolls,
    confirm_waiting,
    outbox_mails,
    write_number,
)
from tests.shipped import WOK4
from wtg.core.errors import GameError
from wtg.game.engine import open_game
from wtg.game.schedule import moment_text
from wtg.game.takeoverfinish import MARK
from wtg.game.takeovers import taken_over

KILLS = 4


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game wok4-1 offers its quit seat 3, and a newcomer's CONFIRM of his
    JOIN of it waiting in the inbox."""
    return confirm_waiting(tmp_path_factory.mktemp("hall"))


def test_a_turn_run_after_a_takeover_cut_short_runs_from_the_seat_taken_over(
    hall_root: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(hall_root, tmp_path)
    writes = polls.writes(tmp_path / "writes.log")
    first = write_number(writes, f"wok4-1/{MARK}", "wok4-1/game.yaml")
    record = write_number(writes, "/takeovers.json")
    for at in killpoints.points_between(first + 1, record, KILLS):
        polls.killed(at)
        ran = polls.wtg("run-turn", str(polls.games / "wok4-1"), "--now", "--unmailed")
        assert ran.returncode == 0, (at, ran.stderr)
        game = open_game(polls.games / "wok4-1")
        assert game.latest_turn() == 2, at
        # the turn ran from the seat taken over: the newcomer plays it in turn 2
        seat = game.typed(WOK4).state(1).player(3)
        assert (seat.status, seat.name) == ("active", "Newcomer"), at
        assert (game.typed(WOK4).state(2).player(3).name, at) == ("Newcomer", at)
        assert not (game.store.root / MARK).exists(), at
        turn2 = {p.name: p.read_bytes() for p in game.store.turn_dir(2).rglob("*") if p.is_file()}
        polls.finish(killpoints.Run(True, at - 1, -9, "", "", ""))
        game = open_game(polls.games / "wok4-1")
        assert game.config.player(3).name == "Newcomer"
        assert [(e["seat"], e["name"]) for e in taken_over(game.store, 1)] == [(3, "Newcomer")]
        assert taken_over(game.store, 2) == [], at  # recorded in its own turn, not the next
        after = {p.name: p.read_bytes() for p in game.store.turn_dir(2).rglob("*") if p.is_file()}
        assert after == turn2, at  # the poll reading the CONFIRM again left turn 2 alone


def test_a_takeover_cut_short_in_an_earlier_turn_is_not_finished_in_a_later_one(
    hall_root: Path, tmp_path: Path
) -> None:
    """A mark of a takeover begun after turn 0 in a game at turn 1 (the game moved on by a
    wtg that knew no mark): the turn is refused, saying why and what to do, and nothing is
    written, neither game.yaml nor turn 1's files."""
    polls = KilledPolls(hall_root, tmp_path)
    polls.fresh()
    root = polls.games / "wok4-1"
    game = open_game(root)
    assert game.latest_turn() == 1
    code = "ABCD-EFGH-JKLM"
    mark = f'{{"turn": 0, "seat": 3, "name": "Newcomer", "address": "{NEWCOMER}", '
    (root / MARK).write_text(mark + f'"code": "{code}", "at": "2026-01-01T00:00:00+00:00"}}')
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    with pytest.raises(GameError) as refused:
        game.run_turn(force=True)
    assert "begun after turn 0, was cut short, and the game is at turn 1 now" in str(refused.value)
    assert str(root / MARK) in str(refused.value)
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_a_run_turn_killed_while_it_finishes_the_takeover_is_finished_by_the_next(
    hall_root: Path, tmp_path: Path
) -> None:
    """The poll killed midway through the takeover, then the `wtg run-turn` that finishes
    it killed too, at writes spread over its run, then given again: the takeover stands in
    turn 1 once, turn 2 runs from it, and the poll after writes nothing into turn 2."""
    polls = KilledPolls(hall_root, tmp_path)
    writes = polls.writes(tmp_path / "writes.log")
    mark = write_number(writes, f"wok4-1/{MARK}")
    record = write_number(writes, "/takeovers.json")
    middle = (mark + record) // 2
    args = ["--config", str(polls.host / "wtg.yaml"), "run-turn", "wok4-1", "--now", "--unmailed"]
    polls.killed(middle)
    whole = killpoints.whole(args, polls.games)
    for at in killpoints.points(whole.writes, KILLS):
        polls.killed(middle)
        cut = killpoints.run(args, at, polls.games)
        assert cut.killed, (at, cut)
        ran = polls.wtg("run-turn", "wok4-1", "--now", "--unmailed")
        assert ran.returncode == 0, (at, cut.before, ran.stderr)
        polls.finish(cut)
        game = open_game(polls.games / "wok4-1")
        assert game.latest_turn() == 2, at
        assert game.config.player(3).name == "Newcomer"
        assert [(e["seat"], e["name"]) for e in taken_over(game.store, 1)] == [(3, "Newcomer")]
        assert taken_over(game.store, 2) == [], (at, cut.before)
        assert game.typed(WOK4).state(1).player(3).name == "Newcomer", (at, cut.before)
        assert game.typed(WOK4).state(2).player(3).name == "Newcomer", (at, cut.before)
        assert not (game.store.root / MARK).exists(), at


def test_a_game_moved_on_past_a_takeover_whose_game_yaml_gave_the_seat_finishes_it(
    hall_root: Path, tmp_path: Path
) -> None:
    """The poll killed once game.yaml gave seat 3 to the newcomer (the takeover's first
    write), then turn 2 run by a wtg that knew no mark (the mark aside while it ran): the
    next poll finishes the takeover in turn 2, the game's latest, as a takeover found in
    game.yaml without a mark is, and the newcomer gets his seat's code. Before, the poll
    refused his CONFIRM (the takeover "not finished in a turn it was not made after") while
    game.yaml gave him the seat, and every `run-turn` was refused until the GM removed the
    mark by hand."""
    polls = KilledPolls(hall_root, tmp_path)
    writes = polls.writes(tmp_path / "writes.log")
    mark = write_number(writes, f"wok4-1/{MARK}")
    yaml = mark + write_number(writes[mark:], "wok4-1/game.yaml")
    polls.killed(yaml + 1)
    root = polls.games / "wok4-1"
    game = open_game(root)
    assert game.config.player(3).name == "Newcomer"
    assert game.typed(WOK4).state(1).player(3).name != "Newcomer"
    aside = tmp_path / MARK
    (root / MARK).rename(aside)  # an older wtg, which made no mark and reads none
    ran = polls.wtg("run-turn", str(root), "--now", "--unmailed")
    assert ran.returncode == 0, ran.stderr
    aside.rename(root / MARK)
    polls.finish(killpoints.Run(True, yaml, -9, "", "", ""))
    game = open_game(root)
    assert game.latest_turn() == 2
    entry = game.config.player(3)
    assert (entry.name, entry.email) == ("Newcomer", NEWCOMER)
    assert game.typed(WOK4).state(2).player(3).name == "Newcomer"
    assert [(e["seat"], e["name"]) for e in taken_over(game.store, 2)] == [(3, "Newcomer")]
    assert not (root / MARK).exists()
    coded = [
        mail
        for mail in outbox_mails(polls.games)
        if mail.to == NEWCOMER and entry.code in mail.body
    ]
    assert len(coded) == 1, [mail.body for mail in outbox_mails(polls.games) if mail.to == NEWCOMER]
    ran = polls.wtg("run-turn", str(root), "--now", "--unmailed")
    assert ran.returncode == 0, ran.stderr
    assert open_game(root).typed(WOK4).state(3).player(3).name == "Newcomer"


def test_status_names_a_takeover_cut_short_and_what_finishes_it(
    hall_root: Path, tmp_path: Path
) -> None:
    """The poll killed between the takeover's writes: `wtg status` (the game's, the host's,
    and --json) names the takeover and what finishes it; once the next poll finished it,
    none. Before, nothing in it said that turn 1's files were half rewritten."""
    polls = KilledPolls(hall_root, tmp_path)
    writes = polls.writes(tmp_path / "writes.log")
    mark = write_number(writes, f"wok4-1/{MARK}")
    cut = polls.killed(mark + 2)
    root = polls.games / "wok4-1"
    assert (root / MARK).exists()
    said = "the takeover of seat 3 by Newcomer (begun after turn 1, at "  # the poll's moment
    shown = polls.wtg("status", "wok4-1")
    assert shown.returncode == 0, shown.stderr
    (line,) = [x for x in shown.stdout.splitlines() if x.startswith("TAKEOVER CUT SHORT: ")]
    assert line.startswith(f"TAKEOVER CUT SHORT: {said}")
    assert f"({root / MARK})" in line
    assert "the poll that reads the newcomer's CONFIRM again finishes it" in line
    assert f"`wtg --config {polls.host / 'wtg.yaml'} run-turn wok4-1`" in line  # as given
    host = polls.wtg("status")
    assert f"TAKEOVER CUT SHORT: game wok4-1: {said}" in host.stdout, host.stdout
    data = json.loads(polls.wtg("status", "wok4-1", "--json").stdout)
    printed = line.removeprefix("TAKEOVER CUT SHORT: ")  # its commands with the --config given
    bare = printed.replace(f"`wtg --config {polls.host / 'wtg.yaml'} ", "`wtg ")
    at = re.search(r", at (\S+)\) is under way", data["takeover_cut_short"])
    assert at is not None  # the JSON's moment as the file keeps it (ISO), the line's read
    assert bare == data["takeover_cut_short"].replace(at[1], moment_text(at[1]))
    polls.finish(cut)
    assert not (root / MARK).exists()
    assert "TAKEOVER CUT SHORT" not in polls.wtg("status", "wok4-1").stdout
    assert json.loads(polls.wtg("status", "wok4-1", "--json").stdout)["takeover_cut_short"] is None


def test_status_says_a_takeover_nothing_finishes_and_what_the_gm_does(
    hall_root: Path, tmp_path: Path
) -> None:
    """A mark of a takeover begun after turn 0 in a game at turn 1 whose game.yaml does not
    give the seat to the newcomer: `wtg status` says that nothing finishes it, and what the
    GM is to do (the refusal every command on the game gives)."""
    polls = KilledPolls(hall_root, tmp_path)
    polls.fresh()
    root = polls.games / "wok4-1"
    mark = f'{{"turn": 0, "seat": 3, "name": "Newcomer", "address": "{NEWCOMER}", '
    (root / MARK).write_text(mark + '"code": "ABCD-EFGH-JKLM", "at": "2026-01-01T00:00:00+00:00"}')
    shown = polls.wtg("status", "wok4-1")
    (line,) = [x for x in shown.stdout.splitlines() if x.startswith("TAKEOVER CUT SHORT: ")]
    assert line == (
        "TAKEOVER CUT SHORT: the takeover of seat 3 by Newcomer (begun after turn 0, at "
        f"2026-01-01 00:00 UTC) is under way, or was cut short between its writes "
        f"({root / MARK}), turn 1's files perhaps half rewritten; nothing finishes it: game "
        "wok4-1: the takeover of seat 3 by Newcomer, begun after turn 0, was cut short, and "
        "the game is at turn 1 now: it is not finished in a turn it was not made after. Check "
        f"the seat in game.yaml and turn 1's takeovers.json, then remove {root / MARK}"
    )


def test_a_preview_of_a_takeover_cut_short_is_refused_and_writes_nothing(
    hall_root: Path, tmp_path: Path
) -> None:
    """The poll killed between the takeover's writes: `run-turn --preview` refuses, saying
    that the takeover was cut short and what finishes it, and writes nothing (the takeover
    is not finished by a preview); once the next poll finished it, the preview is of the
    turn run from the seat taken over. Before, it previewed from turn 1 half rewritten."""
    polls = KilledPolls(hall_root, tmp_path)
    writes = polls.writes(tmp_path / "writes.log")
    mark = write_number(writes, f"wok4-1/{MARK}")
    cut = polls.killed(mark + 2)
    root = polls.games / "wok4-1"
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    out = tmp_path / "preview"
    shown = polls.wtg("run-turn", "wok4-1", "--preview", str(out))
    assert shown.returncode == 1, shown.stdout
    given = f"wtg --config {polls.host / 'wtg.yaml'}"  # as polls.wtg gave it
    assert shown.stderr == (
        "wtg: game wok4-1: the takeover of seat 3 by Newcomer, begun after turn 1, was cut "
        f"short ({root / MARK}): the latest turn may be half rewritten, and `{given} run-turn "
        "wok4-1` finishes what was cut short before it runs the turn: nothing was previewed "
        f"(a preview writes nothing into the game); `{given} status wok4-1` says what "
        "finishes it\n"
    )
    assert not out.exists()
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    polls.finish(cut)
    shown = polls.wtg("run-turn", "wok4-1", "--preview", str(out))
    assert shown.returncode == 0, shown.stderr
    state = json.loads((out / "state.json").read_text(encoding="utf-8"))
    (seat,) = [p for p in state["players"] if p["id"] == 3]
    assert (seat["name"], seat["status"]) == ("Newcomer", "active")
