"""`wtg remind` and `wtg hold` killed (SIGKILL) just before each of their writes, or run
whole, while the mail they queue waits unsent (the server down); then the GM, who saw a
player's address mistyped, removes the game's folder and makes it anew under its name (a
plain `new-game`, and `--reuse-name` when that is refused), and sends: each player of the
new game gets its turn 0 once, with his code of the new game, and nothing of the game that
is gone goes out after it.

A reminder of a game never sent left the journal knowing nothing of the game: the plain
`new-game` took the name, and the old game's reminder, its id the one the new game's would
have, went out with the old game's code. A GM's notice (hold, release, deadline moved,
rollback) carried no mark of the name taken again, so `wtg send` did not set it aside: the
new game's players were told the game they had never seen was on hold. `wtg remind` and the
notices now note the game in the journal before they queue its first mail, as `wtg send`
does (``journal.mailing_mark``), and a notice's id ends with the name's mark, as a
report's does; `wtg send` sets aside one whose mark is not the name's now.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.test_kill_send_then_made_anew import FIXED, TYPO, codes, delivered, new_game, wtg

KILLS = 8
"""Kill points spread over the writes of a whole run (the whole run too)."""
EVERY = ("--every", "2")
"""A deadline at most two days ahead: within the host's ``remind_hours`` (``CONFIG``)."""
CONFIG = "games_dir: games\nfrom: gm@example.org\nmail:\n  remind_hours: 96\n"


def host(root: Path, sent: bool) -> Path:
    """A host whose game g1, Bob's address mistyped, was made, and sent when ``sent``."""
    (root / "games").mkdir(parents=True)
    (root / "wtg.yaml").write_text(CONFIG, encoding="utf-8")
    made = new_game(root, *TYPO, *EVERY)
    assert made.returncode == 0, made.stderr
    if sent:
        assert wtg(root, "send", "-q").returncode == 0
    return root


def names(root: Path) -> set[str]:
    """The names of the mails delivered (the maildir transport writes ``new/<id>``)."""
    folder = root / "games" / ".mail" / "maildir-out" / "new"
    return {path.name for path in folder.iterdir()} if folder.is_dir() else set()


def made_anew_and_sent(root: Path, at: int | None, why: str) -> int:
    """Remove g1, make it anew (`--reuse-name` when the plain `new-game` is refused, as
    its refusal says), send, and check that each player got the new game's turn 0 alone;
    whether the name was taken again (1) or not (0)."""
    before = names(root)
    shutil.rmtree(root / "games" / "g1")  # Bob's address was mistyped
    made = new_game(root, *FIXED, *EVERY)
    reused = 0
    if made.returncode != 0:
        assert "--reuse-name" in made.stderr, (at, why, made.stderr)
        made = new_game(root, *FIXED, *EVERY, "--reuse-name")
        reused = 1
    assert made.returncode == 0, (at, why, made.stderr)
    sent = wtg(root, "send", "-q")
    assert sent.returncode == 0, (at, why, sent.stderr)
    went = sorted(names(root) - before)
    assert [name.split("-")[0] for name in went] == ["report", "report"], (at, why, went)
    told: dict[str, list[str]] = {}
    for name, (to, code) in delivered(root).items():
        if name in went:
            told.setdefault(to, []).append(code)
    assert told == {address: [code] for address, code in codes(root).items()}, (at, why, went)
    assert not list((root / "games" / ".mail" / "outbox" / "queue").glob("*.eml")), (at, why)
    return reused


def killed_then_made_anew(
    template: Path, tmp_path: Path, said: str, *command: str
) -> tuple[int, int]:
    """``wtg COMMAND`` run whole (its output saying ``said``), then killed before each of
    the kill points, on a copy of ``template`` each time, the game then made anew and sent;
    how many rounds there were and in how many the name was taken again."""
    root = tmp_path / "host"

    fresh = killpoints.restorer(template, root)

    args = ["--config", str(root / "wtg.yaml"), *command]
    fresh()
    whole = killpoints.count(args, root / "games")
    assert whole.returncode == 0 and said in whole.stdout + whole.stderr, whole
    reused = made_anew_and_sent(root, None, "run whole")
    rounds = killpoints.points(whole.writes, KILLS)
    for at, cut in killpoints.cuts(args, root / "games", rounds, fresh):
        reused += made_anew_and_sent(root, at, cut.before)
    return len(rounds) + 1, reused


@pytest.mark.parametrize("sent", [False, True], ids=["never-sent", "sent"])
def test_a_reminder_of_a_game_made_anew_is_not_sent(tmp_path: Path, sent: bool) -> None:
    template = host(tmp_path / "template", sent)
    said = "2 reminders queued"
    rounds, reused = killed_then_made_anew(template, tmp_path, said, "remind")
    assert reused and (not sent or reused == rounds), (rounds, reused)


@pytest.mark.parametrize("sent", [False, True], ids=["never-sent", "sent"])
def test_a_hold_notice_of_a_game_made_anew_is_not_sent(tmp_path: Path, sent: bool) -> None:
    template = host(tmp_path / "template", sent)
    hold = ("hold", "g1", "--reason", "away")
    rounds, reused = killed_then_made_anew(template, tmp_path, "2 notices", *hold)
    assert reused and (not sent or reused == rounds), (rounds, reused)
