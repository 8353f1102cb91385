"""Three-valued evaluation: a definite answer holds for every completion of what is unknown."""

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from compiler.analysis.story_values import UNKNOWN, truth

ATOMS = ["flag('a')", "flag('b')", "x < 2", "x >= 1", "x == 3", "has('key')"]


def expressions():
    leaf = st.sampled_from(ATOMS)
    return st.recursive(leaf, lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from([" and ", " or "]), inner).map(lambda t: f"({''.join(t)})"),
        inner.map(lambda e: f"(not {e})"),
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
    ), max_leaves=6)


def lookup(values):
    return lambda what, name: values[name]


@given(expressions(), st.sampled_from([True, False, UNKNOWN]),
       st.sampled_from([True, False, UNKNOWN]), st.sampled_from([0, 1, 2, 3, UNKNOWN]),
       st.sampled_from([True, False, UNKNOWN]))
def test_a_definite_answer_holds_for_every_completion(source, a, b, x, key):
    partial = {"a": a, "b": b, "x": x, "key": key}
    answer = truth(source, lookup(partial))
    options = [[v] if v is not UNKNOWN else ([True, False] if n != "x" else [-1, 0, 1, 2, 3, 4])
               for n, v in partial.items()]
    results = {truth(source, lookup(dict(zip(partial, combo, strict=True))))
               for combo in product(*options)}
    assert UNKNOWN not in results  # with everything known, the answer is known
    if answer is not UNKNOWN:
        assert results == {answer}
