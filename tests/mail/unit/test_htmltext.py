"""HTML mail bodies as text: line breaks, <pre>, entities, hidden content and quoting."""

from __future__ import annotations

from wtg.mail.message.htmltext import html_to_text


def test_block_tags_and_br_end_lines() -> None:
    text = html_to_text("<div>one</div><p>two <b>bold</b></p>three<br>four<br><br>five<li>six</li>")
    assert text == "one\ntwo bold\nthree\nfour\n\nfive\nsix\n"


def test_headings_and_table_rows_end_lines_cells_are_spaced() -> None:
    text = html_to_text("<h1>Title</h1><table><tr><td>A1:</td><td>12</td></tr><tr><td>x</td></tr>")
    assert text == "Title\nA1: 12\nx\n"


def test_whitespace_collapses_outside_pre() -> None:
    assert html_to_text("<p>  A1:   12\n\t13  </p>") == "A1: 12 13\n"


def test_pre_keeps_whitespace_and_drops_its_first_newline() -> None:
    text = html_to_text("<pre>\nA1: 12   13 050\n    FROM TO\n\nX1: 100</pre>after")
    assert text == "A1: 12   13 050\n    FROM TO\n\nX1: 100\nafter\n"


def test_entities_are_decoded_and_nbsp_is_kept() -> None:
    text = html_to_text("<p>A1:&nbsp;12&#160;&#x41; &lt;b&gt; &amp; &eacute;&hellip;</p>")
    assert text == "A1:\u00a012\u00a0A <b> & é…\n"


def test_script_style_and_title_are_dropped() -> None:
    text = html_to_text(
        "<html><head><title>T</title><style>p {color: red}</style></head>"
        "<body><script>var x = '<p>no</p>';</script><p>yes</p></body></html>"
    )
    assert text == "yes\n"


def test_blockquote_lines_are_quoted_per_level() -> None:
    text = html_to_text(
        "<div>My orders are below.</div><div>On Monday the GM wrote:<br></div>"
        "<blockquote>Turn 1<br><blockquote><pre>A1: 12   13 050\n\nX1: 100</pre></blockquote>"
        "Bye</blockquote>End"
    )
    assert text.splitlines() == [
        "My orders are below.",
        "On Monday the GM wrote:",
        "> Turn 1",
        "> > A1: 12   13 050",
        "> >",
        "> > X1: 100",
        "> Bye",
        "End",
    ]


def test_broken_html_gives_what_text_there_is() -> None:
    # an end tag of an element that is not open is ignored, as a browser does
    assert html_to_text("<p>A1: 12</div></blockquote></pre><p>13") == "A1: 12\n13\n"
    assert html_to_text("") == ""
    assert html_to_text("a <p") == "a\n"  # a tag cut short by the end: a browser drops it
