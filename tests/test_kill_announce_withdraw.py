"""`wtg announce --withdraw` killed (SIGKILL) just before each of its writes, then given
again as a GM would, with an earlier announcement still queued beside the one taken back:
the one taken back is gone whole (its mails, its file, its mark) and the earlier one is
untouched. Killed after its last mail left the queue, it was given again and took the
earlier one back (the GM never meant it, and its players never got it)."""

from __future__ import annotations

import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.conftest import players
from tests.test_kill_gm_commands import Host, queued, sweep, wtg
from wtg.game.engine import create_game
from wtg.host.announcement import LAST_KEY

RIGHT = "The server moves on Sunday."


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Host:
    """Games g1 and g2 of three players; the right announcement to g1 queued, then a wrong
    one to g2."""
    root = tmp_path_factory.mktemp("host")
    now = datetime.now(timezone.utc)
    for name, seed in (("g1", 1), ("g2", 2)):
        create_game(root / "games" / name, "wok4", "small", players(3), seed, now=now)
    (root / "wtg.yaml").write_text(f"games_dir: {root / 'games'}\nfrom: gm@example.org\n")
    config = ["--config", str(root / "wtg.yaml")]
    for target, text in (("g1", RIGHT), ("g2", "The sever moves.")):
        made = wtg(config, "announce", target, text)
        assert made.returncode == 0, made.stderr
    return Host(root, root / "none")


def test_withdraw_killed_anywhere_takes_back_the_wrong_one_alone(
    host: Host, tmp_path: Path
) -> None:
    games, _config = host.copy(tmp_path / "probe")
    (right,) = {
        path.stem.split("-")[1]
        for path in (games / ".mail" / "outbox" / "queue").glob("announce-*.eml")
        if "g1" in path.read_text()
    }

    def as_killed(games: Path, config: list[str]) -> str:
        assert sum(queued(games, f"announce-{right}-").values()) == 3
        left = sum(queued(games, "announce-").values()) - 3
        marked = list((games / ".mail" / "announce").glob("*.withdrawing"))
        return f"{left} of 3 left" + (", marked" if marked else "")

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        assert again.returncode == 0, (outcome, again.stderr)
        assert "taken back" in again.stdout or "finished" in again.stdout, again.stdout
        assert queued(games, "announce-") == {
            address: 1 for address in (p.email for p in players(3))
        }
        assert sum(queued(games, f"announce-{right}-").values()) == 3, (outcome, again.stdout)
        kept = sorted(
            path.name for path in (games / ".mail" / "announce").iterdir() if path.name != LAST_KEY
        )
        assert kept == [f"{right}.queued"], (outcome, kept)
        sent = wtg(config, "send")
        assert sent.returncode == 0, sent.stderr

    outcomes = sweep(
        host, tmp_path / "work", ["announce", "--withdraw"], as_killed, given_again, every=True
    )
    assert "0 of 3 left, marked" in outcomes
