"""Killing `wtg new-code GAME --player N` (SIGKILL) before any of its writes, then giving
it again as the GM would: the seat has one new code, the one its one mail tells, his
planned absences stay his, his form and report say it, and nothing of the command is left
begun. Killed once it had begun, `wtg status` says what is owed and what finishes it
(before, nothing did: killed once game.yaml had the new code, the player's orders were
refused for a code he had never been told, until the GM thought to give it again)."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from tests import killpoints
from tests.test_gm_controls import make
from wtg.game.absences import absences, keep_absences
from wtg.game.engine import open_game
from wtg.gm.newcode import NEW_CODE

KILLS = 24


def _codes_mailed(games: Path) -> list[str]:
    """The codes the new-code mails in the queue tell."""
    told = []
    for path in sorted((games / ".mail" / "outbox" / "queue").glob("code-*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, email.message.EmailMessage)
        part = msg.get_body(preferencelist=("plain",))
        assert part is not None
        text = str(part.get_content())
        told += [
            line.split("player 2: ")[1].strip()
            for line in text.splitlines()
            if "player 2: " in line
        ]
    return told


def test_killing_new_code_then_giving_it_again_gives_one_code_told_once(
    tmp_path: Path,
) -> None:
    made = tmp_path / "made" / "games"
    game = make(made)
    old = game.config.player(2).code
    keep_absences(game.store, game.config, {2: [3, 4]})
    games = tmp_path / "games"
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n", encoding="utf-8")
    args = ["--config", str(config), "new-code", "g1", "--player", "2"]
    fresh = killpoints.restorer(made, games)
    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, games, fresh, log=log)
    lines = killpoints.written(log)
    mailed = next(i for i, line in enumerate(lines, 1) if "/code-" in line and "rename" in line)
    cleared = next(
        i for i, line in enumerate(lines, 1) if line.startswith("os.remove") and NEW_CODE in line
    )
    assert mailed < cleared, lines
    window = range(mailed + 1, cleared + 1)  # his mail queued, the record not yet cleared
    kills = sorted({*killpoints.points(whole.writes, KILLS), *window})
    seen = set()
    for at, _cut in killpoints.cuts(args, games, kills, fresh):
        root = games / "g1"
        begun = (root / NEW_CODE).exists()
        written = open_game(root).config.player(2).code != old
        queued = bool(_codes_mailed(games))
        seen.add((begun, written, queued))
        status = killpoints.wtg(["--config", str(config), "status", "g1"])
        owed = [line for line in status.stdout.splitlines() if "new code" in line]
        held = (
            "game.yaml has it, and his old code is refused already"
            if written
            else ("game.yaml does not have it yet: his old code is still his")
        )
        given = f"`wtg --config {config} new-code g1 --player 2`"
        line = (
            "NOTICES OWED: the new code for player 2 was cut short after his mail was queued "
            f"(newcode.json; {held}): give {given} again to finish it (it queues no second "
            "mail)"
            if queued
            else "NOTICES OWED: the new code for player 2 was cut short, his mail not queued "
            f"(newcode.json; {held}): give {given} again (it finishes the same code and mails "
            "it once)"
        )
        assert owed == ([line] if begun else []), (at, status.stdout)
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, again.stderr)
        game = open_game(root)
        code = game.config.player(2).code
        assert code != old, at
        assert _codes_mailed(games) == [code], at
        assert absences(game.store, game.config) == {2: [3, 4]}, at
        assert f"CODE: {code}" in game.aof(2) and old not in game.report(2, 0), at
        assert not (root / NEW_CODE).exists(), at
        assert ("(the one begun before, cut short: finished)" in again.stdout) == begun, at
        before = "its mail queued to bob@example.org before it was cut short: `wtg "
        assert (before in again.stdout) == queued, (at, again.stdout)
    print(
        f"\n{whole.writes} writes; left as killed (begun, game.yaml written, mail queued): "
        f"{sorted(seen)}"
    )
    # killed before game.yaml had it, after, and after its mail was queued
    assert {(True, True, False), (True, False, False), (True, True, True)} <= seen, seen
