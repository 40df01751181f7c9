"""The Automated Order Form: a plain-text order form driven by a form spec
(``wtg.core.form``, read from ``forms/<ruleset>.yaml`` by ``wtg.data.forms``).

    wtg.aof.render     a blank or pre-filled AOF (render_aof)
    wtg.aof.parse      a copy of a filled AOF back to entries (read_copy)
    wtg.aof.orderfile  the canonical order file (YAML) and its entries

The package imports nothing itself, so that a command loads only the part it uses.
"""
