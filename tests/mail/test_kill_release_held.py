"""`wtg quarantine --release-held` killed (SIGKILL) just before one of its writes, then given
again as a GM would. The host holds more of player 1's mails than the list keeps
(``HELD_AN_ADDRESS``): those listed and those whose record the bound let go (their keys in
``held_let_go``), each put back by the same command in three writes of its own.

As killed, each mail lies in the rejected folder or back in the inbox, never both and never
neither, and one in the rejected folder is still the GM's to see: held, let go (counted) or
its release cut short. Given again, the command puts back the rest and says how many (those
found back already among them), the GM's list is empty, and the next poll files each mail
as after a release never killed: the player's newest orders on file, answered as often.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import World
from tests.mail.test_held_floods import mail_at
from tests.mail.test_held_mail import away, back
from wtg.game.engine import open_game
from wtg.mail.spool.journal import HELD_AN_ADDRESS
from wtg.mail.spool.journallists import held_let_go, held_mails, releasing

MAILS = HELD_AN_ADDRESS + 2
"""Player 1's mails held: the list keeps ``HELD_AN_ADDRESS``, two are let go."""
KILLS = 12
ARGS = ("quarantine", "--release-held")


@pytest.fixture(scope="module")
def flood(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """The prepared host's folder (its config, wtg.yaml, in it) and the keys of the mails
    held, oldest first."""
    root = tmp_path_factory.mktemp("flood")
    world = World(root)
    forms = [world.aof(1, X1="100") for _ in range(MAILS)]
    aside = away(world)
    keys = [mail_at(world, n, form, "p1@players.example") for n, form in enumerate(forms)]
    assert world.poll().held == MAILS
    back(world, aside)
    assert len(held_mails(world.gm.spool)) == HELD_AN_ADDRESS
    assert len(held_let_go(world.gm.spool)) == MAILS - HELD_AN_ADDRESS
    (root / "wtg.yaml").write_text("games_dir: games\nfrom: gm@wtg.example\n")
    return root, keys


class Host:
    """A fresh copy of the prepared host."""

    def __init__(self, flood: tuple[Path, list[str]], to: Path) -> None:
        shutil.rmtree(to, ignore_errors=True)
        shutil.copytree(flood[0], to)
        self.keys = flood[1]
        self.games = to / "games"
        self.spool = self.games / ".mail"
        self.config = ["--config", str(to / "wtg.yaml")]
        self.inbox = self.spool / "maildir-in"

    def wtg(self, *args: str) -> subprocess.CompletedProcess[str]:
        return killpoints.wtg([*self.config, *args])

    def where(self) -> dict[str, list[str]]:
        """Each mail's key and the folders it lies in: '' (the inbox), '.rejected',
        '.processed'."""
        found: dict[str, list[str]] = {key: [] for key in self.keys}
        for box in ("", ".rejected", ".processed"):
            for sub in ("new", "cur"):
                for path in (self.inbox / box / sub).glob("*"):
                    key = f"maildir:{path.name.split(':')[0]}"
                    if key in found:
                        found[key].append(box)
        return found

    def answers(self) -> int:
        """The mails queued for players (each filed mail's answer among them)."""
        return len(list((self.spool / "outbox" / "queue").glob("*.eml")))


def polled(host: Host) -> tuple[str, int, str]:
    """What the next poll does with the mails put back: its line, the answers it queued, the
    player's orders on file (``X1``); a poll after it finds nothing."""
    before = host.answers()
    first = host.wtg("poll")
    assert first.returncode == 0, first.stderr
    assert set(map(tuple, host.where().values())) == {(".processed",)}
    orders = open_game(host.games / "g1").store.pending_orders(1)
    assert sorted(orders) == [1]
    assert host.wtg("poll").stdout.startswith("filed 0, rejected 0, quarantined 0, ignored 0")
    return first.stdout, host.answers() - before, orders[1].read_text(encoding="utf-8")


def test_release_held_killed_loses_no_mail_and_puts_none_back_twice(
    flood: tuple[Path, list[str]], tmp_path: Path
) -> None:
    whole = Host(flood, tmp_path / "whole")
    counted = killpoints.count([*whole.config, *ARGS], whole.games)
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.startswith(f"{MAILS} mails back in the inbox; the next poll"), (
        counted.stdout
    )
    assert set(map(tuple, whole.where().values())) == {("",)}
    never_killed = polled(whole)
    assert never_killed[2].endswith("trade: [100]\n"), never_killed
    seen: dict[str, int] = {}
    for at in killpoints.points(counted.writes, KILLS):
        host = Host(flood, tmp_path / "host")
        cut = killpoints.run([*host.config, *ARGS], at, host.games)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        where = host.where()
        assert all(len(folders) == 1 for folders in where.values()), (at, where)
        held = {item.key for item in held_mails(host.spool)}
        let_go, under_way = set(held_let_go(host.spool)), set(releasing(host.spool))
        rejected = {key for key, folders in where.items() if folders == [".rejected"]}
        back_already = under_way - rejected
        assert rejected <= held | let_go | under_way, (at, rejected - held - let_go - under_way)
        assert not (held | let_go) - rejected, at
        for name, part in (("moved", MAILS - len(rejected)), ("cut short", len(under_way))):
            seen[name] = seen.get(name, 0) + bool(part)
        again = host.wtg(*ARGS)
        assert again.returncode == 0, (at, again.stderr)
        told = re.match(r"(\d+) mails? back in the inbox(?: \((\d+) back already)?", again.stdout)
        assert told, (at, again.stdout)
        assert int(told[1]) == len(rejected | under_way), (at, again.stdout)
        assert int(told[2] or 0) == len(back_already), (at, again.stdout)
        assert set(map(tuple, host.where().values())) == {("",)}, at
        assert host.wtg("quarantine").stdout == "no mail quarantined or held\n"
        assert releasing(host.spool) == [] and held_let_go(host.spool) == []
        assert polled(host) == never_killed, at
    print(f"\n{counted.writes} writes, killed at {KILLS}: {seen}")
    assert seen.get("moved") and seen.get("cut short")
