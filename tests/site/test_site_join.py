"""Issue 25, item 19: "the site says how to join and whom to write to": the index names the
host's address, and with a waiting list open, the JOIN a player mails there."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main


def wtg(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def section(index: str, name: str) -> str:
    return index.split(f'<section id="{name}">', 1)[1].split("</section>", 1)[0]


def test_the_index_says_how_to_join_and_whom_to_write_to(tmp_path: Path) -> None:
    """Issue 25, item 19: the index gives the GM's address (the config's From) to write to,
    and under the open waiting lists how to JOIN one by mail; without a config (no address
    a player could write to) it gives neither."""
    config = tmp_path / "wtg.yaml"
    config.write_text('games_dir: games\nfrom: "Game Master <gm@host.example>"\n')
    (tmp_path / "games").mkdir()
    wtg("--config", str(config), "open-list", "wok4", "--players", "4", "--every", "2")
    wtg("--config", str(config), "site", str(tmp_path / "site"))
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    contact = section(index, "contact")
    assert '<a href="mailto:gm@host.example">gm@host.example</a>' in contact
    waiting = section(index, "waiting")
    assert 'To join, mail <a href="mailto:gm@host.example">gm@host.example</a> a line' in waiting
    assert "<code>JOIN wok4</code>" in waiting
    assert "<code>CONFIRM &lt;code&gt;</code>" in waiting
    wtg("site", str(tmp_path / "bare"), "--games-dir", str(tmp_path / "games"))
    bare = (tmp_path / "bare" / "index.html").read_text(encoding="utf-8")
    assert 'id="contact"' not in bare and 'id="join"' not in bare
    assert "Open waiting lists" in bare
