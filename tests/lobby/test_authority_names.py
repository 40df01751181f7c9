"""A newcomer named ``Admin``, ``Moderator``, ``Everyone``, ``Postmaster`` or ``System`` (or
``Adm1n``, ``Ａｄｍｉｎ`` in full-width letters, ``Host 2``) was put on a list under it: his
private press then came to another player as ``[wok4-1] private press from Admin``, in a
mail from the host's own address, as if the host's staff wrote it. Such a name is refused at
the JOIN and at a takeover, the answer naming what to change; a From's name that is such
refuses a JOIN without AS, asking for a name (it gave way to the address's local part,
which LIST showed to anyone, before round 50); real names that hold such a word inside one of their
own (``Adminah``, ``Hostetler``, ``Gemma``) are taken (docs/mail.md, "What a name may
be")."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from tests.lobby.joinnames import (
    asked_to_confirm,
    nothing_pending,
    refused_at_join_and_takeover,
    refused_for_from_name,
    taken,
    with_a_seat_offered,
)
from wtg.lobby.authority import claimed, claiming

REFUSED = {
    "Admin": "Admin",
    "Administrator": "Administrator",
    "Moderator": "Moderator",
    "Everyone": "Everyone",
    "Everybody": "Everybody",
    "Host": "Host",
    "The System": "System",
    "System": "System",
    "postmaster": "Postmaster",
    "Post Master": "Postmaster",
    "Sysop": "Sysop",
    "Mailer-Daemon": "Mailer-Daemon",
    "Adm1n": "Admin",
    "ADM1N": "Admin",
    "AdmIn": "Admin",
    "Adm!n": "Admin",
    "Adrnin": "Admin",
    "M0derator": "Moderator",
    "Moder4tor": "Moderator",
    "5ystem": "System",
    "H0st": "Host",
    "Host 2": "Host",
    "Admin1": "Admin",
    "Ev3ryone": "Everyone",
    "Everyone!": "Everyone",
    "A d m i n": "Admin",
    "A.d.m.i.n": "Admin",
    "Ádmín": "Admin",
    "Ａｄｍｉｎ": "Admin",
    "Ｓｙｓｔｅｍ": "System",
    "Admin Bob": "Admin",
    "Bob the Moderator": "Moderator",
    "6M": "GM",
    "Adm\u0131n": "Admin",
    "AdminBob": "Admin",
    "TheModerator": "Moderator",
    "BobTheSysop": "Sysop",
    "EveryOne": "Everyone",
    # attack39: a bounce's sender and the host's own name for itself
    "Mail Delivery System": "Mail Delivery System",
    "Mail Delivery Subsystem": "Mail Delivery Subsystem",
    "Turn Generator": "Turn Generator",
    "turn generator": "Turn Generator",
    "TurnGenerator": "Turn Generator",
    "Bob the Turn Generator": "Turn Generator",
}
"""Names that claim an authority, and the word each is read as."""
TAKEN = (
    "Gemma",
    "Hostetler",
    "Adminah",
    "Admiral",
    "Everett",
    "Systemic",
    "Modesto",
    "Allison",
    "Ali",
    "Al",
    "Ghost",
    "Ann Host",
    "Bob Staff",
    "Edmund",
    "Dmitri",
    "Amin",
    "Posthumous",
    "Hostile",
    "Lord1",
    "R2 D2",
    "Agent 47",
    "Bernard",
    "Root Beer",
    "Supporter",
    "McDonald",
    "DeAngelo",
    "GMiller",
    "LeBron",
    "Turner",
    "Delivery Boy",
    "Mail Bob",
)


@pytest.mark.parametrize(("name", "role"), REFUSED.items())
def test_a_name_is_read_as_the_authority_it_claims(name: str, role: str) -> None:
    assert claimed(name) == role


@pytest.mark.parametrize("name", TAKEN)
def test_a_real_name_claims_no_authority(name: str) -> None:
    assert claimed(name) is None


def test_a_name_that_claims_an_authority_is_refused_at_join_and_takeover(tmp_path: Path) -> None:
    hall = with_a_seat_offered(tmp_path)
    for name, why in (
        ("Adm1n", "the name Adm1n reads as Admin, a name of the host or of its staff"),
        ("Everyone", "the name Everyone reads as Everyone, which names the host, its staff"),
        ("Ｍｏｄｅｒａｔｏｒ", "the name Moderator reads as Moderator"),
        ("postmaster", "the name postmaster reads as Postmaster"),
    ):
        shown = unicodedata.normalize("NFKC", name)  # as the command was read
        for answer in refused_at_join_and_takeover(hall, name, shown):
            assert why in answer.words, answer.body
            assert "choose" in answer.words and "AS <name>" in answer.words
    answer = hall.answer(address(9), "JOIN wok4 AS Admin Bob")
    assert (
        "the name Admin Bob holds Admin among its words, a name of the host or of its staff: "
        "a private press or a notice under it would pass for the host's own: choose another "
        "with AS <name>, without Admin"
    ) in answer.words, answer.body
    nothing_pending(hall)


def test_a_from_name_that_claims_an_authority_asks_for_a_name(tmp_path: Path) -> None:
    """A From's name ``Moderator``: the JOIN is refused with why, asking for a name with AS
    (before round 50 it was taken under the address's local part, shown to anyone by
    LIST); a local part that claims one (``admin@``, no From's name) is refused with what
    to write."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail("amy@x.example", "JOIN wok4", name="Moderator")
    hall.mail("admin@x.example", "JOIN wok4")
    hall.poll(hours=1)
    (answer,) = hall.new_mails("amy@x.example")
    refused_for_from_name(answer, "amy")
    assert "the name Moderator reads as Moderator, a name of the host" in answer.words
    (answer,) = hall.new_mails("admin@x.example")
    assert answer.subject == "JOIN wok4: not done", answer.subject
    assert "the name admin reads as Admin, a name of the host" in answer.words, answer.body


@pytest.mark.parametrize("name", ["Gemma", "Hostetler", "Adminah"])
def test_a_real_name_holding_such_a_word_is_taken(tmp_path: Path, name: str) -> None:
    taken(tmp_path, name)


TRANSLATED_REFUSED = {
    "Админ": "reads as Админ (Admin)",
    "АДМИН": "reads as Админ (Admin)",
    "A\u0434\u043c\u0438\u043d": "reads as Админ (Admin)",  # a Latin A among Cyrillic
    "Администратор": "reads as Администратор (Administrator)",
    "Bob Модератор": "holds Модератор (Moderator)",
    "АдминБоб": "holds Админ (Admin)",
    "Administrador": "reads as Administrador (Administrator)",
    "Moderador": "reads as Moderador (Moderator)",
    "Ｍｏｄｅｒａｄｏｒ": "reads as Moderador (Moderator)",
    "Modérateur": "reads as Modérateur (Moderator)",
    "MODERATEUR": "reads as Modérateur (Moderator)",
    "Administrateur": "reads as Administrateur (Administrator)",
    "Spielleiter": "reads as Spielleiter (Game Master)",
    "Maître du Jeu": "reads as Maître du jeu (Game Master)",
    "管理员": "reads as 管理员 (Administrator)",
    "张管理员": "holds 管理员 (Administrator)",
    "관리자": "reads as 관리자 (Administrator)",
}
"""Translations of the staff's words, and what the refusal says of each."""
TRANSLATED_TAKEN = (
    "Админов",
    "Модестов",
    "Moderato",
    "Modera",
    "Administradores",
    "Verwaltung",
    "Ann Verwalter",
    "Spielberg",
    "Beheer",
    "管理",
    "张伟",
    "Maître Renard",
)
"""Real names that hold a translated word inside one of their own, or a piece of one."""


@pytest.mark.parametrize(("name", "reads"), TRANSLATED_REFUSED.items())
def test_a_translated_staff_word_is_refused_as_admin_is(name: str, reads: str) -> None:
    why = claiming(name)
    assert why is not None and why.startswith(f"the name {name} {reads}, a name of the host"), why
    assert why.split(", a name of the host", 1)[1] == (claiming("Admin") or "").split(
        ", a name of the host", 1
    )[1] + ("" if reads.startswith("reads") else f", without {reads.split()[1]}")


@pytest.mark.parametrize("name", TRANSLATED_TAKEN)
def test_a_real_name_holding_a_translated_word_is_taken(name: str) -> None:
    assert claiming(name) is None


def test_a_translated_staff_word_is_refused_at_join_and_a_real_name_is_taken(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail(address(1), "JOIN wok4 AS Модератор")
    hall.mail(address(2), "JOIN wok4 AS Админов")
    hall.mail("bob@x.example", "JOIN wok4", name="Spielleiter")
    hall.poll(hours=1)
    (answer,) = hall.new_mails(address(1))
    assert answer.subject == "JOIN wok4 AS Модератор: not done", answer.subject
    assert "the name Модератор reads as Модератор (Moderator), a name of the host" in (
        answer.words
    ), answer.body
    (answer,) = hall.new_mails(address(2))
    asked_to_confirm(answer, "Админов")
    (answer,) = hall.new_mails("bob@x.example")  # a From's name: refused, asking for one
    refused_for_from_name(answer, "bob")
