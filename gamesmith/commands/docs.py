"""`gamesmith docs`: regenerate the reference docs (language, ops, diagnostics) from the code."""


from pathlib import Path
from typing import Annotated

import typer


def docs(
    root: Annotated[Path, typer.Option(help="project root holding docs/")] = Path("."),
    check: Annotated[bool, typer.Option(help="only check the files are up to date")] = False,
) -> None:
    """Write docs/language.md, docs/ops.md and docs/diagnostics.md from the code."""
    from compiler.docs import DOCS
    from compiler.files import write_atomic
    stale = []
    for name, render in DOCS.items():
        text = render()
        path = root / name
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(path)
        else:
            write_atomic(path, text)
            typer.echo(f"wrote {path}")
    for path in stale:
        typer.echo(f"{path} is out of date; run `gamesmith docs`")
    raise typer.Exit(1 if stale else 0)
