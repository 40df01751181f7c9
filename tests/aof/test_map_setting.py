"""Issue 15, "In the reports": a player opts out of the map picture with a ``MAP: off`` line
on the AOF (``MAP: on`` brings it back), in every ruleset, through the one door for orders.
A MAP line is no order: a mail with only a MAP line changes the setting and keeps the
orders on file; a value the setting does not take is rejected with its line and reason."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.aof.test_forms_are_sent_blank import EVERY_GAME, Setup, made
from tests.mail.loop import players
from wtg.cli import main
from wtg.core.form import FormError, form_from_data
from wtg.core.orders import OrderError
from wtg.core.ruleset import SeatId, SideId
from wtg.core.settings import MAP
from wtg.data.forms import read_form
from wtg.game.arrivalkey import arrival_key
from wtg.game.engine import Game, create_game
from wtg.game.intake import NO_ORDERS, NONE_ACCEPTED, SETTINGS_ONLY, Submission, Unchanged
from wtg.game.report import aof_text
from wtg.gm.gamestatus import game_status
from wtg.text.yamlio import load_yaml

ROOT = Path(__file__).resolve().parents[2]
END = "=== END AOF ==="
OFF_TOLD = 'your reports come without the map picture from the next one on ("MAP: on" brings'


def with_line(form: str, line: str) -> tuple[str, int]:
    """The form with ``line`` written above its end marker, and that line's number."""
    lines = form.rstrip("\n").split("\n")
    at = lines.index(END)
    lines.insert(at, line)
    return "\n".join(lines) + "\n", at + 1


def owing_form(game: Game) -> tuple[int, int, str]:
    """A side that owes orders now, its GM seat and its blank form."""
    state = game.state()
    side = sorted(game.ruleset.owing(state))[0]
    seat = game.ruleset.seat_of(state, SideId(side))
    assert seat is not None
    return side, seat, aof_text(game.ruleset, game.config, state, side)


def one(results: list[Submission | Unchanged | OrderError]) -> Submission | Unchanged:
    (result,) = results
    assert not isinstance(result, OrderError), result
    return result


@pytest.fixture
def wok(tmp_path: Path) -> Game:
    return create_game(tmp_path / "g1", "wok4", "small", players(2), seed=3)


def form_of(game: Game, side: int = 1) -> str:
    return aof_text(game.ruleset, game.config, game.state(), side)


def pending(game: Game, side: int = 1) -> bytes | None:
    path = game.store.pending_dir(1) / f"p{side:02d}.yaml"
    return path.read_bytes() if path.exists() else None


@EVERY_GAME
def test_map_off_is_read_in_every_ruleset_and_kept_for_the_seat(
    tmp_path: Path, setup: Setup
) -> None:
    game = made(tmp_path, setup)
    side, seat, form = owing_form(game)
    text, line = with_line(form, "MAP: off")
    result = one(game.submit_all(text, via="mail"))
    assert isinstance(result, Unchanged)
    assert (result.reason, result.settings) == (SETTINGS_ONLY, {"map": "off"})
    ((value, _key),) = game.settings().read()[seat].values()
    assert value == "off"
    assert [v.describe() for v in result.verdicts] == [
        f"line {line}: ok MAP: off: {OFF_TOLD} it back)"
    ]
    assert game.store.pending_orders(game.latest_turn() + 1) == {}  # no orders were filed
    assert side in game.ruleset.owing(game.state())


@EVERY_GAME
def test_a_value_map_does_not_take_is_rejected_with_its_line_and_reason(
    tmp_path: Path, setup: Setup
) -> None:
    game = made(tmp_path, setup)
    _side, _seat, form = owing_form(game)
    text, line = with_line(form, "MAP: maybe")
    result = one(game.submit_all(text, via="mail"))
    assert isinstance(result, Unchanged) and result.reason == NONE_ACCEPTED
    assert [v.describe() for v in result.verdicts] == [
        f"line {line}: REJECTED MAP: maybe: MAP takes on or off, found 'maybe'"
    ]
    assert game.settings().read() == {}


def test_orders_and_map_off_in_one_form_file_the_orders_and_keep_the_setting(wok: Game) -> None:
    text, line = with_line(form_of(wok).replace("X1: ___", "X1: 100"), "map:OFF")
    result = one(wok.submit_all(text, via="mail"))
    assert isinstance(result, Submission) and result.settings == {"map": "off"}
    assert load_yaml((pending(wok) or b"").decode()) == {"player": 1, "turn": 1, "trade": [100]}
    assert f"line {line}: ok map:OFF: {OFF_TOLD}" in result.confirmation()
    assert wok.settings().value(1, MAP) == "off"


def test_a_mail_with_only_map_off_keeps_the_orders_on_file(wok: Game) -> None:
    wok.submit_all(form_of(wok).replace("X1: ___", "X1: 150"), via="mail")
    before = pending(wok)
    later = datetime.now(timezone.utc) + timedelta(minutes=1)
    text, _line = with_line(form_of(wok), "MAP: off")
    result = one(wok.submit_all(text, via="mail", received=later))
    assert isinstance(result, Unchanged) and result.reason == SETTINGS_ONLY
    assert result.on_file is not None
    assert pending(wok) == before
    assert wok.settings().value(1, MAP) == "off"


def test_ready_and_map_off_mark_the_orders_on_file_ready_and_keep_them(wok: Game) -> None:
    wok.submit_all(form_of(wok).replace("X1: ___", "X1: 150"), via="mail")
    later = datetime.now(timezone.utc) + timedelta(minutes=1)
    text, _line = with_line(form_of(wok).replace("R1: _", "R1: 1"), "MAP: off")
    result = one(wok.submit_all(text, via="mail", received=later))
    assert isinstance(result, Submission) and result.ready_only
    data = load_yaml((pending(wok) or b"").decode())
    assert data == {"player": 1, "turn": 1, "trade": [150], "ready": True}
    assert wok.settings().value(1, MAP) == "off"


def test_map_written_twice_keeps_the_first(wok: Game) -> None:
    text, first = with_line(form_of(wok), "MAP: off")
    text, second = with_line(text, "MAP: on")
    result = one(wok.submit_all(text, via="mail"))
    assert result.settings == {"map": "off"}
    assert [v.describe() for v in result.verdicts if not v.accepted] == [
        f"line {second}: REJECTED MAP: on: MAP is filled in twice (first on line {first}); "
        "the later one is ignored"
    ]


def test_map_off_typed_above_the_quoted_report_counts(wok: Game) -> None:
    """As bare order lines do, a MAP line above the quote takes the quoted form's header."""
    quoted = "".join(f"> {line}\n" for line in wok.report(1).splitlines())
    result = one(wok.submit_all(f"MAP: off\n\nThanks!\n\n{quoted}", via="mail"))
    assert isinstance(result, Unchanged) and result.settings == {"map": "off"}
    assert wok.settings().value(1, MAP) == "off"


def test_prose_about_the_map_above_the_quote_is_no_setting(wok: Game) -> None:
    quoted = "".join(f"> {line}\n" for line in wok.report(1).splitlines())
    text = f"Map: what a lovely island!\nMAP : I see it now\n\n{quoted}"
    result = one(wok.submit_all(text, via="mail"))
    assert isinstance(result, Unchanged) and result.reason == NO_ORDERS
    assert (result.verdicts, result.settings) == ([], {})
    assert wok.settings().read() == {}


def test_an_order_file_sets_map_with_its_key(wok: Game) -> None:
    head = "player: 1\nturn: 1\n"
    result = one(wok.submit_all(head + "map: off\n"))
    assert isinstance(result, Unchanged) and result.settings == {"map": "off"}
    for written, found in (("maybe", "'maybe'"), ("true", "True"), ("[on]", "['on']")):
        refused = one(wok.submit_all(head + f"map: {written}\n"))
        shown = written if written == "maybe" else found
        word = "MAP" if written == "maybe" else "map"
        assert [v.describe() for v in refused.verdicts] == [
            f"map #1: REJECTED map: {shown}: {word} takes on or off, found {found}"
        ]
    assert wok.settings().value(1, MAP) == "off"


@pytest.mark.parametrize(
    "head",
    [
        "game: g1\nplayer: 1\nturn: 1\ncode: CODE0001\n",
        "game: g1\ncode: CODE0001\nplayer: 1\nturn: 1\n",
    ],
)
def test_an_order_file_by_mail_sets_map_beside_its_orders(wok: Game, head: str) -> None:
    """The keys game, player, turn and code of an order file read like a form's header:
    ``map: off`` under them stays the order file's key, not a MAP line of a form."""
    stored = one(wok.submit_all(head + "trade: [100]\nmap: off\n", via="mail"))
    assert isinstance(stored, Submission) and stored.settings == {"map": "off"}
    assert load_yaml((pending(wok) or b"").decode()) == {"player": 1, "turn": 1, "trade": [100]}
    alone = one(wok.submit_all(head + "map: on\n", via="mail"))
    assert isinstance(alone, Unchanged) and alone.settings == {"map": "on"}
    assert pending(wok) is not None and wok.settings().value(1, MAP) == "on"


def test_a_form_pasted_without_its_markers_takes_a_map_line(wok: Game) -> None:
    form = form_of(wok).replace("=== BEGIN AOF ===\n", "").replace("=== END AOF ===\n", "")
    result = one(wok.submit_all(form + "MAP: off\n", via="mail"))
    assert isinstance(result, Unchanged) and result.settings == {"map": "off"}


def test_an_earlier_mail_filed_later_does_not_undo_a_later_setting(wok: Game) -> None:
    """Settings follow the server's order of arrival, as orders do (``wtg.game.arrivalkey``)."""
    now = datetime.now(timezone.utc)
    on, _line = with_line(form_of(wok), "MAP: on")
    off, _line = with_line(form_of(wok), "MAP: off")
    wok.submit_all(off, via="mail", order_key=arrival_key(now, "b"))
    wok.submit_all(on, via="mail", order_key=arrival_key(now - timedelta(hours=1), "a"))
    assert wok.settings().value(1, MAP) == "off"
    wok.submit_all(on, via="mail", order_key=arrival_key(now + timedelta(hours=1), "c"))
    assert wok.settings().value(1, MAP) == "on"


def test_a_duel_colour_sets_map_for_its_players_seat(tmp_path: Path) -> None:
    game = create_game(tmp_path / "d", "standard", "classic60", players(2), seed=7, variant="duel")
    state = game.state()
    colour = next(c for c in game.ruleset.sides_of(state, SeatId(1)) if c != 1)
    text, _line = with_line(form_of(game, colour), "MAP: off")
    one(game.submit_all(text, via="mail"))
    assert list(game.settings().read()) == [1]


def test_a_game_without_map_pictures_keeps_the_setting_and_says_so(tmp_path: Path) -> None:
    game = create_game(tmp_path / "n", "wok4", "small", players(2), seed=3, map_pictures=False)
    text, line = with_line(form_of(game), "MAP: off")
    result = one(game.submit_all(text, via="mail"))
    assert [v.describe() for v in result.verdicts] == [
        f"line {line}: ok MAP: off: kept, but this game mails no map pictures to anyone"
    ]


def test_the_gm_files_map_off_at_the_command_line(wok: Game, tmp_path: Path) -> None:
    text, line = with_line(form_of(wok), "MAP: off")
    path = tmp_path / "aof.txt"
    path.write_text(text)
    result = CliRunner().invoke(main, ["orders", str(wok.store.root), str(path)])
    assert result.exit_code == 0, result.output
    assert f"line {line}: ok MAP: off" in result.output
    assert wok.settings().value(1, MAP) == "off"


def test_no_section_of_a_form_may_be_keyed_map() -> None:
    data = load_yaml((ROOT / "forms" / "wok4.yaml").read_text())
    data["sections"][0]["key"] = "map"
    with pytest.raises(FormError, match="other than player/turn/map"):
        form_from_data(data)
    assert read_form(ROOT / "forms" / "wok4.yaml").section("map") is None


def test_the_settings_file_is_private_and_survives_a_bad_hand(wok: Game) -> None:
    text, _line = with_line(form_of(wok), "MAP: off")
    wok.submit_all(text, via="mail")
    path = wok.store.root / "settings.json"
    assert path.stat().st_mode & 0o777 == 0o600
    path.write_text('{"players": {"1": {"map": "sideways"}, "2": {"map": "off"}, "x": 3}}')
    assert wok.settings().read() == {1: {}, 2: {"map": ("off", "")}}
    path.write_text("{not json")
    assert wok.settings().read() == {}


def test_a_player_who_owes_no_orders_may_still_choose_map_off(tmp_path: Path) -> None:
    """WISK: one player moves at a time. The others may still turn the picture off (a
    setting is no order, the door checks the code as always); an order line from them is
    refused as before."""
    game = create_game(tmp_path / "w", "wisk", "classic", players(3), seed=3)
    state = game.state()
    waiting = next(p for p in (1, 2, 3) if p not in game.ruleset.owing(state))
    blank = aof_text(game.ruleset, game.config, state, waiting)
    text, _line = with_line(blank, "MAP: off")
    result = one(game.submit_all(text, via="mail"))
    assert isinstance(result, Unchanged) and result.reason == SETTINGS_ONLY
    assert game.settings().value(waiting, MAP) == "off"
    assert not game.store.pending_dir(game.latest_turn() + 1).exists() or not any(
        game.store.pending_dir(game.latest_turn() + 1).glob(f"p{waiting:02d}*")
    )
    (ordered,) = game.submit_all(text.replace("R1: _", "R1: 1"), via="mail")
    assert isinstance(ordered, OrderError) and "has no orders to give this turn" in str(ordered)
    wrong = text.replace("CODE: ", "CODE: X", 1)
    (refused,) = game.submit_all(wrong, via="mail")
    assert isinstance(refused, OrderError) and "code" in str(refused).lower()


def test_wtg_status_shows_what_each_player_chose(wok: Game) -> None:
    """The GM sees who turned the map picture off: in `wtg status` (a player's line, where
    the choice is not the default) and `--json` (every setting of every player)."""
    text, _line = with_line(form_of(wok).replace("X1: ___", "X1: 100"), "MAP: off")
    wok.submit_all(text, via="mail")
    data = game_status(wok)
    assert [p["settings"] for p in data["players"]] == [{"map": "off"}] + [{"map": "on"}] * (
        len(data["players"]) - 1
    )
    shown = CliRunner().invoke(main, ["status", str(wok.store.root)])
    assert shown.exit_code == 0, shown.output
    lines = [line for line in shown.output.splitlines() if line.startswith("  player")]
    assert lines[0].endswith(", MAP off") and not any("MAP" in line for line in lines[1:])
    as_json = CliRunner().invoke(main, ["status", str(wok.store.root), "--json"])
    assert json.loads(as_json.output)["players"][1]["settings"] == {"map": "on"}
