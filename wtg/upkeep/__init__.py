"""The host kept over the years: backups, restores, upgrades (docs/architecture.md)."""
