"""`wtg rollback GAME --undo`: a GM who rolled back one turn too far (`--to 1` for `--to 2`),
or the wrong game, had lost the later turns: "a rollback is not undone", and the turns it
took back ran again with the orders sent since. The undo puts them back as they ran while
no turn has run since, sets aside the orders sent since for the turn after the rollback's
(that turn stands), and tells the players, each with his report of the latest turn; `wtg
send` mails none of the turns put back again."""

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
from tests.test_rollback import NOW, new_game, play, send_orders, tree, under
from tests.test_takeover_turns import MOMENT, a_game_with_a_seat_taken_over
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.cli.mail import ASKED_OUT
from wtg.core.errors import GameError
from wtg.files.store import UNDO_RECORD, UNDOING
from wtg.game.engine import create_game, open_game
from wtg.game.press import Press, add_press
from wtg.game.schedule import local_text
from wtg.gm.control import rollback, undo_rollback
from wtg.gm.gamestatus import game_status
from wtg.gm.rollback import rollbacks
from wtg.gm.takeover import take_over
from wtg.host.config import GmConfig, config_from_data
from wtg.lobby.seats import resign
from wtg.mail.outgoing.sender import send
from wtg.mail.spool.runlock import only_one


def test_the_undo_puts_the_game_back_as_it_was_before_the_rollback(tmp_path: Path) -> None:
    game = new_game(tmp_path / "g1")
    play(game, 3)
    send_orders(game, only=(1, 2))  # pending for turn 4
    before = tree(game.store.root)
    done, _ = rollback(game, 1, NOW + timedelta(hours=4))
    send_orders(game, only=(3,))  # a player answers the rollback: orders for turn 2 anew
    sent_since = under(tree(game.store.root), "pending/0002/")
    assert sent_since

    undone, new = undo_rollback(game, NOW + timedelta(hours=5))

    assert new and undone.ident == done.ident and undone.undone is not None
    after = tree(game.store.root)
    # every file the game had before the rollback, byte for byte (the deadline of turn 4
    # still ahead: kept, and turn 1's reports as they were, from replaced/)
    assert {k: after.get(k) for k in before} == before
    assert all(k.startswith("archive/") for k in after if k not in before)
    kept = f"archive/{done.ident}/"
    assert under(after, f"{kept}undone/0002/") == sent_since  # set aside, not used
    assert game.latest_turn() == 3
    status = game_status(game)
    assert status["turn"] == 4
    assert [p["orders"] for p in status["players"]] == [True, True, False, False]
    assert rollbacks(game.store) == []  # it counts as never made: the mail ids as before
    assert [r.ident for r in rollbacks(game.store, undone=True)] == [done.ident]
    again, new = undo_rollback(game, NOW + timedelta(hours=6))
    assert not new and again.ident == done.ident
    assert tree(game.store.root) == after


def test_an_undo_is_refused_with_what_to_do(tmp_path: Path) -> None:
    game = new_game(tmp_path / "g1")
    play(game, 3)
    with pytest.raises(GameError, match=r"^game g1 has no rollback to undo$"):
        undo_rollback(game, NOW + timedelta(hours=4))
    done, _ = rollback(game, 1, NOW + timedelta(hours=4))
    play(game, 1)  # turn 2 ran anew since
    before = tree(game.store.root)
    with pytest.raises(GameError) as refused:
        undo_rollback(game, NOW + timedelta(hours=6))
    assert str(refused.value) == (
        f"game g1's rollback to turn 1 (at {done.at}) cannot be undone: the game went on "
        f"from it, at turn 2 now, and the turns it took back stay in archive/{done.ident}; "
        "`wtg rollback g1 --to N` goes back again"
    )
    assert tree(game.store.root) == before


def wtg(root: Path, *args: object) -> tuple[int, str]:
    config = root.parent / "wtg.yaml"
    config.write_text(f"games_dir: {root.name}\nfrom: gm@example.org\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), *map(str, args)])
    return result.exit_code, result.output


def head(root: Path) -> str:
    """How a command ``wtg`` prints begins: `wtg` and the --config given to it."""
    return f"wtg --config {root.parent / 'wtg.yaml'}"


def test_the_players_are_told_and_no_turn_is_mailed_twice(tmp_path: Path) -> None:
    gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, tmp_path)
    game = new_game(gm.games_dir / "g1")
    assert send(gm, now=NOW).queued == 4
    play(game, 3)
    assert send(gm, now=NOW).queued == 12  # turns 1 to 3
    code, said = wtg(gm.games_dir, "rollback", "g1", "--to", "1")
    assert code == 0, said
    assert send(gm, now=NOW).queued == 0  # the notices go; no report
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0, said
    game = open_game(gm.games_dir / "g1").typed(WOK4)
    due = game.deadline()
    assert due is not None and due > datetime.now(timezone.utc)  # turn 4's had passed
    (kept,) = (gm.games_dir / "g1" / "archive").iterdir()
    assert said == (
        "game g1: the rollback to turn 1 undone, the game at turn 3 again (turns 2-3 count "
        "again, as they ran; the orders pending for turn 2 set aside in "
        f"archive/{kept.name}/undone); turn 4 is due {due:%Y-%m-%d %H:%M} UTC; 4 notices "
        f"queued for the players (`{head(gm.games_dir)} send` mails them)\n"
    )
    line = f"DEADLINE FOR YOUR TURN 4 ORDERS: {local_text(due, 'UTC')}\n"
    queue = gm.games_dir / ".mail" / "outbox" / "queue"
    mails = sorted(queue.glob("unrollback-*.eml"))
    assert len(mails) == 4
    msg = email.message_from_bytes(mails[0].read_bytes(), policy=email.policy.default)
    assert msg["Subject"] == "[g1] the rollback is undone: the game is at turn 3 again"
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    text = str(part.get_content()).replace("\r\n", "\n")
    assert "undone the rollback of game g1 to turn 1:\nturns 2 to 3 count again" in text
    assert "No orders of yours for turn 4 are on file" in text
    assert f"Turn 4 is due {local_text(due, 'UTC')}.\n" in text
    assert game.report(1, 3) in text and line in text  # the report says the deadline
    assert send(gm, now=NOW).queued == 0  # turns 2 and 3 were mailed: not again
    again = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert again[0] == 0 and "was undone already" in again[1] and "0 notices" in again[1]
    play(open_game(gm.games_dir / "g1").typed(WOK4), 1)
    assert send(gm, now=NOW).queued == 4  # turn 4, as any turn
    sent = gm.games_dir / ".mail" / "outbox" / "sent"
    assert sorted(p.name for p in sent.glob("report-g1-t0004-*")) == [
        f"report-g1-t0004-p0{seat}.eml" for seat in (1, 2, 3, 4)
    ]


def test_the_options_given_wrong_say_so(tmp_path: Path) -> None:
    game = new_game(tmp_path / "games" / "g1")
    play(game, 2)
    both = wtg(tmp_path / "games", "rollback", "g1", "--to", "1", "--undo")
    assert both == (1, "wtg: --undo takes no --to: it undoes the game's last rollback\n")
    neither = wtg(tmp_path / "games", "rollback", "g1")
    assert neither[0] == 2
    given = head(tmp_path / "games")  # a usage error's commands carry the --config given
    assert neither[1].splitlines()[-1] == (  # click said only "Missing option '--to'"
        f"Error: give the turn to go back to, --to N (`{given} rollback g1 --to N`: turn N is "
        f"the latest again; `{given} status g1` names the coming turn, the one after the "
        f"latest), or --undo to undo its last rollback (`{given} rollback g1 --undo`)"
    )
    none = wtg(tmp_path / "games", "rollback", "g1", "--undo")
    assert none == (1, "wtg: game g1 has no rollback to undo\n")


def test_the_help_says_both_forms_and_when_to_is_needed() -> None:
    """`rollback --help` said of --to "required, but with --undo", read as "required,
    together with --undo", and its usage line showed neither --to N nor --undo."""
    shown = CliRunner().invoke(main, ["rollback", "--help"]).output
    assert "  wtg rollback GAME --to N   turn N becomes the game's latest turn again\n" in shown
    assert "  wtg rollback GAME --undo   the last rollback undone (too far back" in shown
    assert "Give --to N or --undo." in " ".join(shown.split())
    assert "but with --undo" not in shown


@pytest.mark.parametrize("cut", range(1, 12))
def test_an_undo_cut_short_anywhere_is_finished_by_the_next_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cut: int
) -> None:
    """Killed at the ``cut``-th rename or atomic write (undo.json, the orders set aside,
    the last turn's deadline, each turn moved back, the pending orders moved back, turn 1's
    files put back, its reports written again): the game is as before the undo (cut before
    undo.json) or the next command that takes the game's lock finishes it."""
    game = new_game(tmp_path / "whole" / "g1")
    play(game, 3)
    send_orders(game, only=(1, 2))
    rollback(game, 1, NOW + timedelta(hours=4))
    copy = Path(shutil.copytree(game.store.root, tmp_path / "cut" / "g1"))
    undo_rollback(game, NOW + timedelta(hours=5))
    whole = tree(game.store.root)

    cut_game = open_game(copy)
    before = tree(copy)
    real_rename, real_replace, calls = os.rename, os.replace, []

    def killing(real: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
        def move(source: Any, target: Any) -> None:
            calls.append(source)
            if len(calls) == cut:
                raise KeyboardInterrupt  # as a kill: nothing after it runs
            real(source, target)

        return move

    monkeypatch.setattr(os, "rename", killing(real_rename))
    monkeypatch.setattr(os, "replace", killing(real_replace))
    with pytest.raises(KeyboardInterrupt):
        undo_rollback(cut_game, NOW + timedelta(hours=5))
    monkeypatch.setattr(os, "rename", real_rename)
    monkeypatch.setattr(os, "replace", real_replace)
    (folder,) = (copy / "archive").iterdir()
    game = open_game(copy).typed(WOK4)
    with game.store.lock():
        pass
    if not (folder / UNDO_RECORD).exists():  # cut before it counted: as it was
        assert tree(copy) == before
        undo_rollback(game, NOW + timedelta(hours=5))  # the GM gives it again
    else:
        _undone, new = undo_rollback(game, NOW + timedelta(hours=6))
        assert not new
    assert not (folder / UNDOING).exists()
    assert tree(copy) == whole


def test_an_undo_cut_short_before_it_counted_changes_nothing(tmp_path: Path) -> None:
    game = new_game(tmp_path / "g1")
    play(game, 3)
    done, _ = rollback(game, 1, NOW + timedelta(hours=4))
    folder = game.store.root / "archive" / done.ident
    (folder / UNDOING).write_bytes(b"")  # killed before undo.json was written
    before = {k: v for k, v in tree(game.store.root).items() if not k.endswith(UNDOING)}
    with game.store.lock():
        assert game.latest_turn() == 1
    assert tree(game.store.root) == before
    assert [r.ident for r in rollbacks(game.store)] == [done.ident]


def test_an_undo_whose_players_were_not_told_is_named_by_status(tmp_path: Path) -> None:
    """Killed after the moves and before the notices: `wtg status` says they are owed,
    and the command given again queues them."""
    game = new_game(tmp_path / "games" / "g1")
    play(game, 3)
    rollback(game, 1, NOW + timedelta(hours=4))
    assert wtg(tmp_path / "games", "rollback", "g1", "--to", "1")[0] == 0  # its notices
    assert wtg(tmp_path / "games", "send")[0] == 0  # mailed: the players have word of it
    (kept,) = (tmp_path / "games" / "g1" / "archive").iterdir()
    undo_rollback(game, NOW + timedelta(hours=5))  # as the command killed before notices
    code, said = wtg(tmp_path / "games", "status", "g1")
    assert code == 0
    assert (
        f"NOTICES OWED: the undo of the rollback to turn 1 (archive/{kept.name}) was cut "
        f"short before any player was told: give `{head(tmp_path / 'games')} rollback g1 "
        "--undo` again (it queues them)"
    ) in said
    code, said = wtg(tmp_path / "games", "rollback", "g1", "--undo")
    assert code == 0 and "was undone already" in said and "4 notices queued" in said
    assert "NOTICES OWED" not in wtg(tmp_path / "games", "status", "g1")[1]


def test_an_undo_cut_short_before_the_reports_say_the_deadline_names_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed after the moves, the deadline of turn 4 moved (its old one long past), and
    before turn 3's reports were written again: `wtg send` holds them back and `wtg status`
    names the command to give again, the undo (it named `extend` and `release`)."""
    game = new_game(tmp_path / "games" / "g1")
    play(game, 3)
    rollback(game, 1, NOW + timedelta(hours=4))

    def killed(self: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("wtg.gm.nextdeadline.LatestTurnMeta.write_reports", killed)
    with pytest.raises(KeyboardInterrupt):
        undo_rollback(game, datetime.now(timezone.utc))
    monkeypatch.undo()
    said = wtg(tmp_path / "games", "status", "g1")[1]
    given = head(tmp_path / "games")
    assert (
        "turn's reports not yet written again to say it (wtg send holds them back): "
        f"give the `{given} rollback g1 --undo` that was cut short again"
    ) in said
    code, sent = wtg(tmp_path / "games", "send")
    assert code == 1 and f"`{given} rollback g1 --undo` was cut short" in sent
    assert wtg(tmp_path / "games", "rollback", "g1", "--undo")[0] == 0
    assert "holds them back" not in wtg(tmp_path / "games", "status", "g1")[1]


def test_an_undo_across_a_takeover_is_refused(tmp_path: Path) -> None:
    """The turns a rollback took back give seat 2 to its quitter where game.yaml gives it to
    the newcomer: put back, the newcomer's seat would be a quitter's in them. Refused,
    nothing changed, for a seat the rollback took over again and one taken over since."""
    by_it = a_game_with_a_seat_taken_over(tmp_path / "a", after=2)
    done, _ = rollback(by_it, 1, MOMENT + timedelta(hours=1))
    before = tree(by_it.store.root)
    with pytest.raises(GameError) as again:
        undo_rollback(by_it, MOMENT + timedelta(hours=2))
    assert str(again.value) == (
        "game g1's rollback to turn 1 cannot be undone: a seat was taken over again by it, at "
        f"that turn, and the turns it took back (archive/{done.ident}) do not give it to the "
        "player game.yaml names now"
    )
    assert tree(by_it.store.root) == before

    since = create_game(tmp_path / "b" / "g1", "wok4", "small", players(4), seed=7).typed(WOK4)
    since.submit("player: 2\nturn: 1\nquit: true\n")
    for _turn in range(2):
        for seat in (1, 3, 4):
            since.submit(filled_aof(since, seat))
        since.run_turn()
    done, _ = rollback(since, 1, MOMENT - timedelta(hours=1))
    take_over(since, 2, "Newcomer", "newcomer@example.org", MOMENT)
    before = tree(since.store.root)
    with pytest.raises(GameError, match="a seat was taken over since it, and the turns"):
        undo_rollback(since, MOMENT + timedelta(hours=2))
    assert tree(since.store.root) == before


def _undo_mail(queue: Path, seat: int) -> str:
    (path,) = queue.glob(f"unrollback-*-p{seat:02d}.eml")
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def test_press_sent_since_the_rollback_set_aside_is_said_to_its_writer(tmp_path: Path) -> None:
    """Public press a player sent for turn 2 after a rollback to turn 1 is kept with that
    turn's pending orders, and the undo sets them aside together: it is never printed. The
    undo's notice said only that the orders are not used, and the writer waited for his
    press to go out with the next reports."""
    gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, tmp_path)
    game = new_game(gm.games_dir / "g1")
    play(game, 3)
    code, said = wtg(gm.games_dir, "rollback", "g1", "--to", "1")
    assert code == 0, said
    game = open_game(gm.games_dir / "g1").typed(WOK4)
    press = Press(2, "Player 2", "2026-03-02 17:00 UTC", "Peace with the north, says 2.")
    with game.store.lock():
        add_press(game.store, 2, press, NOW + timedelta(hours=5))
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0, said
    (kept,) = (gm.games_dir / "g1" / "archive").iterdir()
    aside = kept / "undone" / "0002" / "press"
    assert [p.name for p in aside.iterdir()] != []  # set aside with the orders
    queue = gm.games_dir / ".mail" / "outbox" / "queue"
    said_to = {seat: _undo_mail(queue, seat) for seat in (1, 2, 3, 4)}
    line = "Your press sent for turn 2 since the rollback is not printed"
    assert line in said_to[2].replace("\n", " ")
    assert [seat for seat, text in said_to.items() if line in text.replace("\n", " ")] == [2]


def mailed_and_rolled_back(tmp_path: Path) -> GmConfig:
    """A host's game g1, turn 0's mail sent, three turns played and their mail sent, then
    rolled back to turn 1: the host's config."""
    gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, tmp_path)
    game = new_game(gm.games_dir / "g1")
    send(gm, now=NOW)
    play(game, 3)
    send(gm, now=NOW)
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "1")[0] == 0
    return gm


@pytest.mark.parametrize("cut", [2, 3, 4])
def test_an_undo_cut_short_while_it_moves_is_named_and_holds_the_reports_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cut: int
) -> None:
    """Killed after undo.json, while the turns move back (turn 2 moved and not turn 3, or
    none yet): `wtg status` showed the game at a turn half put back, its deadline long past
    and `wtg send` named to mail it, no word of the undo; `wtg send` said nothing either.
    Both name the undo to give again, as they do a rollback cut short."""
    gm = mailed_and_rolled_back(tmp_path)
    send(gm, now=NOW)
    real_rename, calls = os.rename, []

    def move(source: Any, target: Any) -> None:
        calls.append(source)
        if len(calls) == cut:
            raise KeyboardInterrupt  # as a kill: nothing after it runs
        real_rename(source, target)

    monkeypatch.setattr(os, "rename", move)
    with pytest.raises(KeyboardInterrupt):
        undo_rollback(open_game(gm.games_dir / "g1"), datetime.now(timezone.utc))
    monkeypatch.undo()
    (kept,) = (gm.games_dir / "g1" / "archive").iterdir()
    assert (kept / UNDO_RECORD).exists() and (kept / UNDOING).exists()
    line = (
        f"the undo of the rollback to turn 1 (archive/{kept.name}) was cut short before it "
        "finished and told the players (wtg send holds the game's reports "
        f"back): give `{head(gm.games_dir)} rollback g1 --undo` again"
    )
    status = wtg(gm.games_dir, "status", "g1")[1]
    assert f"NOTICES OWED: {line}" in status.replace("\n  ", " ")
    code, sent = wtg(gm.games_dir, "send")
    assert code == 1
    assert f"reports are held back: a `{head(gm.games_dir)} rollback g1 --undo` was cut" in sent
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0 and "4 notices queued" in said
    assert "NOTICES OWED" not in wtg(gm.games_dir, "status", "g1")[1]
    assert wtg(gm.games_dir, "send")[0] == 0


def test_the_rollback_s_notices_not_yet_mailed_are_taken_back_by_the_undo(
    tmp_path: Path,
) -> None:
    """Rolled back and undone before `wtg send`: the rollback's notices (the game back at
    turn 1, send orders for turn 2) went out beside the undo's, in the outbox's order (by
    maildir key, not the order queued) and the mail's, so a player could read the rollback
    last and play a turn that stands. Those not yet mailed are taken out of the queue."""
    gm = mailed_and_rolled_back(tmp_path)
    queue = gm.games_dir / ".mail" / "outbox" / "queue"
    assert len(list(queue.glob("rollback-*.eml"))) == 4
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0, said
    assert said.endswith(
        f"4 notices queued for the players (`{head(gm.games_dir)} send` mails them); the "
        "rollback's 4 "
        "notices not yet mailed taken out of the queue\n"
    )
    assert list(queue.glob("rollback-*.eml")) == []
    assert len(list(queue.glob("unrollback-*.eml"))) == 4
    result = send(gm, now=NOW)
    sent = gm.games_dir / ".mail" / "outbox" / "sent"
    assert result.queued == 0 and list(sent.glob("rollback-*.eml")) == []


def test_an_undo_beside_a_running_send_has_it_take_the_rollback_s_notices_out(
    tmp_path: Path,
) -> None:
    """A `wtg send` running (its lock held) when the undo would take the rollback's notices
    back: they stayed in the queue, to go out beside the undo's (one read last said the
    game was back at a turn it is no more), and the undo only said so. It now asks the
    send to take them out: the next send (this one ended first) mails none of them, and
    mails the undo's, each with the report of the latest turn."""
    gm = mailed_and_rolled_back(tmp_path)
    queue = gm.games_dir / ".mail" / "outbox" / "queue"
    with only_one(gm.spool, "send"):
        code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0, said
    assert said.endswith(
        f"4 notices queued for the players (`{head(gm.games_dir)} send` mails them); a wtg "
        "send is running: the rollback's 4 notices not yet mailed are taken out of the queue by "
        "it (or by the next send, if it is done first) before they go; any it had mailed "
        "already stand\n"
    )
    assert len(list(queue.glob("rollback-*.eml"))) == 4  # the send holds the queue
    result = send(gm, now=NOW)
    assert result.sent == 4
    sent = gm.games_dir / ".mail" / "outbox" / "sent"
    assert list(sent.glob("rollback-*.eml")) == []
    assert len(list(sent.glob("unrollback-*.eml"))) == 4
    assert list(queue.iterdir()) == []
    assert list((gm.games_dir / ".mail" / "outbox" / "withdrawing").iterdir()) == []
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")  # given again: nothing left
    assert code == 0 and "was undone already" in said and "taken out" not in said, said


def test_the_outbox_marks_the_notices_a_running_send_was_asked_to_take_out(
    tmp_path: Path,
) -> None:
    """`wtg outbox` listed the rollback's notices a running send was asked to take out
    (the rollback undone beside it) as any mail waiting, unmarked, until that send came to
    them: the GM read them as going out. Each is marked, in the listing and its --json
    (``withdrawing``); the undo's own are not."""
    gm = mailed_and_rolled_back(tmp_path)
    with only_one(gm.spool, "send"):
        assert wtg(gm.games_dir, "rollback", "g1", "--undo")[0] == 0
        code, listed = wtg(gm.games_dir, "outbox")
        assert code == 0, listed
        code, as_json = wtg(gm.games_dir, "outbox", "--json")
    lines = [line for line in listed.splitlines() if line.startswith("  ")]
    shown = ASKED_OUT.replace("`wtg send`", f"`{head(gm.games_dir)} send`")  # as given
    asked = [line for line in lines if line.endswith(shown)]
    assert sorted(line.split()[0] for line in asked) == sorted(
        p.stem for p in (gm.games_dir / ".mail" / "outbox" / "queue").glob("rollback-*.eml")
    )
    assert len(asked) == 4
    assert [line for line in lines if line.split()[0].startswith("unrollback-")] != []
    assert all(not line.endswith(shown) for line in lines if "unrollback-" in line)
    mails = json.loads(as_json)["queued_mails"]
    assert sorted(m["name"] for m in mails if m["withdrawing"]) == sorted(
        line.split()[0] for line in asked
    )
    assert len([m for m in mails if not m["withdrawing"]]) == 4  # the undo's notices
    send(gm, now=NOW)
    code, listed = wtg(gm.games_dir, "outbox")
    assert shown not in listed and "asked out of the queue" not in listed


def test_a_send_mailing_when_the_rollback_is_undone_mails_none_of_its_notices_left(
    tmp_path: Path,
) -> None:
    """The undo given while the send is mailing the rollback's notices: the one the server
    has stands (the undo's notice says the rollback is undone), the send takes the others
    out of the queue as it comes to them, and the undo's notices go at the next send."""
    gm = mailed_and_rolled_back(tmp_path)
    mailed: list[str] = []
    said: list[str] = []

    class Undoing:
        """The mail server: the GM undoes the rollback while it takes the first notice."""

        def send(self, ident: str, raw: bytes) -> None:
            mailed.append(ident)
            if len(mailed) == 1:
                code, words = wtg(gm.games_dir, "rollback", "g1", "--undo")
                assert code == 0, words
                said.append(words)

        def close(self) -> None:
            pass

    result = send(gm, transport=Undoing(), now=NOW)
    # the one the server is taking is still queued: asked out too, and it stands
    assert "the rollback's 4 notices not yet mailed are taken out" in said[0], said
    assert len(mailed) == 1 and mailed[0].startswith("rollback-")
    assert result.sent == 1
    outbox = gm.games_dir / ".mail" / "outbox"
    assert [path.name for path in (outbox / "queue").glob("rollback-*.eml")] == []
    assert len(list((outbox / "queue").glob("unrollback-*.eml"))) == 4
    assert list((outbox / "withdrawing").iterdir()) == []
    later: list[str] = []

    class Server:
        def send(self, ident: str, raw: bytes) -> None:
            later.append(ident)

        def close(self) -> None:
            pass

    assert send(gm, transport=Server(), now=NOW).sent == 4
    assert all(ident.startswith("unrollback-") for ident in later)


def test_a_resign_confirmed_since_the_rollback_is_said_not_used(tmp_path: Path) -> None:
    """A player who RESIGNed after a rollback to turn 1 (his code CONFIRMed: "you leave the
    game when turn 2 runs") had his QUIT filed with turn 2's orders, which the undo sets
    aside: turn 2 stands as it ran, without it, and he still plays. The undo's notice said
    only that orders sent since are not used, and he believed he had left, sent no orders,
    and lost his seat's turns. It now tells him his RESIGN is not used and how to leave;
    not a player whose QUIT ran in turn 2 as it stood (no notice goes to him), nor the
    others."""
    gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, tmp_path)
    game = new_game(gm.games_dir / "g1")
    play(game, 3)
    code, said = wtg(gm.games_dir, "rollback", "g1", "--to", "1")
    assert code == 0, said
    assert resign(open_game(gm.games_dir / "g1"), 2, NOW + timedelta(hours=5), "mail") is None
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0, said
    assert game_status(open_game(gm.games_dir / "g1"))["players"][1]["status"] == "active"
    queue = gm.games_dir / ".mail" / "outbox" / "queue"
    said_to = {seat: " ".join(_undo_mail(queue, seat).split()) for seat in (1, 2, 3, 4)}
    line = (
        "Your QUIT sent for turn 2 since the rollback (a RESIGN you confirmed, or QUIT in "
        "your form) went with those orders: you still play. Send RESIGN g1 again if you "
        "still wish to leave."
    )
    assert line in said_to[2], said_to[2]
    assert [seat for seat, text in said_to.items() if "RESIGN" in text] == [2]


def test_undoing_the_rollback_of_a_game_over_says_it_is_over(tmp_path: Path) -> None:
    """A rollback of the turn that ended a game, undone (taken back by mistake): the line
    said "turn 2 is due ...", and the players' notice told them to send orders for turn 2
    by that deadline, of a game over. Neither names a turn that never comes; the notice
    says the game ended with turn 1."""
    from tests.mail.loop import World
    from tests.mail.test_map_note_without_form import quit_seats

    world = World(tmp_path)
    quit_seats(world, 2, 3, 4)  # player 1 is the last standing: the game is over
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    host = ["--config", str(config)]
    back = CliRunner().invoke(main, [*host, "rollback", "g1", "--to", "0"])
    assert back.exit_code == 0, back.output
    # its notices mailed: the players have word of it, and are told of its undo
    assert CliRunner().invoke(main, [*host, "send"]).exit_code == 0
    undone = CliRunner().invoke(main, [*host, "rollback", "g1", "--undo"])
    assert undone.exit_code == 0, undone.output
    assert "is due" not in undone.stdout
    assert undone.stdout.startswith("game g1: the rollback to turn 0 undone, the game at turn 1")
    queue = tmp_path / "games" / ".mail" / "outbox" / "queue"
    (path,) = queue.glob("unrollback-*.eml")
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    assert isinstance(message, email.message.EmailMessage)
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    text = str(part.get_content()).replace("\r\n", "\n")
    assert (
        "turn 1 counts again, as it ran. The game ended with turn 1, as your\n"
        "report of it, which follows, says: no orders are taken.\n"
    ) in text
    assert "goes on" not in text
    assert "for turn 2" not in text
    assert "send them with the form" not in text and "is due" not in text
