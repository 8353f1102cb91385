"""Movement over a board: Dijkstra over `Board.neighbours`, where a step costs
`Board.step_cost` (straight or diagonal, times the movement cost of the cell entered) and
impassable cells cannot be entered (a figure may leave one)."""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from compiler.geometry.cells import Cell

if TYPE_CHECKING:
    from compiler.geometry.board import Board


def _dijkstra(
    board: Board, start: Cell, movement: str | None, goal: Cell | None,
    avoid: frozenset[Cell] = frozenset(),
) -> tuple[dict[Cell, int], dict[Cell, Cell]]:
    if start not in board.cells:
        return {}, {}
    dist = {start: 0}
    previous: dict[Cell, Cell] = {}
    done: set[Cell] = set()
    heap = [(0, start)]
    while heap:
        d, cell = heapq.heappop(heap)
        if cell in done:
            continue
        done.add(cell)
        if cell == goal:
            break
        for nxt in board.neighbours(cell, movement):
            if nxt in done or not board.passable(nxt) or nxt in avoid:
                continue
            nd = d + board.step_cost(cell, nxt)
            if nd < dist.get(nxt, nd + 1):
                dist[nxt] = nd
                previous[nxt] = cell
                heapq.heappush(heap, (nd, nxt))
    return {cell: dist[cell] for cell in done}, previous


def distances_from(
    board: Board, start: Cell, movement: str | None = None, avoid: Iterable[Cell] = ()
) -> dict[Cell, int]:
    """The cheapest cost from `start` to every cell reachable from it (`start` costs 0),
    never entering a cell of `avoid` (cells other figures hold, say)."""
    return _dijkstra(board, start, movement, None, frozenset(avoid))[0]


def cheapest_paths(
    board: Board, start: Cell, movement: str | None = None, avoid: Iterable[Cell] = ()
) -> tuple[dict[Cell, int], dict[Cell, Cell]]:
    """The cheapest cost to every reachable cell and the cell each is best reached from
    (walk `previous` back to `start` for a path), never entering a cell of `avoid`."""
    return _dijkstra(board, start, movement, None, frozenset(avoid))


def shortest_path(board: Board, a: Cell, b: Cell, movement: str | None = None) -> list[Cell] | None:
    """A cheapest path from `a` to `b`, both ends included; None if there is none."""
    dist, previous = _dijkstra(board, a, movement, b)
    if b not in dist:
        return None
    path = [b]
    while path[-1] != a:
        path.append(previous[path[-1]])
    return path[::-1]


def reachable(
    board: Board, sources: Iterable[Cell], targets: Iterable[Cell], movement: str | None = None
) -> bool:
    """Whether a figure standing on a passable source cell can step onto a target cell.

    A target may itself be impassable (an objective can be a piece one touches): reaching
    it means arriving next to it and stepping across.
    """
    goal = frozenset(targets) & board.cells
    frontier = deque(sorted(c for c in frozenset(sources) if board.passable(c)))
    seen = set(frontier)
    while frontier:
        cell = frontier.popleft()
        if cell in goal:
            return True
        for nxt in board.neighbours(cell, movement):
            if nxt in goal:
                return True
            if nxt not in seen and board.passable(nxt):
                seen.add(nxt)
                frontier.append(nxt)
    return False
