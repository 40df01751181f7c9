"""Issue 25, item 18: Ctrl-C in a poll is one line saying what was kept (the batches
committed) and that the rest waits in the inbox; the next poll files the rest, once."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import GM, World
from wtg.cli import main
from wtg.mail.poll.poller import Poller
from wtg.mail.servers import inbox as inbox_module


def test_ctrl_c_in_a_poll_says_what_was_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 18: Ctrl-C in a poll gave a traceback (or click's bare "Aborted!")."""
    world = World(tmp_path)
    for player in (1, 2, 3):
        world.mail(world.aof(player, X1="100"), sender=f"p{player}@players.example")
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    monkeypatch.setattr(inbox_module, "FETCH_BATCH", 1)  # a batch a mail
    handle_all = Poller._handle_all
    batches: list[int] = []

    def interrupted_at_the_second(self: Poller, messages: list[inbox_module.Incoming]) -> object:
        batches.append(len(messages))
        if len(batches) == 2:
            raise KeyboardInterrupt
        return handle_all(self, messages)

    with monkeypatch.context() as patched:
        patched.setattr(Poller, "_handle_all", interrupted_at_the_second)
        result = CliRunner().invoke(main, ["--config", str(config), "poll"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    assert result.stderr == (
        "wtg: poll interrupted: what it had filed is kept (filed 1, rejected 0, quarantined 0, "
        "ignored 0); the mails it had not finished wait in the inbox for the next poll\n"
    )
    again = CliRunner().invoke(main, ["--config", str(config), "poll"])
    assert again.stdout == "filed 2, rejected 0, quarantined 0, ignored 0\n"
    filed = world.game.store.pending_orders(1)
    assert sorted(filed) == [1, 2, 3]
