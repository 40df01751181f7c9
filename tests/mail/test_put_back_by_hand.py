"""A game folder put back by hand from a copy (last night's backup untarred over it, an
upgrade's copy put back as docs/gm.md says) while the host ran on: its latest turn is
before the last turn the host mailed of it. `wtg send` counted those turns mailed, and the
turns run again from there reached no player ("0 reports queued"), without a word. Now
the send says what it found, mails the latest turn's report again (the players' latest is
of a turn that is no more, and its form is refused), and each turn run again that came
out otherwise than the one they had; one that came out the same is not mailed twice."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import open_game

PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")
ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}


def wtg(host: Path, *args: str) -> Result:
    result = CliRunner(env=ENV).invoke(main, ["--config", str(host / "wtg.yaml"), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def mailed(games: Path, turn: int) -> list[str]:
    """The names of the reports of g1's ``turn`` sent or queued, sorted."""
    outbox = games / ".mail" / "outbox"
    return sorted(
        path.stem
        for folder in ("queue", "sent")
        for path in (outbox / folder).glob("*.eml")
        if f"-g1-t{turn:04d}-" in path.stem
    )


def put_back(games: Path, copy: Path) -> None:
    shutil.rmtree(games / "g1")
    shutil.copytree(copy, games / "g1")


def turn_1_mailed(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A host whose game g1 was copied at turn 0 (last night's backup of it) and then ran
    its turn 1, mailed: the host, its games folder and the copy."""
    host = tmp_path / "host"
    assert CliRunner(env=ENV).invoke(main, ["init", str(host)]).exit_code == 0
    games = host / "games"
    made = wtg(host, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    assert made.exit_code == 0, made.output
    assert wtg(host, "send").exit_code == 0
    copy = tmp_path / "backup-g1"
    shutil.copytree(games / "g1", copy)  # last night's backup of the game, at turn 0
    assert wtg(host, "run-turn", "g1", "--now", "--just-mailed").exit_code == 0
    assert wtg(host, "send").stdout.startswith("2 reports queued")
    return host, games, copy


def test_the_turns_of_a_folder_put_back_by_hand_are_mailed_again(tmp_path: Path) -> None:
    host, games, copy = turn_1_mailed(tmp_path)
    first_turn_1 = mailed(games, 1)
    assert first_turn_1 == ["report-g1-t0001-p01", "report-g1-t0001-p02"]

    put_back(games, copy)
    sent = wtg(host, "send")

    assert sent.exit_code == 0, sent.output
    assert sent.stderr == (
        f"wtg: game g1 is at turn 0, though its turn 1 was mailed: its folder was put back "
        "from a copy (a backup, an upgrade's copy), not by a rollback; its players are "
        f"mailed turn 0's report again, and each turn run from it (tell them why: `wtg "
        f"--config {host / 'wtg.yaml'} announce g1 TEXT`)\n"
    )
    assert sent.stdout.startswith("2 reports queued"), sent.output
    again = [name for name in mailed(games, 0) if name.startswith("resend-")]
    assert sorted(name.rsplit("-", 1)[1] for name in again) == ["p01", "p02"], again

    # turn 1 run again as it ran (no orders either time): the players have it already
    assert wtg(host, "run-turn", "g1", "--now", "--just-mailed").exit_code == 0
    assert wtg(host, "send").stdout.startswith("0 reports queued")
    assert mailed(games, 1) == first_turn_1

    # put back once more, and Ann's orders this time: her turn 1 is not the one she had
    put_back(games, copy)
    again_sent = wtg(host, "send")
    assert again_sent.stdout.startswith("0 reports queued"), again_sent.output  # had it
    form = tmp_path / "ann.txt"
    form.write_text(filled_aof(open_game(games / "g1").typed(WOK4), 1), encoding="utf-8")
    assert wtg(host, "orders", "g1", str(form)).exit_code == 0
    assert wtg(host, "run-turn", "g1", "--now", "--just-mailed").exit_code == 0
    assert wtg(host, "send").exit_code == 0
    anns = [name for name in mailed(games, 1) if name.endswith("-p01")]
    assert len(anns) == 2 and anns[1].startswith("resend-"), anns
    assert open_game(games / "g1").latest_turn() == 1


def test_a_folder_put_back_and_run_on_before_a_send_is_mailed_again(tmp_path: Path) -> None:
    """review40: put back, then run on before the send (cron's `run-turn --due` at the
    deadline, minutes after the GM untarred last night's copy): the game was at the turn
    mailed again, nothing said it was put back, and its turn run anew, named as the one
    mailed, reached no player ("0 reports queued"). Each turn's reports queued note what it
    came out as; one that reads otherwise now is mailed again, and one run as it ran is not."""
    host, games, copy = turn_1_mailed(tmp_path)
    first_turn_1 = mailed(games, 1)

    # put back and run on as it ran (no orders either time): nothing to mail, nothing said
    put_back(games, copy)
    assert wtg(host, "run-turn", "g1", "--now", "--just-mailed").exit_code == 0
    same = wtg(host, "send")
    assert same.stdout.startswith("0 reports queued"), same.output
    assert same.stderr == ""
    assert mailed(games, 1) == first_turn_1

    # put back and run on with Ann's orders: her turn 1 is not the one she had
    put_back(games, copy)
    form = tmp_path / "ann.txt"
    form.write_text(filled_aof(open_game(games / "g1").typed(WOK4), 1), encoding="utf-8")
    assert wtg(host, "orders", "g1", str(form)).exit_code == 0
    assert wtg(host, "run-turn", "g1", "--now", "--just-mailed").exit_code == 0
    sent = wtg(host, "send")

    assert sent.exit_code == 0, sent.output
    assert sent.stderr == (
        "wtg: game g1's turn 1 is not the turn 1 its players were mailed: its folder was put "
        "back from a copy (a backup, an upgrade's copy), not by a rollback, and run on; its "
        "players are mailed each turn run from it that came out otherwise (tell them why: "
        f"`wtg --config {host / 'wtg.yaml'} announce g1 TEXT`)\n"
    )
    anns = [name for name in mailed(games, 1) if name.endswith("-p01")]
    assert len(anns) == 2 and anns[1].startswith("resend-"), anns
    # said once: the next send finds the turn as it mailed it
    assert wtg(host, "send").stderr == ""
