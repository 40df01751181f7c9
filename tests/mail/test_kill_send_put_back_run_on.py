"""review40: `wtg send` killed (SIGKILL) before each of its writes while it finds a game
folder put back by hand and run on (``sender._run_on``) and mails its turn run anew; then
the send given again. Each player whose turn came out otherwise gets it once: nothing lost
(its put-back noted and its turn counted mailed again in one commit, before any report is
queued), nothing doubled (a report queued before the kill is known by its name and words)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.putback import each_kill_mails_once, mailed_and_put_back, send_args, wtg
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import open_game


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game g1 was mailed its turn 1, then put back to turn 0 from a copy and
    run on, Ann's orders in it this time, before a send."""
    root = tmp_path_factory.mktemp("host")
    games = mailed_and_put_back(root)
    form = root / "ann.txt"
    form.write_text(filled_aof(open_game(games / "g1").typed(WOK4), 1), encoding="utf-8")
    wtg(root, "orders", "g1", str(form))
    wtg(root, "run-turn", "g1", "--now", "--just-mailed")
    return root


def turn_1_again(root: Path) -> list[str]:
    """The names of g1's turn 1 reports mailed again, queued or sent, sorted."""
    outbox = root / "games" / ".mail" / "outbox"
    return sorted(
        path.stem
        for folder in ("queue", "sent")
        for path in (outbox / folder).glob("resend-*.eml")
        if "-g1-t0001-" in path.stem
    )


def test_a_send_killed_while_it_mails_a_turn_run_anew_mails_it_once(
    template: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    fresh = killpoints.restorer(template, root)
    whole = killpoints.whole(send_args(root), root / "games", fresh)
    expected = turn_1_again(root)
    assert any(name.endswith("-p01") for name in expected), expected  # Ann's, at least
    each_kill_mails_once(root, fresh, whole, turn_1_again, expected)
