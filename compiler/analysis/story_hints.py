""""Did you mean" hints for every broken story link, cheaply: candidates come from lookups
(one edit of the target, or a shared one-character deletion: up to two edits), never from
comparing the target with every card, so a large story full of broken links stays fast."""

from __future__ import annotations

import difflib
from collections import defaultdict

from compiler.spelling import _ALPHABET, _one_edit

_DIFFLIB_UP_TO = 2000  # cards: below this, a target with no near key is still compared to all


class KeyHints:
    """Hints among a story's card keys; the deletion index is built on first need."""

    def __init__(self, keys):
        self.keys = [str(k) for k in keys]
        self.known = set(self.keys)
        self.alphabet = _ALPHABET | {c for k in self.keys[:5000] for c in k}
        self._deletions: dict[str, list[str]] | None = None
        self._cache: dict[str, str | None] = {}

    def hint(self, target: str) -> str | None:
        """'did you mean …?' for `target`, or None when no key is close."""
        if target not in self._cache:
            best = self._best(str(target))
            self._cache[target] = f"did you mean '{best}'?" if best else None
        return self._cache[target]

    def _best(self, target: str) -> str | None:
        near = {e for e in _one_edit(target, self.alphabet | set(target)) if e in self.known}
        if not near:
            index = self._index()
            for variant in {target, *_deleted(target)}:
                near.update(index.get(variant, ()))
        near.discard(target)
        if not near:
            if len(self.keys) > _DIFFLIB_UP_TO:
                return None
            cutoff = 0.5 if len(target) <= 3 else 0.6
            near = set(difflib.get_close_matches(target, self.keys, n=5, cutoff=cutoff))
            if not near:
                return None
        return min(near, key=lambda k: _rank(target, k))

    def _index(self) -> dict[str, list[str]]:
        if self._deletions is None:
            index: dict[str, list[str]] = defaultdict(list)
            for key in self.keys:
                index[key].append(key)
                for variant in _deleted(key):
                    index[variant].append(key)
            self._deletions = index
        return self._deletions


def _deleted(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def _is_number(key: str) -> bool:
    return key.isascii() and key.isdigit() and len(key) < 19


def _rank(target: str, key: str) -> tuple:
    """Fewer edits first; then, for card numbers, the numerically nearest (the likelier slip);
    then the most similar spelling."""
    numeric = abs(int(key) - int(target)) if _is_number(target) and _is_number(key) else 0
    ratio = difflib.SequenceMatcher(None, target, key).ratio()
    return (_distance(target, key), numeric, -ratio, key)


def _distance(a: str, b: str) -> int:
    """Edits (insert, delete, change, swap two neighbours) turning a into b."""
    prev2, prev = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if (prev2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2]
                    and a[i - 2] == b[j - 1]):
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]
