"""A report mailed to a mistyped address the server took carries the player's secret code
there. docs/gm.md said to write a new code in game.yaml by hand: the code changed, but the
player's planned absences (kept under a digest of his code) were his no longer, so he
missed the turns he had said he would be away, and nothing told him his new code. `wtg
new-code GAME --player N` writes it, keeps his absences, and mails it to his address."""

from __future__ import annotations

import email
import email.message
import email.policy
import json
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path

from tests.test_gm_controls import body, make, queued, run
from wtg.core.orders import WrongCode
from wtg.game.absences import FILE, absences, keep_absences
from wtg.game.engine import Game, open_game
from wtg.game.takeoverfinish import MARK, Takeover
from wtg.gm.newcode import NEW_CODE
from wtg.host.config import GmConfig, load_config
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.sender import mailed_again_with_codes, queue_reports
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.journallists import wrong_codes


def test_a_new_code_is_written_mailed_and_keeps_the_players_absences(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    old = game.config.player(2).code
    keep_absences(game.store, game.config, {2: [3, 4], 3: [5]})
    ran = run(tmp_path, "new-code", "g1", "--player", "2")
    again = open_game(game.store.root)
    entry = again.config.player(2)
    assert entry.code != old and len(entry.code) >= 8
    assert [p.code for p in again.config.players if p.id != 2] == [
        p.code for p in game.config.players if p.id != 2
    ]
    assert absences(again.store, again.config) == {2: [3, 4], 3: [5]}  # still his
    (mail,) = queued(tmp_path, "code-").values()
    assert mail["To"] == entry.email
    assert f"player 2: {entry.code}" in body(mail)
    assert ran.stdout == (  # the command named as the GM gave his (`run`: --config)
        f"game g1 player 2 ({entry.name}) has a new code; its mail queued to {entry.email}: "
        f"`wtg --config {tmp_path / 'wtg.yaml'} send` sends it\n"
    )
    try:
        again.submit(f"game: g1\nplayer: 2\ncode: {old}\nturn: 1\n")
    except WrongCode:
        pass
    else:
        raise AssertionError("the old code was taken")
    assert not (game.store.root / NEW_CODE).exists()
    assert entry.code in again.aof(2) and old not in again.aof(2)  # the form to fill in
    assert entry.code in again.report(2, 0) and old not in again.report(2, 0)
    assert again.aof(1) == game.aof(1)  # the others' as they were


def test_a_new_code_cut_short_is_finished_with_the_same_code(tmp_path: Path) -> None:
    """Killed after game.yaml had the new code, before the mail was queued: given again,
    the same code is mailed, none other made."""
    game = make(tmp_path / "games")
    keep_absences(game.store, game.config, {2: [3]})
    (game.store.root / NEW_CODE).write_text(json.dumps({"seat": 2, "code": "ABCD2345EF"}))
    ran = run(tmp_path, "new-code", "g1", "--player", "2")
    again = open_game(game.store.root)
    assert again.config.player(2).code == "ABCD2345EF"
    assert absences(again.store, again.config) == {2: [3]}
    assert "(the one begun before, cut short: finished)" in ran.stdout
    (mail,) = queued(tmp_path, "code-").values()
    assert "player 2: ABCD2345EF" in body(mail)
    assert json.loads((game.store.root / FILE).read_text())["2"] == [3]


def test_a_seat_the_game_has_not_is_refused(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    before = (game.store.root / "game.yaml").read_text()
    ran = run(tmp_path, "new-code", "g1", "--player", "9", code=1)
    assert ran.stderr == "wtg: game g1 has no player 9 (its players: 1, 2, 3, 4)\n"
    assert (game.store.root / "game.yaml").read_text() == before
    assert queued(tmp_path, "code-") == {}


def cut_short_takeover(game: Game, seat: int) -> Takeover:
    """A takeover of ``seat`` marked under way and cut short before its first write."""
    takeover = Takeover(
        turn=game.latest_turn(),
        seat=seat,
        name="Newcomer",
        address="new@example.org",
        code="NEWCODE234",
        at="2026-12-05T20:00:00+00:00",
    )
    (game.store.root / MARK).write_text(json.dumps(asdict(takeover)), encoding="utf-8")
    return takeover


def test_a_new_code_for_a_seat_whose_takeover_was_cut_short_is_refused(tmp_path: Path) -> None:
    """The code in the takeover's mark is the newcomer's: a new code given over it (the
    command went on, and game.yaml's player, the quitter, got it) left the newcomer with
    a code that would be refused once the takeover finished, and nothing written is kept."""
    game = make(tmp_path / "games")
    cut_short_takeover(game, 2)
    before = (game.store.root / "game.yaml").read_text()
    ran = run(tmp_path, "new-code", "g1", "--player", "2", code=1)
    head = f"wtg --config {tmp_path / 'wtg.yaml'}"
    assert ran.stderr == (
        "wtg: game g1: the takeover of seat 2 by Newcomer (begun after turn 0) was cut short: "
        "the code it gives him is the one he is told, and no new code is given over it. Let it "
        f"finish first (`{head} status g1` says what finishes it), then give `{head} new-code "
        "g1 --player 2` again if it is still wanted\n"
    )
    assert (game.store.root / "game.yaml").read_text() == before
    assert (game.store.root / MARK).exists()  # the takeover's, for what finishes it
    assert not (game.store.root / NEW_CODE).exists()
    assert queued(tmp_path, "code-") == {}


def test_another_seats_takeover_cut_short_is_finished_first(tmp_path: Path) -> None:
    """As a hold or a rollback finishes it: the newcomer has his seat and his code, and
    the new code goes to the seat asked for."""
    game = make(tmp_path / "games")
    takeover = cut_short_takeover(game, 3)
    run(tmp_path, "new-code", "g1", "--player", "2")
    again = open_game(game.store.root)
    assert not (game.store.root / MARK).exists()
    newcomer = again.config.player(3)
    assert (newcomer.name, newcomer.email, newcomer.code) == (
        "Newcomer",
        "new@example.org",
        takeover.code,
    )
    assert again.config.player(2).code not in (game.config.player(2).code, takeover.code)


def test_older_reports_keep_the_code_they_were_mailed_with(tmp_path: Path) -> None:
    """The ruling (docs/gm.md): only the latest turn's report and form are written again;
    an older turn's is what was mailed then, with the old code, refused from now on."""
    game = make(tmp_path / "games")
    old = game.config.player(2).code
    game.run_turn()
    first = game.report(2, 0)
    run(tmp_path, "new-code", "g1", "--player", "2")
    again = open_game(game.store.root)
    new = again.config.player(2).code
    assert again.report(2, 0) == first and old in first
    assert new in again.report(2, 1) and old not in again.report(2, 1)


def test_the_seats_wrong_codes_stay_counted(tmp_path: Path) -> None:
    """The ruling (docs/gm.md): the forms refused for a wrong code on the seat before the
    new code stay in `wtg status` and the digest, for the day they are kept: they are
    what shows the GM whether a stranger was guessing."""
    make(tmp_path / "games")
    spool = tmp_path / "games" / ".mail"
    stamp = datetime.now(timezone.utc).timestamp()
    journal = Journal(spool)
    try:
        journal.wrong_code("k1", "g1", 2, "eve@example.net", False, stamp)
        journal.wrong_code("k2", "g1", 2, "eve@example.net", False, stamp)
        journal.commit()
    finally:
        journal.close()
    before = wrong_codes(spool, stamp - 60)
    assert [(w.game, w.seat, w.forms, w.elsewhere) for w in before] == [("g1", 2, 2, 2)]
    run(tmp_path, "new-code", "g1", "--player", "2")
    assert wrong_codes(spool, stamp - 60) == before
    assert "2 WRONG CODES in the last 24 hours" in run(tmp_path, "status").stdout


def test_a_new_code_to_no_address_says_it_is_not_queued(tmp_path: Path) -> None:
    """Before, the line said `queued to bob.example.org` of a mail `wtg send` sets aside as
    failed (and `NOT queued` of one a command cut short had queued)."""
    game = make(tmp_path / "games")
    email = game.config.player(2).email
    yaml = game.store.root / "game.yaml"
    yaml.write_text(yaml.read_text().replace(email, "bob.example.org"))
    ran = run(tmp_path, "new-code", "g1", "--player", "2")
    assert "; its mail NOT queued: bob.example.org is no address: `wtg" in ran.stdout, ran.stdout


def test_a_new_code_given_twice_mails_the_player_only_the_code_he_has(tmp_path: Path) -> None:
    """newgm46: `wtg new-code g1 --player 2` typed twice before `wtg send` queued two mails,
    sent together, each "your new secret code" and each another code; the first one's is
    refused, and a player who read them in order lost his turn's orders. `wtg send` sets the
    first aside for good, saying why: he gets the code he has, once."""
    game = make(tmp_path / "games")
    run(tmp_path, "send")
    run(tmp_path, "new-code", "g1", "--player", "2")
    first = open_game(game.store.root).config.player(2).code
    run(tmp_path, "new-code", "g1", "--player", "2")
    code = open_game(game.store.root).config.player(2).code
    assert code != first and len(queued(tmp_path, "code-")) == 2
    sent = run(tmp_path, "send")
    out = tmp_path / "games" / ".mail" / "maildir-out" / "new"
    told = []
    for path in sorted(out.glob("code-*")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, email.message.EmailMessage)
        told.append(body(msg))
    assert len(told) == 1 and f"player 2: {code}\n" in told[0] and first not in told[0]
    aside = " ".join(sent.stderr.split())
    assert "set aside for good: game g1's player 2 has another code since this mail was " in aside
    failed = tmp_path / "games" / ".mail" / "outbox" / "failed"
    (kept,) = failed.glob("code-*.eml")
    assert f"player 2: {first}" in kept.read_text(encoding="utf-8")


def _turn_one_queued(tmp_path: Path) -> tuple[Game, GmConfig]:
    """A game whose turn 1 ran, its reports queued as a send queues them and not delivered
    (the mail server down), and the host's config."""
    game = make(tmp_path / "games")
    run(tmp_path, "send")  # turn 0 mailed
    for pid in game.ruleset.owing(game.state()):
        game.submit(f"player: {pid}\nturn: 1\n")
    game.run_turn()
    gm = load_config(tmp_path / "wtg.yaml")
    journal = Journal(gm.spool)
    try:
        assert queue_reports(gm, Outbox(gm.spool), journal, datetime.now(timezone.utc)).reports
    finally:
        journal.close()
    return game, gm


def _turn_one_reports(tmp_path: Path, game: Game) -> list[str]:
    """The texts of the turn 1 reports delivered to player 2."""
    out = tmp_path / "games" / ".mail" / "maildir-out" / "new"
    reports = []
    for path in sorted(out.iterdir()):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, email.message.EmailMessage)
        if msg["To"] == game.config.player(2).email and "turn 1 report" in str(msg["Subject"]):
            reports.append(body(msg))
    return reports


def test_a_report_queued_again_then_another_new_code_goes_with_the_last_code(
    tmp_path: Path,
) -> None:
    """review47: a report `wtg send` queued again with the seat's new code (the server still
    down) and a second `wtg new-code` before it went: the report queued again is named
    ``resend-``, not ``report-``, and went out with the first new code in its form, which
    is refused. It is set aside and queued again with the code the seat has."""
    game, gm = _turn_one_queued(tmp_path)
    run(tmp_path, "new-code", "g1", "--player", "2")
    first = open_game(game.store.root).config.player(2).code
    games = [open_game(game.store.root)]  # a send that queued it again and delivered nothing
    assert mailed_again_with_codes(Outbox(gm.spool), gm, games, None)
    (again,) = queued(tmp_path, "resend-")
    assert f"CODE: {first}" in body(queued(tmp_path, "resend-")[again])
    run(tmp_path, "new-code", "g1", "--player", "2")
    code = open_game(game.store.root).config.player(2).code
    sent = run(tmp_path, "send")
    reports = _turn_one_reports(tmp_path, game)
    assert len(reports) == 1, reports
    assert f"CODE: {code}" in reports[0] and first not in reports[0]
    aside = " ".join(sent.stderr.split())
    assert f"mail {again} set aside for good: game g1's player 2 has another code" in aside
    summary = " ".join(sent.stdout.split())  # its reason said: no rollback, no rerun
    assert "rolled back, a code or a report's form a later `wtg " in summary
    assert " new-code` or a takeover replaced)" in summary


def test_a_report_queued_before_the_new_code_goes_with_the_new_code(tmp_path: Path) -> None:
    """newgm46: a turn's report queued and not yet delivered (the mail server down) when
    `wtg new-code` ran went out after the code's mail with the old code in its form: the
    player filled that form in and had it refused. `wtg send` sets it aside and queues the
    report again as new-code wrote it, with his code; he gets it once."""
    game, _gm = _turn_one_queued(tmp_path)
    old = game.config.player(2).code
    assert old in queued(tmp_path, "report-g1-t0001-p02")["report-g1-t0001-p02"].as_string()
    run(tmp_path, "new-code", "g1", "--player", "2")
    code = open_game(game.store.root).config.player(2).code
    sent = run(tmp_path, "send")
    reports = _turn_one_reports(tmp_path, game)
    assert len(reports) == 1
    assert f"CODE: {code}" in reports[0] and old not in reports[0]
    aside = " ".join(sent.stderr.split())
    assert "mail report-g1-t0001-p02 set aside for good: game g1's player 2 has another code" in (
        aside
    )
    assert (
        tmp_path / "games" / ".mail" / "outbox" / "failed" / "report-g1-t0001-p02.eml"
    ).is_file()


def test_a_code_mail_set_aside_is_not_put_back(tmp_path: Path) -> None:
    """A mail of a code the seat has no longer, set aside by `wtg send`, was put back by
    `wtg outbox --retry` ("back in the queue") and set aside again by the next send: the
    GM went round in a loop, told each time it would go. The retry refuses it and says
    which mail tells the code he has."""
    game = make(tmp_path / "games")
    run(tmp_path, "send")
    run(tmp_path, "new-code", "g1", "--player", "2")
    run(tmp_path, "new-code", "g1", "--player", "2")
    run(tmp_path, "send")
    failed = tmp_path / "games" / ".mail" / "outbox" / "failed"
    (kept,) = failed.glob("code-*.eml")
    retried = run(tmp_path, "outbox", "--retry", kept.stem, code=1)
    said = " ".join((retried.stdout + retried.stderr).split())
    assert f"mail {kept.stem} tells game g1's player 2 a code he has no longer" in said, said
    assert "nothing put back" in said
    assert kept.is_file() and not queued(tmp_path, "code-")
    code = open_game(game.store.root).config.player(2).code
    assert code not in kept.read_text(encoding="utf-8")


def test_a_report_set_aside_for_its_code_is_not_put_back(tmp_path: Path) -> None:
    """review47: a report `wtg send` set aside for the code its form carries, the seat's
    before `wtg new-code`, was put back by `wtg outbox --retry` ("back in the queue ...
    the server may refuse it again") and set aside again by the next send, which said it
    was queued again with his code: the GM went round in a loop, as with a code mail. The
    retry refuses it and says the report with his code goes."""
    game, _gm = _turn_one_queued(tmp_path)
    run(tmp_path, "new-code", "g1", "--player", "2")
    run(tmp_path, "send")
    kept = tmp_path / "games" / ".mail" / "outbox" / "failed" / "report-g1-t0001-p02.eml"
    assert kept.is_file()
    retried = run(tmp_path, "outbox", "--retry", kept.stem, code=1)
    said = " ".join((retried.stdout + retried.stderr).split())
    assert (
        f"mail {kept.stem} carries in its form a code game g1's player 2 has no longer" in said
    ), said
    assert " report g1 --player 2 --mail` queues his report with his code" in said, said
    assert "nothing put back" in said
    assert kept.is_file() and not queued(tmp_path, "report-")
    assert len(_turn_one_reports(tmp_path, game)) == 1  # the one with his code, sent
