"""`gamesmith schema`: write (or check) one JSON Schema per document kind."""


from pathlib import Path
from typing import Annotated

import typer


def schema(
    out: Annotated[Path, typer.Option("--out", "-o", help="folder to write to")] = Path("schema"),
    check: Annotated[bool, typer.Option(help="only check the folder is up to date")] = False,
) -> None:
    """Write schema/<kind>.schema.json for editors (yaml-language-server) and tools."""
    from compiler.schema import render_all, write_all
    if check:
        stale = [n for n, text in render_all().items() if not (out / n).exists() or (out / n).read_text() != text]
        for name in stale:
            typer.echo(f"{out / name} is out of date; run `gamesmith schema`")
        raise typer.Exit(1 if stale else 0)
    for path in write_all(out):
        typer.echo(f"wrote {path}")
