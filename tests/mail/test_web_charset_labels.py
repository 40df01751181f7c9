"""A mail whose charset is named as the web's Encoding Standard names it, as Thunderbird
writes it: a Hebrew mail's ``ISO-8859-8-I``, a Thai one's ``windows-874``, Apple Mail's
``x-mac-cyrillic``. Python's codecs know none of these names, so the text was read as
cp1252 (the fallback for an unknown charset), and a player's press went to the other
players as ``ùìåí ìëåìí``. Each is read in the charset it names."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.mail.message.extract import decode_bytes

WRITTEN = {
    "ISO-8859-8-I": ("iso8859_8", "שלום לכולם, הצבא שלי נשאר בבית"),
    "windows-874": ("cp874", "สวัสดีครับ กองทัพของผมอยู่บ้าน"),
    "x-mac-cyrillic": ("mac_cyrillic", "Привет всем, моя армия остаётся дома"),
}


@pytest.mark.parametrize("charset", WRITTEN)
def test_a_press_in_a_web_charset_goes_out_as_written(tmp_path: Path, charset: str) -> None:
    codec, text = WRITTEN[charset]
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader = game.config.player(1), game.config.player(2)
    head = (
        f"From: {writer.email}\r\nTo: gm@example.org\r\nSubject: a word\r\n"
        f"Message-ID: <press@players.example>\r\nMIME-Version: 1.0\r\n"
        f"Content-Type: text/plain; charset={charset}; format=flowed\r\n"
        "Content-Transfer-Encoding: 8bit\r\nUser-Agent: Mozilla Thunderbird\r\n\r\n"
    )
    body = f"PRESS wok4-1 TO 2\r\nCODE {writer.code}\r\n\r\n{text}\r\n"
    hall.deliver(head.encode("ascii") + body.encode(codec))
    hall.poll(hours=1)
    (relayed,) = [m for m in hall.new_mails(reader.email) if "private press" in m.subject]
    assert f"  1| {text}\n" in relayed.body, relayed.body


@pytest.mark.parametrize(
    ("label", "codec", "text"),
    [
        ("csiso88598i", "iso8859_8", "שלום"),
        ("iso-8859-6-i", "iso8859_6", "مرحبا"),
        ("dos-874", "cp874", "สวัสดี"),
        ("x-mac-roman", "mac_roman", "Grüße"),
        ("x-sjis", "cp932", "こんにちは"),
        ("x-euc-jp", "euc_jp", "こんにちは"),
        ("x-gbk", "gbk", "你好"),
        ("x-cp1251", "cp1251", "Привет"),
        ("unicode-1-1-utf-8", "utf-8", "Grüße"),
    ],
)
def test_the_web_s_labels_name_their_codecs(label: str, codec: str, text: str) -> None:
    assert decode_bytes(text.encode(codec), label) == (text, ())
