"""The digest lists what GM commands cut short still owe the players: a hold not told to
every player showed in `wtg status` and in `wtg send`'s stderr, and the GM's daily look at
his host (the service's digest, which he reads in place of its log) said nothing of it."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import NOW, World
from wtg.mail.outgoing.digest import make_digest

CUT_SHORT = '{"since": "2026-01-01T00:00:00Z", "reason": "", "telling": true}\n'


def test_the_digest_lists_a_hold_cut_short_before_every_player_was_told(tmp_path: Path) -> None:
    world = World(tmp_path)
    assert make_digest(world.gm.games_dir, NOW).owed == ()
    (world.game.store.root / "held.json").write_text(CUT_SHORT, encoding="utf-8")
    digest = make_digest(world.gm.games_dir, NOW)
    line = (
        "game g1: the hold (since 2026-01-01T00:00:00Z) was cut short before every player "
        "was told: give `wtg hold g1` again"
    )
    assert digest.owed == (line,)
    assert not digest.empty()
    text = digest.text()
    assert "\nNOTICES OWED by GM commands cut short (1):\n  game g1: the hold" in text
    assert "give `wtg hold g1` again" in " ".join(text.split())
    part = text.split("NOTICES OWED", 1)[1].split("\n\n", 1)[0]
    assert max(len(row) for row in part.splitlines()) <= 78
    assert "1 notice(s) owed" in digest.line()
