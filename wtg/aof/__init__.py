"""The Automated Order Form: a plain-text order form driven by ``forms/<ruleset>.yaml``."""

from wtg.aof.form import FieldSpec, FormError, FormSpec, SectionSpec, form_from_data, load_form
from wtg.aof.orderfile import (
    entries_from_orders,
    orders_from_entries,
    orders_from_yaml,
    orders_to_yaml,
)
from wtg.aof.parse import parse_aof
from wtg.aof.render import render_aof

__all__ = [
    "FieldSpec",
    "FormError",
    "FormSpec",
    "SectionSpec",
    "entries_from_orders",
    "form_from_data",
    "load_form",
    "orders_from_entries",
    "orders_from_yaml",
    "orders_to_yaml",
    "parse_aof",
    "render_aof",
]
