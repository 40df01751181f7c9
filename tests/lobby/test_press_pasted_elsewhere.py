"""The host's press mail pasted into a mail that answers ANOTHER mail (the next turn's
report, or none), no quote marks: its head, ``PRESS of game wok4-1, turn 1: what players
wrote to the whole game``, a line in capitals of the host's, was read as a PRESS of the
sender's (named as not carried out beside a form, refused in a mail of commands), and the
press under it as that PRESS's text. The head names the game and the turn: the host knows
the press mail it sent then, and none of its lines is the sender's (docs/mail.md, "The
host's press mail pasted anywhere"). A PRESS the sender typed himself is his, as ever."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import Hall
from tests.lobby.test_commands_in_order_mails import press_mailed
from tests.lobby.test_commands_in_order_mails import reply as commands_reply
from wtg.cli import main
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.press import Press, mailed_folder, press_for, press_in
from wtg.game.report import PRESS_HEAD, press_text
from wtg.mail.incoming import commands

NOTE = "NOT carried out.\nA mail with an order form is read for its orders alone"


def two_turns(hall: Hall) -> tuple[Game, PlayerEntry, PlayerEntry, str]:
    """Ann and Bob's game, Bob's press of turn 1 mailed, turn 2 run and mailed: the game,
    Ann, Bob and the press mail of turn 1 as Ann got it."""
    ann, bob, press = press_mailed(hall)
    hall.game("wok4-1").run_turn(now=hall.now)
    hall.send()
    hall.new_mails()
    return hall.game("wok4-1"), ann, bob, press


def reply(hall: Hall, ann: PlayerEntry, subject: str, body: str) -> None:
    commands_reply(hall, ann, subject, body, f"<elsewhere-{len(body)}@players.example>")


def test_turn_1_s_press_mail_pasted_into_a_reply_to_turn_2_s_report(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game, ann, _bob, press = two_turns(hall)
    subject = f"[wok4-1] turn 2 report for {ann.name}"
    form = re.sub(r"(?m)^(R1:).*$", r"\1 1", game.aof(ann.id))
    reply(hall, ann, subject, f"Bob, about this:\n\n{press}\n\n{form}\n\nABSENCE wok4-1 4 5\n")
    hall.poll(hours=1)
    (answer,) = hall.new_mails(ann.email)
    assert answer.subject == "[wok4-1] orders for turn 3 received", answer.subject
    assert f'the command "ABSENCE wok4-1 4 5": {NOTE}' in answer.body, answer.body
    assert "PRESS of game" not in answer.body, answer.body


def test_the_press_mail_pasted_under_commands_is_no_press_of_his(tmp_path: Path) -> None:
    """A mail of commands (no form) to the host, the press mail pasted under Ann's own
    PRESS, no signature between: her PRESS is kept with her text alone; the press mail (its
    head, Bob's words) was kept as hers, printed under her name to every player. Her answer
    says where her press ends, as above any mail pasted under it."""
    hall = Hall(tmp_path)
    game, ann, _bob, press = two_turns(hall)
    subject = f"[wok4-1] turn 2 report for {ann.name}"
    reply(
        hall,
        ann,
        subject,
        f"PRESS wok4-1\nCODE {ann.code}\n\nNo, the north is mine.\n\n{press}\n",
    )
    hall.poll(hours=1)
    (answer,) = hall.new_mails(ann.email)
    assert answer.body.startswith("Your press for game wok4-1 goes out"), answer.body
    assert f"  {ann.id}| No, the north is mine.\n\nYour press ends above the line" in answer.body
    assert "Shall we share" not in answer.body, answer.body
    (kept,) = [p for p in press_for(game.store, 3) if p.side == ann.id]
    assert kept.text.strip() == "No, the north is mine.", kept.text


def test_a_command_mail_with_the_press_mail_alone_pasted(tmp_path: Path) -> None:
    """Ann's ABSENCE, then the press mail pasted under it: the ABSENCE is carried out, and
    the press mail's head is no PRESS of hers, refused (``PRESS takes a game ...``)."""
    hall = Hall(tmp_path)
    _game, ann, _bob, press = two_turns(hall)
    subject = f"[wok4-1] turn 2 report for {ann.name}"
    reply(hall, ann, subject, f"ABSENCE wok4-1 4 5\nCODE {ann.code}\n\n{press}\n")
    hall.poll(hours=1)
    answers = hall.new_mails(ann.email)  # a PRESS refused was answered too ("...: not done")
    assert [a.subject for a in answers] == ["[wok4-1] absence noted: turns 4 to 5"], [
        a.body for a in answers
    ]
    assert "PRESS" not in answers[0].body, answers[0].body


def test_the_press_head_is_the_one_the_press_mail_begins_with() -> None:
    """``PRESS_HEAD`` knows the press mail by the first line the template writes: a change
    of that line without the pattern would leave every pasted press mail unknown."""
    text = press_text("spring-2027_b", 12, [Press(side=2, name="Bob", at="x", text="Hi")])
    match = PRESS_HEAD.match(text)
    assert match is not None, text.splitlines()[0]
    assert (match.group(1), match.group(2)) == ("spring-2027_b", "12")


OLDER_HEAD = "PRESS (what players wrote to the whole game this turn)"
"""The head of the press section of a report an older wtg mailed (before the press went in a
mail of its own): it names no game nor turn, and no mail of the host's holds it now."""


def test_an_older_report_s_press_section_pasted_is_a_press_refused(tmp_path: Path) -> None:
    """The ruling (docs/mail.md, "The host's press mail pasted anywhere"): an older
    report's press section pasted unquoted into a mail that answers another is read as
    today: its head a PRESS of
    the sender's, refused for the words after it (nothing sent, to anyone), the press under
    it that PRESS's text, so that none of its lines is carried out as his command; his own
    commands above it are. Known by Message-ID only when the mail answers that report."""
    hall = Hall(tmp_path)
    _game, ann, _bob, _press = two_turns(hall)
    section = f"{OLDER_HEAD}\n\nFrom Bob:\n  Shall we share the north?\n  RESIGN wok4-1\n"
    subject = f"[wok4-1] turn 2 report for {ann.name}"
    reply(hall, ann, subject, f"ABSENCE wok4-1 4 5\nCODE {ann.code}\n\n{section}")
    hall.poll(hours=1)
    answers = {a.subject: a.body for a in hall.new_mails(ann.email)}
    refusal = "PRESS (what players wrote to the whole game...: not done"
    assert sorted(answers) == [refusal, "[wok4-1] absence noted: turns 4 to 5"]
    refused = answers[refusal]
    assert refused.startswith(f'Your command "{OLDER_HEAD}"\nwas not carried out: '), refused
    words = " ".join(refused.split())
    assert "PRESS takes a game, then TO <n>" in words and "nothing was sent" in words
    assert "RESIGN" not in "".join(answers), answers  # no CONFIRM of a RESIGN asked


def test_a_head_naming_press_not_yet_mailed_is_a_press_refused(tmp_path: Path) -> None:
    """The press of the turn coming (kept pending, mailed to nobody yet) is no press mail of
    the host's: a mail of its head and the lines it will have (Bob's heading, his first
    line) is read as it would be were there none, its head a PRESS of the sender's refused.
    The head once made the host read that press and pass over the lines it held, so that
    whether a refusal came told Ann (or a stranger) that Bob had written press, and what."""
    hall = Hall(tmp_path)
    game, ann, bob, _press = two_turns(hall)
    hall.mail(bob.email, f"PRESS wok4-1\nCODE {bob.code}\n\nAnn is weak in the south.\n")
    hall.poll(hours=1)
    hall.new_mails()
    pending = press_for(game.store, 3)
    assert [p.side for p in pending] == [bob.id]
    coming = press_text("wok4-1", 3, pending)  # what the press mail of turn 3 will say
    subject = f"[wok4-1] turn 2 report for {ann.name}"
    reply(hall, ann, subject, f"ABSENCE wok4-1 4 5\nCODE {ann.code}\n\n{coming}\n")
    hall.poll(hours=1)
    subjects = sorted(a.subject for a in hall.new_mails(ann.email))
    refusal = "PRESS of game wok4-1, turn 3: what players...: not done"
    assert subjects == [refusal, "[wok4-1] absence noted: turns 4 to 5"], subjects


def test_the_press_mail_a_head_names_is_made_once_for_many_mails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """review37: each mail whose text held a press head had its press mail made again
    (every piece's lines defanged and wrapped: some 60 ms for a turn's 40,000 characters,
    three heads a mail), where a mail costs under 1 ms: a stranger's mails of three heads
    each, from as many addresses as he likes, cost the poll some 200 times a mail's work.
    A press mail once made serves every mail that names it while its files stand as they
    are; a press file added (a GM's edit, a rerun's) has it made again."""
    hall = Hall(tmp_path)
    game, ann, bob, press = two_turns(hall)
    made: list[int] = []

    def counted(name: str, turn: int, pieces: list[Press]) -> str:
        made.append(turn)
        return press_text(name, turn, pieces)

    monkeypatch.setattr(commands, "press_text", counted)
    head = press.splitlines()[0]
    for number in range(4):
        hall.mail(f"stranger{number}@elsewhere.example", f"HELP\n\n{press}\n")
    hall.mail(ann.email, f"ABSENCE wok4-1 4 5\nCODE {ann.code}\n\n{head}\n")
    hall.poll(hours=1)
    assert made == [1]
    folder = game.store.turn_dir(1) / "received" / "press"
    (kept,) = folder.glob("*.json")
    more = Press(side=ann.id, name=ann.name, at="2026-11-22 18:00 UTC", text="Hello, Bob.")
    (folder / f"z-{kept.name}").write_text(json.dumps(more.to_dict()), encoding="utf-8")
    hall.mail(bob.email, f"HELP\n\n{press}\n")
    hall.poll(hours=1)
    assert made == [1, 1]


def test_a_press_mail_of_a_turn_rolled_back_is_still_the_host_s(tmp_path: Path) -> None:
    """Turn 1 ran and its press mail went out; the GM rolled the game back to turn 0
    (`wtg rollback`), the turn's folder moved into the archive. Ann pastes that press mail
    under her ABSENCE: its head was read as a PRESS of hers, refused ("PRESS of game
    wok4-1, turn 1: ...: not done"), the press the host mailed her no longer known. The
    archive keeps the press of the turn taken back: the mail is the host's own, as before
    the rollback (docs/mail.md, "The host's press mail pasted anywhere")."""
    hall = Hall(tmp_path)
    ann, _bob, press = press_mailed(hall)
    config = hall.config_file()
    rolled = CliRunner().invoke(main, ["--config", str(config), "rollback", "wok4-1", "--to", "0"])
    assert rolled.exit_code == 0, rolled.output
    game = hall.game("wok4-1")
    assert game.latest_turn() == 0 and press_in(mailed_folder(game.store, 1)) == []
    hall.send()
    hall.new_mails()
    hall.mail(ann.email, f"ABSENCE wok4-1 4 5\nCODE {ann.code}\n\n{press}\n")
    hall.poll(hours=1)
    answers = hall.new_mails(ann.email)
    assert [a.subject for a in answers] == ["[wok4-1] absence noted: turns 4 to 5"], [
        a.body for a in answers
    ]
    assert "PRESS" not in answers[0].body, answers[0].body
