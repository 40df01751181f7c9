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


def test_each_waiting_list_says_the_join_that_puts_a_player_on_it(tmp_path: Path) -> None:
    """The lists are named by their games' titles (World of Kaomaris IV - The Final
    Conflict, WISK - the world domination game), which no JOIN takes: the line under them
    gave the JOIN of the first list alone. Each row says its own, by the list's name as
    LIST names it."""
    config = tmp_path / "wtg.yaml"
    config.write_text('games_dir: games\nfrom: "Game Master <gm@host.example>"\n')
    (tmp_path / "games").mkdir()
    wtg("--config", str(config), "open-list", "wok4", "--players", "4")
    wtg("--config", str(config), "open-list", "standard", "--variant", "duel")
    wtg("--config", str(config), "site", str(tmp_path / "site"))
    waiting = section((tmp_path / "site" / "index.html").read_text(encoding="utf-8"), "waiting")
    assert "<th>To join, mail</th>" in waiting
    rows = waiting.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
    assert len(rows) == 2
    wok4 = next(row for row in rows if "World of Kaomaris IV" in row)
    duel = next(row for row in rows if "Standard WoK (Duel)" in row)
    assert wok4.endswith("<td><code>JOIN wok4</code></td>")
    assert duel.endswith("<td><code>JOIN standard-duel</code></td>")
    wtg("site", str(tmp_path / "bare"), "--games-dir", str(tmp_path / "games"))
    bare = section((tmp_path / "bare" / "index.html").read_text(encoding="utf-8"), "waiting")
    assert "JOIN" not in bare
