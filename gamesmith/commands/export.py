"""`gamesmith export cards PACK --to FILE`: write a deck as a spreadsheet (or as YAML again)."""


from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(help="Write content out in other formats.", no_args_is_help=True)


@app.command("cards")
def cards(
    pack: Annotated[Path, typer.Argument(help="content pack (folder with game.yaml)")],
    to: Annotated[Path, typer.Option("--to", help="file to write: .xlsx, .csv or .yaml")],
    deck: Annotated[str | None, typer.Option(help="the deck's id (needed when the pack has several)")] = None,
    sheet: Annotated[str, typer.Option(help="the sheet's name in a workbook")] = "Cards",
    rows_only: Annotated[bool, typer.Option(
        "--rows-only", help="no header document: the sheet for a YAML document's `rows:`")] = False,
) -> None:
    """Write a deck as a standalone sheet (its header, then a row per card), or as YAML."""
    from compiler import compile_pack
    from compiler.language.documents import CardType
    from compiler.sheets import write_deck

    if to.suffix.lower() not in (".xlsx", ".csv", ".yaml", ".yml"):
        raise typer.BadParameter("write a .xlsx, .csv or .yaml file", param_hint="--to")
    result = compile_pack(pack)
    decks = {u.model.id: u for u in result.units if u.kind == "cards"}
    if deck is None and len(decks) != 1:
        names = ", ".join(sorted(decks)) or "none that checks"
        raise typer.BadParameter(f"name the deck to write; the pack's decks: {names}", param_hint="--deck")
    unit = decks.get(deck) if deck is not None else next(iter(decks.values()))
    if unit is None:
        found = ", ".join(sorted(decks)) or "none that checks"
        raise typer.BadParameter(f"no deck '{deck}' that checks; the pack's decks: {found}",
                                 param_hint="--deck")
    types = {u.model.id: u.model for u in result.units if isinstance(u.model, CardType)}
    try:
        write_deck(unit.doc.data, types.get(unit.model.type), to, sheet=sheet, header=not rows_only)
    except ValueError as error:
        typer.echo(f"error: deck '{unit.model.id}' cannot be written to {to}: {error}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"wrote {len(unit.model.cards)} cards of deck '{unit.model.id}' to {to}")
