"""`wtg site OUT_DIR`: the pages of the contract, written only when they change, with nothing
secret and nothing the rules hide on them (issue 16)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.request
import xml.etree.ElementTree as ET
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.site.games import FINISHED, GAMES, RUNNING, people, play_game, play_turns
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.game.press import Press, add_press
from wtg.game.registry import ruleset_names
from wtg.lobby.listwords import game_title
from wtg.maps import draw_svg
from wtg.site.build import build_site

ATOM = "{http://www.w3.org/2005/Atom}"


def built(games: Path, out: Path) -> Path:
    result = CliRunner().invoke(
        main, ["site", str(out), "--games-dir", str(games)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def site(played_games: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(played_games, tmp_path_factory.mktemp("site") / "out")


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def turn_pages(games: Path, name: str, folder: str | None = None) -> list[str]:
    """The site's page of every turn of game ``name`` (issue 29: ``games/<game>/turn-<N>.html``)."""
    turns = open_game(games / name).store.turns()
    return [f"games/{folder or name}/turn-{turn}.html" for turn in turns]


def test_the_pages_of_the_contract(site: Path, played_games: Path) -> None:
    assert set(files(site)) == {
        "index.html",
        "hiscore.html",
        "ratings.html",
        "feed.atom",
        "style.css",
        "turns.js",
        *(f"games/{name}/index.html" for name in GAMES),
        *(page for name in GAMES for page in turn_pages(played_games, name)),
        *(f"games/{name}/aof.html" for name in RUNNING),
        *(f"aof/{ruleset}.html" for ruleset in ruleset_names()),
        "aof/checker.js",
        "aof/sender.js",
        "aof/sender.css",
    }
    index = (site / "index.html").read_text(encoding="utf-8")
    for ruleset in ruleset_names():
        assert f'href="aof/{ruleset}.html"' in index
    running, finished = index.split('<section id="finished">')
    for name in RUNNING:
        assert f'href="games/{name.replace(" ", "%20").replace("#", "%23")}/index.html"' in running
    for name in FINISHED:
        assert f'href="games/{name}/index.html"' in finished
    kaomaris = (site / "games" / "kaomaris" / "index.html").read_text(encoding="utf-8")
    assert 'href="aof.html"' in kaomaris
    assert "Open waiting lists" not in index  # the host has none


def test_the_index_lists_turn_deadline_and_players_still_in(site: Path, played_games: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    row = index.split('href="games/kaomaris/index.html">kaomaris</a></td>')[1].split("</tr>")[0]
    game = open_game(played_games / "kaomaris")
    assert f'<td class="num">{game.latest_turn()}</td>' in row
    names = [p.name for p in game.config.players]
    assert f"<td>3: {', '.join(f'<bdi>{name}</bdi>' for name in names)}</td>" in row


def test_a_turn_rewrites_only_what_changed(played_games: Path, tmp_path: Path) -> None:
    """ "Rebuilt incrementally: `wtg site` after one turn rewrites only what changed": the
    page of a game that did not move keeps its file, inode and time."""
    games = tmp_path / "games"
    shutil.copytree(played_games, games)
    out = tmp_path / "out"
    first = build_site(games, out, jobs=1)
    before = {p: os.stat(p) for p in out.rglob("*") if p.is_file()}
    assert set(first.written) == {p.relative_to(out).as_posix() for p in before}
    again = build_site(games, out, jobs=1)
    assert again.written == ()
    play_turns(open_game(games / "kaomaris"), 1)
    after = build_site(games, out, jobs=1)
    latest = open_game(games / "kaomaris").latest_turn()
    assert set(after.written) == {
        "games/kaomaris/index.html",
        f"games/kaomaris/turn-{latest}.html",  # one turn adds one page
        f"games/kaomaris/turn-{latest - 1}.html",  # and links the one before to it
        "games/kaomaris/aof.html",  # the AOF Sender's page of the game names the turn
        "index.html",
        "feed.atom",
    }
    for path, stat in before.items():
        now = os.stat(path)
        changed = path.relative_to(out).as_posix() in after.written
        assert ((now.st_ino, now.st_mtime_ns) != (stat.st_ino, stat.st_mtime_ns)) == changed, path
    assert after.kept == len(before) + 1 - len(after.written)  # the new turn's page is new


def test_nothing_secret_on_any_page(site: Path, played_games: Path) -> None:
    """ "Never a secret code, an e-mail address (unless the player agreed)": the codes and
    addresses of every player of every game are nowhere in the site."""
    everything = b"".join(files(site).values()).lower()
    for name in GAMES:
        for player in open_game(played_games / name).config.players:
            assert player.code.lower().encode() not in everything
            assert player.email.lower().encode() not in everything
            assert player.name.lower().encode() in everything
    # no address at all: the only "@" are the stylesheets' (the phone's layout, issue 29)
    at_rules = {line for line in everything.splitlines() if b"@" in line}
    assert at_rules == {b"@media (max-width: 40em) {", b"@media (max-width: 40rem) {"}


def test_what_the_rules_hide_stays_off_the_board(site: Path, played_games: Path) -> None:
    """WoK IV publishes no board (a player sees his own provinces and their borders): no
    province's name is on its page. Standard publishes who holds each province, not what
    is in it; WISK every territory's armies."""

    def page(name: str) -> str:
        return (site / "games" / name / "index.html").read_text(encoding="utf-8")

    def public(name: str) -> Any:
        game = open_game(played_games / name)
        return game.ruleset.public_json(game.state())

    wok4 = page("kaomaris")
    assert "who holds the other provinces is not published" in wok4
    assert not [p["name"] for p in public("kaomaris")["provinces"] if p["name"] in wok4]
    standard = page("star isles #2")
    assert "<th>Held by</th>" in standard and "Armies" not in standard and "POP" not in standard
    for province in public("star isles #2")["provinces"]:
        assert f"<td>{province['id']}</td><td>{province['name']}</td>" in standard
    wisk = page("risk")
    rows = wisk.split('<table class="board">')[1].split("</table>")[0].split("<tr>")[2:]
    armies = sum(int(row.split("<td>")[5].split("</td>")[0]) for row in rows)
    assert armies == sum(t["armies"] for t in public("risk")["territories"])


def test_the_feed_is_valid_atom_with_an_entry_a_turn_and_a_start_and_an_end(
    site: Path, played_games: Path
) -> None:
    root = ET.fromstring((site / "feed.atom").read_bytes())
    assert root.tag == f"{ATOM}feed"
    for required in ("id", "title", "updated", "author/{ns}name"):
        element = root.find(ATOM + required.format(ns=ATOM))
        assert element is not None and element.text, required
    entries = root.findall(f"{ATOM}entry")
    expected = 0
    for name in GAMES:
        game = open_game(played_games / name)
        expected += 1 + game.latest_turn() + game.ruleset.is_over(game.state())
    assert len(entries) == expected
    ids = set()
    times = []
    for entry in entries:
        for required in ("id", "title", "updated"):
            element = entry.find(ATOM + required)
            assert element is not None and element.text, required
        link = entry.find(f"{ATOM}link")
        assert link is not None and link.get("href", "").startswith("games/")
        ids.add(entry.findtext(f"{ATOM}id"))
        times.append(entry.findtext(f"{ATOM}updated") or "")
    assert len(ids) == len(entries)
    assert all(t.endswith("Z") and len(t) == 20 for t in times)
    assert root.findtext(f"{ATOM}updated") == max(times)
    titles = [e.findtext(f"{ATOM}title") or "" for e in entries]
    assert sum(t.startswith("risk is over: won by ") for t in titles) == 1
    assert sum(t.startswith("kaomaris started") for t in titles) == 1


def test_player_written_text_is_escaped(tmp_path: Path) -> None:
    """ "all player-written text escaped": a player's name and a piece of press."""
    games = tmp_path / "games"
    players = people("escape", 2)
    players[0] = players[0].__class__(1, '<b>Ann</b> & "Co"', players[0].email, players[0].code)
    game = play_game(games, "escape", "wok4", "small", 2, 1, players=players)
    (game.store.root / "press").mkdir()
    (game.store.root / "press" / "0001-news.txt").write_text(
        "<script>alert('hi')</script> & more", encoding="utf-8"
    )
    out = built(games, tmp_path / "out")
    page = (out / "games" / "escape" / "index.html").read_text(encoding="utf-8")
    assert "<b>Ann</b>" not in page and "<script>" not in page
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; &#34;Co&#34;" in page
    assert "&lt;script&gt;alert(&#39;hi&#39;)&lt;/script&gt; &amp; more" in page
    assert "<h3>Turn 1</h3>" in page.split('<section id="press">')[1]


def test_press_shows_no_code_and_no_address_not_shared(tmp_path: Path) -> None:
    games = tmp_path / "games"
    players = people("press", 3, shared=(2,))
    game = play_game(games, "press", "wok4", "small", 3, 1, players=players)
    (game.store.root / "press").mkdir()
    text = (
        f"My code is {players[0].code.lower()}, write to {players[0].email} "
        f"or to {players[1].email}; {players[2].name} says hi."
    )
    (game.store.root / "press" / "war.txt").write_text(text, encoding="utf-8")
    out = built(games, tmp_path / "out")
    page = (out / "games" / "press" / "index.html").read_text(encoding="utf-8")
    assert (
        f"My code is [withheld], write to [withheld] or to {players[1].email}; "
        f"{players[2].name} says hi." in page
    )


def test_a_players_press_mail_is_on_the_game_page_after_its_turn(tmp_path: Path) -> None:
    """A ``PRESS <game>`` mail (wtg.game.press) is printed in the next turn's reports, and the
    site shows it once that turn ran, with the writer's name in the game, never before;
    a code in it is blacked out."""
    games = tmp_path / "games"
    players = people("herald", 3)
    game = play_game(games, "herald", "wok4", "small", 3, 1, players=players)
    coming = game.latest_turn() + 1
    text = f"The north is ours. (my code: {players[1].code})"
    piece = Press(side=2, name=players[1].name, at="2026-11-26T10:00:00+00:00", text=text)
    add_press(game.store, coming, piece, datetime(2026, 11, 26, 10, 0, tzinfo=timezone.utc))
    before = (built(games, tmp_path / "a") / "games" / "herald" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "The north is ours" not in before
    play_turns(game, 1)
    page = (built(games, tmp_path / "b") / "games" / "herald" / "index.html").read_text(
        encoding="utf-8"
    )
    assert f"Turn {coming}: {players[1].name}" in page
    assert "The north is ours. (my code: [withheld])" in page


def test_a_game_that_cannot_be_read_is_named_and_the_others_are_built(
    played_games: Path, tmp_path: Path
) -> None:
    games = tmp_path / "games"
    shutil.copytree(played_games, games)
    (games / "broken").mkdir()
    (games / "broken" / "game.yaml").write_text("{not: [yaml", encoding="utf-8")
    shutil.rmtree(games / "meadow" / "turns")
    result = CliRunner().invoke(
        main, ["site", str(tmp_path / "out"), "--games-dir", str(games)], catch_exceptions=False
    )
    assert result.exit_code == 1  # the others built; the exit status says some were not
    lines = result.stderr.splitlines()
    assert [line.split(":")[0] for line in lines] == [str(games / "broken"), str(games / "meadow")]
    assert all("cannot be read, skipped" in line for line in lines)
    assert f"site {tmp_path / 'out'}: {len(GAMES) - 1} games:" in result.stdout
    assert not (tmp_path / "out" / "games" / "meadow").exists()
    assert (tmp_path / "out" / "games" / "risk" / "index.html").is_file()


def test_a_game_removed_from_the_folder_loses_its_page(played_games: Path, tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(played_games, games)
    out = tmp_path / "out"
    build_site(games, out, jobs=1)
    gone = sorted(
        str(p.relative_to(out).as_posix()) for p in (out / "games" / "meadow").glob("turn-*")
    )
    shutil.rmtree(games / "meadow")
    report = build_site(games, out, jobs=1)
    assert report.removed == ("games/meadow/index.html", *gone) and gone
    assert not (out / "games" / "meadow").exists()
    assert "meadow" not in (out / "index.html").read_text(encoding="utf-8")


def test_many_games_build_the_same_in_worker_processes(played_games: Path, tmp_path: Path) -> None:
    """More games than ``INLINE_GAMES`` are read by a pool of workers: the same site."""
    games = tmp_path / "games"
    for copy in range(2):
        for name in GAMES:
            folder = games / f"{copy}-{name}"
            shutil.copytree(played_games / name, folder)
            config = (folder / "game.yaml").read_text(encoding="utf-8")
            named = f"game: {json.dumps(folder.name)}"
            own = re.sub("^game: .*$", named, config, count=1, flags=re.M)
            assert own != config
            (folder / "game.yaml").write_text(own, encoding="utf-8")  # a game of its own
    one = files(built_with(games, tmp_path / "one", 1))
    two = files(built_with(games, tmp_path / "two", 2))
    sender = 3 + len(ruleset_names()) + 2 * len(RUNNING)  # scripts, rulesets', games' AOFs
    turns = sum(len(turn_pages(played_games, name)) for name in GAMES)
    assert one == two and len(one) == 2 * (len(GAMES) + turns) + 6 + sender


def built_with(games: Path, out: Path, jobs: int) -> Path:
    report = build_site(games, out, jobs=jobs)
    assert report.skipped == ()
    return out


def test_the_ratings_page_and_command_cover_every_ruleset_that_finished(
    site: Path, played_games: Path
) -> None:
    page = (site / "ratings.html").read_text(encoding="utf-8")
    for ruleset in ("intermediate", "wisk", "tactics"):
        assert f'<section id="{ruleset}">' in page
    result = CliRunner().invoke(main, ["ratings", str(played_games), "--json"])
    data = json.loads(result.output)
    assert set(data["rulesets"]) == {"intermediate", "wisk", "tactics"}
    assert data["rulesets"]["tactics"]["method"] == "Elo"
    assert data["rulesets"]["wisk"]["method"] == "Plackett-Luce"
    for row in data["players"]:
        assert {"player", "rating", "games", "wins"} <= set(row)
        assert f"<td><bdi>{row['player']}</bdi></td>" in page  # a name isolated


def test_a_game_that_cannot_be_read_this_time_keeps_its_last_page(
    played_games: Path, tmp_path: Path
) -> None:
    games = tmp_path / "games"
    shutil.copytree(played_games, games)
    out = tmp_path / "out"
    build_site(games, out, jobs=1)
    page = out / "games" / "risk" / "index.html"
    before = os.stat(page)
    (games / "risk" / "game.yaml").write_text("{not: [yaml", encoding="utf-8")
    report = build_site(games, out, jobs=1)
    assert [line.split(":")[0] for line in report.skipped] == [str(games / "risk")]
    assert report.removed == ()
    assert (os.stat(page).st_ino, os.stat(page).st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert 'href="games/risk/index.html"' not in (out / "index.html").read_text(encoding="utf-8")


def test_serve_builds_prints_its_address_serves_and_stops_on_ctrl_c(
    played_games: Path, tmp_path: Path
) -> None:
    """ "`wtg site --serve` for the GM's preview (the stdlib http.server on 127.0.0.1)"."""
    wtg = Path(sys.executable).with_name("wtg")
    out = tmp_path / "out"
    command = [str(wtg), "site", str(out), "--games-dir", str(played_games), "--serve"]
    with subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # started as a shell's background job is (a CI run started with `&`): SIGINT
        # ignored; `--serve` says Ctrl-C stops it, and it must
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    ) as run:
        assert run.stdout is not None
        assert run.stdout.readline().startswith(f"site {out}: {len(GAMES)} games:")
        serving = run.stdout.readline()
        url = serving.split(" at ")[1].split()[0]
        assert url.startswith("http://127.0.0.1:") and url.endswith("/index.html")
        with urllib.request.urlopen(url) as response:
            assert response.read() == (out / "index.html").read_bytes()
        with urllib.request.urlopen(url.replace("index.html", "feed.atom")) as response:
            assert response.headers["Content-Type"] == "application/atom+xml"
        run.send_signal(signal.SIGINT)
        try:
            assert run.wait(timeout=120) == 0
        finally:
            run.kill()  # a failed check above leaves no server waiting for ever
        assert run.stdout.read() == "stopped\n"


def test_each_game_page_draws_the_board_the_rules_publish(site: Path, played_games: Path) -> None:
    """The map above the table is the public board: none for WoK IV; Standard's holders
    with nothing of what is in a province (a spot's tooltip names no troops); WISK every
    territory; Tactics every tile."""

    def page(name: str) -> str:
        return (site / "games" / name / "index.html").read_text(encoding="utf-8")

    assert "<svg" not in page("kaomaris")
    standard = page("star isles #2")
    game = open_game(played_games / "star isles #2")
    provinces = game.ruleset.public_json(game.state())["provinces"]
    assert isinstance(provinces, list)
    assert standard.count('data-province="') == len(provinces)
    svg = standard.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert "the GM's view" not in svg and "what everyone sees" in svg
    gm_svg = draw_svg(game)
    assert "troops" in gm_svg.lower() or "arm" in gm_svg.lower()
    assert "Every province as it stands" in gm_svg and "Every province as it stands" not in svg
    for name in ("risk", "meadow"):
        svg = page(name).split("<svg", 1)[1].split("</svg>", 1)[0]
        assert "the GM's view" not in svg and "what everyone sees" in svg, name
    assert page("risk").count('data-territory="') == 42
    assert page("meadow").count('data-tile="') > 100


def test_the_index_lists_the_hosts_open_waiting_lists(tmp_path: Path) -> None:
    """ "open waiting lists where the host has them": a list the GM opened (wtg open-list)
    is on the index with how many wait and how many places it has, named as the lobby's
    mails name it to a player (the game's title, the map with its size); a host without
    the lobby's book gets none, and building the site makes no book."""
    games = tmp_path / "games"
    play_game(games, "solo", "wok4", "small", 3, 1, players=people("solo", 3))
    out = built(games, tmp_path / "a")
    assert "Open waiting lists" not in (out / "index.html").read_text(encoding="utf-8")
    assert not (games / ".people").exists()
    opened = CliRunner().invoke(
        main, ["--games-dir", str(games), "open-list", "wok4", "--players", "4"]
    )
    assert opened.exit_code == 0, opened.output
    index = (built(games, tmp_path / "b") / "index.html").read_text(encoding="utf-8")
    waiting = index.split('<section id="waiting">', 1)[1].split("</section>", 1)[0]
    assert '<td class="num">0</td><td class="num">4</td>' in waiting
    assert "<th>Game</th>" in waiting and "<th>Ruleset</th>" not in waiting
    told = "World of Kaomaris IV - The Final Conflict, 4 players on the map classic60"
    assert f"<td>{told} (60 provinces), open to all</td>" in waiting
    assert "wok4 on classic60" not in waiting


def test_cron_hears_of_a_build_only_when_it_changed_something(
    played_games: Path, tmp_path: Path
) -> None:
    """ "cron stays quiet unless something happened": the summary line when files were
    written, nothing at all when the site was up to date."""
    out = tmp_path / "out"
    first = CliRunner().invoke(main, ["site", str(out), "--games-dir", str(played_games)])
    assert first.exit_code == 0 and first.output.startswith(f"site {out}: 5 games: wrote ")
    again = CliRunner().invoke(main, ["site", str(out), "--games-dir", str(played_games)])
    assert (again.exit_code, again.output) == (0, "")


def test_a_build_tells_its_progress_game_by_game(played_games: Path, tmp_path: Path) -> None:
    """On a terminal `wtg site` shows a bar: the build says how many games, then each."""
    told: list[tuple[int, str]] = []
    build_site(played_games, tmp_path / "out", jobs=1, progress=lambda n, g: told.append((n, g)))
    assert told[0] == (len(GAMES), "")
    assert sorted(told[1:]) == sorted((1, name) for name in GAMES)


def test_an_incremental_build_leaves_the_site_a_clean_build_makes(tmp_path: Path) -> None:
    """Issue 25, item 10: a finished game's AOF Sender page stayed on the site after an
    incremental build (a clean build has none): a form for a turn that never comes. After
    a game ends, the site brought up to date holds the same files, each the same, as one
    built into an empty folder."""
    from tests.site.sender_cases import new_game, wtg

    games = tmp_path / "games"
    play_game(games, "still", "wok4", "small", 2, 1)
    game = new_game(games, "wok4")
    out = tmp_path / "out"
    build_site(games, out, jobs=1)
    page = f"games/{game.config.game}/aof.html"
    assert (out / page).is_file()
    quit_form = tmp_path / "quit.txt"  # one of the two players quits: the game is over
    quit_form.write_text(game.aof(2).replace("Q1: _", "Q1: 1"), encoding="utf-8")
    assert wtg("orders", game.store.root, quit_form).exit_code == 0
    assert wtg("run-turn", game.store.root).exit_code == 0
    assert open_game(game.store.root).ruleset.is_over(open_game(game.store.root).state())
    report = build_site(games, out, jobs=1)
    assert report.removed == (page,)
    clean = tmp_path / "clean"
    build_site(games, clean, jobs=1)
    assert files(out) == files(clean)
    assert (out / "games" / "still" / "aof.html").is_file()


def test_control_characters_in_press_never_reach_a_page(tmp_path: Path) -> None:
    """Issue 25, item 10: text that reaches HTML (a piece of press with a terminal escape,
    NUL and a bell in it) is written with each character XML may not hold made U+FFFD:
    every page and the feed parse, and no control character is on them."""
    games = tmp_path / "games"
    game = play_game(games, "noisy", "wok4", "small", 2, 1)
    (game.store.root / "press").mkdir()
    (game.store.root / "press" / "0001-news.txt").write_text(
        "War\x1b]52;c;aGk=\x07 is \x00near\x9b31m", encoding="utf-8"
    )
    out = built(games, tmp_path / "out")
    page = (out / "games" / "noisy" / "index.html").read_text(encoding="utf-8")
    assert "War\ufffd]52;c;aGk=\ufffd is \ufffdnear\ufffd31m" in page
    for name, data in files(out).items():
        text = data.decode("utf-8")
        assert not any(ord(c) < 32 and c not in "\t\n\r" for c in text), name
    ET.fromstring((out / "feed.atom").read_bytes())


def test_a_variant_is_named_as_the_lobby_names_it(site: Path) -> None:
    """The index and a game's page said 'World of Kaomaris - Standard WoK (skirmish)', the
    variant's id, where the lobby's mails and the waiting lists say 'Standard WoK
    (Skirmish)' (``wtg.lobby.listwords.game_title``)."""
    told = game_title("standard", "skirmish")
    assert told == "World of Kaomaris - Standard WoK (Skirmish)"
    index = (site / "index.html").read_text(encoding="utf-8")
    row = index.split('index.html">star isles #2</a></td>')[1].split("</tr>")[0]
    assert f"<td>{told}</td>" in row
    page = (site / "games" / "star isles #2" / "index.html").read_text(encoding="utf-8")
    assert f"<dd>{told}</dd>" in page
    assert "(skirmish)" not in index + page
