"""One scan of the games folder for status, run-turn --due, send and remind, with one
policy: a game folder that cannot be read is reported (its folder and why), skipped, and
the other games go on. The poll opens only the games its mails name, and reports those of
them that cannot be read."""

from __future__ import annotations

import json
import mailbox
import shutil
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_due_many import break_ruleset, due_games, write_config
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.game.schedule import iso
from wtg.host.config import load_config
from wtg.host.gamesdir import scan_games


def broken_games_dir(root: Path) -> list[Path]:
    """g01 and g04 are good games past their deadline; g02's game.yaml is not UTF-8 (a
    Latin-1 editor), g03 names a ruleset this wtg does not know."""
    folders = due_games(root / "games", 4)
    config = folders[1] / "game.yaml"
    config.write_bytes(
        config.read_bytes().replace(b"name: Bob", "name: Bj\xf6rn".encode("latin-1"))
    )
    break_ruleset(folders[2])
    (root / "games" / "notes").mkdir()  # no game.yaml: no game, nothing to say
    return folders


def wtg(config: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def named(stderr: str) -> list[str]:
    """The folders named on stderr as skipped."""
    return sorted(
        Path(line.split(": ", 2)[1]).name for line in stderr.splitlines() if "skipped" in line
    )


def test_status_lists_the_good_games_and_names_the_broken_ones(tmp_path: Path) -> None:
    """It exits 1 (a GM's monitoring script looks at the exit status: it was 0 while the
    listing named two games no cron line runs), having listed the others."""
    broken_games_dir(tmp_path)
    code, out, _err = wtg(write_config(tmp_path), "status")
    assert code == 1
    lines = out.splitlines()
    # the good games' deadlines are long past and their turns have not run: said so
    late = [line.split(":")[1].split()[-1] for line in lines if line.startswith("OVERDUE: ")]
    assert late == ["g01", "g04"]
    lines = [line for line in lines if not line.startswith("OVERDUE: ")]
    assert [line.split()[0] for line in lines[:2]] == ["g01", "g04"]
    games = tmp_path / "games"
    assert lines[2].startswith(
        f"{games / 'g02'}: cannot be read, skipped: {games / 'g02' / 'game.yaml'}, line 10: "
        "not UTF-8 text (the byte 0xf6): save the file as UTF-8"
    )
    assert lines[3].startswith(
        f"{games / 'g03'}: cannot be read, skipped: {games / 'g03' / 'game.yaml'}, line 3: "
        "ruleset: no ruleset 'wok9'"
    )
    assert len(lines) == 4


def test_status_json_lists_the_unreadable_games_and_exits_1(tmp_path: Path) -> None:
    broken_games_dir(tmp_path)
    code, out, _err = wtg(write_config(tmp_path), "status", "--json")
    assert code == 1
    listing = json.loads(out)
    assert [game["game"] for game in listing["games"]] == ["g01", "g04"]
    assert [Path(item["path"]).name for item in listing["unreadable"]] == ["g02", "g03"]


def test_status_of_games_that_all_read_exits_0(tmp_path: Path) -> None:
    due_games(tmp_path / "games", 2)
    config = write_config(tmp_path)
    assert wtg(config, "status")[0] == 0
    assert wtg(config, "status", "--json")[0] == 0


def test_run_turn_due_runs_the_good_games_and_fails_the_broken(tmp_path: Path) -> None:
    folders = broken_games_dir(tmp_path)
    code, out, err = wtg(write_config(tmp_path), "run-turn", "--due", "--jobs", "1")
    assert code == 1
    assert out.splitlines()[-1].endswith("; failed: g02, g03")
    assert sorted(line.split(":")[0] for line in err.splitlines()) == ["g02", "g03"]
    assert [open_game(f).latest_turn() for f in (folders[0], folders[3])] == [1, 1]


def order_mail(game_id: str, text: str, number: int) -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "ann@example.org", "gm@example.org", "orders"
    msg["Message-ID"] = f"<o{number}@example.org>"
    msg.set_content(text.replace("GAME: g04", f"GAME: {game_id}").replace("R1: _", "R1: 1"))
    return msg


def test_poll_files_orders_of_a_good_game_and_names_the_broken_it_meets(tmp_path: Path) -> None:
    """The poll opens the games its mails name (wtg.mail.spool.hostgames): a mail for g04 is filed
    and the broken g02 and g03 cost nothing and are not reported on every cron run (`wtg
    status` names them); a mail for g03 makes the poll look at g03, which it names."""
    folders = broken_games_dir(tmp_path)
    config = write_config(tmp_path)
    gm = load_config(config)
    game = open_game(folders[3])
    gm.maildir_in.parent.mkdir(parents=True, exist_ok=True)
    inbox = mailbox.Maildir(gm.maildir_in, create=True)
    inbox.add(order_mail("g04", game.aof(1), 1))
    code, out, err = wtg(config, "poll")
    assert (code, out, named(err)) == (0, "filed 1, rejected 0, quarantined 0, ignored 0\n", [])
    assert 1 in game.store.pending_orders(1)
    inbox.add(order_mail("G03", game.aof(1), 2))
    code, out, err = wtg(config, "poll")
    # held for the GM (issue 25, item 11): the game is there, its folder cannot be read;
    # the poll names the games it skipped and exits 1, as `wtg send` does
    assert (code, out) == (
        1,
        "filed 0, rejected 0, quarantined 0, ignored 0, held for the GM 1; skipped: g02, g03\n",
    )
    assert named(err) == ["g02", "g03"]  # g02: answering Ann looks for her seats in every game
    assert "no ruleset 'wok9'" in err


def test_send_and_remind_serve_the_good_games_and_name_the_broken(tmp_path: Path) -> None:
    folders = broken_games_dir(tmp_path)
    config = write_config(tmp_path)
    code, out, err = wtg(config, "send")
    assert code == 1  # the broken games are the GM's to mend (was 0: cron saw success)
    assert out.startswith("4 reports queued; 4 mails sent")  # turn 0 of g01 and g04
    assert named(err) == ["g02", "g03"]
    code, out, err = wtg(config, "remind")
    # their deadlines are long past; the broken games are named and make it exit 1 (was 0)
    assert (code, out) == (1, "0 reminders queued; skipped: g02, g03\n")
    assert named(err) == ["g02", "g03"]
    assert folders[0].is_dir()


def test_poll_and_remind_name_the_skipped_and_exit_1_even_quiet(tmp_path: Path) -> None:
    """`wtg poll` and `wtg remind` skipped a game they could not read and exited 0, where
    `wtg send` exits 1: the GM's cron saw success. Each handles the other games as before,
    names the skipped ones in its summary line (printed under -q too) and exits 1; once
    the folders are mended, -q is silent and the exit 0 again."""
    folders = broken_games_dir(tmp_path)
    config = write_config(tmp_path)
    gm = load_config(config)
    good = open_game(folders[3])
    meta = folders[3] / "turns" / "0000" / "turn.json"
    soon = iso(datetime.now(timezone.utc) + timedelta(hours=2))  # within remind_hours
    meta.write_text(json.dumps(json.loads(meta.read_text()) | {"next_deadline": soon}))
    gm.maildir_in.parent.mkdir(parents=True, exist_ok=True)
    inbox = mailbox.Maildir(gm.maildir_in, create=True)
    inbox.add(order_mail("g04", good.aof(1), 1))
    inbox.add(order_mail("g02", good.aof(1), 2))
    code, out, err = wtg(config, "poll", "-q")
    assert code == 1
    # g02's mail waits for its game.yaml to be mended (or is held, as wtg reads it); the
    # summary names each game the poll skipped, as stderr does
    assert out.startswith("filed 1, rejected 0, quarantined 0, ignored 0, ")
    assert "g02" in named(err)
    assert out.endswith(f"; skipped: {', '.join(named(err))}\n")
    assert 1 in good.store.pending_orders(1)
    code, out, err = wtg(config, "remind", "-q")
    assert (code, out) == (1, "1 reminder queued; skipped: g02, g03\n")  # g04's player 2
    assert named(err) == ["g02", "g03"]
    queue = (gm.spool / "outbox" / "queue").iterdir()
    assert [p.name for p in queue if p.name.startswith("remind-")] == ["remind-g04-t0001-p02.eml"]
    for folder in folders[1:3]:
        shutil.rmtree(folder)
    code, out, err = wtg(config, "poll", "-q")  # (a mail that waited for g02 is held now)
    assert (code, err) == (0, "") and "skipped" not in out
    assert wtg(config, "remind", "-q") == (0, "", "")  # reminded once a turn


def test_send_mails_the_other_games_then_exits_1_naming_the_skipped_even_quiet(
    tmp_path: Path,
) -> None:
    """`wtg send` skipped a game it could not read and exited 0: the GM's cron saw success.
    It mails the other games as before, names each skipped game on stderr and in its one
    summary line (as `run-turn --due` names a game it failed: `; failed: g02, g03`), and
    exits 1; `-q` prints that line too (something happened)."""
    folders = broken_games_dir(tmp_path)
    config = write_config(tmp_path)
    code, out, err = wtg(config, "send", "-q")
    assert code == 1
    assert out == (
        "4 reports queued; 4 mails sent, 0 waiting to be retried, 0 refused for good; "
        "skipped: g02, g03\n"
    )
    assert named(err) == ["g02", "g03"]
    code, out, err = wtg(config, "send", "-q")
    assert (code, out) == (
        1,
        "0 reports queued; 0 mails sent, 0 waiting to be retried, "
        "0 refused for good; skipped: g02, g03\n",
    )
    assert named(err) == ["g02", "g03"]
    for folder in folders[1:3]:
        shutil.rmtree(folder)
    code, out, err = wtg(config, "send", "-q")
    assert (code, out, err) == (0, "", "")


def test_a_folder_the_scan_may_not_look_into_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a user without the right to a folder sees it (the tests may run as root, whom
    no permission stops): the folder is named with why, the others are found."""
    folders = due_games(tmp_path / "games", 3)
    is_file = Path.is_file

    def refusing(path: Path) -> bool:
        if path.parent == folders[1]:
            raise PermissionError(13, "Permission denied", str(path))
        return is_file(path)

    monkeypatch.setattr(Path, "is_file", refusing)
    scan = scan_games(tmp_path / "games")
    assert scan.folders == (folders[0], folders[2])
    assert [(u.folder, u.reason) for u in scan.unreadable] == [
        (folders[1], f"[Errno 13] Permission denied: '{folders[1] / 'game.yaml'}'")
    ]
    assert scan.unreadable[0].line().startswith(f"{folders[1]}: cannot be read, skipped: ")
