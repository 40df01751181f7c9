"""`wtg backup` beside a poll that reads a newcomer's CONFIRM of a takeover, as in
``test_backup_beside_a_takeover``, and the GM, told of the takeover, puts the newcomer's
name right in game.yaml (``Newcomer`` to ``Nina Newcomer``) before the backup copies the
game (review34). `wtg restore` found the takeover in the game by the name its record keeps
against game.yaml's, took the edit for a seat given back, and said nothing: the restored
book offered the seat still, the quitter's play ran on, and the newcomer's CONFIRM read
again was refused (his welcome, with the seat's code, never mailed). The seat is the
newcomer's while game.yaml gives it his address (the book's request for it is by address)
and neither the quitter's address nor his code: his name is the GM's to put right."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.lobby.killedpolls import NEWCOMER, confirm_waiting, outbox_mails
from tests.pausedwtg import Entering, paused_at
from tests.upkeep.test_backup_beside_a_takeover import book_offers, plays, waiting_codes
from wtg.game.engine import open_game


def test_a_newcomer_renamed_by_the_gm_beside_a_backup_keeps_his_seat(tmp_path: Path) -> None:
    host = confirm_waiting(tmp_path / "host")
    games = host / "games"
    config = str(host / "wtg.yaml")
    archive = tmp_path / "host.tar.gz"
    backup = ["--config", config, "backup", "-q", str(archive)]
    with paused_at(Entering("wtg.upkeep.backup:_Backup._games"), backup, tmp_path):
        polled = killpoints.wtg(["--config", config, "poll"])
        assert polled.returncode == 0, polled.stderr
        game_yaml = games / "wok4-1" / "game.yaml"
        text = game_yaml.read_text()
        assert text.count("name: Newcomer,") == 1
        game_yaml.write_text(text.replace("name: Newcomer,", "name: Nina Newcomer,"))
    host_plays = plays(games)
    restored = tmp_path / "restored"
    done = killpoints.wtg(["restore", str(archive), "--games-dir", str(restored)])
    assert done.returncode == 0, done.stderr
    game = open_game(restored / "wok4-1")
    assert (game.config.player(3).name, game.config.player(3).email) == (
        "Nina Newcomer",
        NEWCOMER,
    )
    assert book_offers(restored) == []
    assert waiting_codes(restored) == 1
    assert plays(restored) == [
        ("Nina Newcomer" if name == "Newcomer" else name, seat, result)
        for name, seat, result in host_plays
    ]
    told = f"  - game wok4-1, seat 3: taken over by Nina Newcomer <{NEWCOMER}> at "
    assert [line for line in done.stdout.splitlines() if line.startswith(told)], done.stdout
    repoll = killpoints.wtg(["--config", str(restored / ".restored" / "wtg.yaml"), "poll"])
    assert repoll.returncode == 0, repoll.stderr
    assert waiting_codes(restored) == 0
    to_him = [m for m in outbox_mails(restored, "queue") if m.to == NEWCOMER]
    (welcome,) = [m for m in to_him if "you play seat 3 now" in m.subject]
    assert game.config.player(3).code in welcome.body
    assert not [m for m in to_him if "not done" in m.subject]
