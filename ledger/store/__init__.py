"""Writing the ledger: paths, frontmatter, Markdown, atomic files, git, local state."""
