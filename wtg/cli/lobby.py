"""The GM's commands of the lobby: open-list, close-list, lists, offer-seat."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timezone
from typing import TYPE_CHECKING

import click

from wtg.cli.common import fail, games_root, given_ruleset, gm_config, open_or_fail, say
from wtg.cli.completion import game_names, map_choices, ruleset_choices
from wtg.cli.durations import Duration
from wtg.cli.givenhead import tell
from wtg.cli.movedhost import refuse_on_moved_host, refusing, say_out_of_date
from wtg.core.plurals import counted
from wtg.core.printable import printable
from wtg.files.gamesfolder import SPOOL
from wtg.game.fixedzones import fixed_zone_warning
from wtg.game.schedule import moment_text
from wtg.gm.gamestatus import game_status
from wtg.lobby.closing import CloseRefused
from wtg.lobby.closing import close_list as close
from wtg.lobby.database import LobbyDatabase, torn_said
from wtg.lobby.domains import OneDomain, one_domain
from wtg.lobby.lists import (
    OpenAlready,
    Waiting,
    WaitingList,
    add_list,
    all_lists,
    closed_lists,
    waiting,
)
from wtg.lobby.lookalikes import in_list
from wtg.lobby.seats import offer_seat as offer
from wtg.lobby.seats import offers, withdraw_offer
from wtg.lobby.start import ListsBusy, checked_list
from wtg.mail.outgoing.notices import Notices
from wtg.text.shellcommand import shell_command

if TYPE_CHECKING:
    from wtg.game.engine import Game

LIST_ZONE = "as --timezone: `wtg close-list {name}`, then open it again"
"""How the zone of a list is given again (``fixed_zone_warning``)."""


@refusing
@click.command("open-list")
@click.argument("ruleset", shell_complete=ruleset_choices)
@click.option(
    "--variant",
    default=None,
    help="A variant of the ruleset, where it has any (default: none, the ruleset's own game).",
)
@click.option(
    "--map",
    "map_name",
    default=None,
    shell_complete=map_choices,
    help="The map (default: the ruleset's first).",
)
@click.option(
    "--players", type=click.IntRange(min=1), default=None, help="Players a game (default: full)."
)
@click.option(
    "--group",
    type=click.Choice(["beginner", "advanced", "any"]),
    default="any",
    show_default=True,
    help="Who may join: Beginner (0-2 games finished, none won), Advanced (3+ or one won).",
)
@click.option(
    "--every",
    "every_days",
    type=Duration("days", click.IntRange(min=1)),
    default=None,
    metavar="D",
    help="Deadlines every D days, at --at (no deadlines without it).",
)
@click.option(
    "--at",
    "at_time",
    default=None,
    metavar="HH:MM",
    help="With --every: the hour of the deadlines, on the clock of --timezone (default: 18:00).",
)
@click.option(
    "--timezone",
    "zone",
    default=None,
    help="With --every: the GM's time zone for deadlines, e.g. Europe/Vienna (default: UTC).",
)
@click.option(
    "--robots-after",
    type=Duration("hours", click.FLOAT),
    default=None,
    metavar="HOURS",
    help="Start after HOURS of waiting (36, 36h, 1.5d) with the players there are (robots "
    "fill the rest where the ruleset has robots; WoK: empty seats count as QUIT). Without "
    "it, a game starts only once the list holds its --players.",
)
@click.pass_context
def open_list(
    ctx: click.Context,
    ruleset: str,
    variant: str | None,
    map_name: str | None,
    players: int | None,
    group: str,
    every_days: int | None,
    at_time: str | None,
    zone: str | None,
    robots_after: float | None,
) -> None:
    """Open a waiting list players join by mail (JOIN <ruleset>); a game is made from it
    as soon as it holds enough confirmed players. One opened wrong: `wtg close-list NAME`,
    then open it again."""
    given_ruleset(ruleset, "open-list")
    if at_time is not None and every_days is None:
        fail("--at goes with --every")
    if zone is not None and every_days is None:
        fail("--timezone goes with --every")
    moment = datetime.now(timezone.utc)
    wanted = checked_list(
        ruleset,
        variant,
        map_name,
        players,
        group,
        every_days,
        at_time,
        robots_after,
        moment,
        zone or "UTC",
    )
    root = games_root(ctx)
    refuse_on_moved_host(ctx, root / SPOOL)  # its JOINs reach the other host
    with torn_said(root), LobbyDatabase(root) as book:
        try:
            opened = add_list(book, wanted)
        except OpenAlready as already:  # given twice (the arrow key): nothing to close
            found = already.found
            tell(
                f"waiting list {found.name} is open already, as asked ({found.title()}; "
                f"{found.deadlines()}; opened {moment_text(found.opened)}): nothing done"
            )
            return
    early = opened.start_early()  # what it was opened with, a wrong zone seen at once
    said = f"{opened.title()}; {opened.deadlines()}" + (f"; {early}" if early else "")
    tell(f"waiting list {opened.name} open: {said}")
    warned = fixed_zone_warning(opened.timezone, moment, LIST_ZONE.format(name=opened.name))
    if warned is not None:  # a valid zone, which the GM may not have meant
        tell(printable(f"warning: {warned}"), err=True)


@refusing
@click.command("close-list")
@click.argument("name")
@click.pass_context
def close_list(ctx: click.Context, name: str) -> None:
    """Close the waiting list NAME (as `wtg lists` names it): it takes no JOIN, every
    player waiting on it is told by mail (once) that he waits no more, and the codes of
    JOINs to it no longer count. A game being made from it is made. Open it again with
    `wtg open-list` as it should be. Given again after it was cut short, it finishes."""
    root = games_root(ctx)
    refuse_on_moved_host(ctx, root / SPOOL)
    moment = datetime.now(timezone.utc)
    notices = Notices(root / SPOOL, gm_config(ctx).sender, moment)

    def tell_closed(wl: WaitingList, player: Waiting, open_now: Sequence[WaitingList]) -> bool:
        assert wl.closed is not None
        return notices.list_closed(
            wl.name,
            wl.closed,
            wl.title(),
            (player.person, player.name, player.address),
            [(other.name, other.title()) for other in open_now],
        )

    with torn_said(root), LobbyDatabase(root) as book:
        try:
            done = close(book, root, name, moment, tell_closed, notices.flush_outbox)
        except (CloseRefused, ListsBusy) as error:
            fail(str(error))
    for problem in done.problems:
        tell(printable(f"warning: {problem}"), err=True)
    told = f"{counted(done.told, 'player')} who waited on it told by mail"
    if done.untold:  # an address an older wtg took unchecked: his mail is set aside as failed
        who = ", ".join(in_list(name) for name in done.untold)
        told += (
            f"; {counted(len(done.untold), 'player')} taken off it not told ({who}): no mail "
            "can go to the address, and wtg send sets it aside as failed"
        )
    if not done.now:
        say(f"waiting list {done.list.name}: its closing, cut short before, finished: {told}")
        return
    counts = "counts" if done.ended == 1 else "count"
    ended = f", {counted(done.ended, 'request')} to join it no longer {counts}"
    ended = ended if done.ended else ""
    say(f"waiting list {done.list.name} closed: {told}{ended}")


@click.command("lists")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable.")
@click.pass_context
def lists(ctx: click.Context, as_json: bool) -> None:
    """The waiting lists, who waits on each, and the seats offered."""
    root = games_root(ctx)
    say_out_of_date(ctx, root / SPOOL, "these lists are", "the lists as they stand")
    with torn_said(root), LobbyDatabase(root) as book:
        found = [(wl, waiting(book, wl.name)) for wl in all_lists(book)]
        closed = [(wl, waiting(book, wl.name)) for wl in closed_lists(book)]
        offered = offers(book)
    # most of a game's seats taken from one domain (Sybils: docs/mail.md, "One domain")
    shared = [one_domain([w.address for w in who], wl.players) for wl, who in found]
    if as_json:
        data = {
            "lists": [
                {
                    **wl.to_dict(),
                    "waiting": [{"name": w.name, "since": w.since} for w in who],
                    "one_domain": _domain_json(domain),
                }
                for (wl, who), domain in zip(found, shared, strict=True)
            ],
            "offered": [{"game": g, "seat": s, "since": t} for g, s, t in offered],
            "closed": [
                {
                    **wl.to_dict(),
                    "waiting": [{"name": w.name, "since": w.since} for w in who],
                    "one_domain": _domain_json(one_domain([w.address for w in who], wl.players)),
                }
                for wl, who in closed
            ],
        }
        click.echo(json.dumps(data, indent=2))
        return
    if not found and not offered:
        tell("no waiting list is open (`wtg open-list RULESET`)")
    for (wl, who), domain in zip(found, shared, strict=True):
        names = ", ".join(in_list(w.name) for w in who) or "nobody yet"
        early = wl.start_early()
        one = f"; {domain.players} of them write from {domain.where()}" if domain else ""
        say(
            f"{wl.name}: {wl.title()}; {len(who)} of {wl.players} waiting: {names}{one}; "
            f"{wl.deadlines()}" + (f"; {early}" if early else ""),
            whole=[in_list(w.name) for w in who],
        )
    for game, seat, since in offered:
        tell(f"offered: {game} seat {seat} (since {moment_text(since)})")
    for wl, who in closed:
        again = f"; {len(who)} not told yet: give `wtg close-list {wl.name}` again"
        untold = again if who else ""
        since = moment_text(wl.closed or "")
        say(f"closed: {wl.name} (since {since}; `wtg open-list` opens it again){untold}")


def _domain_json(domain: OneDomain | None) -> dict[str, object] | None:
    """``one_domain`` in `wtg lists --json`: the domain and how many of those waiting write
    from it, or null."""
    return None if domain is None else {"domain": domain.domain, "players": domain.players}


@refusing
@click.command("offer-seat")
@click.argument("game_dir", shell_complete=game_names)
@click.argument("seat", type=int)
@click.option(
    "--withdraw",
    is_flag=True,
    help="Take the offer back (offered by mistake): a JOIN for the seat is refused, and so "
    "is the CONFIRM of one made before.",
)
@click.pass_context
def offer_seat(ctx: click.Context, game_dir: str, seat: int, withdraw: bool) -> None:
    """Offer the seat of a player who quit to a new player (who mails JOIN <game>)."""
    game = open_or_fail(ctx, game_dir)
    name = game.config.game
    root = games_root(ctx)
    refuse_on_moved_host(ctx, root / SPOOL)  # its JOINs reach the other host
    with torn_said(root), LobbyDatabase(root) as book:
        try:
            if withdraw:
                withdraw_offer(book, name, seat)
            else:
                offer(book, game, seat, datetime.now(timezone.utc))
        except ValueError as error:
            fail(str(error) + ("" if withdraw else _still_plays(game, game_dir, seat)))
    if withdraw:
        tell(
            f"seat {seat} of game {name} no longer offered: a JOIN for it is refused, and so "
            "is the CONFIRM of one made before"
        )
    else:
        tell(f"seat {seat} of game {name} offered: a new player mails JOIN {name}")


def _still_plays(game: Game, game_dir: str, seat: int) -> str:
    """What a refusal to offer the seat of a player who still plays adds: how he is taken
    out first (newgm48: `player 2 has not quit (status active)` alone, and a GM who was to
    replace a player who asked for it did not know what would let the seat be offered)."""
    try:
        players = game_status(game)["players"]
    except Exception:  # the refusal's own words stand alone
        return ""
    plays = [p for p in players if p["id"] == seat and p["status"] == "active"]
    if not plays or not plays[0]["owes_orders"]:
        return ""
    offer_it = f"`{shell_command('wtg', 'offer-seat', game_dir, str(seat))}` offers the seat"
    if plays[0]["resigned"]:
        return f"; his RESIGN is on file: once the coming turn has run with it, {offer_it}"
    aof = shell_command("wtg", "aof", game_dir, "--player", str(seat))
    orders = shell_command("wtg", "orders", game_dir, "FILE")
    return (
        f"; to hand his seat to a new player, take him out first: his QUIT filed (`{aof}` "
        f"with its QUIT line filled in, saved as FILE, then `{orders}`), or his RESIGN "
        f"mailed ({shell_command('RESIGN', game.config.game)}); once the turn has run with "
        f"it, {offer_it}"
    )


def register(group: click.Group) -> None:
    for command in (open_list, close_list, lists, offer_seat):
        group.add_command(command)
