"""Issue 17, done when: 10 addresses mail JOIN wok4, confirm, the game starts by itself, turn 0
reports arrive, one player sends PRESS and every other player's next report carries it, one
asks REPORT and gets it, one resigns and the seat is offered and taken over by an eleventh
address (the old code refused afterwards), the GM holds, extends, previews and rolls back one
turn, and every player is told. On the maildir transport."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import GM, Hall, address
from tests.shipped import WOK4
from wtg.cli import main
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat
from wtg.mail.servers.transport import delivered


def join_ten(hall: Hall, **options: object) -> str:
    """Ten addresses join wok4 (a list opened with ``options``) and confirm; the game's
    name."""
    hall.open_list("wok4", **options)
    for number in range(1, 11):
        hall.mail(address(number), f"JOIN wok4 AS Lord{number}")
    hall.poll()
    codes = {}
    for number in range(1, 11):
        (answer,) = hall.new_mails(address(number))
        assert "CONFIRM" in answer.subject
        codes[number] = answer.code()
    for number in range(1, 11):
        hall.mail(address(number), f"CONFIRM {codes[number]}")
    summary = hall.poll(hours=1)
    assert "started wok4-1" in " ".join(o for _, o in summary.outcomes)
    return "wok4-1"


def test_ten_players_join_and_the_game_starts_by_itself(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    name = join_ten(hall)
    game = hall.game(name)
    assert game.latest_turn() == 0
    players = {p.email: p for p in game.config.players}
    assert sorted(players) == sorted(address(n) for n in range(1, 11))
    assert {p.name for p in players.values()} == {f"Lord{n}" for n in range(1, 11)}
    assert len({p.code for p in players.values()}) == 10
    seats = [int(p.email[1:].partition("@")[0]) for p in game.config.players]
    assert seats != list(range(1, 11))  # a random seat order (the seed's; not join order)
    hall.send()
    reports = [m for m in hall.new_mails() if "turn 0 report" in m.subject]
    assert sorted(m.to for m in reports) == sorted(players)
    for mail in reports:
        assert f"CODE: {players[mail.to].code}" in mail.body.replace("CODE:  ", "CODE: ")
    assert len(delivered(hall.gm.maildir_out)) >= 10


def test_press_report_resign_and_takeover(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    name = join_ten(hall)
    game = hall.game(name)
    hall.send()
    hall.new_mails()
    writer, asker, quitter = game.config.players[0], game.config.players[1], game.config.players[2]

    # PRESS: every player gets it with the next reports, in a mail of its own (issue 25,
    # item 6: never in the report, whose reply it would weigh down); the report says so
    hall.mail(
        writer.email, f"PRESS {name}\nCODE {writer.code}\n\nPeace to all of Kaomaris!\n-- \nsig"
    )
    hall.poll(hours=1)
    (kept,) = hall.new_mails(writer.email)
    assert "turn 1 reports" in kept.subject
    game.run_turn(now=hall.now)
    hall.send()
    mailed = hall.new_mails()
    reports = [m for m in mailed if "turn 1 report" in m.subject]
    assert len(reports) == 10
    for mail in reports:
        assert "Peace to all of Kaomaris!" not in mail.body
        assert f'1 piece of press this turn, mailed to you apart from this report\n("[{name}] ' in (
            mail.body
        )
    press = [m for m in mailed if m.subject == f"[{name}] press of turn 1"]
    assert sorted(m.to for m in press) == sorted(m.to for m in reports)
    for mail in press:
        assert "1| Peace to all of Kaomaris!" in mail.body
        assert f"From Lord{writer.email[1:].split('@')[0]} (#1)" in mail.body
        assert "sig" not in mail.body

    # REPORT: the report again, to the registered address
    again = hall.answer(asker.email, f"REPORT {name} 0\nCODE {asker.code}")
    assert again.subject == f"[{name}] turn 0 report for {asker.name}"
    assert game.report(asker.id, 0) in again.body

    # RESIGN, confirmed from the registered address: QUIT when the turn runs
    ask = hall.answer(quitter.email, f"resign {name}\ncode {quitter.code}")
    done = hall.answer(quitter.email, f"CONFIRM {ask.code()}")
    assert "you leave the game when turn 2 runs" in done.subject
    game.run_turn(now=hall.now)
    state = game.typed(WOK4).state()
    assert state.player(quitter.id).status == "quit"
    hall.send()
    hall.new_mails()

    # the GM offers the seat; an eleventh address takes it over
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game(name), quitter.id, hall.now)
    newcomer = address(11)
    listed = hall.answer(newcomer, "LIST")
    offered = f"{name} (World of Kaomaris IV - The Final Conflict): seat {quitter.id}: turn "
    assert offered in " ".join(listed.body.split()), listed.body
    ask = hall.answer(newcomer, f"JOIN {name} AS Newcomer")
    hall.mail(newcomer, f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    told = hall.new_mails()
    game = hall.game(name)
    entry = game.config.player(quitter.id)
    assert (entry.email, entry.name) == (newcomer, "Newcomer")
    assert entry.code != quitter.code
    (welcome,) = [m for m in told if m.to == newcomer]
    assert f"CODE: {entry.code}" in welcome.body.replace("CODE:  ", "CODE: ")
    others = sorted(m.to for m in told if "takes over seat" in m.subject)
    assert others == sorted(p.email for p in game.config.players if p.id != quitter.id)
    assert [m.to for m in told if "is taken over" in m.subject] == [quitter.email]
    state = game.typed(WOK4).state()
    assert state.player(quitter.id).status == "active"
    assert state.player(quitter.id).name == "Newcomer"
    assert quitter.id in WOK4.owing(state)

    # the old code is refused; the new one works
    hall.mail(quitter.email, f"REPORT {name}\nCODE {quitter.code}")
    hall.mail(newcomer, f"AOF {name}\nCODE {entry.code}")
    hall.poll(hours=1)
    (refused,) = hall.new_mails(quitter.email)
    assert f"not carried out: your seat in game {name} was taken over" in refused.words
    (form,) = hall.new_mails(newcomer)
    assert game.aof(quitter.id) in form.body


def test_the_gm_holds_extends_previews_and_rolls_back_and_every_player_is_told(
    tmp_path: Path,
) -> None:
    """The rest of the issue's flow, on the game the lobby started: the GM holds it (no
    turn runs), extends the deadline, previews a turn (the game untouched), releases it,
    rolls back one turn, and every player is told each time, by the GM's own commands."""
    hall = Hall(tmp_path)
    name = join_ten(hall, every=2, at="18:00")  # a turn every two days, at 18:00 UTC
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: '{GM}'\n", encoding="utf-8")

    def gm(*words: str) -> str:
        result = CliRunner().invoke(main, ["--config", str(config), *words])
        assert result.exit_code == 0, result.output
        return result.output

    def everyone_told(subject: str) -> None:
        told = [m for m in hall.new_mails() if subject in m.subject]
        assert sorted(m.to for m in told) == sorted(address(n) for n in range(1, 11)), subject

    game = hall.game(name)
    hall.send()
    hall.new_mails()
    game.run_turn(now=hall.now)
    hall.send()
    hall.new_mails()

    gm("hold", name, "--reason", "a map dispute")
    everyone_told("the game is on hold")
    held = CliRunner().invoke(main, ["--config", str(config), "run-turn", name])
    assert held.exit_code == 1 and "is held by the GM" in held.output
    assert hall.game(name).latest_turn() == 1

    before = hall.game(name).deadline()
    gm("extend", name, "24")
    everyone_told("the deadline of turn 2 has moved")
    after = hall.game(name).deadline()
    assert before is not None and after is not None and after > before

    folder = tmp_path / "games" / name
    snapshot = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    said = gm("run-turn", name, "--preview", str(tmp_path / "preview"))
    assert "turn 2 of game wok4-1 previewed" in said and "10 reports;" in said
    reports = sorted(p.name for p in (tmp_path / "preview" / "reports").iterdir())
    assert reports == [f"p{n:02d}.txt" for n in range(1, 11)]
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == snapshot

    gm("release", name)
    everyone_told("the game goes on")
    gm("rollback", name, "--to", "0")
    everyone_told("the game is back at turn 0")
    assert hall.game(name).latest_turn() == 0
    assert (folder / "archive").is_dir()
