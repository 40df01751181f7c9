"""A player's address mistyped in game.yaml (`bob@exmaple.org`) whose server took the mail
all the same, the GM mends game.yaml by hand at 2 a.m. and asks `wtg outbox --retry` for
the report: it said only `was sent already ...: nothing to put back`, and the player, who
never had his report (and the code in it), lost the turn. The refusal says where the mail
went, that wtg sends a mail once, and how the player gets his report."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import GM, World
from wtg.cli import main

GOOD = "p2@players.example"
"""Player 2's address; ``p2@plyaers.example`` his typo."""


def sent_to_typo(tmp_path: Path, *before: str) -> tuple[World, Path, CliRunner]:
    """A world whose player 2's address was mistyped in game.yaml, the commands ``before``
    given, `wtg send` run, then the address mended by hand: the world, its config, the
    runner."""
    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    yaml = world.game.store.root / "game.yaml"
    yaml.write_text(yaml.read_text().replace(GOOD, "p2@plyaers.example"))  # the typo
    runner = CliRunner()
    for command in (*before, "send -q"):
        ran = runner.invoke(main, ["--config", str(config), *command.split()])
        assert ran.exit_code == 0, ran.output
    yaml.write_text(yaml.read_text().replace("p2@plyaers.example", GOOD))  # mended by hand
    return world, config, runner


def test_a_report_sent_to_a_mistyped_address_says_how_he_gets_it(tmp_path: Path) -> None:
    world, config, runner = sent_to_typo(tmp_path)
    good = GOOD
    name = "report-g1-t0000-p02"
    done = runner.invoke(main, ["--config", str(config), "outbox", "--retry", name])
    assert done.exit_code == 1
    sent = world.gm.spool / "outbox" / "sent" / f"{name}.eml"
    given = f"wtg --config {config}"  # each command it names as this one was given
    assert done.stderr == (
        f"wtg: mail {name} was sent already, to p2@plyaers.example (the server took it: "
        f"{sent}), and game g1 player 2's address in game.yaml is {good} now: it went to "
        "the address as it was, and wtg sends a mail once; his report carried his secret "
        f"code there: `{given} new-code g1 --player 2` gives him a new one, mailed to "
        f"{good}; then `{given} report g1 --player 2 --turn 0 --mail` queues his report to "
        f"{good} (the next `{given} send` mails it) (his mail from now on goes to {good})\n"
    )
    old = world.game.config.player(2).code
    renewed = runner.invoke(main, ["--config", str(config), "new-code", "g1", "--player", "2"])
    assert renewed.exit_code == 0, renewed.output
    assert f"its mail queued to {good}" in renewed.stdout
    told = runner.invoke(
        main, ["--config", str(config), "report", "g1", "--player", "2", "--turn", "0"]
    )
    assert told.exit_code == 0 and "report of turn 0 for Player2 (player #2)" in told.stdout
    assert old not in told.stdout  # the code read at the mistyped address: refused now
    # a mail sent to the address on file: as before
    other = runner.invoke(
        main, ["--config", str(config), "outbox", "--retry", "report-g1-t0000-p01"]
    )
    assert other.exit_code == 1
    assert other.stderr.endswith("report-g1-t0000-p01.eml): nothing to put back\n")


def test_a_new_code_sent_to_a_mistyped_address_says_to_give_another(tmp_path: Path) -> None:
    """attack42: the mail of `wtg new-code` is a seat's too. Sent to a typo mended since,
    its retry said only `was sent already`; it says where the code went and the command
    that gives the player another, as a report's does."""
    world, config, runner = sent_to_typo(tmp_path, "new-code g1 --player 2")
    (sent,) = (world.gm.spool / "outbox" / "sent").glob("code-*-g1-p02.eml")
    done = runner.invoke(main, ["--config", str(config), "outbox", "--retry", sent.stem])
    assert done.exit_code == 1
    assert done.stderr == (
        f"wtg: mail {sent.stem} was sent already, to p2@plyaers.example (the server took it: "
        f"{sent}), and game g1 player 2's address in game.yaml is {GOOD} now: it went to "
        "the address as it was, and wtg sends a mail once; it told his new code there: "
        f"`wtg --config {config} new-code g1 --player 2` gives him another, mailed to "
        f"{GOOD} (his mail from now on goes to {GOOD})\n"
    )
