"""The people's side: the typer app, one module per command family, and the renderers, the
only code that prints."""
