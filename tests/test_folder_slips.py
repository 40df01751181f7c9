"""A processed or rejected folder that is the orders' folder itself (`processed_folder:
INBOX`, to keep the handled mail where it was; `Inbox`, which IMAP reads as INBOX): the
poll moved each mail it handled back where it was, so every poll fetched, archived and
moved every mail again, for ever, and said `ignored N` each time (under cron, a mail every
five minutes). check-config said `ok`. The config now says which key, with its line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main

HEAD = "games_dir: games\ntransport: imap\nimap:\n  host: h\n  username: gm@example.org\n"
TAIL = "  password: pw\nsmtp: {host: h, from: gm@example.org}\n"


@pytest.mark.parametrize(
    ("lines", "line", "said"),
    [
        (
            "  processed_folder: INBOX\n",
            6,
            "processed_folder: 'INBOX' is the folder the orders arrive in (folder): the poll "
            "moves each mail it handled out of it, so give another (the default: "
            "wtg-processed)",
        ),
        (
            "  rejected_folder: Inbox\n",
            6,
            "rejected_folder: 'Inbox' is the folder the orders arrive in (folder): the poll "
            "moves each mail it handled out of it, so give another (the default: "
            "wtg-rejected)",
        ),
        (
            "  folder: Orders\n  processed_folder: Orders\n",
            7,
            "processed_folder: 'Orders' is the folder the orders arrive in (folder): the poll "
            "moves each mail it handled out of it, so give another (the default: "
            "wtg-processed)",
        ),
        (
            "  folder: wtg-processed\n",
            6,
            "folder: 'wtg-processed' is where the poll moves the mails it handled "
            "(processed_folder's default): name the orders' folder otherwise, or set "
            "processed_folder",
        ),
    ],
)
def test_a_handled_folder_that_is_the_orders_folder_is_named(
    tmp_path: Path, lines: str, line: int, said: str
) -> None:
    (tmp_path / "games").mkdir()
    config = tmp_path / "wtg.yaml"
    config.write_text(HEAD + lines + TAIL, encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), "check-config"])
    assert result.stdout == f"FAIL  {config}, line {line}: imap: {said}\n"
    assert result.exit_code == 1


def test_other_folders_and_one_for_both_stand(tmp_path: Path) -> None:
    """A processed and a rejected folder that are one folder are fine, and so is a folder
    whose name only looks like INBOX's."""
    from wtg.host.config import load_config

    (tmp_path / "games").mkdir()
    config = tmp_path / "wtg.yaml"
    config.write_text(
        HEAD
        + "  folder: INBOX.orders\n  processed_folder: INBOX\n  rejected_folder: INBOX\n"
        + TAIL,
        encoding="utf-8",
    )
    imap = load_config(config).imap
    assert imap is not None
    assert (imap.folder, imap.processed_folder, imap.rejected_folder) == (
        "INBOX.orders",
        "INBOX",
        "INBOX",
    )
