"""The board of a spatial game drawn in the terminal (rich): a grid with its coordinates,
each seat's figure by seat number, foes by letter, terrain, and the cells a pending
decision offers (the reachable cells of a move) marked, each explained in a legend."""

from __future__ import annotations

from types import SimpleNamespace

from rich.text import Text

from compiler.geometry.cells import index_to_letters
from runtime.board import board
from runtime.errors import RuleError

_FOES = "abcdefghijklmnopqrstuvwxyz"
_BLOCKING = "█"  # impassable terrain
_TERRAIN = "▒"  # terrain a figure may enter


def board_text(program, view: dict, decision: dict | None = None) -> Text | None:
    """The board as the seat sees it, or None for a game without a board or pieces."""
    offered_cells = any(o.get("cell") for o in (decision or {}).get("options", ()))
    if not program.game.landscapes or not (view.get("pieces") or offered_cells):
        return None
    try:
        grid, notation = board(SimpleNamespace(program=program, state=view))
    except RuleError:
        return None
    columns, rows = grid.frame
    offered = {tuple(o["cell"]) for o in (decision or {}).get("options", ()) if o.get("cell")}
    marks: dict[tuple[int, int], tuple[str, str]] = {}
    legend: list[tuple[str, str, str]] = []
    seen_terrain: dict[str, str] = {}
    for cell in sorted(grid.cells):
        for piece in grid.occupants(cell):
            symbol = _BLOCKING if "impassable" in piece.keywords else _TERRAIN
            marks[cell] = (symbol, "yellow")
            name = program.game.terrain[piece.name].name if piece.name in program.game.terrain else piece.name
            seen_terrain.setdefault(name, symbol)
    foes = 0
    me = view.get("seat")
    for piece in view.get("pieces") or ():
        card, seat, col, row = piece[0], piece[1], piece[2], piece[3]
        if col is None:
            continue
        name = program.name_of(card) if card else None
        health = f", {piece[4]} health" if len(piece) > 4 and piece[4] is not None else ""
        if seat is not None:
            symbol, style = str(seat + 1)[-1], "bold green" if seat == me else "bold cyan"
            who = "you" if seat == me else f"seat {seat + 1}"
            legend.append((symbol, style, f"{who}{f' ({name})' if name else ''}{health}"))
        else:
            symbol, style = _FOES[foes % len(_FOES)], "bold red"
            foes += 1
            legend.append((symbol, style, f"{name or 'foe'}{health}"))
        marks[(col, row)] = (symbol, style)
    text = Text()
    heads = [_label(notation.columns, c) for c in range(columns)]
    width = max(2, *(len(h) + 1 for h in heads))
    margin = max(len(_label(notation.rows, r)) for r in range(rows)) + 1
    text.append(" " * margin + "".join(h.rjust(width) for h in heads) + "\n", style="dim")
    for r in range(rows):
        text.append(_label(notation.rows, r).rjust(margin - 1) + " ", style="dim")
        for c in range(columns):
            cell = (c, r)
            if cell not in grid.cells:
                text.append(" " * width)
            elif cell in marks and not (cell in offered and marks[cell][0] in (_TERRAIN,)):
                symbol, style = marks[cell]
                text.append(symbol.rjust(width), style=style + (" reverse" if cell in offered else ""))
            elif cell in offered:
                text.append("*".rjust(width), style="bold magenta")
            else:
                text.append("·".rjust(width), style="dim")
        text.append("\n")
    for symbol, style, what in legend:
        text.append(f"  {symbol}", style=style)
        text.append(f" {what}\n")
    for name, symbol in seen_terrain.items():
        text.append(f"  {symbol}", style="yellow")
        text.append(f" {name}{' (impassable)' if symbol == _BLOCKING else ''}\n")
    if offered:
        text.append("  *", style="bold magenta")
        text.append(" a cell you may choose\n")
    return text


def _label(kind: str, index: int) -> str:
    """An axis label: `C` for letters, `3` for numbers (index 2)."""
    return index_to_letters(index) if kind == "letters" else str(index + 1)
