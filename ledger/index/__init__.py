"""The index: entries from frontmatter, the link graph, derived pages, incremental updates."""
