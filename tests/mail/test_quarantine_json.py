"""`wtg quarantine --json` and the `key` of `wtg status --json`'s mails quarantined: the
text listing breaks a mail's lines at 78 columns, and `wtg status --json`'s quarantine
entries had no key, so that a GM's script had no steady way to the KEY that `wtg
quarantine --release KEY` and `--forget KEY` take. The JSON gives every mail with its key,
game, path, reason and when it came; a hostile game's name or reason is escaped by JSON
and reaches the script as the mail gave it, not altered."""

from __future__ import annotations

import json
import shlex
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import GM, World
from wtg.cli import main
from wtg.mail.poll import poller
from wtg.mail.spool.journallists import held_mails, quarantined

HOSTILE_GAME = 'g9"\\\x07</x>\u3164'
"""A game's name as a form gave it: a quote, a backslash, a BEL, markup, a Hangul filler
(a letter that shows nothing)."""
REASON = 'the "parser" broke at \\x07 </script> \u65e5\u672c\u8a9e'
"""What the handling that broke said: quotes, a backslash written out, markup, CJK."""


def wtg(world: World, *args: str) -> Result:
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    return CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])


def broken(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError(REASON)


def one_of_each(world: World, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """A mail held (its form names the hostile game) and one quarantined (its handling
    broke, saying ``REASON``), each by a poll of its own: their keys."""
    form = world.aof(1, X1="100").replace("GAME: g1", f"GAME: {HOSTILE_GAME}")
    held = f"maildir:{world.mail(form)}"
    assert world.poll().held == 1
    broke = f"maildir:{world.mail(world.aof(2, X1='100'), sender='p2@players.example')}"
    with monkeypatch.context() as patched:
        patched.setattr(poller.Poller, "_decide", broken)
        assert world.poll().quarantined == 1
    return held, broke


def test_quarantine_json_gives_every_mail_with_its_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World(tmp_path)
    held_key, broke_key = one_of_each(world, monkeypatch)
    result = wtg(world, "quarantine", "--json")
    assert result.exit_code == 0, result.output
    listing = json.loads(result.stdout)
    (item,) = quarantined(world.gm.spool)
    (kept,) = held_mails(world.gm.spool)
    assert listing["games_dir"] == str(world.gm.games_dir)
    assert listing["quarantined"] == 1
    assert listing["quarantine"] == [
        {
            "key": broke_key,
            "game": "g1",
            "archive": item.archive,
            "reason": f"RuntimeError: {REASON}",
            "at": item.at,
            "received": datetime.fromtimestamp(item.at, timezone.utc).strftime(
                "%Y-%m-%dT%H:%M:%SZ"
            ),
            "sender": "p2@players.example",
            "player": True,
        }
    ]
    assert Path(item.archive).is_file()
    assert listing["quarantine_not_listed"] == {}
    assert listing["held"] == 1
    (held,) = listing["held_mails"]
    assert held["key"] == held_key
    assert held["game"] == HOSTILE_GAME  # whole, as the mail gave it: JSON escapes it
    assert held["archive"] == kept.archive
    assert held["reason"] == kept.reason
    assert held["sender"] == "p1@players.example"
    assert (held["did_you_mean"], held["orders"]) == ([], [])  # g9... is close to no game
    assert listing["held_not_listed"] == 0
    assert listing["held_not_listed_by_address"] == []
    assert listing["releases_cut_short"] == []
    # JSON escaped the control character and the filler: neither reaches a terminal raw
    assert not any(char in result.stdout for char in "\x07\u3164")
    assert '"g9\\"\\\\\\u0007</x>\\u3164"' in result.stdout
    # the text shows the same name quoted and escaped, its key first on its line
    text = wtg(world, "quarantine").stdout
    assert f"{held_key}  HELD  game 'g9\"\\\\\\x07</x>\\u3164'\n" in text
    assert f"{broke_key}  game g1\n" in text


def test_a_key_from_the_json_releases_its_mail(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the JSON is for: a script reads the keys and gives them back."""
    world = World(tmp_path)
    one_of_each(world, monkeypatch)
    listing = json.loads(wtg(world, "quarantine", "--json").stdout)
    keys = [entry["key"] for entry in (*listing["quarantine"], *listing["held_mails"])]
    for key in keys:
        released = wtg(world, "quarantine", "--release", key)
        assert released.exit_code == 0, released.output
    after = json.loads(wtg(world, "quarantine", "--json").stdout)
    assert (after["quarantine"], after["held_mails"]) == ([], [])


def test_status_json_gives_the_key_of_each_mail_quarantined(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The keys it had are as they were; ``key`` and ``at`` added, in the host's list and in
    its game's entry."""
    world = World(tmp_path)
    _, broke_key = one_of_each(world, monkeypatch)
    (item,) = quarantined(world.gm.spool)
    expected = {
        "game": "g1",
        "archive": item.archive,
        "reason": f"RuntimeError: {REASON}",
        "key": broke_key,
        "at": item.at,
        "player": True,
    }
    overview = json.loads(wtg(world, "status", "--json").stdout)
    assert overview["quarantine"] == [expected]
    (game,) = overview["games"]
    assert game["quarantine"] == [{k: v for k, v in expected.items() if k != "game"}]
    one = json.loads(wtg(world, "status", "g1", "--json").stdout)
    assert one["quarantine"] == game["quarantine"]


def test_json_goes_alone(tmp_path: Path) -> None:
    world = World(tmp_path)
    given = wtg(world, "quarantine", "--json", "--forget", "maildir:x")
    assert given.exit_code == 1
    assert given.stderr == (
        "wtg: --json goes alone: it prints the list (not with --release, --release-held, "
        "--forget or --forget-all)\n"
    )
    held = wtg(world, "quarantine", "--json", "--release-held")
    assert (held.exit_code, held.stderr) == (1, given.stderr)


def test_the_orders_given_for_a_held_mail_run_as_given_from_a_folder_with_a_blank(
    tmp_path: Path,
) -> None:
    """The `wtg orders` given for a held mail (--json's ``orders``, the text's line) quote
    the game's folder and the mail's copy when a shell would split them (a games folder
    under ``My Games``): split as a shell splits them, they were five words and more, and
    the command refused."""
    world = World(tmp_path / "My Games")
    form = world.aof(1, X1="100").replace("GAME: g1", "GAME: g11")
    world.mail(form)
    assert world.poll().held == 1
    (kept,) = held_mails(world.gm.spool)
    listing = json.loads(wtg(world, "quarantine", "--json").stdout)
    (held,) = listing["held_mails"]
    assert held["did_you_mean"] == ["g1"]
    (command,) = held["orders"]
    words = shlex.split(command)
    assert words == ["wtg", "orders", str(world.gm.games_dir / "g1"), kept.archive]
    text = wtg(world, "quarantine").stdout
    assert f"`{command}`" in text
