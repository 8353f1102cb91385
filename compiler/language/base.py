"""Shared building blocks of the models: the base config, ids, references,
expressions and player-count tables, each marked so generic walkers can find them."""

import io
import re
import tokenize
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath, PureWindowsPath
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationInfo
from pydantic_core import PydanticCustomError

from compiler.expressions import Expression, ExpressionError, compile_expression
from compiler.expressions.types import check_types

ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
NAME_PATTERN = r"^[a-z][a-z0-9_]*$"
CODE_PATTERN = r"^GS[0-9]{3}$"


def kebab(name: str) -> str:
    return name.rstrip("_").replace("_", "-")


class Model(BaseModel):
    """Base of every content model: kebab-case keys, unknown keys rejected, immutable."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        alias_generator=kebab,
        populate_by_name=False,
        coerce_numbers_to_str=True,
        use_enum_values=True,
        defer_build=True,  # a check builds the validators of the kinds and ops it meets, no more
        allow_inf_nan=False,  # `1e400` read as a float is infinity: never a value content means
    )


def coded(code: str, message: str, hint: str | None = None) -> PydanticCustomError:
    """A validation error that names its own diagnostic code (see `compiler.validate`)."""
    return PydanticCustomError("coded", "{message}", {"code": code, "message": message,
                                                      "hint": hint})


Id = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
"""A lowercase kebab-case id: `turtle-shell`, `11`."""

Name = Annotated[str, StringConstraints(pattern=NAME_PATTERN)]
"""A name usable in expressions: `coins`, `max_hp`."""

Source = Literal["rulebook", "designed"]
Code = Annotated[str, StringConstraints(pattern=CODE_PATTERN)]


@dataclass(frozen=True)
class RefTo:
    """Marks a string as a reference to an item of `kind` (the linker resolves it).

    `kind` is a document kind (`scenario`, `landscape`, `terrain`, `card-type`, `cards`),
    `card` for a single card, or a namespaced kind such as `zone`, `dice`, `action`.
    """

    kind: str


def Ref(kind: str) -> Any:  # noqa: N802 - reads like a type in annotations
    return Annotated[str, StringConstraints(pattern=ID_PATTERN), RefTo(kind)]


@dataclass(frozen=True)
class PlayerTableMark:
    """Marks a mapping keyed by player count; analysis checks it covers the player range."""


@dataclass(frozen=True)
class Gives:
    """Marks an op parameter that gives a flag or an item, for the given/tested analysis."""

    what: str  # "flag" or "item"


def PlayerTable(value_type: Any) -> Any:  # noqa: N802
    return Annotated[dict[int, value_type], PlayerTableMark()]


@lru_cache(maxsize=65536)
def checked_expression(source: str, names: frozenset[str] | None) -> Expression:
    """Compile `source` once per distinct text and name set."""
    return compile_expression(source, names)


def _lookalike(source: str) -> None:
    """Python reads names NFKC-normalised (`ｇｏｌｄ` is `gold`): refuse such a name, so two
    names that look alike are never two names, nor one name that looks like two."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return  # the expression's own check reports the syntax
    for token in tokens:
        plain = unicodedata.normalize("NFKC", token.string)
        if token.type == tokenize.NAME and plain != token.string:
            raise PydanticCustomError("expression", "{message}", {
                "message": f"the name `{token.string}` is written with letters that only look "
                           f"like plain ones (it would read as `{plain}`)",
                "code": "GS262", "offset": token.start[1],
                "hint": f"type the name with plain letters: `{plain}`"})


def _check_expression(value: str, info: ValidationInfo) -> str:
    context = info.context or {}
    if not value.isascii():
        _lookalike(value)
    try:
        checked_expression(value, context.get("names"))
        if context.get("types") is not None:
            check_types(value, context["types"])
    except ExpressionError as err:
        raise PydanticCustomError(
            "expression",
            "{message}",
            {"message": err.message, "code": err.code, "offset": err.offset, "hint": err.hint},
        ) from None
    return value


@dataclass(frozen=True)
class ExprMark:
    """Marks a string as an expression (checked at compile time, compiled at load)."""


Expr = Annotated[str, AfterValidator(_check_expression), ExprMark()]
"""A condition or amount in the expression language: `coins >= 2`."""

Amount = int | Expr
"""A number, or an expression giving one."""


Var = Annotated[str, StringConstraints(pattern=NAME_PATTERN), RefTo("variable")]
"""A variable or stat the game declares (game.yaml `variables:`, a card-type field, a built-in)."""

ZoneId = Ref("zone")
"""A zone the rules declare (checked when the game declares any zones)."""


class Item(Model):
    """Anything with an id that may be marked with its source and silence diagnostics."""

    id: Id
    source: Source | None = None
    suppress: list[Code] = Field(default_factory=list)


def _check_colour(value: str) -> str:
    from PIL import ImageColor  # here: Pillow's import is paid only by packs that name colours

    try:
        rgb = ImageColor.getrgb(value)
    except ValueError:
        raise coded("GS264", f"`{value}` is not a colour printkit can paint",
                    "write `#rrggbb`, `#rgb`, `#rrggbbaa`, a CSS name such as `darkred`, or "
                    "`rgb(120, 40, 40)`") from None
    if not all(0 <= c <= 255 for c in rgb):
        raise coded("GS264", f"`{value}` has a component outside 0–255",
                    "each of red, green and blue is 0 to 255")
    return value


Colour = Annotated[str, AfterValidator(_check_colour)]
"""A colour printkit paints: `#8a8a8a`, `#fff`, `#rrggbbaa`, a CSS name, `rgb()` or `hsl()`."""


def check_inside(value: str) -> str:
    """`value` if it names a file inside the pack; GS261 otherwise."""
    if (PurePosixPath(value).is_absolute() or PureWindowsPath(value).is_absolute()
            or PureWindowsPath(value).drive or ".." in re.split(r"[\\/]", value)):
        raise coded("GS261", f"`{value}` is outside the pack: content paths name files inside "
                    "it, from its root", "copy the file into the pack and name it from the "
                    "pack's root, such as `art/picture.png`")
    return value


PackPath = Annotated[str, AfterValidator(check_inside)]
"""A file in the pack, named from its root (`art/cap.png`): never absolute, never `../`."""


Keyword = Literal["cover", "elevated", "difficult", "impassable", "blocking", "hazard", "climbable", "destructible"]
"""A terrain keyword: how a piece affects movement, sight and attacks."""
