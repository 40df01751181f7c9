"""Killing `wtg outbox --retry-all` (SIGKILL, no clean-up of any kind) between two of its
writes, then giving the same command again as a GM would: each mail set aside for good
is, as killed, in exactly one of outbox/failed/ and outbox/queue/ (never both: sent twice;
never neither: lost), and a mail in the queue already goes to the corrected address;
given again, every mail is in the queue once, to its corrected address, and the next
`wtg send` sends each once.

Each round copies a host whose four players' turn-0 reports were set aside (their
addresses in game.yaml were not one address each, then corrected by the GM), starts the
real command and kills it just before one of its writes (``tests.killpoints``): every
write of a whole run is a kill point (the note of the address it had, the mail written
with its new To, the rename into the queue, the note dropped; four times).
"""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from click.testing import CliRunner

from tests import killpoints
from tests.mail.loop import World
from wtg.cli import main
from wtg.text.yamlio import dump_yaml, load_yaml

KILLS = 40
"""Kill points, spread over the writes of a whole run (a run makes fewer: each is one)."""
MAILS = [f"report-g1-t0000-p0{seat}" for seat in range(1, 5)]
FIXED = {name: f"p{seat}@fixed.example" for seat, name in enumerate(MAILS, 1)}


def template(root: Path) -> Path:
    """A host whose four turn-0 reports were set aside, the addresses then corrected; its
    games folder."""
    world = World(root)
    path = world.game.store.root / "game.yaml"
    data = load_yaml(path.read_text(encoding="utf-8"))
    for entry in data["players"]:
        entry["email"] = f"p{entry['id']} at players.example"
    path.write_text(dump_yaml(data), encoding="utf-8")
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\nfrom: gm@example.org\n")
    sent = CliRunner().invoke(main, ["--config", str(config), "send", "-q"])
    assert sent.exit_code == 1 and "4 refused for good" in sent.stdout, sent.output
    for entry in data["players"]:
        entry["email"] = f"Player {entry['id']} <p{entry['id']}@fixed.example>"
    path.write_text(dump_yaml(data), encoding="utf-8")
    listed = CliRunner().invoke(main, ["--config", str(config), "outbox"])  # game.yaml's copy
    assert listed.stdout.count("a retry sends it there") == 4, listed.output  # made: not a write
    return world.gm.games_dir  # of the retry's


def where(games: Path) -> dict[str, str]:
    """Each mail's folder (queue or failed), checked: in exactly one of them, and in the
    queue only with its corrected address."""
    outbox = games / ".mail" / "outbox"
    found: dict[str, str] = {}
    for name in MAILS:
        places = [f for f in ("failed", "queue") if (outbox / f / f"{name}.eml").is_file()]
        assert len(places) == 1, (name, places)  # never both, never neither
        assert not (outbox / "sent" / f"{name}.eml").exists()
        found[name] = places[0]
        raw = (outbox / places[0] / f"{name}.eml").read_bytes()
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        to = [str(v) for v in msg.get_all("To", [])]
        if places[0] == "queue":
            assert to == [f"Player {name[-1]} <{FIXED[name]}>"], (name, to)
        else:  # as set aside, or written whole with its new To
            assert to in ([], [f"Player {name[-1]} <{FIXED[name]}>"]), (name, to)
    return found


def test_killing_a_retry_then_giving_it_again_queues_each_mail_once(tmp_path: Path) -> None:
    original = template(tmp_path / "template")
    games = tmp_path / "games"
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n")
    args = ["--config", str(config), "outbox", "--retry-all"]

    fresh = killpoints.restorer(original, games, symlinks=True)
    whole = killpoints.whole(args, games, fresh)
    assert sorted(where(games).values()) == ["queue"] * 4
    outcomes: dict[str, int] = {}
    for at, killed in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        as_killed = where(games)
        queued = sum(1 for folder in as_killed.values() if folder == "queue")
        key = f"{queued} of 4 queued"
        outcomes[key] = outcomes.get(key, 0) + 1
        again = CliRunner().invoke(main, args)
        assert (again.exit_code, again.stderr) == (0, ""), (at, again.output)
        owed = [name for name in MAILS if as_killed[name] == "failed"]
        assert again.stdout.splitlines() == [  # each mail put back now, and where it goes
            f"{name}: back in the queue, to {FIXED[name]} (it had no usable address), game g1 "
            f"player {name[-1]}'s address in game.yaml now; the next `wtg --config {config} send` "
            "sends it"
            for name in owed
        ] or ["no mail was set aside for good: nothing to put back"], (at, killed.before)
        assert sorted(where(games).values()) == ["queue"] * 4
        outbox = games / ".mail" / "outbox"
        assert not list((outbox / "failed").iterdir())  # no note left behind
        assert not [p for p in games.rglob("*") if p.name.endswith(".tmp")]
    sent = CliRunner().invoke(main, ["--config", str(config), "send"])
    assert sent.stdout.startswith("0 reports queued; 4 mails sent, 0 waiting"), sent.output
    out = games / ".mail" / "maildir-out" / "new"
    assert sorted(p.name for p in out.iterdir()) == MAILS  # each once
    print(f"\n{whole.writes} writes, killed before each: {outcomes}")
    assert len(outcomes) == 5  # from none to all four queued as killed
