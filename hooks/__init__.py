"""The hook script and timer templates `ledger hooks install` fills in (importlib.resources)."""
