"""Map pictures: the boards the rulesets describe (``wtg.core.board``), drawn as SVG from a
Jinja template or as PNG with Pillow."""
