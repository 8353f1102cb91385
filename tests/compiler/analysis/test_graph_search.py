"""The story checks' graph searches give what networkx gives, order included, on any graph."""

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from compiler.analysis.graph_search import components, distances, preorder, reaching


@st.composite
def graphs(draw):
    """A directed graph on 1-12 nodes (self-links allowed) as networkx builds it, in order."""
    n = draw(st.integers(1, 12))
    nodes = [str(i) for i in range(n)]
    edges = draw(st.lists(st.tuples(st.sampled_from(nodes), st.sampled_from(nodes)), max_size=40))
    graph = nx.DiGraph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from(edges)
    return graph


def adjacency(graph):
    return {n: list(graph.succ[n]) for n in graph}, {n: list(graph.pred[n]) for n in graph}


@given(graphs(), st.data())
def test_distances_are_breadth_first(graph, data):
    start = data.draw(st.sampled_from(list(graph)))
    succ, _ = adjacency(graph)
    assert distances(succ, start) == nx.single_source_shortest_path_length(graph, start)


@given(graphs(), st.data())
def test_reaching_walks_the_links_backwards(graph, data):
    targets = data.draw(st.lists(st.sampled_from(list(graph)), unique=True))
    _, pred = adjacency(graph)
    expected = set().union(*nx.bfs_layers(graph.reverse(copy=False), targets)) if targets else set()
    assert reaching(pred, targets) == expected


@given(graphs(), st.data())
def test_components_match_networkx(graph, data):
    kept = data.draw(st.sets(st.sampled_from(list(graph))))
    nodes = dict.fromkeys(n for n in graph if n in kept)  # in graph order, as a subgraph is
    succ, _ = adjacency(graph)
    found = components(succ, nodes)
    expected = nx.strongly_connected_components(graph.subgraph(nodes))
    assert sorted(map(sorted, found)) == sorted(map(sorted, expected))
    # each component comes before any that links into it
    place = {n: i for i, comp in enumerate(found) for n in comp}
    assert all(place[b] <= place[a] for a in nodes for b in succ[a] if b in nodes)


@given(graphs(), st.data())
def test_preorder_is_depth_first_inside_the_nodes(graph, data):
    comp = data.draw(st.sets(st.sampled_from(list(graph)), min_size=1))
    entry = data.draw(st.sampled_from(sorted(comp)))
    succ, _ = adjacency(graph)
    assert preorder(succ, comp, entry) == list(nx.dfs_preorder_nodes(graph.subgraph(comp), entry))


def test_a_long_chain_needs_no_recursion():
    n = 50_000  # far past Python's recursion limit
    succ = {str(i): [str(i + 1)] if i + 1 < n else ["0"] for i in range(n)}
    assert [len(c) for c in components(succ, succ)] == [n]
    assert len(preorder(succ, succ, "0")) == n
    assert distances(succ, "0")[str(n - 1)] == n - 1
