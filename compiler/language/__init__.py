"""The content language: pydantic models for every document kind, the op catalogue,
selectors and timing windows.

Models are built once at import. `DOCUMENT_MODELS` maps each `kind:` to its model;
`schema/<kind>.schema.json` is generated from them. Models hold plain data only;
cross-document checks live in `compiler.link` and `compiler.analysis`.
"""

from compiler.language.documents import DOCUMENT_MODELS, KINDS

__all__ = ["DOCUMENT_MODELS", "KINDS"]
