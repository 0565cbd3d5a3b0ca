"""One ingest run: choose the sessions, prepare each (read, extract, redact, render), write,
commit."""
