"""The gamesmith compiler: the only part that reads YAML.

`compile_pack(path)` loads a content pack, validates every document against the content
language (`compiler.language`), links references, runs the analyses and returns a
`CompileResult`: a `Report` of diagnostics and, when there are no errors, the
`CompiledGame` that the runtime and printkit consume.
"""

from compiler.compiled import CompiledGame
from compiler.diagnostics import Diagnostic, Report, Severity
from compiler.pipeline import CompileResult, compile_pack

__all__ = ["CompileResult", "CompiledGame", "Diagnostic", "Report", "Severity", "compile_pack"]
