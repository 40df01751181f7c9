"""`wtg announce g1 TEXT` queued while the mail waits unsent (never sent, or the server
down), then the GM, who saw a player's address mistyped, removes g1's folder and makes it
anew under its name (a plain `new-game`, and `--reuse-name` when that is refused), and
sends.

An announcement was sent by address and its id carried no mark of the name taken again
(``-nN``, as a report's and a GM's notice's do): the plain `new-game` took the name of a
game never sent (the announcement had not noted it in the journal), and the old game's
announcement went out, under the new game's list, to the mistyped address and to the
players of a game that no longer is. An announcement to one game now notes the game in
the journal before it is queued and its id ends with the name's mark; `wtg send` sets
aside one whose mark is not the name's now, naming why, and the GM announces again to the
new game.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.mail.test_kill_gm_mail_then_made_anew import CONFIG, EVERY, names
from tests.mail.test_kill_send_then_made_anew import FIXED, TYPO, new_game, wtg

TEXT = "The server moves on Sunday."


def host(root: Path, sent: bool) -> Path:
    (root / "games").mkdir(parents=True)
    (root / "wtg.yaml").write_text(CONFIG, encoding="utf-8")
    assert new_game(root, *TYPO, *EVERY).returncode == 0
    if sent:
        assert wtg(root, "send", "-q").returncode == 0
    return root


@pytest.mark.parametrize("sent", [False, True], ids=["never-sent", "sent"])
def test_an_announcement_to_a_game_made_anew_is_not_sent(tmp_path: Path, sent: bool) -> None:
    root = host(tmp_path / "host", sent)
    before = names(root)
    told = wtg(root, "announce", "g1", TEXT)
    assert told.stdout.startswith("announcement queued for 2 players"), told
    shutil.rmtree(root / "games" / "g1")  # Bob's address was mistyped
    plain = new_game(root, *FIXED, *EVERY)
    assert plain.returncode != 0 and "--reuse-name" in plain.stderr, plain
    assert new_game(root, *FIXED, *EVERY, "--reuse-name").returncode == 0
    sent_now = wtg(root, "send")
    assert sent_now.returncode == 0, sent_now.stderr
    went = sorted(names(root) - before)
    assert [n.split("-")[0] for n in went] == ["report", "report"], went
    said = sent_now.stdout + sent_now.stderr
    assert said.count("g1's name was taken again by a new game") == 2, said
    again = wtg(root, "announce", "g1", TEXT)  # the GM tells the new game's players
    assert again.stdout.startswith("announcement queued for 2 players"), again
    assert wtg(root, "send", "-q").returncode == 0
    announced = sorted(n for n in names(root) - before if n.startswith("announce-"))
    assert len(announced) == 2 and all(n.endswith("-n1") for n in announced), announced


def test_a_set_aside_announcement_is_not_put_back_once_made_anew(tmp_path: Path) -> None:
    """`wtg outbox --retry` of the announcement `wtg send` set aside (its game made anew
    since it was queued) put it back in the queue, to the old game's players: the next
    send mailed it. It is refused with why, and so is `--retry-all`; nothing goes out."""
    root = host(tmp_path / "host", True)
    before = names(root)
    assert wtg(root, "announce", "g1", TEXT).returncode == 0
    shutil.rmtree(root / "games" / "g1")
    assert new_game(root, *FIXED, *EVERY, "--reuse-name").returncode == 0
    assert wtg(root, "send", "-q").returncode == 0
    failed = root / "games" / ".mail" / "outbox" / "failed"
    kept = sorted(p.stem for p in failed.glob("announce-*.eml"))
    assert len(kept) == 2, kept
    for name in kept:
        retried = wtg(root, "outbox", "--retry", name)
        assert retried.returncode == 1, retried
        assert retried.stdout + retried.stderr == (
            f"wtg: mail {name} is an announcement to game g1 before its name was taken again "
            "by a new game (`new-game --reuse-name`): it was for the players of the game "
            "that is gone, and is not sent; announce again to the new game's players; "
            "nothing put back\n"
        )
    every = wtg(root, "outbox", "--retry-all")
    assert every.returncode == 1, every
    assert sorted(p.stem for p in failed.glob("announce-*.eml")) == kept
    assert wtg(root, "send", "-q").returncode == 0
    assert not [n for n in names(root) - before if n.startswith("announce-")]
