"""The Automated Order Form: a plain-text order form driven by a form spec
(``wtg.core.form``, read from ``forms/<ruleset>.yaml`` by ``wtg.data.forms``).

    wtg.aof.render     a blank or pre-filled AOF (render_aof)
    wtg.aof.parse      a filled AOF back to entries (parse_aof)
    wtg.aof.orderfile  the canonical order file (YAML) and its entries

The package imports nothing itself, so that a command loads only the part it uses.
"""
