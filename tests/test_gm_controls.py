"""The GM's controls (issue 17, item 4): hold and release, extend, run-turn --preview,
announce, digest; each command's bad input is a one-line message, never a traceback.
Rollback has tests/test_rollback.py."""

from __future__ import annotations

import email
import email.policy
import hashlib
import json
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.conftest import players
from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game, open_game
from wtg.game.schedule import make_schedule, parse_iso
from wtg.host.config import load_config
from wtg.host.due import run_due
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.spool.journal import Journal

LONG_AGO = datetime(2020, 1, 6, 12, 0, tzinfo=timezone.utc)
"""A game made then with deadlines every 2 days is long past its first deadline: due."""


def make(games: Path, name: str = "g1", count: int = 4, when: datetime = LONG_AGO) -> Game:
    schedule = make_schedule(2, "18:00", "UTC", now=when)
    return create_game(
        games / name, "wok4", "small", players(count), 7, schedule=schedule, now=when
    )


def make_due_in(games: Path, hours: int) -> Game:
    """A game whose first deadline is ``hours`` from now (to the minute)."""
    now = datetime.now(timezone.utc)
    due = (now + timedelta(hours=hours)).replace(second=0, microsecond=0)
    schedule = make_schedule(2, f"{due:%H:%M}", "UTC", first=f"{due:%Y-%m-%d}")
    return create_game(games / "g1", "wok4", "small", players(4), 7, schedule=schedule, now=now)


def run(root: Path, *args: object, code: int = 0, input: str | None = None) -> Result:
    """`wtg --config ROOT/wtg.yaml ARGS`, its exit status checked (``input``: its stdin)."""
    config = root / "wtg.yaml"
    if not config.exists():
        config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    result = CliRunner().invoke(main, ["--config", str(config), *map(str, args)], input=input)
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def head(root: Path) -> str:
    """How a command ``run`` prints begins: `wtg` and the --config given to it."""
    return f"wtg --config {root / 'wtg.yaml'}"


def queued(root: Path, prefix: str) -> dict[str, email.message.EmailMessage]:
    """The mails queued in the outbox whose id starts with ``prefix``."""
    folder = root / "games" / ".mail" / "outbox" / "queue"
    found = {}
    for path in sorted(folder.glob(f"{prefix}*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, email.message.EmailMessage)
        found[path.stem] = msg
    return found


def body(msg: email.message.EmailMessage) -> str:
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def status(root: Path, game: str = "g1") -> dict[str, object]:
    data: dict[str, object] = json.loads(run(root, "status", game, "--json").stdout)
    return data


def tree_hash(folder: Path) -> dict[str, str]:
    """Every file and folder under ``folder``: its path, and its bytes' hash and mode."""
    found = {}
    for path in sorted(folder.rglob("*")):
        stat = path.stat()
        content = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        found[str(path.relative_to(folder))] = f"{content} {stat.st_mode:o}"
    return found


# --- hold and release ---------------------------------------------------------------------
def test_a_held_game_runs_no_turn_until_released(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    held = run(tmp_path, "hold", "g1", "--reason", "a bug in the rules")
    assert held.stdout.startswith("game g1 held since ")
    assert status(tmp_path)["held"] is True
    refused = run(tmp_path, "run-turn", "g1", code=1)
    assert refused.output.startswith("wtg: game g1 is held by the GM since ")
    assert refused.output.count("\n") == 1 and "(a bug in the rules)" in refused.output
    # run-turn --due: counted held in the summary, the game not run; the GM's own choice
    # is no failure and no news for cron (exit 0, nothing printed)
    due = run(tmp_path, "run-turn", "--due", "--jobs", "1")
    assert due.output == ""
    summary = run_due(load_config(tmp_path / "wtg.yaml"), jobs=1)
    assert [r.outcome.value for r in summary.games()] == ["held"]
    assert summary.line().startswith("ran 0, held 1, failed 0, not due 0, in ")
    assert summary.line().endswith("; held: g1")
    assert game.latest_turn() == 0
    text = run(tmp_path, "status", "g1").stdout
    assert "HELD by the GM since " in text and "a bug in the rules" in text
    assert "HELD" in run(tmp_path, "status").stdout
    run(tmp_path, "release", "g1")
    assert status(tmp_path)["held"] is False
    given = run(tmp_path, "hold", "g1", "--reason", "moves", "extra", code=2)
    assert "Got unexpected extra argument (extra)" in given.stderr  # a reason given: as it was
    # its deadline passed years ago: released, the turn gets a whole turn (2 days), and
    # does not run at the next cron
    deadline = parse_iso(str(status(tmp_path)["deadline"]))
    assert deadline - datetime.now(timezone.utc) > timedelta(days=1, hours=23)
    assert run(tmp_path, "run-turn", "--due", "--jobs", "1").stdout == ""
    summary = run_due(load_config(tmp_path / "wtg.yaml"), jobs=1, now=deadline)
    assert [r.outcome.value for r in summary.games()] == ["ran"]
    assert game.latest_turn() == 1


def test_the_players_are_told_of_a_hold_and_its_release(tmp_path: Path) -> None:
    make(tmp_path / "games")
    run(tmp_path, "hold", "g1", "--reason", "the server moves")
    again = run(tmp_path, "hold", "g1")
    # it said "0 notices queued for the players", as if they were never to be told
    assert "; its notices to the players, queued when it was held, wait in the outbox (`wtg " in (
        again.stdout
    )
    assert "0 notices" not in again.stdout
    holds = queued(tmp_path, "hold-")
    assert sorted(str(m["To"]) for m in holds.values()) == [f"{p.email}" for p in players(4)]
    first = holds[min(holds)]
    assert first["Subject"] == "[g1] the game is on hold"
    assert first["Auto-Submitted"] == "auto-generated"
    assert "on hold: the server moves" in body(first)
    run(tmp_path, "release", "g1")
    releases = queued(tmp_path, "release-")
    assert len(releases) == 4
    told = body(releases[min(releases)])
    assert "passed" not in told  # the deadline passed while held: moved a whole turn on
    deadline = parse_iso(str(status(tmp_path)["deadline"]))
    assert f"Turn 1 is due {deadline:%a %d %b %Y %H:%M} UTC.\n" in told
    refused = run(tmp_path, "release", "g1", code=1)
    assert refused.output == released_again(tmp_path)
    said = released_again(tmp_path).split("; its notices")[0]
    run(tmp_path, "send")
    assert run(tmp_path, "release", "g1", code=1).output == f"{said}; its players were told\n"


def test_release_given_again_says_a_notice_set_aside_was_not_mailed(tmp_path: Path) -> None:
    """A release whose notice to one player was set aside for good by the send (his server
    refused it): `wtg release` given again said "its players were told" of it, and the GM
    did not look at the outbox. It says how many were set aside, not mailed."""
    make(tmp_path / "games")
    run(tmp_path, "hold", "g1")
    run(tmp_path, "release", "g1")
    said = released_again(tmp_path).split("; its notices")[0]
    first = min(queued(tmp_path, "release-"))
    Outbox(tmp_path / "games" / ".mail").failed(first, "550 no such user")
    run(tmp_path, "send")
    assert not queued(tmp_path, "release-")
    again = run(tmp_path, "release", "g1", code=1).output
    assert again == (
        f"{said}; 1 notice of it to the players was set aside for good, not mailed "
        f"(`{head(tmp_path)} outbox` says why)\n"
    )


def released_again(root: Path) -> str:
    """What `wtg release g1` given again says (its notices still queued): when g1 was
    released, and since when it had been held, as the notices' outbox ids say (newgm47:
    it said `game g1 is not held` alone, and the GM who gave it twice in two terminals
    wondered whether the first had gone through)."""
    (name, *_) = sorted(queued(root, "release-"))
    since, at = name.split("-")[1], name.split("-")[2].removeprefix("at")

    def moment(stamp: str) -> str:
        return f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[8:10]}:{stamp[10:12]} UTC"

    return (
        f"wtg: game g1 is not held: it was released at {moment(at)} (held since "
        f"{moment(since)}); its notices to the players wait in the outbox (`{head(root)} "
        "send` mails them)\n"
    )


def test_force_runs_a_held_game(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    run(tmp_path, "hold", "g1")
    forced = run(tmp_path, "run-turn", "g1", "--force", "--unmailed")  # turn 0 never sent
    assert forced.stdout == "turn 1 of game g1 resolved\n"
    assert game.latest_turn() == 1 and status(tmp_path)["held"] is True


def test_no_reminder_for_a_held_game(tmp_path: Path) -> None:
    make_due_in(tmp_path / "games", 13)  # half a day ahead and more: the release keeps it
    run(tmp_path, "hold", "g1")
    assert run(tmp_path, "remind").stdout == "0 reminders queued\n"
    run(tmp_path, "release", "g1")
    assert run(tmp_path, "remind").stdout == "4 reminders queued\n"


# --- extend ---------------------------------------------------------------------------------
def minutes(stamp: str) -> str:
    """A deadline or a moment of the files as the GM commands' lines say one."""
    return f"{parse_iso(stamp):%Y-%m-%d %H:%M} UTC"


def test_extend_moves_the_deadline_and_tells_every_player(tmp_path: Path) -> None:
    make_due_in(tmp_path / "games", 30)
    before = status(tmp_path)["deadline"]
    assert isinstance(before, str) and parse_iso(before) > datetime.now(timezone.utc)
    out = run(tmp_path, "extend", "g1", "36").stdout
    after = status(tmp_path)["deadline"]
    assert isinstance(after, str)
    assert parse_iso(after) - parse_iso(before) == timedelta(hours=36)
    # the deadlines as `release` and `rollback` say them, not the files' ISO (round 42)
    assert f"turn 1 is due {minutes(after)} (was {minutes(before)})" in out
    assert minutes("2026-12-13T17:00:00Z") == "2026-12-13 17:00 UTC"
    notices = queued(tmp_path, "extend-")
    assert sorted(str(m["To"]) for m in notices.values()) == [p.email for p in players(4)]
    text = body(notices[min(notices)])
    assert "moved the deadline of turn 1 in game g1" in text
    assert f"{parse_iso(after):%a %d %b %Y %H:%M} UTC" in text


def test_extend_after_a_passed_deadline_counts_from_now(tmp_path: Path) -> None:
    make(tmp_path / "games")  # its deadline passed long ago
    run(tmp_path, "extend", "g1", "24")
    after = status(tmp_path)["deadline"]
    assert isinstance(after, str)
    ahead = parse_iso(after) - datetime.now(timezone.utc)
    assert timedelta(hours=23) < ahead <= timedelta(hours=24)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("extend", "g1", "0"), "wtg: HOURS must be a number of hours above 0 and at most 8784\n"),
        (
            ("extend", "g1", "nan"),
            "wtg: HOURS must be a number of hours above 0 and at most 8784\n",
        ),
        (("extend", "nosuch", "5"), "wtg: "),
        (("rollback", "g1", "--to", "3"), "wtg: cannot roll back to turn 3: the game is at turn"),
        (
            ("rollback", "g1", "--to", "0"),
            "wtg: game g1 is at turn 0 already, where it began: no turn has run yet, so there "
            "is none to go back on\n",
        ),
        (
            ("announce", "g1"),
            "wtg: the announcement to g1 has no TEXT: give it after the game, in quotes (`wtg "
            "announce g1 'TEXT'`; `-` reads it from standard input); nothing was queued\n",
        ),
        (
            ("announce", "g1", "  "),
            "wtg: the announcement is empty: give its text (`wtg announce g1 'TEXT'`; `-` "
            "reads it from standard input); nothing was queued\n",
        ),
        (
            ("announce", "--all", ""),
            "wtg: the announcement is empty: give its text (`wtg announce --all 'TEXT'`; `-` "
            "reads it from standard input); nothing was queued\n",
        ),
        (("announce", "gl"), "wtg: no game 'gl' in the games folder "),  # g1 mistyped
        (
            ("announce", "the server moves tonight"),
            "wtg: the announcement has no GAME: 'the server moves tonight' is no game of the "
            "host; give the game before the text (`wtg announce GAME 'the server moves "
            "tonight'`), or --all for every running game; nothing was queued\n",
        ),
        (("hold", "nosuch"), "wtg: "),
    ],
)
def test_bad_input_is_one_line(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    """Each says what to do (an announcement without its text or its game said only "give
    GAME and TEXT", an empty one "the announcement is empty"), and nothing is queued."""
    make(tmp_path / "games")
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@example.org\n")
    result = CliRunner().invoke(main, ["--config", str(config), *args], catch_exceptions=False)
    assert result.exit_code == 1
    said = message.replace("`wtg ", f"`wtg --config {config} ")  # each command as given
    assert result.output.startswith(said) and result.output.count("\n") == 1
    assert list((tmp_path / "games" / ".mail" / "outbox").rglob("announce-*")) == []


def test_extend_a_game_without_deadlines_says_so(tmp_path: Path) -> None:
    create_game(tmp_path / "games" / "g1", "wok4", "small", players(2), 7)
    result = run(tmp_path, "extend", "g1", "5", code=1)
    assert result.output.startswith("wtg: game g1 has no deadline (made without --every")


# --- preview ----------------------------------------------------------------------------------
def test_preview_writes_the_turn_and_leaves_the_game_folder_as_it_was(tmp_path: Path) -> None:
    game = make(tmp_path / "games", when=datetime.now(timezone.utc)).typed(WOK4)
    for player in (1, 2, 3):
        game.submit_all(filled_aof(game, player), via="mail")
    before = tree_hash(tmp_path / "games")
    out = tmp_path / "preview"
    said = run(tmp_path, "run-turn", "g1", "--preview", out).stdout
    assert said.startswith(f"turn 1 of game g1 previewed in {out}: ")
    assert "4 reports; nothing committed, no mail queued" in said
    assert tree_hash(tmp_path / "games") == before  # the game folder, the spool: every byte
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    for name in ("state.json", "events.json", "topten.txt", "turn.json"):
        assert name in written
    assert [f"reports/p{n:02d}.txt" in written for n in (1, 2, 3, 4)] == [True] * 4
    assert [f"aofs/p{n:02d}.txt" in written for n in (1, 2, 3, 4)] == [True] * 4
    assert [f"orders/p{n:02d}.yaml" in written for n in (1, 2, 3)] == [True] * 3
    # the preview is the turn: run it for real and the state, events and reports match
    moment = parse_iso(json.loads((out / "turn.json").read_text())["ran_at"])
    copy = tmp_path / "copy" / "g1"
    shutil.copytree(game.store.root, copy)
    open_game(copy).run_turn(now=moment)
    ran = copy / "turns" / "0001"
    for name in ("state.json", "events.json", "reports/p01.txt", "reports/p04.txt"):
        assert (out / name).read_bytes() == (ran / name).read_bytes(), name
    assert game.latest_turn() == 0 and len(game.store.pending_orders(1)) == 3


def test_preview_needs_an_empty_folder_outside_the_game_and_works_on_a_held_game(
    tmp_path: Path,
) -> None:
    make(tmp_path / "games")
    inside = tmp_path / "games" / "g1" / "preview"
    refused = run(tmp_path, "run-turn", "g1", "--preview", inside, code=1)
    assert refused.output == f"wtg: {inside} is inside the game folder: give a folder outside it\n"
    assert not inside.exists()
    full = tmp_path / "full"
    full.mkdir()
    (full / "keep.txt").write_text("mine")
    refused = run(tmp_path, "run-turn", "g1", "--preview", full, code=1)
    assert refused.output == f"wtg: {full} exists and is not an empty folder\n"
    run(tmp_path, "hold", "g1")
    assert "previewed" in run(tmp_path, "run-turn", "g1", "--preview", tmp_path / "p").stdout


def test_a_preview_given_again_into_its_folder_says_to_remove_the_earlier_one(
    tmp_path: Path,
) -> None:
    """gmtrial39: a preview, an order corrected, the same preview again (the shell's arrow
    key) was refused `exists and is not an empty folder` alone. The folder of an earlier
    preview is named so, with what to do; it is not written over, and a folder of the GM's
    own that holds anything else is refused as before."""
    make(tmp_path / "games")
    out = tmp_path / "g1-preview"
    run(tmp_path, "run-turn", "g1", "--preview", out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    refused = run(tmp_path, "run-turn", "g1", "--preview", out, code=1)
    assert refused.output == (
        f"wtg: {out} exists and is not an empty folder: it holds an earlier preview (its "
        "turn.json and reports/), which a preview does not write over; remove it first "
        f"(rm -r {out}) to preview into it again, or give another folder\n"
    )
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    (out / "notes.txt").write_text("mine")
    refused = run(tmp_path, "run-turn", "g1", "--preview", out, code=1)
    assert refused.output == f"wtg: {out} exists and is not an empty folder\n"


# --- announce -------------------------------------------------------------------------------
def quit_player(game: Game, player: int) -> None:
    """The player sends QUIT, and the turn runs."""
    game.submit(f"player: {player}\nturn: {game.latest_turn() + 1}\nquit: true\n")
    game.run_turn()


def test_announce_goes_to_the_players_of_a_game_but_not_to_one_who_quit(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    quit_player(game, 2)
    assert [p["status"] for p in status(tmp_path)["players"]] == [  # type: ignore[attr-defined]
        "active",
        "quit",
        "active",
        "active",
    ]
    said = run(tmp_path, "announce", "g1", "The server moves on Sunday.").stdout
    assert (
        said == f"announcement queued for 3 players of 1 game (`{head(tmp_path)} send` mails it)\n"
    )
    mails = queued(tmp_path, "announce-")
    assert sorted(str(m["To"]) for m in mails.values()) == [
        "ann@example.org",
        "cid@example.org",
        "dee@example.org",
    ]
    one = next(iter(mails.values()))
    assert one["Subject"] == "[g1] a message from the GM"
    assert "The server moves on Sunday." in body(one)


def test_announce_all_reaches_every_running_game_and_reads_stdin(tmp_path: Path) -> None:
    games = tmp_path / "games"
    make(games, "g1", count=2)
    make(games, "g2", count=4)  # Ann and Bob play in both: one mail each
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@example.org\n")
    result = CliRunner().invoke(
        main, ["--config", str(config), "announce", "--all", "-"], input="Line one.\nLine two.\n"
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("announcement queued for 4 players of 2 games")
    mails = queued(tmp_path, "announce-")
    by_address = {str(m["To"]): m for m in mails.values()}
    assert sorted(by_address) == [p.email for p in players(4)]
    assert "to the players of g1, g2:" in body(by_address["ann@example.org"])
    assert "to the players of g2:" in body(by_address["cid@example.org"])
    assert "Line one.\nLine two.\n" in body(by_address["cid@example.org"])


def test_announce_all_names_a_game_whose_game_yaml_lost_a_player_and_tells_the_others(
    tmp_path: Path,
) -> None:
    """A player's entry deleted from g1's game.yaml (or its ruleset edited) stopped `wtg
    announce --all` for every game, with g1's problem alone; a game.yaml that did not
    parse was left out in silence. The other games are told; g1 is named, exit 1."""
    games = tmp_path / "games"
    one = make(games, "g1", count=2)
    make(games, "g2", count=3)
    config = one.store.root / "game.yaml"
    text = config.read_text(encoding="utf-8")
    bob = "- {id: 2, name: Bob, email: bob@example.org, code: CODE0002}\n"
    config.write_text(text.replace(bob, ""), encoding="utf-8")
    result = run(tmp_path, "announce", "--all", "The server moves on Sunday.", code=1)
    assert result.stdout == (
        f"announcement queued for 3 players of 1 game (`{head(tmp_path)} send` mails it)\n"
    )
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"wtg: {one.store.root}: cannot be read, skipped: {config}, line 8: ")
    assert "players: player 2 (Bob) is missing" in line
    mails = queued(tmp_path, "announce-")
    assert sorted(str(m["To"]) for m in mails.values()) == [p.email for p in players(3)]


def test_announce_all_with_a_game_named_first_is_refused(tmp_path: Path) -> None:
    """`wtg announce --all g1 Deadline moved` (GAME and --all at once) mailed "g1 Deadline
    moved" to the players of every game: nothing can call it back. Refused, nothing queued;
    the same text in quotes is one word, and goes to every game."""
    games = tmp_path / "games"
    make(games, "g1", count=2)
    make(games, "g2", count=2)
    refused = run(tmp_path, "announce", "--all", "G1", "Deadline", "moved", code=1)
    assert (
        "--all mails TEXT to every running game, and TEXT begins with the game g1: nothing "
        f"queued. For g1 alone: `{head(tmp_path)} announce g1 TEXT`; for every game a text "
        "that begins so: the text in quotes"
    ) in " ".join(refused.output.split())
    assert queued(tmp_path, "announce-") == {}
    done = run(tmp_path, "announce", "--all", "g1 is over: thanks to all")
    assert done.output.startswith("announcement queued for 2 players of 2 games")


# --- digest ---------------------------------------------------------------------------------
def test_digest_lists_runs_quarantine_missing_players_and_bounces(tmp_path: Path) -> None:
    game = make(tmp_path / "games", when=datetime.now(timezone.utc)).typed(WOK4)
    game.run_turn()
    for player in (1, 3, 4):
        game.submit_all(filled_aof(game, player), via="mail")
    spool = tmp_path / "games" / ".mail"
    journal = Journal(spool)
    now = datetime.now(timezone.utc)  # the poll archives a mail under the month it came in
    archive = spool / "archive" / f"{now:%Y-%m}" / "maildir-17.eml"
    journal.quarantined("maildir:17", "g1", str(archive), "ValueError: odd mail", now.timestamp())
    journal.commit()
    journal.close()
    (game.store.root / "bounces.json").write_text(
        '{"cid@example.org": {"since": "2026-11-23T10:15:02Z", "status": "5.1.1", '
        '"reason": "User unknown", "message": "maildir:18"}}\n'
    )
    text = run(tmp_path, "digest", "--mail").stdout
    assert "Turns run (2):\n  g1 turn 0 at " in text and "\n  g1 turn 1 at " in text
    assert "Orders missing:\n  g1 turn 2, deadline " in text and ": 2 Bob\n" in text
    due = status(tmp_path)["deadline"]  # said as `wtg status` and `extend` say it (round 42)
    assert isinstance(due, str) and f"  g1 turn 2, deadline {minutes(due)}: 2 Bob\n" in text
    assert f"  maildir:17  game g1\n    {archive}\n    ValueError: odd mail\n" in text
    line = "  g1 player 3 Cid <cid@example.org> since 2026-11-23 10:15 UTC: 5.1.1 User\n"
    assert line + "    unknown\n" in text  # at most 78 columns
    (mailed,) = queued(tmp_path, "digest-").values()
    assert mailed["To"].addresses[0].addr_spec == "gm@example.org" and body(mailed) == text
    # the next digest tells only what happened since: the runs are no news now
    later = run(tmp_path, "digest").stdout
    assert "Turns run" not in later and "Orders missing" in later


def test_a_flood_of_quarantined_mail_is_listed_twenty_and_counted(tmp_path: Path) -> None:
    """A stranger's flood of mail that cannot be handled: the digest lists 20 of them, as it
    lists the mail held and not answered, and counts the rest (it listed every one)."""
    (tmp_path / "games").mkdir()
    spool = tmp_path / "games" / ".mail"
    journal = Journal(spool)
    now = datetime.now(timezone.utc)
    for n in range(25):
        archive = spool / "archive" / f"{now:%Y-%m}" / f"maildir-{n}.eml"
        journal.quarantined(f"maildir:{n}", None, str(archive), "odd mail", now.timestamp() + n)
    journal.commit()
    journal.close()
    text = run(tmp_path, "digest").stdout
    assert "Mail quarantined (25; " in text
    assert len([line for line in text.splitlines() if line == "    odd mail"]) == 20
    assert "Mail quarantined and not listed (5): " in text  # of no address: bounded as one
    assert "  (no address read): 5 not listed\n" in text


def test_a_quiet_digest_with_nothing_to_tell_says_nothing(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    assert run(tmp_path, "digest", "-q", "--mail").stdout == ""
    assert queued(tmp_path, "digest-") == {}
    assert "Nothing to report" in run(tmp_path, "digest").stdout


def test_an_empty_digest_says_so_in_one_sentence_wrapped_as_prose(tmp_path: Path) -> None:
    """Its "Nothing to report" sentence was wrapped only up to its third clause ("...orders
    are / missing, / no mail bounced."): the whole sentence is wrapped within 78 columns."""
    (tmp_path / "games").mkdir()
    text = run(tmp_path, "digest").stdout
    start = text.index("Nothing to report")
    sentence = text[start : text.index("bounced.", start) + len("bounced.")]
    lines = sentence.splitlines()
    assert " ".join(lines) == (
        "Nothing to report: no turn ran, no mail was quarantined, no orders are missing, "
        "no mail bounced."
    )
    assert lines == [
        "Nothing to report: no turn ran, no mail was quarantined, no orders are",
        "missing, no mail bounced.",
    ]


def test_a_quiet_mailed_digest_is_not_printed_too(tmp_path: Path) -> None:
    """Issue 25, noticed: `digest -q --mail` under cron printed the digest and mailed it, so
    the GM got it twice (cron mails what a job prints). With -q the mail is the one copy."""
    make(tmp_path / "games", when=datetime.now(timezone.utc)).typed(WOK4).run_turn()
    assert run(tmp_path, "digest", "-q", "--mail").stdout == ""
    (mailed,) = queued(tmp_path, "digest-").values()
    assert "Turns run (2):\n  g1 turn 0 at " in body(mailed)  # made (turn 0), then turn 1


def test_a_new_reason_for_a_held_game_is_said_not_kept(tmp_path: Path) -> None:
    """Issue 25, noticed: `hold --reason` on a game held already dropped the new reason and
    said nothing of it; the GM is told the players kept the first one, and how to change it."""
    make(tmp_path / "games")
    run(tmp_path, "hold", "g1", "--reason", "GM ill")
    run(tmp_path, "send")
    again = run(tmp_path, "hold", "g1", "--reason", "GM  away till Friday").stdout
    assert "was held already" in again
    assert "queued when it was held, have left the outbox since\n" in again  # not "0 queued"
    assert 'the players were told the hold\'s reason: "GM ill"' in again
    assert "release and hold again" in again
    assert "not kept" not in run(tmp_path, "hold", "g1", "--reason", "GM ill").stdout


def test_a_reason_for_a_hold_not_mailed_yet_is_given_by_its_undo(tmp_path: Path) -> None:
    """gmtrial39: `wtg hold g1`, then at once `wtg hold g1 --reason ...` (the reason
    forgotten the first time) was told the players were told the first hold's reason and to
    release and hold again: each player would have had three notices, held, released, held.
    Its notices not mailed yet, the GM is given the undo and the hold with the reason,
    which mail the players the one notice, with the new reason."""
    make(tmp_path / "games")
    run(tmp_path, "hold", "g1")
    again = run(tmp_path, "hold", "g1", "--reason", "Bob's away").stdout
    assert "the players were told" not in again
    wtg = head(tmp_path)
    assert (
        "the reason given now was not kept: the hold's notices, which give its reason (none), "
        f"still wait in the queue; `{wtg} hold g1 --undo` takes the hold back before they are "
        f"mailed, then `{wtg} hold g1 --reason 'Bob'\"'\"'s away'` holds it with the new one"
    ) in " ".join(again.split())
    run(tmp_path, "hold", "g1", "--undo")
    run(tmp_path, "hold", "g1", "--reason", "Bob's away")
    notices = queued(tmp_path, "hold-")
    assert len(notices) == 4
    assert all("Bob's away" in body(msg) for msg in notices.values())


def released_without_a_schedule(
    tmp_path: Path,
) -> tuple[Game, dict[str, email.message.EmailMessage]]:
    """Game g1 made, its schedule taken out of game.yaml, held, then released: the game and
    the release's notices queued, by file name."""
    game = make(tmp_path / "games")
    config = game.store.root / "game.yaml"
    text = config.read_text()
    config.write_text("".join(line for line in text.splitlines(True) if "schedule:" not in line))
    run(tmp_path, "hold", "g1")
    run(tmp_path, "release", "g1")
    return game, queued(tmp_path, "release-")


def test_a_release_tells_of_a_deadline_that_passed_while_held_when_none_is_moved(
    tmp_path: Path,
) -> None:
    """A release moves a deadline that passed a whole turn on by the game's schedule: with
    none (the GM took `schedule:` out of game.yaml), the coming turn keeps the deadline its
    turn file has (here passed before the hold already). The notice's branch for a deadline
    passed is reached: the players are told, and the turn runs at the next cron."""
    game, releases = released_without_a_schedule(tmp_path)
    assert len(releases) == 4
    told = body(releases[min(releases)])
    assert (
        "The deadline of turn 1, Wed 08 Jan 2020 18:00 UTC, passed while the game\n"
        "was held: the turn runs at the next run of the turn generator.\n"
    ) in told
    summary = run_due(load_config(tmp_path / "wtg.yaml"), jobs=1)
    assert [r.outcome.value for r in summary.games()] == ["ran"]
    assert game.latest_turn() == 1


def test_the_lines_of_hold_and_release_are_those_docs_gm_md_quotes(tmp_path: Path) -> None:
    """docs/gm.md, "wtg hold / wtg release": each command's one line, whole."""
    make(tmp_path / "games")
    held = run(tmp_path, "hold", "g1", "--reason", "a bug in the rules").stdout
    since = json.loads((tmp_path / "games" / "g1" / "held.json").read_text())["since"]
    assert held == (
        f"game g1 held since {minutes(since)}; 4 notices queued for the players "
        f"(`{head(tmp_path)} send` mails them)\n"
    )
    released = run(tmp_path, "release", "g1").stdout
    deadline = parse_iso(str(status(tmp_path)["deadline"]))  # moved: it had passed
    assert released == (
        f"game g1 released; turn 1 is due {deadline:%Y-%m-%d %H:%M} UTC; 4 notices queued "
        f"for the players (`{head(tmp_path)} send` mails them)\n"
    )


def test_the_release_notice_of_a_deadline_passed_keeps_to_78_columns(tmp_path: Path) -> None:
    """'The deadline of turn 1, Wed 08 Jan 2020 18:00 UTC, passed while the game was held:'
    was a line of 83 in every player's mail: the notice had its line breaks written in, a
    deadline's words between them. It is wrapped at its words now."""
    _game, releases = released_without_a_schedule(tmp_path)
    for name in releases:
        told = body(releases[name])
        assert max(len(line) for line in told.splitlines()) <= 78, told
        assert (
            "The deadline of turn 1, Wed 08 Jan 2020 18:00 UTC, passed while the game was "
            "held: the turn runs at the next run of the turn generator."
        ) in " ".join(told.split())


def test_the_notices_of_a_game_with_a_long_name_keep_to_78_columns(
    tmp_path: Path,
) -> None:
    """A game's name may have 64 characters: 'the GM has moved the deadline of turn 1 in game
    <name>:' ran to 100, its line breaks written in around the name; the rollback's first
    line likewise."""
    name = "the-autumn-league-of-kaomaris-second-division-group-b"
    now = datetime.now(timezone.utc)
    due = (now + timedelta(hours=30)).replace(second=0, microsecond=0)
    schedule = make_schedule(2, f"{due:%H:%M}", "UTC", first=f"{due:%Y-%m-%d}")
    create_game(
        tmp_path / "games" / name, "wok4", "small", players(4), 7, schedule=schedule, now=now
    )
    run(tmp_path, "extend", name, "36")
    notices = queued(tmp_path, "extend-")
    text = body(notices[min(notices)])
    assert max(len(line) for line in text.splitlines()) <= 78, text
    assert f"the GM has moved the deadline of turn 1 in game {name}: it is now " in " ".join(
        text.split()
    )
    run(tmp_path, "run-turn", name, "--now", "--unmailed")
    run(tmp_path, "rollback", name, "--to", "0")
    told = queued(tmp_path, "rollback-")
    text = body(told[min(told)])
    assert max(len(line) for line in text.split("Hello")[1].split("\n\n")[1].splitlines()) <= 78
    assert f"the GM has rolled game {name} back to the end of turn 0:" in " ".join(text.split())


def test_extend_a_game_without_deadlines_says_how_to_give_it_some(tmp_path: Path) -> None:
    """It said `there is none to move` and no more: the GM who meant the game to have
    deadlines was not told how to give it some, nor how its turn runs meanwhile."""
    create_game(tmp_path / "games" / "g1", "wok4", "small", players(2), 7)
    result = run(tmp_path, "extend", "g1", "5", code=1)
    first = make_schedule(2, "18:00", "Europe/Vienna").first
    assert result.output == (
        "wtg: game g1 has no deadline (made without --every, or its turn 0 has none): there "
        "is none to move; to give it deadlines, write a schedule into its game.yaml "
        f"(schedule: {{every_days: 2, at: '18:00', timezone: Europe/Vienna, first: '{first}'}}, "
        'first the day of the first deadline: docs/gm.md, "Editing game.yaml by hand"); '
        "meanwhile its turn runs once every player is READY, or by "
        f"`{head(tmp_path)} run-turn g1 --now`\n"
    )
    game_yaml = tmp_path / "games" / "g1" / "game.yaml"
    written = f"schedule: {{every_days: 2, at: '18:00', timezone: Europe/Vienna, first: '{first}'}}"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace("schedule: null", written), "utf-8"
    )
    assert "NO DEADLINE: its turn 0 set none" in run(tmp_path, "status", "g1").output


def test_a_rollback_s_turn_given_without_to_says_how_to_give_it(tmp_path: Path) -> None:
    """`wtg rollback g1 2` (the turn typed as `extend g1 24` takes its hours): click said
    'Got unexpected extra argument (2)' and the GM had to find --to in the help. It says
    the command to give; nothing was rolled back."""
    make(tmp_path / "games")
    before = status(tmp_path)["turn"]
    refused = run(tmp_path, "rollback", "g1", "0", code=2)
    assert refused.stderr.endswith(
        f"Error: the turn to go back to goes with --to: `{head(tmp_path)} rollback g1 --to 0` "
        "(turn 0 is the latest again); nothing was rolled back\n"
    )
    assert status(tmp_path)["turn"] == before
    given = run(tmp_path, "rollback", "g1", "--to", "0", "1", code=2)
    assert "Got unexpected extra argument (1)" in given.stderr  # a turn given: as it was
    word = run(tmp_path, "rollback", "g1", "back", code=2)
    assert "Got unexpected extra argument (back)" in word.stderr  # no turn: as it was


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        (["new-code", "g1", "2"], "new-code g1 --player 2"),
        (["aof", "g1", "2"], "aof g1 --player 2"),
        (["report", "g1", "3"], "report g1 --player 3"),
    ],
)
def test_a_seat_typed_without_player_says_how_to_give_it(
    tmp_path: Path, typed: list[str], meant: str
) -> None:
    """gmtrial39: `wtg new-code g1 2`, as `wtg offer-seat g1 2` takes its seat: click said
    `Missing option '--player'` (or `Got unexpected extra argument (2)`) and the GM had to
    find the option in the help. It says the command to give; nothing was done."""
    make(tmp_path / "games")
    before = queued(tmp_path, "")
    refused = run(tmp_path, *typed, code=2)
    assert refused.stderr.endswith(
        f"Error: the player's number goes with --player: `{head(tmp_path)} {meant}`; nothing "
        "was done\n"
    )
    assert queued(tmp_path, "") == before  # no new code mailed
    given = run(tmp_path, "aof", "g1", "--player", "1", "2", code=2)
    assert "Got unexpected extra argument (2)" in given.stderr  # a player given: as it was


def test_a_seat_offered_with_player_says_the_seat_is_a_word_of_its_own(tmp_path: Path) -> None:
    """gmtrial39: `wtg offer-seat g1 --player 2`, as `wtg new-code g1 --player 2` takes a
    seat: click listed the commands that take --player. It says the command to give."""
    make(tmp_path / "games")
    refused = run(tmp_path, "offer-seat", "g1", "--player", "2", code=2)
    assert refused.stderr.endswith(
        "Error: No such option '--player': wtg offer-seat takes the seat as a word of its own, "
        f"after the game: `{head(tmp_path)} offer-seat g1 2`\n"
    )
    # `--player=2` said the old list of the commands that take --player: told alike
    joined = run(tmp_path, "offer-seat", "g1", "--player=2", code=2)
    assert joined.stderr == refused.stderr


def test_a_hold_s_reason_given_without_reason_says_how_to_give_it(tmp_path: Path) -> None:
    """`wtg hold g1 "the server moves"` (the reason typed as announce takes its text): click
    said 'Got unexpected extra argument (the server moves)' and the GM had to find
    --reason in the help. It says the command to give, quoted as the shell reads it;
    nothing was held."""
    make(tmp_path / "games")
    refused = run(tmp_path, "hold", "g1", "the server's moving", code=2)
    assert refused.stderr.endswith(
        f"Error: a hold's reason goes with --reason: `{head(tmp_path)} hold g1 --reason 'the "
        "server'\"'\"'s moving'` (the players' notice says it); nothing was held\n"
    )
    words = run(tmp_path, "hold", "g1", "server", "moves", code=2)
    assert f"`{head(tmp_path)} hold g1 --reason 'server moves'` (the" in words.stderr
    assert status(tmp_path)["held"] is False
    given = run(tmp_path, "hold", "g1", "--reason", "moves", "extra", code=2)
    assert "Got unexpected extra argument (extra)" in given.stderr  # a reason given: as it was


def test_a_rollback_to_the_latest_turn_says_which_turn_to_give(tmp_path: Path) -> None:
    """`wtg rollback g1 --to 2` of a game at turn 2 (its status says orders for turn 3;
    the GM meant to take turn 2 back) said only "is at turn 2 already": it names the
    rollback that takes the latest turn back, and says nothing was rolled back."""
    game = make(tmp_path / "games", when=datetime.now(timezone.utc) - timedelta(days=9))
    game.run_turn()
    game.run_turn()
    said = run(tmp_path, "rollback", "g1", "--to", "2", code=1).output
    assert said == (
        "wtg: game g1 is at turn 2 already: nothing was rolled back; "
        f"`{head(tmp_path)} rollback g1 --to 1` takes turn 2 back (`{head(tmp_path)} status "
        "g1` names the coming turn, 3, the one after the latest)\n"
    )
    assert open_game(game.store.root).latest_turn() == 2


def test_a_deadline_moved_while_the_game_is_held_says_the_hold_stands(tmp_path: Path) -> None:
    """`wtg extend g1 48` of a held game (time for the players once the server has moved):
    the notice said only the new deadline, after the hold's notice had said no turn runs
    while held; the GM's line said nothing of the hold. Both say the game is held."""
    make_due_in(tmp_path / "games", 30)
    run(tmp_path, "hold", "g1", "--reason", "the server moves")
    said = run(tmp_path, "extend", "g1", "48").stdout
    assert said.endswith(
        f"; the game is held: no turn runs until `{head(tmp_path)} release g1`, whatever the "
        "deadline\n"
    )
    notices = queued(tmp_path, "extend-")
    text = " ".join(body(notices[min(notices)]).split())
    assert (
        "The game is on hold: no turn runs until the GM lifts the hold, whatever the "
        "deadline, and you will be told then."
    ) in text
    run(tmp_path, "release", "g1")
    run(tmp_path, "extend", "g1", "24")
    later = queued(tmp_path, "extend-")
    assert len(later) == 8
    assert all("on hold" not in body(m) for n, m in later.items() if n not in notices)
