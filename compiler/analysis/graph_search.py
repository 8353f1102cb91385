"""The graph searches the story checks run, over plain adjacency mappings (node -> its
neighbours, in link order).

A check runs on every `gamesmith check` of a pack with a story; these few searches keep it
from importing networkx (a quarter of a second of start-up), which the drawing and odds
commands still use.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Mapping

Adjacency = Mapping[str, Iterable[str]]


def distances(succ: Adjacency, start: str) -> dict[str, int]:
    """Each node reachable from `start`, with the number of links on the shortest way there."""
    depth = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in succ[node]:
            if nxt not in depth:
                depth[nxt] = depth[node] + 1
                queue.append(nxt)
    return depth


def reaching(pred: Adjacency, targets: Iterable[str]) -> set[str]:
    """The nodes with a way to one of `targets` (the targets included), given predecessors."""
    seen = set(targets)
    stack = list(seen)
    while stack:
        for prev in pred[stack.pop()]:
            if prev not in seen:
                seen.add(prev)
                stack.append(prev)
    return seen


def components(succ: Adjacency, nodes: Collection[str]) -> list[set[str]]:
    """The strongly connected components of the part of the graph on `nodes`, each before any
    that links into it (Tarjan's algorithm, without recursion: a story can chain thousands of
    cards)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[set[str]] = []
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter([n for n in succ[root] if n in nodes]))]
        while work:
            node, todo = work[-1]
            for nxt in todo:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter([n for n in succ[nxt] if n in nodes])))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    comp = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        comp.add(member)
                        if member == node:
                            break
                    found.append(comp)
    return found


def preorder(succ: Adjacency, nodes: Collection[str], entry: str) -> list[str]:
    """The nodes of `nodes` a depth-first walk from `entry` meets, in the order it meets them."""
    order = [entry]
    seen = {entry}
    work = [iter(succ[entry])]
    while work:
        for nxt in work[-1]:
            if nxt in nodes and nxt not in seen:
                seen.add(nxt)
                order.append(nxt)
                work.append(iter(succ[nxt]))
                break
        else:
            work.pop()
    return order
