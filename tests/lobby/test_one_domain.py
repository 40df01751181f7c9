"""Sybils on a waiting list: a From is text, and a domain of one's own takes mail for any
name at it, so one person JOINs an open list as three players (or nine), each with his own
address at sybil.example, confirms each code and fills the list: the one real newcomer's
game is played by puppets. The hour's `unconfirmed_domain_share` slows a domain's
newcomers, never stops them, and nothing told the GM: `wtg lists`, the poll's line of the
mail that made the game, `run-turn --due` and the digest said nothing of the one domain.

No bound stops them (a domain is no person: a large provider's players share one, and a cap
would refuse them); the GM is told, and judges (docs/mail.md, "One domain on a list")."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_lobby_cli import run
from wtg.lobby.domains import held_domain, one_domain
from wtg.mail.outgoing.digest import make_digest, mark_digest


def _joined(hall: Hall, senders: list[str], first: int = 1) -> str:
    """``senders`` JOIN wok4 (as Sybil<first>, and on), then confirm their codes; the poll's
    lines of the confirmations."""
    for number, sender in enumerate(senders, start=first):
        hall.mail(sender, f"JOIN wok4 AS Sybil{number}")
    hall.poll(hours=0.1)
    for ask in hall.new_mails():
        hall.mail(ask.to, f"CONFIRM {ask.code()}")
    summary = hall.poll(hours=0.1)
    hall.new_mails()
    return "\n".join(event.line() for event in summary.events)


def test_a_list_filled_from_one_domain_is_told_to_the_gm(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=4)
    sybils = ["s1@sybil.example", "s2@sybil.example", "s3@a.sybil.example"]
    _joined(hall, sybils)
    text = run(tmp_path, "lists").stdout
    assert "; 3 of them write from @sybil.example and domains below it; no" in text
    (only,) = json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]
    assert only["one_domain"] == {"domain": "sybil.example", "players": 3}

    lines = _joined(hall, ["s4@Sybil.Example"], first=4)
    assert "started wok4-1: 4 of its 4 players write from @sybil.example" in lines
    digest = make_digest(hall.gm.games_dir, hall.now)
    (made,) = digest.one_domain
    assert (made.game, made.list, made.domain.domain, made.domain.players) == (
        "wok4-1",
        "wok4",
        "sybil.example",
        4,
    )
    part = digest.text().split("Games made of a waiting list", 1)[1].split("\n\n")[0]
    part = part.split("):\n", 1)[1]  # its lines, under the heading
    assert part.startswith("  wok4-1 (list wok4, "), part
    assert "4 of its 4 players write from @sybil.example" in " ".join(part.split())
    assert max(len(line) for line in part.splitlines()) <= 78, part
    assert "1 game made of a list mostly at one domain" in digest.line()
    mark_digest(hall.gm.spool, hall.now)
    assert make_digest(hall.gm.games_dir, hall.now + timedelta(hours=1)).one_domain == ()


def test_a_game_run_turn_due_makes_from_one_domain_is_told(tmp_path: Path) -> None:
    """A list that starts with the players there after its wait (`--robots-after`), made
    by `run-turn --due`: its line says it."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10, robots_after=1)
    _joined(hall, [f"s{n}@sybil.example" for n in range(1, 4)])
    result = run(tmp_path, "run-turn", "--due")
    assert (
        "game wok4-1 made from the waiting list wok4: 3 of its 3 players write from @sybil.example"
    ) in result.stdout


def test_players_of_many_domains_are_not_told(tmp_path: Path) -> None:
    """Two of a game's four at one provider, or four players at four domains: nothing is
    said (nor of a Duel's two humans at one domain: ``FEWEST``)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=4)
    lines = _joined(hall, ["a@gmail.example", "b@gmail.example", "c@one.example", "d@two.example"])
    assert "started wok4-1" in lines and "write from" not in lines
    (only,) = json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]
    assert only["one_domain"] is None
    assert make_digest(hall.gm.games_dir, hall.now).one_domain == ()
    assert one_domain(["a@x.example", "b@x.example"], 2) is None
    assert one_domain(["a@x.example", "b@x.example", "c@x.example"], 6) is None
    assert one_domain(["a@x.example", "b@x.example", "c@x.example"], 5) is not None


def test_domains_below_one_count_for_it() -> None:
    """A domain of one's own answers for any name below it: Sybils at a.sybil.example and
    b.sybil.example are one domain's; a country's second level (co.uk) is no one's."""
    below = one_domain(["a@x.sybil.example", "b@y.sybil.example", "c@sybil.example"], 4)
    assert below is not None
    assert below.said("its") == "3 of its 4 players write from @sybil.example and domains below it"
    exact = one_domain(["a@sybil.example", "b@sybil.example", "c@sybil.example"], 4)
    assert exact is not None and exact.said("its") == "3 of its 4 players write from @sybil.example"
    assert one_domain(["a@bt.co.uk", "b@sky.co.uk", "c@virgin.co.uk"], 4) is None
    assert one_domain(["a@x.org", "b@y.org", "c@z.org"], 4) is None
    assert held_domain("localhost") == "localhost"  # a public suffix is its own
    assert held_domain("a.b.sybil.example") == "sybil.example"
    assert held_domain("mail.yahoo.co.uk") == "yahoo.co.uk"
    assert held_domain("k12.ca.us") == "k12.ca.us"  # a public suffix of three labels
    assert held_domain("lincoln.k12.ca.us") == "lincoln.k12.ca.us"
    # the schools of one state's public suffix are as many parties, and so are the sites
    # of one host's public suffix; the suffix of a country's second level is no one's
    schools = ["a@lincoln.k12.ca.us", "b@adams.k12.ca.us", "c@grant.k12.ca.us"]
    assert one_domain(schools, 4) is None
    assert one_domain(["a@x.github.io", "b@y.github.io", "c@z.github.io"], 4) is None
    mail = one_domain(["a@mail.gmx.de", "b@gmx.de", "c@smtp.gmx.de"], 4)
    assert mail is not None and mail.domain == "gmx.de" and mail.below
