"""`wtg send` killed (SIGKILL, no clean-up of any kind) just before each of its writes while
it mails a new game's turn 0; then the GM, who saw a player's address mistyped, removes the
game's folder and makes it anew under its name (a plain `new-game`, and `--reuse-name` when
that is refused), and sends: each player of the new game gets its turn 0 once, with his
code of the new game, and nothing of the game that is gone goes out after it.

Killed after the reports were queued and before the journal counted the turn mailed, the
journal knew nothing of the game: the plain `new-game` took the name, its reports were
never queued (the outbox held reports under their names already: `0 reports queued`),
and the old game's went out instead, one to the mistyped address, the other with a code
the new game refuses. The journal now notes a game before the first of its mails is
queued (the name is then refused without `--reuse-name`, which gives the new game's mail
names of its own), and `wtg send` sets aside a mail in the queue to a seat of a game made
anew since it was queued, as `wtg outbox --retry` refuses one: it was to a player of the
game before.
"""

from __future__ import annotations

import email
import email.policy
import re
import shutil
import subprocess
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests import killpoints

KILLS = 6
"""Kill points spread over the whole run, and as many again from the first report queued
to the journal's commit of the turn mailed (the commit among them)."""
TYPO = ["--player", "Ann:ann@example.org", "--player", "Bob:bob@exmaple.org"]
FIXED = ["--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org"]


def wtg(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return killpoints.wtg(["--config", str(root / "wtg.yaml"), *args])


def new_game(root: Path, *players: str) -> subprocess.CompletedProcess[str]:
    return wtg(root, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *players)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game g1, Bob's address mistyped, was made and never sent."""
    root = tmp_path_factory.mktemp("host")
    (root / "games").mkdir()
    (root / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n", encoding="utf-8")
    made = new_game(root, *TYPO)
    assert made.returncode == 0, made.stderr
    return root


def delivered(root: Path) -> dict[str, tuple[str, str]]:
    """Each mail delivered (the maildir transport writes ``new/<id>``), by name: its
    address and the code its form carries."""
    folder = root / "games" / ".mail" / "maildir-out" / "new"
    found = {}
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        body = msg.get_body(preferencelist=("plain",))
        assert body is not None, path
        code = re.search(r"PLAYER: \d+ +CODE: *(\w+)", str(body.get_content()))
        assert code is not None, path
        found[path.name] = (str(msg["To"].addresses[0].addr_spec), code[1])
    return found


def codes(root: Path) -> dict[str, str]:
    """Each player's code in the game's game.yaml, by address."""
    text = (root / "games" / "g1" / "game.yaml").read_text(encoding="utf-8")
    return dict(re.findall(r"email: (\S+), code: (\w+)", text))


def test_a_send_killed_then_the_game_made_anew_mails_the_new_game_once(
    template: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"

    fresh = killpoints.restorer(template, root)

    args = ["--config", str(root / "wtg.yaml"), "send", "-q"]
    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, root / "games", fresh, log=log)
    writes = killpoints.written(log)
    queued = next(n for n, what in enumerate(writes, 1) if "/outbox/queue/" in what)
    counted = next(n for n, what in enumerate(writes[queued:], queued + 1) if "COMMIT" in what)
    window = killpoints.points_between(queued, counted, KILLS)
    chosen = sorted({*killpoints.points(whole.writes, KILLS), *window})
    reused = 0
    for at, cut in killpoints.cuts(args, root / "games", chosen, fresh):
        before = delivered(root)
        shutil.rmtree(root / "games" / "g1")  # Bob's address was mistyped
        made = new_game(root, *FIXED)
        if made.returncode != 0:  # the name was mailed: taken again as the refusal says
            assert "--reuse-name" in made.stderr, (at, made.stderr)
            made = new_game(root, *FIXED, "--reuse-name")
            reused += 1
        assert made.returncode == 0, (at, cut.before, made.stderr)
        sent = wtg(root, "send", "-q")
        assert sent.returncode == 0, (at, cut.before, sent.stderr)
        went = {name: mail for name, mail in delivered(root).items() if name not in before}
        told: dict[str, list[str]] = {}
        for to, code in went.values():
            told.setdefault(to, []).append(code)
        assert told == {address: [code] for address, code in codes(root).items()}, (
            at,
            cut.before,
            sorted(went),
        )
    assert reused
    print(f"\n{whole.writes} writes, killed before {len(chosen)}; the name taken again {reused}")
