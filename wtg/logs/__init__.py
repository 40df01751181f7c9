"""The host's events as log lines (docs/architecture.md)."""
