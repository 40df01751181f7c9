"""Hostile and careless inputs for intake, made from real ones by a seeded random source.

A case is an order text (what `wtg orders` reads: an AOF or a YAML order file) or a whole
mail (what `wtg poll` reads). Each starts from a real seed (a turn-0 AOF, a filled one, an
order file, a report mail as sent, a player's reply quoting it, a mail client's mail) and
goes through a few mutations: numbers in other scripts and of thousands of digits, odd
spaces, very long lines, deep quoting, repeated forms, YAML aliases and tags, then for a
mail charsets, transfer encodings, HTML, MIME trees and forwards nested deep, and raw byte
damage. ``scale`` caps the size a mutation aims at; the mail's ``max_bytes`` caps it all.
"""

from __future__ import annotations

import base64
import html
import itertools
import quopri
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

MAX_BYTES = 1_000_000
"""A mail bigger than the poll's ``max_bytes`` is never read: no case is bigger."""

DIGITS = (
    "\u00b9\u00b2\u00b3\u2070\u2074\u2075\u2076\u2077\u2078\u2079"  # superscripts
    "\u2080\u2081\u2082"  # subscripts
    "\u0660\u0661\u0662\u0663\u0669"  # Arabic-Indic
    "\u06f1\u06f2\u0967\u0968\u09e7\u0e51\u0e52"  # Persian, Devanagari, Bengali, Thai
    "\uff10\uff11\uff12\uff19"  # fullwidth
    "\u2460\u2461\u2776\u278a"  # circled
    "\U0001d7cf\U0001d7d0\U0001d7ec"  # mathematical
)
SPACES = (
    "\u00a0\u1680\u2000\u2002\u2003\u2007\u2009\u200a\u202f\u205f\u3000\u0085\x0b\x0c"
    "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\u2028\u2029\t\r"
)
CHARSETS = (
    "utf-8",
    "us-ascii",
    "iso-8859-1",
    "windows-1252",
    "koi8-r",
    "shift_jis",
    "gb18030",
    "utf-16",
    "utf-16-le",
    "utf-32",
    "utf-7",
    "unicode_escape",
    "raw_unicode_escape",
    "punycode",
    "idna",
    "base64",
    "rot13",
    "hex",
    "zlib",
    "undefined",
    "x-unknown",
    "",
    "utf-8\x00",
    "utf-8'de'",
    "x" * 300,
)
TRANSFER = ("7bit", "8bit", "binary", "base64", "quoted-printable", "x-uuencode", "bogus", "")
HEADER_VALUES = (
    "\u00b9",
    "\u0663",
    "\uff11",
    "1" * 4301,
    "1" * 5000,
    "0" * 5000 + "1",
    "9" * 30,
    "-1",
    "0",
    "+1",
    "1e5",
    "0x1",
    "1_000",
    "",
    "1 2",
    "\u00a01",
    "01",
)
YAML_SNIPPETS = (
    "player: \u00b9\nturn: 1\n",
    "player: {big}\nturn: 1\n",
    "player: 0x{hexbig}\nturn: 1\n",
    "player: !!int '{big}'\nturn: 1\n",
    "player: 1\nturn: 1\nattack: [{{from: {big}, to: 2, armies: 3}}]\n",
    "player: 1\nturn: 1\nattack: [{{from: 0x{hexbig}, to: 2, armies: 3}}]\n",
    "player: 1:2:3:4:5:6:7:8:9:10:11:12\nturn: 1\n",
    "player: 2001-02-30\nturn: 1\n",
    "player: !!binary 'zz'\nturn: 1\n",
    "player: !!python/object:os.system x\nturn: 1\n",
    "player: 1\nturn: 1\nbomb: !!set {{a, b}}\n",
    'player: 1\nturn: 1\ntrade: ["\\ud800"]\n',
    "player: 1\nturn: 1\nready: .nan\n",
    "player: 1\nturn: 1\nmove: [{{from: 1, to: 2, unit: '{spaces}', amount: 1}}]\n",
    "{nest}\n",
    "? [a, b]\n: 1\n",
    "player: 1\nplayer: 2\nturn: 1\n",
    "- 1\n- 2\n",
    "player: 1\nturn: 1\n<<: {{bomb: []}}\n",
)


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """The billion laughs in YAML: about 600 bytes that unfold into ``width ** levels``."""
    names = [chr(ord("a") + i) for i in range(levels)]
    lines = ["a: &a [" + ", ".join(['"lol"'] * width) + "]"]
    for before, name in itertools.pairwise(names):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{before}"] * width) + "]")
    lines.append(f"player: *{names[-1]}")
    lines.append("turn: 1")
    lines.append(f"attack: *{names[-1]}")
    return "\n".join(lines) + "\n"


def nested_multiparts(depth: int, inner: bytes) -> bytes:
    """``depth`` multiparts, each the first part of the one around it."""
    head = b"".join(
        b'Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n' % (i, i) for i in range(depth)
    )
    return head + b"Content-Type: text/plain\n\n" + inner


def nested_blockquotes(size: int, inner: str) -> str:
    """HTML of about ``size`` characters: each line one blockquote deeper."""
    return "<blockquote>x\n" * max(1, size // 14) + html.escape(inner)


@dataclass(frozen=True)
class Seeds:
    """Real inputs of one set of games: what the mutations start from."""

    texts: Sequence[str]
    """AOFs (blank and filled) and YAML order files."""
    mails: Sequence[bytes]
    """Report mails as sent, replies quoting them, mail clients' mails."""
    senders: Sequence[str]
    """The players' registered addresses (a stranger is added at random)."""


@dataclass
class Case:
    kind: str
    """"text" (for `wtg orders`) or "mail" (for the poll)."""
    data: bytes
    how: list[str] = field(default_factory=list)

    def describe(self) -> str:
        return f"{self.kind} of {len(self.data):,} bytes: {', '.join(self.how) or 'as it was'}"


# --- text mutations ------------------------------------------------------------------------
TextMutation = Callable[[random.Random, str, int], str]


def unicode_digits(rng: random.Random, text: str, scale: int) -> str:
    chars = list(text)
    spots = [i for i, ch in enumerate(chars) if ch.isascii() and ch.isdigit()]
    for i in rng.sample(spots, min(len(spots), rng.randint(1, 8))):
        chars[i] = rng.choice(DIGITS)
    return "".join(chars)


def odd_spaces(rng: random.Random, text: str, scale: int) -> str:
    chars = list(text)
    spots = [i for i, ch in enumerate(chars) if ch == " "]
    for i in rng.sample(spots, min(len(spots), rng.randint(1, 40))):
        chars[i] = rng.choice(SPACES)
    return "".join(chars)


def long_number(rng: random.Random, text: str, scale: int) -> str:
    numbers = list(re.finditer(r"[0-9_]+", text))
    if not numbers:
        return text + "1" * min(scale, 4301)
    spot = rng.choice(numbers)
    length = min(scale, rng.choice((10, 19, 20, 21, 300, 4300, 4301, 5000, 100_000)))
    digits = rng.choice(("1" * length, "0" * length + "7", "9" * length))
    return text[: spot.start()] + digits + text[spot.end() :]


def header_value(rng: random.Random, text: str, scale: int) -> str:
    key = rng.choice(("PLAYER", "TURN", "GAME", "CODE"))
    value = rng.choice(HEADER_VALUES)[:scale]
    return re.sub(rf"({key}:\s*)\S+", lambda m: m[1] + value, text, count=1, flags=re.I)


def long_line(rng: random.Random, text: str, scale: int) -> str:
    piece = rng.choice(("A1: ", "1", " ", "_", ">", "<", "X", "A1: 12 ", "\u00a0", "-", "=", "#"))
    line = piece * max(1, rng.randint(scale // 4, scale) // len(piece))
    lines = text.split("\n")
    lines.insert(rng.randint(0, len(lines)), line)
    return "\n".join(lines)


def many_lines(rng: random.Random, text: str, scale: int) -> str:
    line = rng.choice(("A1: 12 13 050", "", ">", "X1: 100", "GAME: g", "-- ", "| ", " "))
    return text + (line + "\n") * max(1, scale // (len(line) + 1))


def deep_quote(rng: random.Random, text: str, scale: int) -> str:
    prefix = rng.choice(("> ", ">", "| ", "> > ", ">>"))
    depth = rng.choice((1, 2, 5, 50, 1000, max(1, scale // max(1, len(text)))))
    return "".join(prefix * depth + line + "\n" for line in text.split("\n"))


def repeat_forms(rng: random.Random, text: str, scale: int) -> str:
    """The form again and again, each with another PLAYER: one mail, many forms."""
    copies = max(1, min(rng.choice((2, 3, 10, 100, 10_000)), scale // max(1, len(text))))
    forms = []
    for number in range(copies):
        forms.append(re.sub(r"(PLAYER:\s*)\d+", rf"\g<1>{number}", text, count=1))
    return "\n".join(forms)


def marker_shape(rng: random.Random, text: str, scale: int) -> str:
    shapes = ("=== begin aof ===", "===BEGIN AOF===", "=== BEGIN  AOF ===", "=== BEGIN AOF ===" * 3)
    text = text.replace("=== BEGIN AOF ===", rng.choice(shapes))
    return text if rng.random() < 0.5 else text.replace("=== END AOF ===", "")


def line_damage(rng: random.Random, text: str, scale: int) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(lines))
        what = rng.randrange(4)
        if what == 0:
            del lines[i]
            lines = lines or [""]
        elif what == 1:
            lines.insert(i, lines[i])
        elif what == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            cut = rng.randint(0, len(lines[i]))
            lines[i] = lines[i][:cut] + rng.choice(("\n", "", ":", "  ", "\t")) + lines[i][cut:]
    return "\n".join(lines)


def line_ends(rng: random.Random, text: str, scale: int) -> str:
    return text.replace("\n", rng.choice(("\r\n", "\r", "\u2028", "\n\n", "\r\r\n", "\x85")))


def random_chars(rng: random.Random, text: str, scale: int) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 20)):
        pool = rng.choice(
            (
                "0123456789:_>-",
                "\x00\x01\x1b\x7f",
                "\ud800\udfff\ufffe\uffff",
                "\u202e\u2066\u0301\u05d0",
            )
        )
        chars.insert(rng.randint(0, len(chars)), rng.choice(pool))
    return "".join(chars)


def yaml_snippet(rng: random.Random, text: str, scale: int) -> str:
    big = "1" * min(scale, rng.choice((21, 4301, 5000)))
    nest = "[" * min(scale // 2, rng.choice((17, 100, 2000))) + "]" * min(
        scale // 2, rng.choice((17, 100, 2000))
    )
    snippet = rng.choice((*YAML_SNIPPETS, alias_bomb(), alias_bomb(4, 4)))
    made = snippet.format(big=big, hexbig="f" * len(big), nest=nest, spaces=" " * min(scale, 99))
    return made if rng.random() < 0.7 else text + "\n" + made


TEXT_MUTATIONS: tuple[TextMutation, ...] = (
    unicode_digits,
    odd_spaces,
    long_number,
    header_value,
    long_line,
    many_lines,
    deep_quote,
    repeat_forms,
    marker_shape,
    line_damage,
    line_ends,
    random_chars,
    yaml_snippet,
)


def mutate_text(rng: random.Random, text: str, scale: int, how: list[str]) -> str:
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3))):
        mutation = rng.choice(TEXT_MUTATIONS)
        text = mutation(rng, text, scale)[: MAX_BYTES // 2]
        how.append(mutation.__name__)
    return text


# --- mails ---------------------------------------------------------------------------------
def encoded_body(rng: random.Random, text: str, how: list[str]) -> tuple[bytes, bytes]:
    """(headers, body) of a text part in a random charset and transfer encoding."""
    charset = rng.choice(CHARSETS)
    try:
        data = text.encode(charset or "utf-8", "surrogatepass")
    except (LookupError, UnicodeError, TypeError, ValueError):
        data = text.encode("utf-8", "surrogatepass")
    cte = rng.choice(TRANSFER)
    if cte == "base64":
        data = base64.encodebytes(data)
    elif cte == "quoted-printable":
        data = quopri.encodestring(data)
    flowed = rng.choice(("", "; format=flowed", "; format=flowed; delsp=yes"))
    ctype = rng.choice(("text/plain", "text/plain", "text/html", "text/x-aof", "text/enriched"))
    if ctype == "text/html":
        data = _html(rng, text, how).encode("utf-8", "surrogatepass")
    how.append(f"{ctype} charset={charset[:20]!r} cte={cte}")
    head = f'Content-Type: {ctype}; charset="{charset}"{flowed}\n'
    head += f"Content-Transfer-Encoding: {cte}\n" if cte else ""
    return head.encode("utf-8", "surrogatepass"), data


def _html(rng: random.Random, text: str, how: list[str]) -> str:
    shape = rng.randrange(5)
    how.append(f"html shape {shape}")
    if shape == 0:
        return f"<pre>{html.escape(text)}</pre>"
    if shape == 1:
        return "<br>".join(html.escape(line) for line in text.split("\n"))
    if shape == 2:
        return nested_blockquotes(rng.choice((100, 10_000, 384_000)), text)
    if shape == 3:
        junk = rng.choice(("<a", "<!--", "</", "<?", "<!", "<![CDATA[", "&#", "<td>", "<p>"))
        return junk * rng.choice((10, 1000, 50_000)) + html.escape(text)
    return "<div>" * rng.choice((5, 300, 30_000)) + html.escape(text)


def mail_of(rng: random.Random, text: str, sender: str, how: list[str]) -> bytes:
    head, body = encoded_body(rng, text, how)
    part = head + b"\n" + body
    shape = rng.randrange(6)
    if shape == 1:
        part = _multipart(rng, part, rng.choice((1, 2, 3)), how)
    elif shape == 2:
        depth = rng.choice((5, 11, 12, 13, 30, 300, 1000, 3000))
        how.append(f"{depth} nested multiparts")
        part = nested_multiparts(depth, body)
    elif shape == 3:
        depth = rng.choice((1, 2, 12, 13, 500, 5000))
        how.append(f"{depth} nested forwards")
        part = b"Content-Type: message/rfc822\n\n" * depth + part
    elif shape == 4:
        name = rng.choice(("aof.txt", "orders.yaml", "=?utf-8?q?a=C3=B6f?=.txt"))
        rfc2231 = rng.choice(("", "unicode_escape''%5Cud800.txt", "rot13''x.txt", "utf-8''a%FF"))
        param = f"filename*={rfc2231}" if rfc2231 else f'filename="{name}"'
        how.append(f"attachment {param[:30]}")
        part = (
            b'Content-Type: multipart/mixed; boundary="zz"\n\n--zz\nContent-Type: text/plain\n\n'
            b"see attached\n--zz\nContent-Type: application/octet-stream; "
            + param.encode()
            + b"\nContent-Disposition: attachment; "
            + param.encode()
            + b"\n"
            + part
            + b"\n--zz--\n"
        )
    elif shape == 5:
        part = _multipart(rng, part, rng.choice((20, 200)), how)
    return _envelope(rng, sender) + part


def _multipart(rng: random.Random, part: bytes, siblings: int, how: list[str]) -> bytes:
    kind = rng.choice(("mixed", "alternative", "related", "digest", "report"))
    how.append(f"multipart/{kind} of {siblings}")
    boundary = rng.choice((b"=-b1", b"simple", b"a" * 70, b"", b"--"))
    others = [b"Content-Type: text/plain\n\nhello %d" % i for i in range(siblings - 1)]
    parts = [*others, part]
    rng.shuffle(parts)
    joined = b"".join(b"--" + boundary + b"\n" + p + b"\n" for p in parts)
    return (
        b"Content-Type: multipart/"
        + kind.encode()
        + b'; boundary="'
        + boundary
        + b'"\n\n'
        + joined
        + b"--"
        + boundary
        + b"--\n"
    )


def _envelope(rng: random.Random, sender: str) -> bytes:
    lines = [
        f"From: {sender}",
        "To: Game Master <gm@wtg.example>",
        "Subject: orders",
        f"Message-ID: <{rng.getrandbits(64):x}@fuzz.example>",
        "MIME-Version: 1.0",
    ]
    if rng.random() < 0.1:
        long_subject = "Subject: =?utf-8?b?" + "QQ" * 2000 + "?="
        lines.append(rng.choice((long_subject, "X-Junk: " + "a" * 5000, "X-Junk: \x00\x01")))
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")


def byte_damage(rng: random.Random, raw: bytes, how: list[str]) -> bytes:
    data = bytearray(raw)
    what = rng.randrange(4)
    how.append(("truncate", "splice", "flip", "repeat a chunk")[what])
    if what == 0:
        return bytes(data[: rng.randint(0, len(data))])
    if what == 1:
        at = rng.randint(0, len(data))
        return bytes(data[:at]) + rng.randbytes(rng.randint(1, 200)) + bytes(data[at:])
    if what == 2:
        for _ in range(rng.randint(1, 20)):
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    at = rng.randint(0, len(data))
    chunk = bytes(data[at : at + rng.randint(1, 200)])
    return bytes(data[:at]) + chunk * rng.randint(2, 2000) + bytes(data[at:])


def swap_sender(raw: bytes, sender: str) -> bytes:
    return re.sub(rb"(?m)^From: .*$", b"From: " + sender.encode(), raw, count=1)


# --- a case --------------------------------------------------------------------------------
def make_case(rng: random.Random, seeds: Seeds, scale: int) -> Case:
    """One input: an order text or a mail, mutated; at most ``MAX_BYTES``."""
    how: list[str] = []
    sender = rng.choice((*seeds.senders, "stranger@elsewhere.example"))
    if rng.random() < 0.3:
        seed_text = rng.choice(seeds.texts)
        text = mutate_text(rng, seed_text, scale, how)
        return Case("text", text.encode("utf-8", "surrogatepass")[:MAX_BYTES], how)
    if rng.random() < 0.4:
        raw = swap_sender(rng.choice(seeds.mails), sender)
        how.append("a real mail")
        if rng.random() < 0.5:
            raw = raw.replace(b"Message-ID: <", b"Message-ID: <%x." % rng.getrandbits(48), 1)
    else:
        text = mutate_text(rng, rng.choice(seeds.texts), scale, how)
        raw = mail_of(rng, text, sender, how)
    if rng.random() < 0.3:
        raw = byte_damage(rng, raw, how)
    return Case("mail", raw[:MAX_BYTES], how)
