"""What agents call during a session: the MCP server (`ledger mcp`) and the JSON it answers."""
