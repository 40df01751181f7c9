"""Issue 25, item 11: a GM's slip in the host's From is refused where he makes it, not found
out when every mail of the host is set aside for good. `wtg init --from "Game Master"` (the
address forgotten) made a config that `check-config` passed; then every report, answer and
digest `wtg send` made was "refused for good" (exit 0, no reason shown). The same for
`digest --mail --to` with something that is no address."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.host.config import ConfigError, load_config

NOT_ONE = [
    "Game Master",
    "gm",
    "gm@",
    "Game Master <gm@example.org>, other@example.org",
    "gm@example.org\tBcc: all@example.org",
]


def wtg(*args: str) -> Result:
    return CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None}).invoke(main, [*args])


@pytest.mark.parametrize("sender", NOT_ONE)
def test_init_refuses_a_from_that_is_not_one_address(tmp_path: Path, sender: str) -> None:
    """Issue 25, item 11: `wtg init --from` takes one address, with or without a name."""
    result = wtg("init", str(tmp_path / "host"), "--from", sender)
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"wtg: --from {sender!r} is not one e-mail address: give a name and an address, "
        'as in a mail\'s From ("Game Master <gm@example.org>")\n'
    )
    assert not (tmp_path / "host").exists()


@pytest.mark.parametrize("key", ["from", "smtp.from"])
@pytest.mark.parametrize("sender", NOT_ONE[:3])
def test_a_config_whose_from_is_not_one_address_names_its_line(
    tmp_path: Path, key: str, sender: str
) -> None:
    """Issue 25, item 11: every command that reads the config stops on it, naming the line."""
    path = tmp_path / "wtg.yaml"
    if key == "from":
        text, line = f'games_dir: games\nfrom: "{sender}"\n', 2
    else:
        text, line = f'games_dir: games\nsmtp:\n  host: smtp.example.org\n  from: "{sender}"\n', 4
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert caught.value.problems == [
        f"{path}, line {line}: {key}: expected one e-mail address, alone or with a name "
        f'("Game Master <gm@example.org>"), found the text {sender!r}'
    ]


@pytest.mark.parametrize(
    "sender",
    [
        "gm@example.org",
        "Game Master <gm@example.org>",
        '"Master, Game" <gm@example.org>',
        "Spielleiter Öst <gm@example.org>",
    ],
)
def test_a_from_of_one_address_is_taken_as_written(tmp_path: Path, sender: str) -> None:
    path = tmp_path / "wtg.yaml"
    quoted = sender.replace("\\", "\\\\").replace('"', '\\"')
    path.write_text(f'games_dir: games\nfrom: "{quoted}"\n', encoding="utf-8")
    assert load_config(path).sender == sender
    host = wtg("init", str(tmp_path / "host"), "--from", sender)
    assert host.exit_code == 0, host.output
    assert load_config(tmp_path / "host" / "wtg.yaml").sender == sender


def test_digest_refuses_a_to_that_is_not_one_address(tmp_path: Path) -> None:
    """Issue 25, item 11: `digest --mail --to gm` queued a mail that `wtg send` then set
    aside for good; it is refused, and nothing is queued."""
    assert wtg("init", str(tmp_path), "--from", "GM <gm@example.org>").exit_code == 0
    config = str(tmp_path / "wtg.yaml")
    result = wtg("--config", config, "digest", "--mail", "--to", "gm")
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        "wtg: --to 'gm' is not one e-mail address: give an address, as gm@example.org\n"
    )
    assert result.stdout == ""
    queue = tmp_path / "games" / ".mail" / "outbox" / "queue"
    assert not queue.exists() or list(queue.iterdir()) == []
    assert not (tmp_path / "games" / ".mail" / "digest.json").exists()  # the next one tells it
    mailed = wtg("--config", config, "digest", "--mail", "--to", "Me <me@example.org>")
    assert mailed.exit_code == 0, mailed.output
    assert len(list(queue.glob("digest-*.eml"))) == 1
