"""`wtg serve`: one long-running process for the whole host (docs/architecture.md)."""
