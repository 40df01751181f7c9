"""Issue 25, item 11: a mail `wtg send` sets aside for good is named to the GM, with why and
where it is kept. It said only "1 refused for good" on stdout (exit 0): a player whose
address a GM mistyped in game.yaml got no report, turn after turn, and nothing said who or
why but a JSON file in the outbox's failed folder."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import World
from wtg.cli import main
from wtg.text.yamlio import dump_yaml, load_yaml

MAIL = "report-g1-t0000-p03"


def test_send_names_each_mail_it_sets_aside_for_good(tmp_path: Path) -> None:
    """Issue 25, item 11: the mail refused for good is a `wtg:` line on stderr (which cron
    mails even with -q): its id, why, and its file; the other mails go, and the exit is 1
    (docs/gm.md, "Exit status, for scripts": something needs you), as a cron wrapper
    testing `$?` reads it; before round 42 it was 0. The next send, with nothing to set
    aside, exits 0."""
    world = World(tmp_path)
    path = world.game.store.root / "game.yaml"
    data = load_yaml(path.read_text(encoding="utf-8"))
    data["players"][2]["email"] = "p3 at players.example"  # a GM's slip in his editor
    path.write_text(dump_yaml(data), encoding="utf-8")
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), "send", "-q"])
    assert result.exit_code == 1, result.output
    given = f"wtg --config {config}"  # each command it names as this one was given
    assert result.stdout == (
        "4 reports queued; 3 mails sent, 0 waiting to be retried, 1 refused for good; "
        f"`{given} outbox` lists the mails set aside for good, `{given} outbox --retry NAME` "
        "sends one again once what it says is corrected (a player's address in game.yaml)\n"
    )
    kept = world.gm.spool / "outbox" / "failed" / f"{MAIL}.eml"
    assert kept.is_file()
    assert result.stderr == (
        f"wtg: mail {MAIL} refused for good: To: 'p3 at players.example' is not one e-mail "
        f"address (kept in {kept}; correct what it says, then `{given} outbox --retry {MAIL}` "
        "sends it again)\n"
    )
    again = CliRunner().invoke(main, ["--config", str(config), "send", "-q"])
    assert (again.exit_code, again.stdout, again.stderr) == (0, "", "")
