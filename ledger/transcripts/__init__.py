"""Transcripts of every supported agent: discovery, one reader per format, the registry."""
