"""A lobby's book that is no database (torn, or written over), met by the GM's commands
rather than by a poll (tests/lobby/test_torn_book_poll.py): the lobby's commands said
``a database of the games folder cannot be used: file is not a database``, naming no file
and nothing to do; `wtg site` stopped before the index, its new games missing from it;
`wtg digest` printed nothing of any game; `wtg run-turn --due` and `wtg upgrade` called it
``an error in wtg``; `wtg status --host` said nothing of it. Now each command that needs
the book says it in one line (which file, `wtg restore`), and those that do more do the
rest without it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gmtyped import ann_and_bob_host, wtg
from wtg.lobby.database import FILE, FOLDER, torn

WRITTEN_OVER = b"written over " * 1000


def torn_host(tmp_path: Path) -> tuple[Path, Path]:
    """A host of one game, g1, and a waiting list open, its book written over: the config
    and the book."""
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    book = tmp_path / "host" / "games" / FOLDER / FILE
    book.write_bytes(WRITTEN_OVER)
    return config, book


def said(book: Path) -> str:
    return (
        f"the lobby's book {book} cannot be read (file is not a database): restore it from a "
        "backup: in its folder, move people.sqlite aside with any people.sqlite-wal and "
        "people.sqlite-shm, then `(umask 077; tar -xzOf BACKUP.tar.gz "
        "wtg-backup/games/.people/people.sqlite > people.sqlite)` (`wtg restore` takes a whole "
        "host only)"
    )


@pytest.mark.parametrize(
    "command",
    [
        ("lists",),
        ("lists", "--json"),
        ("open-list", "wisk"),
        ("close-list", "wok4"),
        ("offer-seat", "g1", "1"),
        ("offer-seat", "g1", "2", "--withdraw"),
        ("ratings",),
    ],
)
def test_a_lobby_command_says_the_torn_book_in_one_line(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    config, book = torn_host(tmp_path)

    result = wtg("--config", config, *command)

    assert result.exit_code == 1
    assert result.stderr == f"wtg: {said(book)}\n"
    assert result.stdout == ""
    assert book.read_bytes() == WRITTEN_OVER  # the GM's to restore, untouched


def test_status_host_says_the_torn_book(tmp_path: Path) -> None:
    config, book = torn_host(tmp_path)

    shown = wtg("--config", config, "status", "--host")
    data = json.loads(wtg("--config", config, "status", "--host", "--json").stdout)

    assert shown.exit_code == 0
    (line,) = [x for x in shown.stdout.splitlines() if x.startswith("LOBBY'S BOOK: ")]
    assert line.startswith(f"LOBBY'S BOOK: {said(book)}; until then the polls hold ")
    assert data["lobby_book"] == said(book)
    book.unlink()  # no book: nothing said
    assert "LOBBY'S BOOK" not in wtg("--config", config, "status", "--host").stdout
    data = json.loads(wtg("--config", config, "status", "--host", "--json").stdout)
    assert data["lobby_book"] is None


def test_the_site_publishes_every_game_beside_a_torn_book(tmp_path: Path) -> None:
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    site = tmp_path / "site"
    assert wtg("--config", config, "site", site).exit_code == 0
    assert "wok4" in (site / "index.html").read_text(encoding="utf-8")  # the list shown
    hiscore = (site / "hiscore.html").read_bytes()
    made = wtg(
        "--config", config, "new-game", "g2", "--ruleset", "wok4", "--map", "small",
        "--player", "Cy:cy@example.org", "--player", "Di:di@example.org",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    book = tmp_path / "host" / "games" / FOLDER / FILE
    book.write_bytes(WRITTEN_OVER)

    result = wtg("--config", config, "site", site)

    assert result.exit_code == 1  # a cron's script sees it
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"wtg: {said(book)}; the site is built without it: ")
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "games/g1/index.html" in index and "games/g2/index.html" in index
    assert (site / "games" / "g2" / "index.html").is_file()
    assert (site / "hiscore.html").read_bytes() == hiscore  # as the last build left it
    assert book.read_bytes() == WRITTEN_OVER


def test_the_first_site_beside_a_torn_book_has_every_page(tmp_path: Path) -> None:
    config, book = torn_host(tmp_path)
    site = tmp_path / "site"

    result = wtg("--config", config, "site", site)

    assert result.exit_code == 1
    assert result.stderr.count(str(book)) == 1
    for page in ("index.html", "hiscore.html", "ratings.html", "games/g1/index.html"):
        assert (site / page).is_file(), page


def test_the_digest_lists_every_game_beside_a_torn_book(tmp_path: Path) -> None:
    config, book = torn_host(tmp_path)

    result = wtg("--config", config, "digest")

    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert f"LOBBY'S BOOK: {said(book)}; until then no waiting list takes a player" in words
    assert "Orders missing:" in result.stdout and "g1 turn 1" in result.stdout


def test_run_turn_due_and_upgrade_name_the_torn_book(tmp_path: Path) -> None:
    config, book = torn_host(tmp_path)

    due = wtg("--config", config, "run-turn", "--due")
    upgraded = wtg("--config", config, "upgrade")
    sent = wtg("--config", config, "send")

    assert f"lobby: {said(book)}; the lobby skipped\n" in due.stderr
    assert "an error in wtg" not in due.output
    assert "not due 1" in due.stdout  # the game looked at all the same
    assert f"the lobby's book: skipped: {said(book)}" in upgraded.output
    assert "an error in wtg" not in upgraded.output
    assert sent.exit_code == 0, sent.output
    assert torn(book.parent.parent) == said(book)


def test_new_game_says_why_it_waits_for_a_torn_book(tmp_path: Path) -> None:
    """A plain `new-game` looks its name up in the book (a gone game's records of the name
    would stand for the new one): a torn book is said with why the game waits for it."""
    config, book = torn_host(tmp_path)

    made = wtg(
        "--config", config, "new-game", "g2", "--ruleset", "wok4", "--map", "small",
        "--player", "Cy:cy@example.org", "--player", "Di:di@example.org",
    )  # fmt: skip

    assert made.exit_code == 1
    (line,) = made.stderr.splitlines()
    assert line.startswith(f"wtg: {said(book)}; a new game's name is looked up in it first")
    assert not (tmp_path / "host" / "games" / "g2").exists()


def test_the_status_of_every_game_says_the_torn_book(tmp_path: Path) -> None:
    """`wtg status` without a game, the GM's morning look, said nothing of it: only `status
    --host` did. Now it says the same line, and its --json ``lobby_book``."""
    config, book = torn_host(tmp_path)

    shown = wtg("--config", config, "status")
    data = json.loads(wtg("--config", config, "status", "--json").stdout)

    assert shown.exit_code == 0
    (line,) = [x for x in shown.stdout.splitlines() if x.startswith("LOBBY'S BOOK: ")]
    assert line.startswith(f"LOBBY'S BOOK: {said(book)}; until then the polls hold ")
    assert data["lobby_book"] == said(book)
    book.unlink()
    assert "LOBBY'S BOOK" not in wtg("--config", config, "status").stdout
    assert json.loads(wtg("--config", config, "status", "--json").stdout)["lobby_book"] is None


def test_status_with_a_config_given_by_a_relative_path_reads_the_book(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg --config host/wtg.yaml status` from the folder above, on a host with a waiting
    list: the book's look took its relative path for a file URI and the command died in a
    traceback (ValueError: relative path can't be expressed as a file URI)."""
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    monkeypatch.chdir(tmp_path)
    result = wtg("--config", "host/wtg.yaml", "status")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.split()[:3] == ["g1", "wok4", "turn"], result.stdout
    assert torn(Path("host") / "games") is None
