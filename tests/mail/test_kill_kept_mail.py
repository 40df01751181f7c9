"""The GM files a mail the poll set aside (`wtg orders GAME_DIR FILE`, the mail kept in the
spool's archive), and the command is killed (SIGKILL, no clean-up of any kind) just before
each of its writes: the order file, the setting it chose, then the journal's note that the
mail was filed.

Given again at once, the command files the mail once and it is no longer listed. But
killed between the two writes, with the game's turn run before the GM gave it again (cron
ran `run-turn --due`), the turn ran with the mail's orders and the command given again
refused them (the form is of a turn that ran): the mail stayed listed by `wtg status` and
the digest as set aside and not filed, for orders the turn had played, and no command
could take it off. A kept mail given again after its turn ran with it is now answered as
the poll answers a mail read again after its turn ran with it: its orders, with a note
that the turn has run with them since, nothing more stored, and the mail marked filed.

Killed after the order file and before the setting the mail chose (``MAP: off``) was kept,
the setting was lost the same way: the mail read again after its turn ran kept nothing.
A mail read again whose turn ran with its orders (this one, or the poll's) now keeps the
settings it chose, as the first reading would have (a later mail's choice stands).
"""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import GM, World
from tests.mail.test_map_pictures import with_line
from wtg.game.engine import open_game
from wtg.mail.spool.journallists import set_aside

KILLS = 8
"""Kill points spread over the whole run, and half as many again from the order file
written to the journal's commit."""


@pytest.fixture(scope="module")
def host_root(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """A host whose game g1's turn 0 was mailed and whose player 2 mailed his orders for
    turn 1 marked ``Precedence: bulk`` (set aside by the poll): the host, a copy of it to
    start each round from, and the kept mail's file. The journal names the kept mail by
    its path, so every round runs in the same folder."""
    base = tmp_path_factory.mktemp("kept")
    root = base / "host"
    world = World(root)
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    sent = killpoints.wtg(["--config", str(config), "send", "-q"])
    assert sent.returncode == 0, sent.stderr
    form = with_line(world.aof(2, X1="100"), "MAP: off")
    world.mail(form, sender="Player2 <p2@players.example>", Precedence="bulk")
    assert world.poll(datetime.now(timezone.utc) - timedelta(minutes=5)).rejected == 1
    (item,) = set_aside(world.gm.spool, 0)
    shutil.copytree(root, base / "template")
    return root, base / "template", item.archive


def played_by_player_2(root: Path) -> bool:
    """Whether turn 1 ran with player 2's orders from the kept mail."""
    store = open_game(root / "games" / "g1").store
    orders = store.archived_orders(1)
    return 2 in orders and "100" in orders[2].read_text(encoding="utf-8")


def test_a_kept_mail_filed_killed_then_its_turn_run_is_no_longer_listed(
    host_root: tuple[Path, Path, str], tmp_path: Path
) -> None:
    root, template, archive = host_root
    config = str(root / "wtg.yaml")
    args = ["--config", config, "orders", "g1", archive]
    spool = root / "games" / ".mail"

    fresh = killpoints.restorer(template, root)

    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, root / "games", fresh, log=log)
    assert set_aside(spool, 0) == []
    writes = killpoints.written(log)
    filed = next(n for n, what in enumerate(writes, 1) if what.endswith("/p02.yaml"))
    last = max(n for n, what in enumerate(writes, 1) if what == "sqlite COMMIT")
    window = killpoints.points_between(filed + 1, last, KILLS // 2)
    chosen = sorted({*killpoints.points(whole.writes, KILLS), *window})
    between = 0
    for at, cut in killpoints.cuts(args, root / "games", chosen, fresh):
        turn = killpoints.wtg(["--config", config, "run-turn", "g1"])
        assert turn.returncode == 0, (at, cut.before, turn.stderr)
        played = played_by_player_2(root)
        assert played == (at > filed), (at, cut.before)
        again = killpoints.wtg(args)
        listed = [(a.game, a.seat) for a in set_aside(spool, 0)]
        if played:  # the turn ran with its orders: filed, and told so
            between += 1
            assert again.returncode == 0, (at, cut.before, again.stderr)
            assert "Turn 1 has run with them since: nothing more was stored." in again.stdout
            assert listed == [], (at, cut.before)
            settings = open_game(root / "games" / "g1").settings().read()
            assert settings.get(2, {}).get("map", ("", ""))[0] == "off", (at, cut.before)
        else:  # never filed: still the GM's to deal with, and listed
            assert again.returncode == 2, (at, cut.before, again.stdout)
            assert "expects turn 2" in again.stderr, (at, again.stderr)
            assert listed == [("g1", "2 Player2")], (at, cut.before)
        assert open_game(root / "games" / "g1").store.pending_orders(2) == {}, at
    assert between
    print(f"\n{whole.writes} writes, killed before {len(chosen)}; {between} after the filing")
