"""`wtg poll` killed (SIGKILL, no clean-up of any kind) just before one of its writes while
it files a player's orders, `wtg run-turn` run before the next poll (as cron may), then
the poll that reads the mail again: the player gets one answer, and it tells the truth
about his orders. Killed after they were filed, the turn ran with them and he is told
they were received (and that the turn ran); killed before, the turn ran without them and
he is told they were not accepted, as any late orders are. Never both, never neither.

tests/lobby/test_replay_after_turn.py cuts the poll short in process, and holds the same
for an ABSENCE and a RESIGN's CONFIRM."""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from tests import killpoints
from tests.lobby.hall import Hall
from tests.lobby.test_lobby_replay import Killed, two_player_game
from tests.shipped import WOK4
from wtg.files import store as store_module
from wtg.game.orderfiles import PARSED_SUFFIX
from wtg.mail.incoming.answers import NOT_ACCEPTED

KILLS = 10
"""Polls killed, each just before another of its writes (the first and the last among them)."""


def test_orders_filed_by_a_killed_poll_are_answered_as_the_turn_took_them(tmp_path: Path) -> None:
    pristine = tmp_path / "pristine"
    hall = Hall(pristine)
    hall.now = datetime.now(timezone.utc) - timedelta(hours=6)  # the runs go by the clock
    name = two_player_game(hall, players=3)
    hall.send()
    hall.new_mails()
    player = hall.game(name).config.players[0]
    order = f"game: {name}\nplayer: {player.id}\nturn: 1\ncode: {player.code}\nquit: true\n"
    hall.mail(player.email, order)
    hall.config_file()
    mailed_before = {p.name for p in pristine.rglob("outbox/*/*.eml")}
    whole = tmp_path / "whole"
    shutil.copytree(pristine, whole)
    total = killpoints.count(["--config", str(whole / "wtg.yaml"), "poll"], whole).writes
    covered: dict[str, int] = {}
    for at in killpoints.points(total, KILLS):
        root = tmp_path / f"killed-{at}"
        shutil.copytree(pristine, root)
        config = ["--config", str(root / "wtg.yaml")]
        run = killpoints.run([*config, "poll"], at, root)
        assert run.killed, run
        turn = killpoints.count([*config, "run-turn", str(root / "games" / name), "--now"], root)
        assert turn.returncode == 0, turn.stderr
        again = killpoints.count([*config, "poll"], root)
        assert again.returncode == 0, again.stderr
        answers = [
            p
            for p in sorted(root.rglob("outbox/*/*.eml"))
            if p.name not in mailed_before and not p.name.startswith("report-")
        ]
        subjects = [_subject(p) for p in answers]
        game = Hall(root, again=True).game(name)
        assert game.latest_turn() == 1
        took = game.typed(WOK4).state().player(player.id).status == "quit"
        want = f"[{name}] orders for turn 1 received" if took else f"[{name}] {NOT_ACCEPTED}"
        assert subjects == [want], (at, run.before, subjects)
        covered[want] = covered.get(want, 0) + 1
    assert len(covered) == 2, covered  # kills before the orders were filed, and after


def _subject(path: Path) -> str:
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("Subject: "):
            return line.removeprefix("Subject: ")
    return ""


def test_a_poll_cut_short_between_the_parsed_copy_and_the_order_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed after the order file's parsed copy was written and before the order file (the
    yaml, written last): the turn that ran before the next poll took no orders, but the
    parsed copy went into the turn's received/ with the mail's key, and the mail read again
    was answered "orders received" (found by the test above with every write a kill
    point). A parsed copy without its order file is no filing."""
    hall = Hall(tmp_path)
    hall.now = datetime.now(timezone.utc) - timedelta(hours=6)
    name = two_player_game(hall, players=3)
    hall.send()
    hall.new_mails()
    player = hall.game(name).config.players[0]
    hall.mail(player.email, f"game: {name}\nplayer: {player.id}\nturn: 1\ncode: {player.code}\n")
    real = store_module.write_atomic

    def killed_before_the_order_file(path: str | Path, *args: Any, **kwargs: Any) -> Any:
        if str(path).endswith(f"p{player.id:02d}.yaml"):
            raise Killed
        return real(path, *args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(store_module, "write_atomic", killed_before_the_order_file)
        with pytest.raises(Killed):
            hall.poll()
    game = hall.game(name)
    assert sorted(p.name for p in game.store.pending_dir(1).iterdir()) == [
        f"p{player.id:02d}{PARSED_SUFFIX}"
    ]
    game.run_turn(now=hall.now)  # `wtg run-turn --due` before the next poll
    hall.poll()
    (answer,) = hall.new_mails(player.email)
    assert answer.subject == f"[{name}] {NOT_ACCEPTED}"
