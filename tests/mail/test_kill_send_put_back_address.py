"""attack42: `wtg send` killed (SIGKILL) before each of its writes while it finds a game
folder put back by hand from a copy made before the GM corrected a player's address
(``seataddresses``), then the send given again. The put-back turn's report to the old
address (a stranger's) is never sent: it lies set aside for good, once; the other
player's goes to him once; and a send after that has nothing more to say."""

from __future__ import annotations

import email
import shutil
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.test_kill_send_put_back_run_on import KILLS, wtg
from tests.mail.test_put_back_addresses import PLAYERS, TYPO, set_address


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game g1 was mailed its turn 0 to Bob's typo, then its turn 1 once the
    GM corrected his address, then put back to turn 0 from a copy made before that."""
    root = tmp_path_factory.mktemp("host")
    games = root / "games"
    games.mkdir()
    (root / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n", encoding="utf-8")
    wtg(root, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    wtg(root, "send", "-q")
    copy = root.parent / f"{root.name}-copy"
    shutil.copytree(games / "g1", copy)
    set_address(root, "bob@example.org")
    wtg(root, "run-turn", "g1", "--now", "--just-mailed")
    wtg(root, "send", "-q")
    shutil.rmtree(games / "g1")
    shutil.copytree(copy, games / "g1")
    return root


def turn_0_again(root: Path) -> list[tuple[str, str, str]]:
    """g1's turn 0 reports mailed again, wherever the outbox has them: (the folder, the
    seat's id end, the To)."""
    outbox = root / "games" / ".mail" / "outbox"
    found = []
    for folder in ("queue", "sent", "failed"):
        for path in (outbox / folder).glob("resend-*-g1-t0000-*.eml"):
            to = email.message_from_bytes(path.read_bytes())["To"]
            found.append((folder, path.stem.rpartition("-")[2], str(to)))
    return sorted(found)


AFTER = [("failed", "p02", TYPO), ("sent", "p01", "ann@example.org")]
"""Where the whole send leaves them: Bob's set aside, Ann's sent."""


def test_a_send_killed_while_it_finds_an_address_put_back_never_mails_it(
    template: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    fresh = killpoints.restorer(template, root)
    args = ["--config", str(root / "wtg.yaml"), "send", "-q"]
    whole = killpoints.whole(args, root / "games", fresh)
    assert turn_0_again(root) == AFTER
    assert f"game g1 player 2 (Bob): game.yaml gives the seat the address {TYPO}" in whole.stderr
    for at, cut in killpoints.cuts(
        args, root / "games", killpoints.points(whole.writes, KILLS), fresh
    ):
        again = killpoints.wtg(args)
        assert turn_0_again(root) == AFTER, (at, cut.before, again.stderr)
        assert "player 2 (Bob)" not in killpoints.wtg(args).stderr, at  # nothing more
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")
