"""Keeping the ledger current: the hook entry points, the installers and their targets,
the background runner and its queue."""
