"""YAML 1.2-style meaning of plain (unquoted) scalars; quoted and block scalars stay strings.

- null: empty, `~`, `null`, `Null`, `NULL`
- bool: `true`, `True`, `TRUE`, `false`, `False`, `FALSE` (`yes`, `no`, `on`, `off` stay strings)
- int: canonical decimals only, `[-+]?(0|[1-9][0-9]*)`: `0777`, `0x1F`, `1_000` stay strings
- float: `[-+]?digits.digits` when Python's repr gives the text back (sign `+` aside), so no
  value is ever rounded or reformatted: `1.5`, `1.0`, `-0.25` are floats; `1.10`, `01.5`,
  `3e5`, `.5`, `.inf`, `.nan` stay strings
- everything else, including sexagesimals (`12:30`) and dates, is a string
"""

from __future__ import annotations

import re

_CONSTANTS = {
    "~": None, "null": None, "Null": None, "NULL": None,
    "true": True, "True": True, "TRUE": True,
    "false": False, "False": False, "FALSE": False,
}  # fmt: skip
_NUMBER = re.compile(r"[-+]?(?:0|[1-9][0-9]*)(\.[0-9]+)?").fullmatch
# Most scalars are words; only these first characters can start a non-string.
_MAY_RESOLVE = frozenset("0123456789+-~nNtTfF")


def resolve_plain(text: str) -> str | int | float | bool | None:
    """The value a plain scalar's text stands for."""
    if not text:
        return None
    if text[0] not in _MAY_RESOLVE:
        return text
    if text in _CONSTANTS:
        return _CONSTANTS[text]
    number = _NUMBER(text)
    if number is None:
        return text
    if number.group(1) is None:
        try:
            return int(text)
        except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
            return text
    value = float(text)
    return value if repr(value) == text.lstrip("+") else text


LARGEST = 10**15  # beyond this, numbers in content are mistakes (and floats lose whole numbers)
_NUMBER_LIKE = re.compile(
    r"[-+]?(?:[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?|\.(?:inf|Inf|INF))"
    r"|\.(?:nan|NaN|NAN)").fullmatch
_NOT_A_WORD = frozenset("0123456789+-.")


def number_problem(text: str, value: object) -> str | None:
    """Why a plain scalar is a number content does not take (None: it is fine): beyond
    ±LARGEST, infinite, not a number, or in a form that would only ever be read as text."""
    shown = f"`{text[:20]}{'…' if len(text) > 20 else ''}`"
    if value.__class__ is int:
        return None if -LARGEST <= value <= LARGEST else f"The number {shown} is beyond ±10^15"
    if value.__class__ is not str or text[:1] not in _NOT_A_WORD or not _NUMBER_LIKE(text):
        return None
    if "inf" in text.lower() or "nan" in text.lower():
        return f"{shown} is not a finite number"
    if "e" in text.lower():
        return f"The number {shown} is written in exponent form, which content does not take"
    if len(text.lstrip("+-").split(".")[0]) > 15:
        return f"The number {shown} is beyond ±10^15"
    return None
