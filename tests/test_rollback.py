"""`wtg rollback GAME --to N` (issue 17, item 4): back to the state after turn N, the turns
after it kept in the game's archive/ folder, the orders turn N+1 ran with pending again
(READY taken off), the players told; a turn run afterwards is the turn a fresh run from N
with the same seed and orders gives; a crash at any step leaves the game as it was or
rolled back, never in between."""

from __future__ import annotations

import email
import email.policy
import json
import os
import shutil
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.shipped import WOK4
from tests.test_gm_controls import minutes
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.files.store import GameStore, StoreError
from wtg.game.engine import Game, create_game, open_game
from wtg.game.orderfiles import read_order_file
from wtg.game.schedule import iso, local_text, make_schedule
from wtg.gm.control import rollback
from wtg.gm.gamestatus import game_status
from wtg.host.config import config_from_data
from wtg.mail.outgoing.sender import send
from wtg.mail.servers.transport import delivered
from wtg.rules.wok.state import WokState

NOW = datetime(2026, 3, 2, 12, tzinfo=timezone.utc)


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``: its path there and its bytes (the lock file aside)."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def under(files: dict[str, bytes], prefix: str, keep: str = "") -> dict[str, bytes]:
    """The files under ``prefix``, by their path there (``keep`` put before it)."""
    return {keep + k.removeprefix(prefix): v for k, v in files.items() if k.startswith(prefix)}


def new_game(root: Path) -> Game[WokState]:
    schedule = make_schedule(2, "18:00", "UTC", now=NOW)
    return create_game(root, "wok4", "small", players(4), 11, schedule=schedule, now=NOW).typed(
        WOK4
    )


def send_orders(game: Game[WokState], only: tuple[int, ...] | None = None) -> None:
    """Each player who owes orders (or those of ``only``) mails a filled AOF marked READY."""
    for player in game.ruleset.owing(game.state()):
        if only is None or player in only:
            game.submit_all(filled_aof(game, player), via="mail")


def play(game: Game[WokState], turns: int) -> None:
    for _ in range(turns):
        send_orders(game)
        turn = game.latest_turn() + 1
        game.run_turn(now=NOW + timedelta(hours=turn))


def test_rollback_goes_back_to_turn_n_and_archives_the_turns_after(tmp_path: Path) -> None:
    game = new_game(tmp_path / "g1")
    play(game, 3)
    send_orders(game, only=(1, 2))  # pending for turn 4
    before = tree(game.store.root)
    done, new = rollback(game, 1, NOW + timedelta(hours=4))
    assert new and (done.to, done.latest, done.restored) == (1, 3, (1, 2, 3, 4))
    assert game.latest_turn() == 1 and game.store.turns() == [0, 1]
    assert game.state_view() == game.ruleset.state_from_dict(
        json.loads(before["turns/0001/state.json"])
    )
    after = tree(game.store.root)
    kept = f"archive/{done.ident}/"
    for turn in ("0002", "0003"):  # every byte of each later turn, in the archive
        assert under(after, f"{kept}turns/{turn}/") == under(before, f"turns/{turn}/")
        assert not any(k.startswith(f"turns/{turn}/") for k in after)
    assert under(after, f"{kept}pending/0004/") == under(before, "pending/0004/")
    assert not any(k.startswith("pending/0004/") for k in after)
    assert sorted(under(after, kept)) == sorted(
        [f"turns/{k}" for k in under(before, "turns/") if k[:4] in ("0002", "0003")]
        + [f"pending/0004/{k}" for k in under(before, "pending/0004/")]
        + ["rollback.json"]
        + [f"rewritten/reports/p{seat:02d}.txt" for seat in (1, 2, 3, 4)]
        + [f"replaced/reports/p{seat:02d}.txt" for seat in (1, 2, 3, 4)]
        + ["replaced/turn.json"]
    )
    # turn 1's reports written anew, with the deadline it sets (still ahead: the same)
    assert under(after, f"{kept}rewritten/") == under(after, "turns/0001/reports/", "reports/")
    assert under(after, "turns/0001/reports/") == under(before, "turns/0001/reports/")
    record = json.loads(after[f"{kept}rollback.json"])
    assert record["to"] == 1 and record["from"] == 3 and record["restored"] == [1, 2, 3, 4]
    # the orders turn 2 ran with are pending again, as sent but for READY
    received = under(before, "turns/0002/received/")
    pending = under(after, "pending/0002/")
    assert sorted(pending) == sorted(received)
    for name, text in pending.items():
        if name.endswith(".yaml"):
            assert text == received[name].replace(b"ready: true", b"ready: false")
    status = game_status(game)
    assert status["turn"] == 2
    assert [(p["orders"], p["ready"]) for p in status["players"]] == [(True, False)] * 4


def test_what_the_lock_session_read_is_forgotten_by_a_rollback(tmp_path: Path) -> None:
    """A lock session keeps the latest turn and the turn files it read (a poll reads them
    once for a batch); a rollback under that same lock moves turns away, so what was kept
    must not outlive it: the latest turn and the state are read anew."""
    game = new_game(tmp_path / "g1")
    play(game, 3)
    with game.store.lock():
        assert game.latest_turn() == 3 and game.state_view().turn == 3
        rollback(game, 1, NOW + timedelta(hours=4))
        assert game.latest_turn() == 1
        assert game.state_view().turn == 1


def test_a_turn_run_after_a_rollback_is_a_fresh_run_from_n(tmp_path: Path) -> None:
    """DESIGN.md: "Running the same turn twice gives byte-identical state and reports"."""
    game = new_game(tmp_path / "g1")
    play(game, 1)
    fresh = open_game(Path(shutil.copytree(game.store.root, tmp_path / "fresh" / "g1")))
    play(game, 2)
    ran_before = tree(game.store.turn_dir(2))
    done, _new = rollback(game, 1, NOW + timedelta(hours=4))
    moment = NOW + timedelta(hours=5)
    assert game.run_turn(now=moment) == 2
    archived = game.store.root / "archive" / done.ident / "turns" / "0002" / "received"
    shutil.copytree(archived, fresh.store.pending_dir(2))
    assert fresh.run_turn(now=moment) == 2
    again, once = tree(game.store.turn_dir(2)), tree(fresh.store.turn_dir(2))
    same = [k for k in once if not k.startswith(("orders/", "received/"))]
    assert len(same) > 8 and {k: again[k] for k in same} == {k: once[k] for k in same}
    for name in (k for k in once if k.startswith("orders/") and k.endswith(".yaml")):
        fresh_orders = read_order_file(fresh.store.turn_dir(2) / name)[1]
        assert isinstance(fresh_orders, dict)
        assert read_order_file(game.store.turn_dir(2) / name)[1] == {**fresh_orders, "ready": False}
    # and the state and events are those of the run the rollback voided
    for name in ("state.json", "events.json", "topten.txt"):
        assert again[name] == ran_before[name]


def run_cli(root: Path, *args: object) -> str:
    """`wtg ARGS` with a config whose games_dir is ``root`` (the notices need its from)."""
    config = root.parent / "wtg.yaml"
    config.write_text(f"games_dir: {root.name}\nfrom: gm@example.org\n", encoding="utf-8")
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    result = CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*map(str, args)])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_players_are_told_each_with_his_report_of_turn_n(tmp_path: Path) -> None:
    game = new_game(tmp_path / "games" / "g1")
    play(game, 2)
    said = run_cli(tmp_path / "games", "rollback", "g1", "--to", "1")
    assert said.startswith("game g1 rolled back to turn 1 (turn 2 kept in archive/")  # not "2-2"
    deadline = open_game(tmp_path / "games" / "g1").deadline()
    assert deadline is not None
    assert (
        f"orders of 4 players pending again for turn 2; turn 2 is due "
        f"{deadline:%Y-%m-%d %H:%M} UTC; 4 notices queued" in said
    )
    queue = tmp_path / "games" / ".mail" / "outbox" / "queue"
    mails = [
        email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
        for p in sorted(queue.glob("rollback-*.eml"))
    ]
    assert [str(m["To"]) for m in mails] == [p.email for p in players(4)]
    first = mails[0]
    assert first["Subject"] == "[g1] the game is back at turn 1"
    part = first.get_body(preferencelist=("plain",))
    assert part is not None
    text = str(part.get_content()).replace("\r\n", "\n")
    assert "rolled game g1 back to the end of turn 1:\nturn 2 no longer counts." in text
    assert "The orders you sent for turn 2 are on file again, no longer marked\nREADY" in text
    assert game.report(1, 1) in text
    again = run_cli(tmp_path / "games", "rollback", "g1", "--to", "1")
    assert "was rolled back already" in again and "0 notices queued" in again


def test_send_mails_the_reports_of_a_turn_run_again(tmp_path: Path) -> None:
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    game = new_game(gm.games_dir / "g1")
    assert send(gm, now=NOW).queued == 4  # turn 0 (a game never mailed past it: copied in)
    play(game, 2)
    assert send(gm, now=NOW).queued == 8  # turns 1 and 2
    rollback(game, 1, NOW + timedelta(hours=4))
    assert send(gm, now=NOW).queued == 0
    game.run_turn(now=NOW + timedelta(hours=5))
    summary = send(gm, now=NOW)
    assert (summary.queued, summary.sent) == (4, 4)
    mails = [email.message_from_bytes(p.read_bytes()) for p in delivered(gm.maildir_out)]
    subjects = sorted(str(m["Subject"]) for m in mails if "-g1." in str(m["Message-ID"]))
    assert subjects == [f"[g1] turn 2 report for {p.name}" for p in players(4)]
    assert send(gm, now=NOW).queued == 0
    # the GM may clear outbox/sent whenever he likes: nothing is mailed twice all the same
    shutil.rmtree(gm.spool / "outbox" / "sent")
    assert send(gm, now=NOW).queued == 0
    game.run_turn(now=NOW + timedelta(hours=6))
    assert send(gm, now=NOW).queued == 4


def test_send_mails_the_reports_of_a_turn_rerun_once_each_time(tmp_path: Path) -> None:
    """A GM corrects orders and reruns the last turn (``run-turn --rerun``): the players get
    the new reports (new mails, ``-rN``), once each rerun, and earlier turns not again."""
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    game = new_game(gm.games_dir / "g1")
    assert send(gm, now=NOW).queued == 4  # turn 0 (a game never mailed past it: copied in)
    play(game, 2)
    assert send(gm, now=NOW).queued == 8  # turns 1 and 2
    game.run_turn(rerun=True)
    summary = send(gm, now=NOW)
    assert (summary.queued, summary.sent) == (4, 4)
    mails = [email.message_from_bytes(p.read_bytes()) for p in delivered(gm.maildir_out)]
    rerun = sorted(
        str(m["Subject"])
        for m in mails
        if "-t0002-" in str(m["Message-ID"]) and "-r1." in str(m["Message-ID"])
    )
    assert rerun == [f"[g1] turn 2 report for {p.name}" for p in players(4)]
    assert send(gm, now=NOW).queued == 0
    game.run_turn(rerun=True)
    assert send(gm, now=NOW).queued == 4  # the second rerun: mailed again
    game.run_turn(now=NOW + timedelta(hours=6))
    assert send(gm, now=NOW).queued == 4  # turn 3, as usual


def test_a_rerun_turn_is_mailed_though_the_next_turn_ran_before_a_send(tmp_path: Path) -> None:
    """The GM reruns the last turn and runs the next one before any send (by hand, or cron
    at the deadline): the rerun's reports go out all the same, beside the next turn's (they
    were lost: the send looked for reruns of the latest turn alone)."""
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    game = new_game(gm.games_dir / "g1")
    assert send(gm, now=NOW).queued == 4  # turn 0 (a game never mailed past it: copied in)
    play(game, 2)
    assert send(gm, now=NOW).queued == 8  # turns 1 and 2
    game.run_turn(rerun=True)
    game.run_turn(now=NOW + timedelta(hours=6))
    summary = send(gm, now=NOW)
    assert (summary.queued, summary.sent) == (8, 8)
    mails = [email.message_from_bytes(p.read_bytes()) for p in delivered(gm.maildir_out)]
    rerun = sorted(str(m["Subject"]) for m in mails if "-t0002-" in str(m["Message-ID"]))
    assert rerun == sorted(2 * [f"[g1] turn 2 report for {p.name}" for p in players(4)])
    assert (
        sum("-t0002-" in str(m["Message-ID"]) and "-r1." in str(m["Message-ID"]) for m in mails)
        == 4
    )
    assert sum("-t0003-" in str(m["Message-ID"]) for m in mails) == 4
    assert send(gm, now=NOW).queued == 0
    game.run_turn(now=NOW + timedelta(hours=12))
    assert send(gm, now=NOW).queued == 4  # turn 4 alone: turn 2's rerun is not mailed again


class Crash(BaseException):
    """A crash in the middle of a rollback (nothing may catch it)."""


def crashing_rename(after: int) -> Callable[..., Any]:
    """``os.rename`` that crashes at its call number ``after`` + 1."""
    real = os.rename
    calls = [0]

    def rename(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] > after:
            raise Crash
        return real(*args, **kwargs)

    return rename


@pytest.mark.parametrize("crash_at", [0, 1, 2, 3, 4, "marker"])
def test_a_crash_at_any_step_leaves_the_game_before_or_after(
    tmp_path: Path, crash_at: int | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five renames (the archive folder into place: from here on the rollback counts; the
    pending orders, turns 3 and 2 into it; the restored orders back), then the marker
    removed: a crash before each, recovered by the next writer's lock."""
    template = new_game(tmp_path / "template" / "g1")
    play(template, 3)
    send_orders(template, only=(3,))
    moment = NOW + timedelta(hours=4)
    done = shutil.copytree(template.store.root, tmp_path / "done" / "g1")
    rollback(open_game(done), 1, moment)
    before, after = tree(template.store.root), tree(done)
    root = shutil.copytree(template.store.root, tmp_path / "crashed" / "g1")
    if crash_at == "marker":
        monkeypatch.setattr(Path, "unlink", crashing_rename(0))
    else:
        monkeypatch.setattr(os, "rename", crashing_rename(int(crash_at)))
    with pytest.raises(Crash):
        rollback(open_game(root), 1, moment)
    monkeypatch.undo()
    with GameStore(root).lock():  # the next writer finishes or undoes it
        pass
    assert tree(root) == (before if crash_at == 0 else after)
    assert not [p for p in (root / "archive").iterdir() if p.name.startswith(".")]


SET_ASIDE = "ORDERS SET ASIDE WHEN THE TURN RAN (they no longer passed the checks)\n"


def test_after_a_rollback_every_place_shows_the_deadline_orders_are_due_by_now(
    tmp_path: Path,
) -> None:
    """Turn 2 was due in March 2026, long past when the GM rolls back to turn 1 (the clock's
    time): the rollback sets the schedule's next deadline. Before the fix `wtg status`, the
    notice's line and turn 2's run went by the new one while turn 1's reports (those the
    notices carry, `wtg report`, a player's REPORT) still said the old one. Every place
    says the deadline orders are now due by, and the reports written again say all they
    said (Ada's trade set aside when turn 1 ran, with its reason)."""
    games = tmp_path / "games"
    game = new_game(games / "g1")
    send_orders(game)
    path = game.store.pending_orders(1)[1]
    path.write_text(path.read_text() + "trade: [175]\n")  # the GM's hand
    game.run_turn(now=NOW + timedelta(hours=1))
    play(game, 1)
    first = game.deadline(1)
    assert first is not None and first < datetime.now(timezone.utc)
    old_line = f"DEADLINE FOR YOUR TURN 2 ORDERS: {local_text(first, 'UTC')}\n"
    said = {seat: game.report(seat, 1) for seat in (1, 2, 3, 4)}
    assert all(old_line in text for text in said.values())
    assert said[1].count(SET_ASIDE) == 1

    run_cli(games, "rollback", "g1", "--to", "1")

    game = open_game(games / "g1").typed(WOK4)
    due = game.deadline()
    assert due is not None and due > datetime.now(timezone.utc)
    schedule = game.config.schedule
    assert schedule is not None and due == schedule.next_after(due - timedelta(seconds=1))
    new_line = f"DEADLINE FOR YOUR TURN 2 ORDERS: {local_text(due, 'UTC')}\n"
    for seat, text in said.items():
        report = game.report(seat, 1)
        assert report == text.replace(old_line, new_line)  # before the fix: the old line
        assert run_cli(games, "report", "g1", "--player", seat, "--turn", 1) == report
    status = json.loads(run_cli(games, "status", "g1", "--json"))
    assert status["deadline"] == iso(due)
    # the text as `release` and `extend` say a deadline; the JSON keeps the ISO
    assert f", deadline {due:%Y-%m-%d %H:%M} UTC\n" in run_cli(games, "status", "g1")
    queue = games / ".mail" / "outbox" / "queue"
    for seat, mail in enumerate(sorted(queue.glob("rollback-*.eml")), start=1):
        msg = email.message_from_bytes(mail.read_bytes(), policy=email.policy.default)
        part = msg.get_body(preferencelist=("plain",))
        assert part is not None
        text = str(part.get_content()).replace("\r\n", "\n")
        assert f"Turn 2 is due {local_text(due, 'UTC')}.\n" in text
        assert game.report(seat, 1) in text and new_line in text and old_line not in text

    # what the rollback wrote over is kept as it was: turn 1's reports with the old line
    # and its turn.json with the old deadline (before, written over and gone)
    (kept,) = (games / "g1" / "archive").iterdir()
    for seat, text in said.items():
        assert (kept / "replaced" / "reports" / f"p{seat:02d}.txt").read_text() == text
    meta = json.loads((kept / "replaced" / "turn.json").read_text())
    assert meta["next_deadline"] == iso(first)


def test_a_rollback_given_too_far_back_says_what_became_of_the_turn_meant(
    tmp_path: Path,
) -> None:
    """`wtg rollback g1 --to 1` given for --to 2 (a 2 a.m. typo): the turn meant, asked for
    next, was refused as past the latest ('give a turn from 0 to 0'), and nothing said it
    had been taken back nor that a rollback is not undone. The refusal says both; now that
    `--undo` puts the turns back, it names it and the rollback meant (gmslips18)."""
    game = new_game(tmp_path / "g1")
    play(game, 3)
    done, _ = rollback(game, 1, NOW + timedelta(hours=4))
    with pytest.raises(StoreError) as refused:
        rollback(game, 2, NOW + timedelta(hours=5))
    assert str(refused.value) == (
        "cannot roll back to turn 2: the game is at turn 1, so give a turn from 0 to 0; "
        f"turn 2 was taken back by the rollback to turn 1 at {minutes(done.at)} (kept in "
        f"archive/{done.ident}): `wtg rollback g1 --undo` puts turns 2-3 back as they ran, "
        "while no turn has run since, then `wtg rollback g1 --to 2`"
    )
    with pytest.raises(StoreError) as beyond:  # never run: said as before
        rollback(game, 4, NOW + timedelta(hours=5))
    assert str(beyond.value).endswith("so give a turn from 0 to 0")
    rollback(game, 0, NOW + timedelta(hours=6))
    with pytest.raises(StoreError) as at_start:  # turns ran, and were all taken back
        rollback(game, 1, NOW + timedelta(hours=7))
    assert str(at_start.value).startswith(
        "cannot roll back to turn 1: the game is at turn 0, where it began; turn 1 was "
        "taken back by the rollback to turn 0 at "
    )
    assert str(at_start.value).endswith(
        "`wtg rollback g1 --undo` puts turn 1 back as it ran, while no turn has run since"
    )


def test_a_held_game_rolled_back_says_its_deadline_waits_for_the_release(tmp_path: Path) -> None:
    """A game held (the server moves), then rolled back: each notice said "Turn 2 is due
    ...", the hold's notice "no turn runs while the game is held": a player read the later
    mail and hurried for a deadline that does not hold. It says the game is on hold."""
    game = new_game(tmp_path / "games" / "g1")
    play(game, 2)
    run_cli(tmp_path / "games", "hold", "g1", "--reason", "the server moves")
    run_cli(tmp_path / "games", "rollback", "g1", "--to", "1")
    queue = tmp_path / "games" / ".mail" / "outbox" / "queue"
    first = email.message_from_bytes(
        next(iter(sorted(queue.glob("rollback-*.eml")))).read_bytes(), policy=email.policy.default
    )
    assert isinstance(first, email.message.EmailMessage)
    part = first.get_body(preferencelist=("plain",))
    assert part is not None
    text = str(part.get_content()).replace("\r\n", "\n")
    deadline = open_game(tmp_path / "games" / "g1").deadline()
    assert deadline is not None
    due = local_text(deadline, "UTC")
    start = text.index("\nTurn 2 is due ") + 1  # a line of its own, after the orders' lines
    paragraph = text[start : text.index("\n\n", start)]
    assert " ".join(paragraph.split()) == (
        f"Turn 2 is due {due}, but the game is on hold: no turn runs until the GM lifts "
        "the hold, and you will be told then."
    ), text[:900]
    assert max(len(line) for line in paragraph.splitlines()) <= 72, paragraph
    run_cli(tmp_path / "games", "rollback", "g1", "--undo")  # the undo's notice says it too
    raw = next(iter(sorted(queue.glob("unrollback-*.eml")))).read_bytes()
    mail = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(mail, email.message.EmailMessage)
    body = mail.get_body(preferencelist=("plain",))
    assert body is not None
    words = " ".join(str(body.get_content()).split())
    assert "but the game is on hold: no turn runs until the GM lifts the hold" in words
