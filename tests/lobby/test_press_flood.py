"""Issue 25, item 6: "Press flood. Every PRESS is kept: 260 mails of 4,000 characters make
every other player's report over 1 MB, so the victims' ordinary replies are rejected as too
big. Bound press per player and turn, and never let a reply's size depend on others' press."

A player writes at most 3 pieces and 4,000 characters of press a turn, a turn's press holds at
most 40,000 characters, and each refusal says why. The press goes to every player in a mail of
its own: a report carries a line saying so, never the press, so a reply to it weighs what the
report and the player's own lines weigh, whatever others wrote."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, ann_and_bob
from tests.mail.replies import top_posted
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.press import CHARS_A_TURN, PIECES_A_TURN, TURN_CHARS, Press, press_for, refusal
from wtg.gm.gamestatus import game_status


def two_players(root: Path, **limits: object) -> tuple[Hall, Game, PlayerEntry, PlayerEntry]:
    """Ann and Bob play wok4-1 (the hall's mail limits: ``limits``)."""
    hall = Hall(root, again=False, **limits)
    game = ann_and_bob(hall)
    ann, bob = (next(p for p in game.config.players if p.name == n) for n in ("Ann", "Bob"))
    return hall, game, ann, bob


def pressed(hall: Hall, who: PlayerEntry, text: str) -> None:
    hall.mail(who.email, f"PRESS wok4-1\nCODE {who.code}\n\n{text}\n")


def test_a_player_writes_at_most_three_pieces_and_4000_characters_a_turn(
    tmp_path: Path,
) -> None:
    """Issue 25, item 6: Bob's fourth piece for turn 1 is refused, and so is a piece that
    would take him past 4,000 characters; each refusal says why; Ann may still write."""
    hall, game, ann, bob = two_players(tmp_path, replies_per_hour=50)
    for number in range(1, 5):
        pressed(hall, bob, f"Piece {number}.")
        hall.poll(hours=0.01)
    answers = sorted(hall.new_mails(bob.email), key=lambda m: m.subject)
    assert [m.subject for m in answers] == [
        "PRESS wok4-1: not done",
        *["[wok4-1] your press goes out with the turn 1 reports"] * 3,
    ]
    assert (
        "you have written 3 pieces of press for turn 1, as many as a player may a turn; write "
        "again once turn 1 has run" in " ".join(answers[0].body.split())
    )
    assert [p.text for p in press_for(game.store, 1)] == ["Piece 1.", "Piece 2.", "Piece 3."]

    pressed(hall, ann, "a" * 3000)
    hall.poll(hours=0.01)
    pressed(hall, ann, "b" * 1001)
    hall.poll(hours=0.01)
    pressed(hall, ann, "c" * 1000)
    hall.poll(hours=0.01)
    (refused,) = [m for m in hall.new_mails(ann.email) if "not done" in m.subject]
    assert (
        "this press is 1,001 characters long and you have written 3,000 for turn 1: a player "
        "may write 4,000 a turn (1,000 left)" in " ".join(refused.body.split())
    )
    assert sorted(len(p.text) for p in press_for(game.store, 1) if p.side == ann.id) == [
        1000,
        3000,
    ]


def test_a_turns_press_holds_at_most_40000_characters() -> None:
    """Issue 25, item 6: ten players' full share fills a turn's press; an eleventh player's
    piece is refused with the reason, and a player's own bounds come first."""
    kept = [Press(side, f"P{side}", "now", "x" * CHARS_A_TURN) for side in range(1, 11)]
    assert sum(len(p.text) for p in kept) == TURN_CHARS
    assert refusal(kept, 11, "hello", 4) == (
        "the press of turn 4 is full: it carries at most 40,000 characters from all players, "
        "40,000 are written (0 left, and this press is 5); write again once turn 4 has run"
    )
    assert refusal(kept[:9], 11, "hello", 4) is None
    mine = [Press(3, "P3", "now", "x")] * PIECES_A_TURN
    assert refusal(mine, 3, "x", 4) is not None and refusal(mine, 4, "x", 4) is None


def test_a_press_flood_never_makes_a_reply_too_big(tmp_path: Path) -> None:
    """Issue 25, item 6: Bob floods the game with 260 pieces of 4,000 characters; one is
    kept. Ann's report carries none of it (a line says the press came apart), and her
    ordinary reply, the filled-in form above the quoted report, is filed under a limit of
    200 kB, where 260 pieces in her report would have made it over a megabyte."""
    hall, game, ann, bob = two_players(tmp_path, max_bytes="200kB")
    for number in range(260):
        pressed(hall, bob, f"{number:03d} " + "spam " * 799)
    summary = hall.poll(hours=1)
    assert len(summary.outcomes) == 260
    assert len(press_for(game.store, 1)) == 1
    game.run_turn(now=hall.now)
    hall.send()
    mailed = {m.subject: m.body for m in hall.new_mails(ann.email)}
    report = mailed["[wok4-1] turn 1 report for Ann"]
    assert "spam" not in report and "1 piece of press this turn" in report
    assert mailed["[wok4-1] press of turn 1"].count("spam") == 799
    form = game.aof(ann.id).replace("R1: _", "R1: 1")
    hall.mail(ann.email, top_posted(report, form))
    summary = hall.poll(hours=1)
    assert summary.filed == 1, summary.outcomes
    assert game_status(game)["players"][ann.id - 1]["ready"]


def test_a_piece_of_thousands_of_lines_is_refused_and_blank_runs_are_one(tmp_path: Path) -> None:
    """Within 4,000 characters a piece of 3,000 empty lines (or of one dot a line) pushed
    every other piece thousands of lines down in each player's press mail. A run of blank
    lines is one; a piece of more than 100 lines is refused, saying why."""
    from wtg.lobby.commands import PRESS_LINES

    hall, game, ann, bob = two_players(tmp_path, replies_per_hour=50)
    pressed(hall, bob, "Hear me.\n" + "\n" * 3000 + "Still here.")
    hall.poll(hours=0.01)
    pressed(hall, ann, "\n".join(["."] * (PRESS_LINES + 1)))
    hall.poll(hours=0.01)
    pressed(hall, ann, "\n".join(["Line."] * PRESS_LINES))
    hall.poll(hours=0.01)
    (refused,) = [m for m in hall.new_mails(ann.email) if "not done" in m.subject]
    assert (
        f"the press is {PRESS_LINES + 1} lines long (its blank lines between paragraphs "
        f"counted once); at most {PRESS_LINES}: join short lines into paragraphs"
        in " ".join(refused.body.split())
    )
    texts = [p.text for p in press_for(game.store, 1)]
    assert texts == ["Hear me.\n\nStill here.", "\n".join(["Line."] * PRESS_LINES)]
