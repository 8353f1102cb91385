"""A layered (Sugiyama-style) drawing layout for a directed graph, without Graphviz.

Cycles are broken by a depth-first search from the roots (its back edges are drawn apart),
layers are longest paths in what remains, long edges get dummy nodes, a few barycentre
sweeps reduce crossings, and x follows each node's parents. Linear-ish in nodes and edges.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx

Point = tuple[float, float]

_SWEEPS = 4
_MAX_DUMMIES = 20_000  # beyond this, long edges are drawn straight (huge graphs stay fast)


@dataclass(frozen=True)
class Route:
    """How to draw the edge `source -> target`. Forward edges are polylines from the bottom
    of the source to the top of the target; back edges (`back`, cycles and self-loops) are one
    cubic Bezier curve (start, control, control, end) bulging out to the right."""

    source: str
    target: str
    points: tuple[Point, ...]
    back: bool


@dataclass(frozen=True)
class Layout:
    """Node centres (every node is `node_width` × `node_height`) and edge routes, in units
    where the drawing spans (0, 0) to (`width`, `height`)."""

    width: float
    height: float
    node_width: float
    node_height: float
    centres: dict[str, Point]
    layers: dict[str, int]
    routes: list[Route]


def layered_layout(
    graph: nx.DiGraph,
    roots: Iterable[str] = (),
    node_width: float = 160.0,
    node_height: float = 46.0,
    gap_x: float = 36.0,
    gap_y: float = 64.0,
    margin: float = 40.0,
) -> Layout:
    """Lay `graph` out top-down; `roots` (the story's start) come first in the search that
    decides which edges point back."""
    names = list(graph)
    index = {n: i for i, n in enumerate(names)}
    n = len(names)
    succ = [[index[s] for s in graph.succ[name]] for name in names]
    first = [index[r] for r in roots if r in index]
    sources = [i for i in range(n) if graph.in_degree(names[i]) == 0]
    preorder, back = _depth_first(succ, [*first, *sources, *range(n)])
    forward = [[v for v in succ[u] if (u, v) not in back] for u in range(n)]
    layer = _longest_path_layers(forward, preorder, set(first))

    # The layered graph: cards, then dummy nodes splitting edges longer than one layer.
    up: list[list[int]] = [[] for _ in range(n)]
    down: list[list[int]] = [[] for _ in range(n)]
    chains: dict[tuple[int, int], list[int]] = {}
    spare = sum(max(0, layer[v] - layer[u] - 1) for u in range(n) for v in forward[u])
    with_dummies = spare <= _MAX_DUMMIES
    for u in range(n):
        for v in forward[u]:
            chain = [u]
            if with_dummies:
                for depth in range(layer[u] + 1, layer[v]):
                    layer.append(depth)
                    up.append([])
                    down.append([])
                    chain.append(len(layer) - 1)
            chain.append(v)
            for a, b in zip(chain, chain[1:], strict=False):
                down[a].append(b)
                up[b].append(a)
            chains[(u, v)] = chain[1:-1]

    rows = _order(layer, preorder, up, down, n)
    width_of = [node_width if i < n else 0.0 for i in range(len(layer))]
    x = _x_positions(rows, up, width_of, gap_x)

    left = min((x[i] - width_of[i] / 2 for i in range(len(layer))), default=0.0)
    right = max((x[i] + width_of[i] / 2 for i in range(len(layer))), default=0.0)
    shift = margin - left
    pitch = node_height + gap_y

    def centre(i: int) -> Point:
        return (x[i] + shift, margin + node_height / 2 + layer[i] * pitch)

    centres = {names[i]: centre(i) for i in range(n)}
    half = node_height / 2
    routes = []
    for u in range(n):
        ux, uy = centre(u)
        for v in succ[u]:
            vx, vy = centre(v)
            if (u, v) in back:
                routes.append(
                    Route(names[u], names[v], _back_curve(ux, uy, vx, vy, node_width), True)
                )
            else:
                middle = tuple(centre(d) for d in chains[(u, v)])
                points = ((ux, uy + half), *middle, (vx, vy - half))
                routes.append(Route(names[u], names[v], points, False))
    rows_used = max(layer[:n], default=0) + 1
    width = right - left + 2 * margin + node_width / 2  # room for back-edge curves
    height = 2 * margin + rows_used * pitch - gap_y
    return Layout(
        width,
        height,
        node_width,
        node_height,
        centres,
        {names[i]: layer[i] for i in range(n)},
        routes,
    )


def _depth_first(succ: list[list[int]], order: Iterable[int]) -> tuple[list[int], set]:
    """Preorder of an iterative depth-first search, and the back edges it finds."""
    state = [0] * len(succ)  # 0 unseen, 1 on the stack, 2 done
    preorder: list[int] = []
    back: set[tuple[int, int]] = set()
    for root in order:
        if state[root]:
            continue
        state[root] = 1
        preorder.append(root)
        stack = [(root, iter(succ[root]))]
        while stack:
            u, todo = stack[-1]
            for v in todo:
                if state[v] == 0:
                    state[v] = 1
                    preorder.append(v)
                    stack.append((v, iter(succ[v])))
                    break
                if state[v] == 1:
                    back.add((u, v))
            else:
                state[u] = 2
                stack.pop()
    return preorder, back


def _longest_path_layers(
    forward: list[list[int]], preorder: list[int], roots: set[int]
) -> list[int]:
    """Layer = longest path from a source; sources other than the roots then sit just above
    their highest child instead of at the top, so stray cards stay near what they link to."""
    n = len(forward)
    indegree = [0] * n
    for u in range(n):
        for v in forward[u]:
            indegree[v] += 1
    layer = [0] * n
    sources = [u for u in preorder if indegree[u] == 0]
    queue = deque(sources)
    while queue:
        u = queue.popleft()
        for v in forward[u]:
            layer[v] = max(layer[v], layer[u] + 1)
            indegree[v] -= 1
            if indegree[v] == 0:
                queue.append(v)
    for u in sources:
        if u not in roots and forward[u]:
            layer[u] = max(0, min(layer[v] for v in forward[u]) - 1)
    return layer


def _order(layer: list[int], preorder: list[int], up, down, n: int) -> list[list[int]]:
    """Nodes of each layer, left to right: search order first, then barycentre sweeps."""
    rows: list[list[int]] = [[] for _ in range(max(layer, default=0) + 1)]
    seen = set(preorder)
    # Dummies follow their chain's source, so the first guess is already close.
    for u in [*preorder, *(i for i in range(n) if i not in seen)]:
        rows[layer[u]].append(u)
        stack = list(down[u])
        while stack:
            d = stack.pop()
            if d >= n:
                rows[layer[d]].append(d)
                stack.extend(down[d])
    position = [0.0] * len(layer)
    for row in rows:
        for i, node in enumerate(row):
            position[node] = i
    for _ in range(_SWEEPS):
        for sweep, neighbours in ((range(1, len(rows)), up), (range(len(rows) - 2, -1, -1), down)):
            for r in sweep:
                row = rows[r]
                keys = {}
                for node in row:
                    near = neighbours[node]
                    keys[node] = (
                        sum(position[m] for m in near) / len(near) if near else position[node],
                        position[node],
                    )
                row.sort(key=keys.__getitem__)
                for i, node in enumerate(row):
                    position[node] = i
    return rows


def _x_positions(rows: list[list[int]], up, width_of: list[float], gap: float) -> list[float]:
    """Each node as close as the order allows to the mean x of the nodes above it."""
    x = [0.0] * len(width_of)
    for row in rows:
        wanted: list[float | None] = []
        for node in row:
            above = up[node]
            wanted.append(sum(x[m] for m in above) / len(above) if above else None)
        cursor = None
        for node, want in zip(row, wanted, strict=True):
            half = width_of[node] / 2
            least = -float("inf") if cursor is None else cursor + gap + half
            x[node] = max(least, want) if want is not None else (0.0 if cursor is None else least)
            cursor = x[node] + half
        # Pushing right drifts; shift the row back by the mean drift of nodes that had a wish.
        drift = [x[node] - want for node, want in zip(row, wanted, strict=True) if want is not None]
        if drift:
            back = sum(drift) / len(drift)
            for node in row:
                x[node] -= back
    return x


def _back_curve(ux: float, uy: float, vx: float, vy: float, node_width: float) -> tuple[Point, ...]:
    half = node_width / 2
    bulge = 28.0 + min(abs(uy - vy), 600.0) / 8
    if (ux, uy) == (vx, vy):  # a self-loop: a small ear on the right side
        return (
            (ux + half, uy - 8),
            (ux + half + 40, uy - 28),
            (ux + half + 40, uy + 28),
            (ux + half, uy + 8),
        )
    return ((ux + half, uy), (ux + half + bulge, uy), (vx + half + bulge, vy), (vx + half, vy))
