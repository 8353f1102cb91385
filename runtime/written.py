"""Conditions written into generated Python at load: what decides, read in place.

`expression(program, source)` is an expression as Python source text over `m, seat, ctx,
card` (its names read as `Program.runner` reads them: plain variables and counts in place,
other names through their readers) with the globals it needs, to be written into a larger
generated function (`write`). `condition(program, source)` is a condition as one such
function, `(m, seat, ctx, card) -> bool`: a failure is evaluated again by `Machine.holds`,
which raises it located (file, line, what it read), so the fast path needs no `holds` call.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from compiler.expressions.functions import modulo, multiply

if TYPE_CHECKING:
    from runtime.program import Program

PARAMS = ("m", "seat", "ctx", "card")
# the expression guards for `*` and `%` (numbers only), and the types they let through at once
_GUARDS = {"_multiply": ("*", multiply), "_modulo": ("%", modulo)}
_NUMBERS = frozenset({int, float, bool})
_PARTS = frozenset({"zones", "ids", "down"})  # the state's parts `parts` binds by name
SEATS = 99  # the most players a game may declare (the language's player range)


def write(name: str, params: str, body: list[str], names: dict[str, Any]) -> Callable:
    """A function written as Python source: `def name(params):` over `body` (lines, indented
    once), its free names taken from `names`. Kept readable: `fn.source` is the text."""
    source = f"def {name}({params}):\n" + "".join(f"    {line}\n" for line in body)
    namespace = dict(names)
    exec(compile(source, f"<written {name}>", "exec"), namespace)  # noqa: S102 - our own text
    fn = namespace[name]
    fn.source = source
    return fn


def reads(lines: list[str], name: str) -> bool:
    """Whether written `lines` read the local `name` (as a name: not inside a quoted key)."""
    pattern = re.compile(rf"(?<![\w'\"]){re.escape(name)}(?![\w'\"])")
    return any(pattern.search(line) for line in lines)


def expression(program: Program, source: str, seated: bool = False, bound: bool = False,
               parts: bool = False) -> tuple[str, dict[str, Any]] | None:
    """Expression `source` as Python text over `m, seat, ctx, card` and the globals it needs;
    None for one with a name no reader reads (its runner fails it with its message). With
    `seated`, the text is for a `seat` that is never None (what reads no seat is left out).
    With `bound`, it reads the state as `st` (`m.state`) and, seated, the seat's variables
    as `sv` (`st['sv'][seat]`): the function it is written into binds both first; with
    `parts` too, the state's `zones`, `ids` and `down` as those names, bound the same way."""
    found = program.expr(source).written(program.readers, PARAMS)
    if found is None:
        return None
    text, needs = found
    tree = _Numbers(seated, bound, parts).visit(ast.parse(text, mode="eval"))
    needs["_type"] = type
    needs["_NUMBERS"] = _NUMBERS
    # in brackets: the text goes inside larger expressions (`_float(x or 0)`, `True if x ...`)
    return f"({ast.unparse(ast.fix_missing_locations(tree))})", needs


class _Numbers(ast.NodeTransformer):
    """`_multiply(a, b)` (the numbers-only guard) as `a * b` when both are plainly numbers,
    each side evaluated once; anything else still goes through the guard. With `seated`,
    `x if seat is None else y` (an in-place read's branch for no seat) is `y`. With `bound`,
    `m.state` is `st` and (seated) `st['sv'][seat]` is `sv`; with `parts`, `st['zones']`,
    `st['ids']` and `st['down']` are `zones`, `ids` and `down` (see `expression`)."""

    def __init__(self, seated: bool, bound: bool = False, parts: bool = False):
        self.made = 0
        self.seated = seated
        self.bound = bound
        self.parts = bound and parts

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        self.generic_visit(node)
        match node:
            case ast.Attribute(value=ast.Name(id="m"), attr="state") if self.bound:
                return ast.Name(id="st", ctx=ast.Load())
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        match node:
            case ast.Subscript(value=ast.Subscript(value=ast.Name(id="st"),
                                                   slice=ast.Constant(value="sv")),
                               slice=ast.Name(id="seat"), ctx=ast.Load()) if (
                    self.bound and self.seated):
                return ast.Name(id="sv", ctx=ast.Load())
            case ast.Subscript(value=ast.Name(id="st"), slice=ast.Constant(value=part),
                               ctx=ast.Load()) if self.parts and part in _PARTS:
                return ast.Name(id=part, ctx=ast.Load())
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        match node.test:
            case ast.Compare(left=ast.Name(id="seat"), ops=[ast.Is()],
                             comparators=[ast.Constant(value=None)]) if self.seated:
                return node.orelse
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if not (isinstance(node.func, ast.Name) and node.func.id in _GUARDS):
            return node
        symbol = _GUARDS[node.func.id][0]
        self.made += 1
        a, b = f"_a{self.made}", f"_b{self.made}"
        left, right = (ast.unparse(x) for x in node.args)
        sure = [_number(x) for x in node.args]
        if all(sure):  # (nothing to guard)
            text = f"(({left}) {symbol} ({right}))"
        elif sure[1]:  # one side a number for certain: only the other is tested
            text = (f"({a} {symbol} ({right}) if _type({a} := ({left})) in _NUMBERS "
                    f"else {node.func.id}({a}, {right}))")
        elif sure[0]:
            text = (f"(({left}) {symbol} {b} if _type({b} := ({right})) in _NUMBERS "
                    f"else {node.func.id}({left}, {b}))")
        else:
            text = (f"({a} {symbol} {b} if _type({a} := ({left})) in _NUMBERS "
                    f"and _type({b} := ({right})) in _NUMBERS else {node.func.id}({left}, {right}))")
        return ast.parse(text, mode="eval").body


def certain_number(text: str) -> bool:
    """Whether written expression `text` (as `expression` writes it) is a number whatever the
    state holds (see `_number`)."""
    return _number(ast.parse(text, mode="eval").body)


def _number(node: ast.AST) -> bool:
    """Whether written text `node` is a number whatever the state holds: a number written in
    it, a count kept as cards move (`m.tallied[seat][k]`), a zone's length or a sum of a card
    table's truths."""
    match node:
        case ast.Constant(value=value):
            return type(value) in _NUMBERS
        case ast.Subscript(value=ast.Subscript(value=ast.Attribute(value=ast.Name(id="m"),
                                                                   attr="tallied"))):
            return True
        case ast.Call(func=ast.Name(id="_len" | "_sum")):
            return True
    return False


def zone_key(program: Program, zone_id: str, seat: str, held: str, names: dict) -> str:
    """Python text for the key of zone `zone_id` of the seat in variable `seat` (as `m.key`
    gives it): a per-seat zone's key read from its keys (`seat_keys`, a global in `names`
    under a name only this zone gives), so no key is built and hashed at every read; the
    zone id in global `held` when it must be looked up (no rule declares it, or its id can
    name no global)."""
    zone = program.zones.get(zone_id)
    if zone is not None and not zone.per_seat:
        return repr(zone.id)
    keys = None if zone is None else "_keys_" + zone.id.replace("_", "_u").replace("-", "_h")
    if keys is None or not keys.isidentifier():
        names[held] = zone_id
        return f"m.key({held}, {seat})"  # (which raises for a zone no rule declares)
    names[keys] = seat_keys(zone.id)
    return f"{keys}[{seat}]"


@cache
def seat_keys(zone_id: str) -> tuple[str, ...]:
    """The keys of per-seat zone `zone_id` for seats 0, 1, ... (as `m.key` gives them),
    interned, as the game's zone keys are (`Program.layout`)."""
    return tuple(sys.intern(f"{zone_id}:{seat}") for seat in range(SEATS))


def condition(program: Program, source: str) -> Callable:
    """Condition `source` as a function `(m, seat, ctx, card) -> bool`, written once per
    program; a failure is evaluated again by `Machine.holds`, which raises it located."""
    known = program.cache.setdefault("written:conditions", {})
    found = known.get(source)
    if found is None:
        written = expression(program, source)
        if written is None:  # a name no reader reads: `holds` fails it, located
            def found(m, seat, ctx, card=None, source=source):
                return m.holds(source, seat, ctx, card)
        else:
            text, needs = written
            found = write("condition", "m, seat, ctx, card=None", [
                f"# {source}",
                "try:",
                f"    return True if {text} else False",
                "except Exception:  # located by `holds`, which evaluates it again",
                "    return m.holds(_source, seat, ctx, card)",
            ], {**needs, "_source": source})
        known[source] = found
    return found
