"""Orders whose mail the server received before their turn ran, read by the host only after
it (the poll down or slow, or not yet run when `run-turn --due` ran the turn at its
deadline). The player was told only that his form was for the wrong turn, and the GM
nothing: he was not late, yet his orders missed the turn. Now his answer says his mail came
in time and was read after the turn ran, and that the GM is told; the GM reads it in `wtg
poll`'s output (``-q`` too: cron mails it) with what he can do: `wtg orders ... --correct`
and `wtg run-turn --rerun`, while that turn is the last run. The times are the maildir's
delivery time, as the host reads it, and the turn's ``ran_at``."""

from __future__ import annotations

import json
import os
import re
import shlex
from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.poll import workers
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.journallists import read_late

CAME = datetime(2026, 11, 23, 17, 59, 58, tzinfo=timezone.utc)
"""Two seconds before the deadline (18:00) of turn 1: in time."""
RAN = datetime(2026, 11, 23, 18, 0, tzinfo=timezone.utc)
"""When `run-turn --due` ran turn 1, before any poll read the mail."""
READ = datetime(2026, 11, 23, 18, 5, tzinfo=timezone.utc)


def _delivered_at(world: World, key: str, when: datetime) -> Path:
    """The mail's file in the maildir given ``when`` as its delivery time (its mtime)."""
    path = world.gm.maildir_in / "new" / key
    os.utime(path, (when.timestamp(), when.timestamp()))
    return path


def _came_in_time(world: World) -> str:
    """Player 2's orders for turn 1, delivered at ``CAME`` (the GM's server's Received
    header says it too, as `wtg orders` reads a kept mail's time); turn 1 run at ``RAN``
    before any poll read it."""
    received = "from mx.players.example by mx.wtg.example; Mon, 23 Nov 2026 17:59:58 +0000"
    key = world.mail(world.aof(2, X1="100"), sender="p2@players.example", Received=received)
    _delivered_at(world, key, CAME)
    world.game.run_turn(now=RAN)
    assert world.game.meta(1)["ran_at"].startswith("2026-11-23T18:00:00")
    return key


def test_orders_that_came_in_time_and_were_read_late_are_told_so(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    key = _came_in_time(world)
    summary = world.poll(READ)
    kept = world.gm.spool / "archive" / "2026-11" / f"maildir-{key}.eml"
    assert kept.is_file()
    gm = (
        "g1 player 2: orders for turn 1 came at 2026-11-23 17:59:58 UTC, before the turn ran "
        "at 2026-11-23 18:00:00 UTC, and were read only after it: it ran without them; to run "
        f"it again with them: `wtg orders g1 {kept} --correct`, then `wtg run-turn g1 "
        "--rerun` (every player is mailed turn 1 again)"
    )
    player = (
        "line 3: these orders are for turn 1, but the game expects turn 2 (your mail came in "
        "time, at 2026-11-23 17:59:58 UTC, before turn 1 ran at 2026-11-23 18:00:00 UTC, but "
        "the host read it only after the turn ran, and your orders missed it; the GM is told, "
        "and may run the turn again with them): fill in the form of turn 2, the one in your "
        "latest report"
    )
    assert [text for _key, text in summary.outcomes] == [f"rejected: {player}; {gm}"]
    (event,) = summary.events
    assert event.outcome.late == gm
    assert summary.needs_gm()  # `wtg poll -q` prints its line
    (answer,) = [raw for name, raw in world.outbox().items() if name.startswith("rejected-")]
    said = " ".join(body_of(answer).split())
    assert "your mail came in time, at 2026-11-23 17:59:58 UTC, before turn 1 ran" in said
    assert "the GM is told" in said
    assert "g1 player 2: orders" not in said  # the GM's line is the GM's: not in his answer


def test_poll_q_prints_the_gms_line(tmp_path: Path) -> None:
    """Cron's `wtg poll -q` says it: the summary, and the GM's line under it."""
    world = World(tmp_path, count=2)
    _came_in_time(world)
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), "poll", "-q"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "filed 0, rejected 1, quarantined 0, ignored 0"
    assert lines[1].startswith(
        "  g1 player 2: orders for turn 1 came at 2026-11-23 17:59:58 UTC, before the turn ran"
    )
    assert "run-turn g1 --rerun` (every player is mailed turn 1 again)" in lines[1]
    assert len(lines) == 2


def test_the_gm_runs_the_turn_again_with_them_as_told(tmp_path: Path) -> None:
    """What the GM's line says to do files the kept mail for turn 1 and the rerun runs the
    turn with player 2's orders."""
    world = World(tmp_path, count=2)
    _came_in_time(world)
    (event,) = world.poll(READ).events
    found = re.search(r"`wtg orders g1 (\S+) --correct`", event.outcome.late)
    assert found is not None, event.outcome.late
    game_dir = world.game.store.root
    assert not (game_dir / "turns" / "0001" / "orders" / "p02.yaml").exists()  # ran without
    runner = CliRunner()
    filed = runner.invoke(main, ["orders", str(game_dir), found[1], "--correct"])
    assert filed.exit_code == 0, filed.output
    rerun = runner.invoke(main, ["run-turn", str(game_dir), "--rerun"])
    assert rerun.exit_code == 0, rerun.output
    ran_with = (game_dir / "turns" / "0001" / "orders" / "p02.yaml").read_text("utf-8")
    assert "100" in ran_with
    assert open_game(game_dir).latest_turn() == 1


def test_poll_q_says_one_line_a_player_however_many_of_his_mails_came_late(
    tmp_path: Path,
) -> None:
    """`wtg poll -q` printed a line a mail read late: a player who mailed many forms of an
    old turn made cron's mail as long. It prints one a player a game, saying how many."""
    world = World(tmp_path, count=2)
    for trade in ("100", "200", "300"):
        key = world.mail(world.aof(2, X1=trade), sender="p2@players.example")
        _delivered_at(world, key, CAME)
    _delivered_at(world, world.mail(world.aof(1, X1="100")), CAME)
    world.game.run_turn(now=RAN)
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), "poll", "-q"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "filed 0, rejected 4, quarantined 0, ignored 0"
    assert sorted(line.partition(": orders")[0] for line in lines[1:]) == [
        "  g1 player 1",
        "  g1 player 2",
    ]
    (two,) = [line for line in lines if line.startswith("  g1 player 2:")]
    said = "(every player is mailed turn 1 again); g1 player 2 had 3 mails of orders read late"
    assert said in two  # `wtg poll -v` named with the config given
    assert two.endswith(" poll -v` lists each)")
    (one,) = [line for line in lines if line.startswith("  g1 player 1:")]
    assert one.endswith("(every player is mailed turn 1 again)")


def test_status_and_the_digest_list_the_orders_read_late(tmp_path: Path) -> None:
    """Only `wtg poll`'s output and the log said them: the GM reads `wtg status GAME` and
    the digest in the morning. Both list them, a line a player with how many mails."""
    world = World(tmp_path, count=2)
    for trade in ("100", "200"):
        key = world.mail(world.aof(2, X1=trade), sender="p2@players.example")
        _delivered_at(world, key, CAME)
    world.game.run_turn(now=RAN)
    now = datetime.now(timezone.utc)  # `wtg status` lists the last day's
    assert world.poll(now).rejected == 2
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    game = str(world.game.store.root)
    result = CliRunner().invoke(main, ["--config", str(config), "status", game])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "2 mails of ORDERS READ AFTER THEIR TURN RAN in the last 24 hours" in said
    line = (
        "g1 player 2: orders for turn 1 came at 2026-11-23 17:59:58 UTC, before the turn ran "
        "at 2026-11-23 18:00:00 UTC, and were read only after it: it ran without them"
    )
    assert line in said
    assert "(every player is mailed turn 1 again); 2 mails of his were read so" in said
    listing = json.loads(
        CliRunner().invoke(main, ["--config", str(config), "status", game, "--json"]).stdout
    )
    (entry,) = listing["read_late"]
    assert (entry["game"], entry["player"], entry["mails"]) == ("g1", 2, 2)
    assert entry["line"].startswith(line) and entry["at"] == now.timestamp()
    digest = make_digest(world.gm.games_dir, now + timedelta(minutes=5))
    text = " ".join(digest.text().split())
    assert "Orders read after their turn ran (2 mails, a line a player, newest first)" in text
    assert line in text and "2 mails of his were read so" in text
    assert digest.line().endswith(", 2 order mails read late")


def test_orders_read_late_after_more_turns_ran_say_no_rerun_takes_them(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    _came_in_time(world)
    world.game.run_turn(now=datetime(2026, 11, 25, 18, 0, tzinfo=timezone.utc))
    (event,) = world.poll(datetime(2026, 11, 25, 18, 5, tzinfo=timezone.utc)).events
    assert event.outcome.late == (
        "g1 player 2: orders for turn 1 came at 2026-11-23 17:59:58 UTC, before the turn ran "
        "at 2026-11-23 18:00:00 UTC, and were read only after it: it ran without them; turns "
        "have run since, and a rerun takes only the last one"
    )
    assert "the GM is told)" in event.outcome.detail
    assert "may run the turn again" not in event.outcome.detail


def test_the_gm_filing_the_kept_mail_without_correct_is_told_how(tmp_path: Path) -> None:
    """`wtg orders g1 KEPT` (filed as of when it came) is refused for the wrong turn,
    saying it came before the turn ran and that --correct files it for the rerun."""
    world = World(tmp_path, count=2)
    _came_in_time(world)
    (event,) = world.poll(READ).events
    found = re.search(r"`wtg orders g1 (\S+) --correct`", event.outcome.late)
    assert found is not None
    result = CliRunner().invoke(main, ["orders", str(world.game.store.root), found[1]])
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    assert (
        "but the game expects turn 2 (the mail came at 2026-11-23 17:59:58 UTC, before turn 1 "
        "ran at 2026-11-23 18:00:00 UTC, and was read after it: --correct files them for turn "
        "1, and `wtg run-turn g1 --rerun` runs it again with them)"
    ) in said, said


def test_a_helpers_orders_read_late_reach_the_journal(tmp_path: Path) -> None:
    """A helper of a shared poll (``jobs``) notes its journal's writes for the poller: the
    orders read late among them, or they were written by the helper alone, or refused as
    no journal write, and the poll failed."""
    helper = workers.KeptJournal(tmp_path)
    helper.read_late("g1", 2, "g1 player 2: orders for turn 1 came at ...; again)", 90.0)
    helper.read_late("g1", 2, "g1 player 2: orders for turn 1 came at ...; again)", 90.0)
    notes = helper.take()
    helper.close()
    assert read_late(tmp_path, 0.0) == []  # noted, not written
    poller = Journal(tmp_path)
    workers.write_notes(poller, notes)
    poller.commit()
    poller.close()
    (late,) = read_late(tmp_path, 0.0)
    assert (late.game, late.seat, late.mails, late.at) == ("g1", 2, 2, 90.0)


def test_the_status_of_every_game_lists_the_orders_read_late(tmp_path: Path) -> None:
    """`wtg status` without a game, the GM's morning look, gave them in its --json alone
    (each game's ``read_late``): its text said nothing. Now it lists them as `wtg status
    GAME` does, and its --json lists every game's at the top too."""
    world = World(tmp_path, count=2)
    key = world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    _delivered_at(world, key, CAME)
    world.game.run_turn(now=RAN)
    now = datetime.now(timezone.utc)  # `wtg status` lists the last day's
    assert world.poll(now).rejected == 1
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")

    result = CliRunner().invoke(main, ["--config", str(config), "status"])
    listing = json.loads(
        CliRunner().invoke(main, ["--config", str(config), "status", "--json"]).stdout
    )

    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "1 mail of ORDERS READ AFTER THEIR TURN RAN in the last 24 hours" in said
    assert (
        "g1 player 2: orders for turn 1 came at 2026-11-23 17:59:58 UTC, before the turn ran "
        "at 2026-11-23 18:00:00 UTC, and were read only after it: it ran without them"
    ) in said
    (entry,) = listing["read_late"]
    assert (entry["game"], entry["player"], entry["mails"]) == ("g1", 2, 1)


def test_the_gms_commands_paste_whole_when_the_spools_path_has_a_space_and_a_quote(
    tmp_path: Path,
) -> None:
    """A games folder under "GM's games/": the archive's path in the GM's line is quoted
    for a shell, so that the command he pastes gets the kept mail as one word, and runs."""
    world = World(tmp_path / "GM's games", count=2)
    key = _came_in_time(world)
    (event,) = world.poll(READ).events
    kept = world.gm.spool / "archive" / "2026-11" / f"maildir-{key}.eml"
    commands = re.findall(r"`(wtg [^`]+)`", event.outcome.late)
    assert [shlex.split(command) for command in commands] == [
        ["wtg", "orders", "g1", str(kept), "--correct"],
        ["wtg", "run-turn", "g1", "--rerun"],
    ]
    game_dir = world.game.store.root
    runner = CliRunner()
    for command in commands:  # as he pastes them, the folder named in place of the game
        words = shlex.split(command)[1:]
        words[1] = str(game_dir)
        done = runner.invoke(main, words)
        assert done.exit_code == 0, done.output
    ran_with = (game_dir / "turns" / "0001" / "orders" / "p02.yaml").read_text("utf-8")
    assert "100" in ran_with
