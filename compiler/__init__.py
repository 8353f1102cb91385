"""The gamesmith compiler: the only part that reads YAML.

`compile_pack(path)` loads a content pack, validates every document against the content
language (`compiler.language`), links references, runs the analyses and returns a
`CompileResult`: a `Report` of diagnostics and, when there are no errors, the
`CompiledGame` that the runtime and printkit consume. `compiler.cache.checked` is the same
check, cached by content hash. Names are imported on first use, so commands that need only
part of the compiler (or only a cached result) do not build every content model.
"""

from importlib import import_module

_HOMES = {
    "CompiledGame": "compiler.compiled",
    "Diagnostic": "compiler.diagnostics",
    "Report": "compiler.diagnostics",
    "Severity": "compiler.diagnostics",
    "CompileResult": "compiler.pipeline",
    "compile_pack": "compiler.pipeline",
}

__all__ = ["CompileResult", "CompiledGame", "Diagnostic", "Report", "Severity", "compile_pack"]


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module 'compiler' has no attribute {name!r}")
    return getattr(import_module(_HOMES[name]), name)
