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
        "game g1: the hold (since 2026-01-01 00:00 UTC) was cut short before every player "
        "was told: give `wtg hold g1` again"
    )
    assert digest.owed == (line,)
    assert not digest.empty()
    text = digest.text()
    assert "\nNOTICES OWED by GM commands cut short (1):\n  game g1: the hold" in text
    assert "give `wtg hold g1` again" in " ".join(text.split())
    part = text.split("NOTICES OWED", 1)[1].split("\n\n", 1)[0]
    assert max(len(row) for row in part.splitlines()) <= 78
    assert "1 notice owed" in digest.line()


def test_the_digest_lists_a_takeover_cut_short(tmp_path: Path) -> None:
    """A takeover's poll killed between its writes (its mark left): the newcomer's answer
    and the table's notices wait on it; the digest says it, as `wtg status` does, with
    what finishes it (before, only a look at the game folder showed it)."""
    world = World(tmp_path)
    root = world.game.store.root
    turn = world.game.latest_turn()
    mark = (
        f'{{"turn": {turn}, "seat": 2, "name": "Newcomer", "address": "new@example.org", '
        '"code": "ABCD-EFGH-JKLM", "at": "2026-01-01T00:00:00+00:00"}'
    )
    (root / "takeover-under-way.json").write_text(mark, encoding="utf-8")
    digest = make_digest(world.gm.games_dir, NOW)
    assert digest.owed == (
        "game g1: the takeover of seat 2 by Newcomer (begun after turn "
        f"{turn}, at 2026-01-01 00:00 UTC) is under way, or was cut short between its "
        f"writes ({root / 'takeover-under-way.json'}), turn {turn}'s files perhaps half "
        "rewritten; the poll that reads the newcomer's CONFIRM again finishes it, and so does "
        "the next turn's run before it runs (`wtg run-turn g1`, or `--due` at its deadline): "
        "nothing is to be done by hand",
    )
    assert "1 notice owed" in digest.line()
