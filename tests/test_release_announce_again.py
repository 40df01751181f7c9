"""`wtg release` and `wtg announce` given again after they were cut short (docs/gm.md,
"wtg release given again", "wtg announce given again"): each is one intent written before
any notice; a run that finds that intent unfinished finishes it instead of doing the thing
again. Two runs that each finish are two (two announcements of one text are two mails)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.test_extend_again import Killed, cut_short_after
from tests.test_gm_controls import make, queued, run, status
from wtg.cli import main

PLAYERS = sorted(p.email for p in players(4))


def cut_short(root: Path, monkeypatch: pytest.MonkeyPatch, mails: int, *args: str) -> None:
    """`wtg ARGS`, dying after the outbox took ``mails`` mails."""
    cut_short_after(monkeypatch, mails)
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    assert isinstance(result.exception, Killed), result.output
    monkeypatch.undo()


def addressees(root: Path, prefix: str) -> list[str]:
    """The address of each mail queued whose id starts with ``prefix``, one a mail."""
    return sorted(str(m["To"]).split("<")[-1].rstrip(">") for m in queued(root, prefix).values())


@pytest.mark.parametrize("mails", [0, 2])
def test_release_given_again_after_it_was_cut_short_tells_every_player_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mails: int
) -> None:
    """The GM's `wtg release g1` dies after the hold is gone, with ``mails`` of the four
    notices queued; he gives the same command again. The unchanged code refused it ("game
    g1 is not held", exit 1) and the players not yet told were never told."""
    make(tmp_path / "games")
    run(tmp_path, "hold", "g1")
    cut_short(tmp_path, monkeypatch, mails, "release", "g1")
    assert status(tmp_path)["held"] is False  # the release counted

    out = run(tmp_path, "release", "g1").stdout

    assert addressees(tmp_path, "release-") == PLAYERS
    assert out.startswith("game g1 was released already (held since ")
    assert "cut short): " in out
    assert out.endswith(f"{4 - mails} notice(s) queued for the players (`wtg send` mails them)\n")
    refused = run(tmp_path, "release", "g1", code=1)
    assert refused.output == "wtg: game g1 is not held\n"


@pytest.mark.parametrize("mails", [0, 2])
def test_announce_given_again_after_it_was_cut_short_mails_every_player_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mails: int
) -> None:
    """The GM's `wtg announce g1 TEXT` dies with ``mails`` of the four mails queued; he gives
    the same command again. The unchanged code made new outbox ids (from the clock and the
    text) and queued four more: those mailed before got it twice."""
    make(tmp_path / "games")
    cut_short(tmp_path, monkeypatch, mails, "announce", "g1", "The server moves on Sunday.")
    assert len(queued(tmp_path, "announce-")) == mails

    out = run(tmp_path, "announce", "g1", "The server moves on Sunday.").stdout

    assert addressees(tmp_path, "announce-") == PLAYERS
    assert out.startswith("announcement queued already (at ")
    assert out.endswith(
        f"cut short): finished; {4 - mails} more for 4 player(s) of 1 game(s) "
        "(`wtg send` mails it)\n"
    )


def test_two_announcements_of_one_text_are_two_mails(tmp_path: Path) -> None:
    make(tmp_path / "games")
    for _ in range(2):
        out = run(tmp_path, "announce", "g1", "Hello.").stdout
        assert out == "announcement queued for 4 player(s) of 1 game(s) (`wtg send` mails it)\n"
    assert addressees(tmp_path, "announce-") == sorted(PLAYERS * 2)
