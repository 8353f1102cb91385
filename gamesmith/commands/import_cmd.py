"""`gamesmith import twee FILE.twee -o PACK/`: a Twine story as a content pack to check."""


from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(help="Turn stories written for other tools into content packs.",
                  no_args_is_help=True)


@app.command("twee")
def twee(
    file: Annotated[Path, typer.Argument(help="a Twee 3 file (Harlowe, SugarCube or Chapbook)")],
    output: Annotated[Path, typer.Option("--output", "-o", help="the pack folder to write")],
    force: Annotated[bool, typer.Option(help="write into a folder that already has a game.yaml")] = False,
) -> None:
    """Passages become story cards, links choices, simple set/if macros effects and
    conditions; the rest is kept as text and listed in PACK/import-report.txt."""
    from compiler.importers.twee import TweeError, import_twee, write_pack

    try:
        source = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        typer.echo(f"error: cannot read {file}: {err}", err=True)
        raise typer.Exit(1) from None
    if (output / "game.yaml").exists() and not force:
        typer.echo(f"error: {output} already holds a pack (game.yaml); use --force to replace it",
                   err=True)
        raise typer.Exit(1)
    try:
        imported = import_twee(source, fallback_title=file.stem)
    except TweeError as err:
        typer.echo(f"error: {file}: {err}", err=True)
        raise typer.Exit(1) from None
    write_pack(imported, output)
    typer.echo(f"wrote {output}: {len(imported.story['cards'])} cards; "
               f"{len(imported.unmapped)} things kept as text (see import-report.txt); "
               f"check it with: gamesmith check {output}")
