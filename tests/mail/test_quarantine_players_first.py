"""A flood of strangers' mails quarantined, each from an address of its own, stays within
every address's bound (``QUARANTINE_AN_ADDRESS``), and `wtg status` (the newest ten) and
the digest (the newest twenty) showed the newest: a player's mail quarantined before them
was counted as "and N more", nowhere on the GM's screen (floods45). A seat's address's
mails are shown first now, then the strangers', each newest first."""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from tests.mail.loop import World
from tests.mail.test_held_floods import START, wtg
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.poll import poller
from wtg.mail.spool.journallists import quarantined

STRANGERS = 25


def broken(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("a parser broke")


def test_a_players_mail_quarantined_is_shown_before_a_flood_of_strangers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World(tmp_path)
    player = world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    os.utime(world.gm.maildir_in / "new" / player, ns=(START, START))
    names = []
    for n in range(STRANGERS):
        name = world.mail(f"hello {n}", sender=f"m{n}@flood{n}.example")
        names.append(name)
        at = START + (n + 1) * 10**9
        os.utime(world.gm.maildir_in / "new" / name, ns=(at, at))
    now = datetime.now(timezone.utc)
    with monkeypatch.context() as patched:
        patched.setattr(poller.Poller, "_decide", broken)
        assert world.poll(now).quarantined == STRANGERS + 1
    every = quarantined(world.gm.spool)
    assert [item.player for item in every] == [True] + [False] * STRANGERS

    lines = wtg(world, "status").stdout.splitlines()
    shown = [line.strip() for line in lines if line.strip().endswith(".eml")]
    assert len(shown) == 10
    assert shown[0].endswith(f"maildir-{player}.eml")
    assert "  ... and 16 more (`wtg quarantine` lists them)" in lines
    # the JSON lists every mail, oldest first, and says whose had a seat here, as the text
    # does by putting it first (it had no key for it)
    data = json.loads(wtg(world, "status", "--json").stdout)
    host = data["quarantine"]
    assert [entry["player"] for entry in host] == [True] + [False] * STRANGERS
    assert host[0]["archive"].endswith(f"maildir-{player}.eml")
    assert [entry["player"] for entry in data["games"][0]["quarantine"]] == [True]
    listing = json.loads(wtg(world, "quarantine", "--json").stdout)["quarantine"]
    assert [entry["player"] for entry in listing] == [True] + [False] * STRANGERS

    digest = make_digest(world.gm.games_dir, now + timedelta(seconds=1)).text()
    assert f"maildir-{player}.eml" in digest
    assert "Mail quarantined (26;" in digest
    assert digest.index(f"maildir-{player}.eml") < digest.index(f"maildir-{names[-1]}.eml")
