"""The closest spelling of a word among candidates, for "did you mean" hints."""

from __future__ import annotations

import difflib
import string
from collections.abc import Iterable

_ALPHABET = frozenset(string.ascii_lowercase + string.digits + "-_ ")


def closest(word: str, candidates: Iterable) -> str | None:
    """The candidate a typo of `word` most likely meant: one that differs by case only, or by
    one edit (a letter dropped, added or changed, or two neighbours swapped), else difflib's
    closest; None when nothing is close. One edit is found by lookup, so long lists stay fast."""
    word = str(word)
    names = [str(c) for c in candidates]
    by_lower: dict[str, str] = {}
    for name in names:
        by_lower.setdefault(name.lower(), name)
    low = word.lower()
    if low in by_lower and by_lower[low] != word:
        return by_lower[low]
    near = {by_lower[e] for e in _one_edit(low, _ALPHABET | set(low)) if e in by_lower}
    near.discard(word)
    if near:
        return max(sorted(near), key=lambda n: difflib.SequenceMatcher(None, word, n).ratio())
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    return close[0] if close else None


def _one_edit(word: str, alphabet: Iterable[str]) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    for c in alphabet:
        out |= {a + c + b[1:] for a, b in splits if b}
        out |= {a + c + b for a, b in splits}
    return out
