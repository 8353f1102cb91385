"""The content language: pydantic models for every document kind, the op catalogue,
selectors and timing windows.

Model classes are made at import; each builds its validator once, when it first validates
(an op's own effect model when an effect first uses that op). `DOCUMENT_MODELS` maps each
`kind:` to its model; `schema/<kind>.schema.json` is generated from them. Models hold plain data only;
cross-document checks live in `compiler.link` and `compiler.analysis`.
"""

import gc

# Building the models makes tens of thousands of objects that live as long as the process:
# collecting mid-build only traverses them again and again, and once built they are frozen
# out of every later collection, the one at exit included (a cold check: 0.1 s less CPU).
_collecting = gc.isenabled()
gc.disable()
try:
    from compiler.language.documents import DOCUMENT_MODELS, KINDS
finally:
    if _collecting:
        gc.enable()
gc.freeze()

__all__ = ["DOCUMENT_MODELS", "KINDS"]
