"""The host's static site (``wtg site OUT_DIR``): what the games publish, as HTML pages.

    facts.py    one game read through the engine: what its page and the others show of it
    board.py    what each ruleset publishes of its board (a table; never what the rules hide)
    events.py   the public events of a turn, in words
    press.py    a game's press and commentary, as the host keeps it
    hiscore.py  WoK victory points and turn points, the Hall of Fame, the championship
    feed.py     the Atom feed's entries
    history.py  a page a finished turn, linked turn to turn
    sender.py   the AOF Sender: the form filled in and checked in the browser
    formdata.py  what the AOF Sender's page knows, as JSON: the form, the parser's patterns
    pages.py    the Jinja templates (templates/site/), autoescaped
    output.py   files written only when their content changed
    build.py    the whole site, the games read in worker processes
    sitefolder.py  where it may be written: never in, nor around, the games folder
    serve.py    the GM's preview (``--serve``): the stdlib's http.server on 127.0.0.1

Nothing here reads a state file, a ``game.yaml`` or a report directly: a game is read
through ``wtg.game.engine`` (its states through the ruleset's ``public_json``), so no secret
code, no address and nothing the rules hide reaches a page.
"""
