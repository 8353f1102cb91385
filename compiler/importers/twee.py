"""Twee 3 (Twine's text format) to a content pack: passages become story cards, links become
choices, and the simple macros of Harlowe, SugarCube and Chapbook that map to the content
language (setting a flag or a number, `if`/`else` around links and settings, go-to links)
become effects and conditions. Everything else stays in the card's text and is listed in
the import report, so nothing of the story is lost silently.

`import_twee(source)` returns an `Imported` (the game and story documents as plain data,
and the report); `write_pack` writes them as YAML files, each atomically.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from compiler.expressions import ExpressionError, compile_expression
from compiler.files import write_atomic

_HEADER = re.compile(r"^::\s*(?P<name>(?:\\.|[^\[{])*?)\s*(?:\[(?P<tags>[^\]]*)\])?\s*(?:\{.*\})?\s*$")
_SPECIAL = {"StoryTitle", "StoryData", "StoryInit", "StoryMenu", "StoryCaption"}
_SKIP_TAGS = {"script", "stylesheet", "widget", "Twine.private"}


@dataclass
class Passage:
    name: str
    tags: list[str]
    text: str
    line: int


@dataclass
class Imported:
    """The imported pack as plain data, and what could not be mapped."""

    game: dict
    story: dict
    unmapped: list[str] = field(default_factory=list)  # "passage (line N): what"
    story_format: str = "Harlowe"

    def report(self) -> str:
        head = (f"Imported from Twee ({self.story_format}): {len(self.story['cards'])} cards, "
                f"start at '{self.story['start']}'.")
        if not self.unmapped:
            return head + "\nEverything mapped to the content language.\n"
        lines = [head, f"{len(self.unmapped)} things did not map and were kept as text:"]
        return "\n".join(lines + [f"- {u}" for u in self.unmapped]) + "\n"


class TweeError(ValueError):
    """The file is not Twee 3 the importer can read; the message says where."""


def passages(source: str) -> list[Passage]:
    """The passages of a Twee 3 source, in order."""
    found: list[Passage] = []
    current: Passage | None = None
    body: list[str] = []
    for number, line in enumerate(source.splitlines(), 1):
        if line.startswith("::"):
            if current is not None:
                current.text = "\n".join(body).strip()
                found.append(current)
            match = _HEADER.match(line)
            if not match or not match["name"].strip():
                raise TweeError(f"line {number}: a passage header needs a name: {line!r}")
            name = re.sub(r"\\(.)", r"\1", match["name"]).strip()
            current = Passage(name, (match["tags"] or "").split(), "", number)
            body = []
        elif current is not None:
            body.append(line)
    if current is not None:
        current.text = "\n".join(body).strip()
        found.append(current)
    if not found:
        raise TweeError("no passages (a passage starts with a line ':: Name')")
    return found


def import_twee(source: str, fallback_title: str = "Imported story") -> Imported:
    """The pack for a Twee 3 source."""
    every = passages(source)
    by_name = {p.name: p for p in every}
    data = {}
    if "StoryData" in by_name:
        try:
            data = json.loads(by_name["StoryData"].text or "{}")
        except json.JSONDecodeError as err:
            raise TweeError(f"line {by_name['StoryData'].line}: StoryData is not JSON: {err}") from None
    title = by_name["StoryTitle"].text.strip() if "StoryTitle" in by_name else fallback_title
    story_format = str(data.get("format") or "Harlowe")
    story_passages = [p for p in every
                      if p.name not in _SPECIAL and not set(p.tags) & _SKIP_TAGS]
    if not story_passages:
        raise TweeError("no story passages")
    keys = _keys(p.name for p in story_passages)
    start_name = data.get("start") or ("Start" if "Start" in keys else story_passages[0].name)
    if start_name not in keys:
        raise TweeError(f"the start passage '{start_name}' does not exist")
    parsed = {p.name: parse_body(p.text, story_format) for p in story_passages}
    # SugarCube's StoryInit and Harlowe's startup passages run before the story begins
    setup = [item for p in every if p.name == "StoryInit" or "startup" in p.tags
             for item in parse_body(p.text, story_format)]
    converter = _Converter(keys, {**parsed, "": setup})
    initial, flags = converter.initial_values(setup)
    cards = {keys[p.name]: converter.card(p, parsed[p.name]) for p in story_passages}
    if flags:
        start = cards[keys[start_name]]
        start["do"] = [*({"set-flag": f} for f in flags), *start.get("do", [])]
    slug = _kebab(title) or "story"
    variables = {name: {"initial": initial.get(name, 0), "per": "game",
                        "text": "imported from Twee"} for name in sorted(converter.numbers)}
    game = {"kind": "game", "id": slug, "title": title, "players": {"min": 1, "max": 1}}
    if variables:
        game["variables"] = variables
    story = {"kind": "story", "id": slug, "title": title, "start": keys[start_name],
             "cards": cards}
    return Imported(game, story, converter.unmapped, story_format)


def write_pack(imported: Imported, root: Path) -> list[Path]:
    """Write game.yaml, story.yaml and import-report.txt under `root` (each atomically)."""
    files = {
        root / "game.yaml": _yaml(imported.game),
        root / "story.yaml": _yaml(imported.story),
        root / "import-report.txt": imported.report(),
    }
    for path, text in files.items():
        write_atomic(path, text)
    return list(files)


def _yaml(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def _kebab(text: str) -> str:
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1-\2", text)
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _keys(names) -> dict[str, str]:
    keys: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        base = _kebab(name) or "passage"
        key, n = base, 2
        while key in taken:
            key, n = f"{base}-{n}", n + 1
        taken.add(key)
        keys[name] = key
    return keys


# -- passage bodies ---------------------------------------------------------------------------

@dataclass
class _Link:
    text: str
    target: str
    setter: str | None = None  # SugarCube [[text|target][$x to 1]]


@dataclass
class _Set:
    source: str  # "$x to 1"


@dataclass
class _If:
    branches: list[tuple[str | None, list]]  # (condition or None for else, items)


@dataclass
class _Other:
    raw: str


_MACRO = re.compile(r"\(([A-Za-z][\w-]*):")
_SUGAR = re.compile(r"<<\s*(/?[A-Za-z][\w-]*)(.*?)>>", re.S)
_CHAPBOOK_INSERT = re.compile(r"\{\s*link to:\s*(['\"])(.+?)\1\s*(?:,\s*label:\s*(['\"])(.+?)\3)?\s*\}"
                              r"|\{[a-z][\w ]*:[^{}]*\}")
_CHAPBOOK_MODIFIER = re.compile(r"^\[(if|unless|else|continue)\b(.*?)\]\s*$", re.I)


def _close(s: str, i: int, open_: str, close: str) -> int:
    """The index after the bracket closing the one at s[i], skipping quoted text."""
    depth, quote = 0, None
    while i < len(s):
        c = s[i]
        if quote:
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c == open_:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def _link(inner: str) -> _Link:
    setter = None
    if "][" in inner:
        inner, setter = inner.split("][", 1)
    if "|" in inner:
        text, target = inner.split("|", 1)
    elif "->" in inner:
        text, target = inner.rsplit("->", 1)
    elif "<-" in inner:
        target, text = inner.split("<-", 1)
    else:
        text = target = inner
    return _Link(text.strip(), target.strip(), setter)


def _harlowe(s: str, i: int = 0, end: str | None = None) -> tuple[list, int]:
    """Items of Harlowe (or SugarCube link) markup from s[i] up to `end` (']' of a hook)."""
    items: list = []
    text: list[str] = []

    def flush():
        if text:
            items.append("".join(text))
            text.clear()

    while i < len(s):
        if end and s[i] == end:
            flush()
            return items, i + 1
        if s.startswith("[[", i):
            j = s.find("]]", i)
            if j < 0:
                text.append(s[i:])
                break
            flush()
            items.append(_link(s[i + 2:j]))
            i = j + 2
            continue
        macro = _MACRO.match(s, i)
        if macro:
            j = _close(s, i, "(", ")")
            if j < 0:
                text.append(s[i:])
                break
            flush()
            name, args = macro[1].lower(), s[macro.end():j - 1].strip()
            k = j
            while k < len(s) and s[k] in " \t":
                k += 1
            hook = None
            # a hook: `[`, but not the start of a link `[[`, unless a link opens the hook `[[[`
            if k < len(s) and s[k] == "[" and (not s.startswith("[[", k)
                                               or s.startswith("[[[", k)):
                hook, k = _harlowe(s, k + 1, "]")
                j = k
            item = _macro(name, args, hook, s[i:j], items)
            if item is not None:
                items.append(item)
            i = j
            continue
        text.append(s[i])
        i += 1
    flush()
    return items, i


def _macro(name: str, args: str, hook, raw: str, before: list):
    """One Harlowe macro as an item; `else`/`else-if` join the `if` before them (in place,
    returning None)."""
    if name in ("set", "put"):
        return _Set(args)
    if name in ("if", "unless") and hook is not None:
        return _If([(args if name == "if" else f"not ({args})", hook)])
    if name in ("else-if", "elseif", "else") and hook is not None:
        last = next((x for x in reversed(before) if not (isinstance(x, str) and not x.strip())),
                    None)
        if isinstance(last, _If) and last.branches[-1][0] is not None:
            while before and before[-1] is not last:
                before.pop()  # the blank text between the two
            last.branches.append((None if name == "else" else args, hook))
            return None
    if name in ("link", "link-reveal") and hook is not None:
        # (link: "Open it")[(set: $open to true)(goto: "Hall")]: a choice with its effects
        jumps = [x for x in hook if isinstance(x, _Link) and not x.text]
        label = _quoted(args)
        rest = [x for x in hook if not isinstance(x, _Link | _Set)
                and not (isinstance(x, str) and not x.strip())]
        if len(jumps) == 1 and label and not rest:
            sets = ";".join(x.source for x in hook if isinstance(x, _Set))
            return _Link(label[0], jumps[0].target, sets or None)
    if name in ("link-goto", "goto", "go-to"):
        values = [a or b for a, b in re.findall(r"\"([^\"]*)\"|'([^']*)'", args)]
        if name != "link-goto" and values:
            return _Link("", values[0])
        if values:
            return _Link(values[0], values[-1])
    return _Other(raw)


def _sugarcube(s: str) -> list:
    """Items of SugarCube markup: [[links]] and <<macros>>, `if` blocks nested."""
    root: list = []
    stack: list[tuple[_If | None, list]] = [(None, root)]
    pos = 0
    for m in _SUGAR.finditer(s):
        stack[-1][1].extend(_harlowe(s[pos:m.start()])[0])
        pos = m.end()
        name, args = m[1].lower(), m[2].strip()
        here = stack[-1][1]
        if name == "if":
            block = _If([(args, [])])
            here.append(block)
            stack.append((block, block.branches[0][1]))
        elif name in ("elseif", "else") and stack[-1][0] is not None:
            block = stack.pop()[0]
            cond = args.removeprefix("if ").strip() if name == "elseif" else None
            block.branches.append((cond, []))
            stack.append((block, block.branches[-1][1]))
        elif name == "/if" and stack[-1][0] is not None:
            stack.pop()
        elif name == "set":
            here.extend(_Set(part.strip()) for part in _split_sets(args))
        elif name in ("link", "button") and len(_quoted(args)) >= 2:
            text, target = _quoted(args)[:2]
            here.append(_Link(text, target))
        elif name == "goto" and _quoted(args):
            here.append(_Link("", _quoted(args)[0]))
        elif name in ("/link", "/button"):
            continue
        else:
            here.append(_Other(m[0]))
    stack[-1][1].extend(_harlowe(s[pos:])[0])
    return root


def _quoted(args: str) -> list[str]:
    return [a or b for a, b in re.findall(r"\"([^\"]*)\"|'([^']*)'", args)]


def _split_sets(args: str) -> list[str]:
    return [a for a in re.split(r"[;,](?=\s*[$_]?[A-Za-z])", args) if a.strip()]


def _chapbook(s: str) -> list:
    """Items of Chapbook markup: a vars section above `--`, [if]/[else]/[continue]
    modifiers, {link to} inserts and [[links]]."""
    items: list = []
    lines = s.splitlines()
    if "--" in (line.strip() for line in lines):
        cut = [line.strip() for line in lines].index("--")
        head = lines[:cut]
        if all(re.match(r"^\s*[A-Za-z_][\w.]*\s*(\(.*\))?\s*:", h) or not h.strip() for h in head):
            for h in head:
                if h.strip():
                    name, _, value = h.partition(":")
                    cond = re.search(r"\((.*)\)", name)
                    setting = _Set(f"{name.split('(')[0].strip()} to {value.strip()}")
                    items.append(_If([(cond[1], [setting])]) if cond else setting)
            lines = lines[cut + 1:]
    block: _If | None = None
    section: list = items
    chunk: list[str] = []

    def flush():
        text = "\n".join(chunk)
        chunk.clear()
        pos = 0
        for m in _CHAPBOOK_INSERT.finditer(text):
            section.extend(_harlowe(text[pos:m.start()])[0])
            section.append(_Link(m[4] or m[2], m[2]) if m[2] else _Other(m[0]))
            pos = m.end()
        section.extend(_harlowe(text[pos:])[0])

    for line in lines:
        mod = _CHAPBOOK_MODIFIER.match(line.strip())
        if not mod:
            chunk.append(line)
            continue
        flush()
        word, args = mod[1].lower(), mod[2].strip()
        if word in ("if", "unless"):
            block = _If([(args if word == "if" else f"not ({args})", [])])
            items.append(block)
            section = block.branches[0][1]
        elif word == "else" and block is not None:
            block.branches.append((None, []))
            section = block.branches[-1][1]
        else:
            block, section = None, items
    flush()
    return items


def parse_body(text: str, story_format: str) -> list:
    """The items of a passage body in the story's format."""
    kind = story_format.lower()
    if kind.startswith("sugarcube"):
        return _sugarcube(text)
    if kind.startswith("chapbook"):
        return _chapbook(text)
    return _harlowe(text)[0]


# -- items to cards ----------------------------------------------------------------------------

_WORDS = {"is": "==", "eq": "==", "neq": "!=", "isnot": "!=", "gt": ">", "gte": ">=", "lt": "<",
          "lte": "<=", "and": "and", "or": "or", "not": "not", "true": "True", "false": "False",
          "===": "==", "!==": "!=", "&&": "and", "||": "or", "!": "not"}
_TOKEN = re.compile(r"\s*(?:(?P<num>-?\d+(?:\.\d+)?)|(?P<str>\"[^\"]*\"|'[^']*')|"
                    r"(?P<name>[$_]?[A-Za-z_]\w*)|(?P<op>===|!==|==|!=|>=|<=|&&|\|\||[<>()!+\-]))")


def _tokens(source: str) -> list[tuple[str, str]] | None:
    out, pos = [], 0
    source = source.strip()
    while pos < len(source):
        m = _TOKEN.match(source, pos)
        if not m or m.end() == pos:
            return None
        pos = m.end()
        kind = m.lastgroup
        out.append((kind, m[kind]))
    return out


def _var(name: str) -> str:
    return _kebab(name.lstrip("$_")).replace("-", "_")


class _Converter:
    """Turns parsed passages into card data, sorting variables into flags and numbers."""

    def __init__(self, keys: dict[str, str], parsed: dict[str, list]):
        self.keys = keys
        self.unmapped: list[str] = []
        self.flags: set[str] = set()
        self.numbers: set[str] = set()
        for items in parsed.values():
            for item in _walk(items):
                if isinstance(item, _Set):
                    target, value = _assignment(item.source)
                    if target and value in ("true", "false"):
                        self.flags.add(_var(target))
                    elif target:
                        self.numbers.add(_var(target))
        self.flags -= self.numbers
        self._where = ""

    def initial_values(self, setup: list) -> tuple[dict[str, int], list[str]]:
        """Numbers and flags the setup passages give before the story begins."""
        self._where = "StoryInit / startup"
        numbers: dict[str, int] = {}
        flags: list[str] = []
        for item in setup:
            effect = self._set(item.source) if isinstance(item, _Set) else None
            if effect is None:
                if not (isinstance(item, str) and not item.strip()) and not isinstance(item, _Set):
                    self.note(getattr(item, "raw", str(item)))
                continue
            if "set" in effect and isinstance(effect["set"]["value"], int):
                numbers[effect["set"]["variable"]] = effect["set"]["value"]
            elif "set-flag" in effect:
                flags.append(effect["set-flag"])
            else:
                self.note(f"setup effect {effect} kept out")
        return numbers, flags

    def note(self, what: str) -> None:
        self.unmapped.append(f"{self._where}: {' '.join(what.split())[:120]}")

    def card(self, passage: Passage, items: list) -> dict:
        self._where = f"passage '{passage.name}' (line {passage.line})"
        text: list[str] = []
        choices: list[dict] = []
        effects: list[dict] = []
        self._items(items, [], text, choices, effects)
        card: dict = {}
        prose = re.sub(r"\n{3,}", "\n\n", "".join(text)).strip()
        if prose:
            card["text"] = prose
        if effects:
            card["do"] = effects
        plain = [c for c in choices if not c.get("text")]
        if len(choices) == 1 and plain and "if" not in plain[0] and "do" not in plain[0]:
            card["goto"] = plain[0]["goto"]
        elif choices:
            for c in plain:
                c["text"] = "Continue"
            card["choices"] = [{"text": c["text"], **{k: v for k, v in c.items() if k != "text"}}
                               for c in choices]
        else:
            card["ending"] = _kebab(passage.name) or "the-end"
        return card

    def _items(self, items, conds, text, choices, effects) -> None:
        for item in items:
            if isinstance(item, str):
                if conds and item.strip():
                    self.note(f"text shown only when {' and '.join(conds)}: kept for every reader")
                text.append(item)
            elif isinstance(item, _Link):
                choice: dict = {"text": item.text, "goto": self.keys.get(item.target,
                                                                          _kebab(item.target))}
                if conds:
                    choice["if"] = " and ".join(f"({c})" for c in conds) if len(conds) > 1 \
                        else conds[0]
                if item.setter:
                    done = [e for part in _split_sets(item.setter) if (e := self._set(part))]
                    if done:
                        choice["do"] = done
                choices.append(choice)
            elif isinstance(item, _Set):
                effect = self._set(item.source)
                if effect:
                    effects.append(self._guarded(effect, conds))
            elif isinstance(item, _If):
                self._if(item, conds, text, choices, effects)
            else:
                self.note(f"{item.raw}")
                text.append(item.raw)

    def _if(self, block: _If, conds, text, choices, effects) -> None:
        earlier: list[str] = []
        for source, items in block.branches:
            mapped = self.condition(source) if source is not None else None
            if source is not None and mapped is None:
                self.note(f"condition `{source}` kept out: what it guards applies to every reader")
            negated = [f"not ({c})" for c in earlier]
            here = [*conds, *negated, *([mapped] if mapped else [])]
            self._items(items, here, text, choices, effects)
            if mapped:
                earlier.append(mapped)

    def _guarded(self, effect: dict, conds: list[str]) -> dict:
        if not conds:
            return effect
        return {"if": {"condition": " and ".join(f"({c})" for c in conds) if len(conds) > 1
                       else conds[0], "then": [effect]}}

    def _set(self, source: str) -> dict | None:
        target, value = _assignment(source)
        if target is None:
            self.note(f"set `{source}`")
            return None
        name = _var(target)
        if value in ("true", "false"):
            flag = name.replace("_", "-")
            return {"set-flag": flag} if value == "true" else {"clear-flag": flag}
        if re.fullmatch(r"-?\d+", value):
            return {"set": {"variable": name, "value": int(value)}}
        step = re.fullmatch(r"(?:it|\$?" + re.escape(target.lstrip("$_")) + r")\s*([+-])\s*(\d+)",
                            value)
        if step:
            op = "gain" if step[1] == "+" else "lose"
            return {op: {"variable": name, "amount": int(step[2])}}
        self.note(f"set `{source}`")
        return None

    def condition(self, source: str) -> str | None:
        """`source` in the content language, or None when it does not map."""
        tokens = _tokens(source.replace(" is not ", " isnot "))
        if not tokens:
            return None
        out: list[str] = []
        i = 0
        while i < len(tokens):
            kind, value = tokens[i]
            word = _WORDS.get(value.lower()) if kind in ("name", "op") else None
            if word is not None and not (kind == "name" and value.startswith(("$", "_"))):
                out.append(word)
            elif kind == "name":
                name = _var(value)
                if name in self.flags or (name not in self.numbers and not _compared(tokens, i)):
                    flag = f"flag('{name.replace('_', '-')}')"
                    nxt = [v for _, v in tokens[i + 1:i + 3]]
                    if len(nxt) == 2 and _WORDS.get(nxt[0].lower()) in ("==", "!=") and \
                            nxt[1].lower() in ("true", "false"):
                        positive = (_WORDS[nxt[0].lower()] == "==") == (nxt[1].lower() == "true")
                        out.append(flag if positive else f"not {flag}")
                        i += 3
                        continue
                    out.append(flag)
                else:
                    out.append(name)
            else:
                out.append(value)
            i += 1
        text = " ".join(out).replace("( ", "(").replace(" )", ")")
        try:
            compile_expression(text)
        except ExpressionError:
            return None
        return text


def _compared(tokens, i: int) -> bool:
    """The name at tokens[i] is compared with a number (so it is a number, not a flag)."""
    near = [v for _, v in tokens[max(0, i - 2):i + 3]]
    return any(re.fullmatch(r"-?\d+(\.\d+)?", v) for v in near)


def _assignment(source: str) -> tuple[str | None, str]:
    m = re.fullmatch(r"\s*([$_]?[A-Za-z_]\w*)\s*(?:to|=)\s*(.+?)\s*;?\s*", source, re.S)
    return (m[1], m[2]) if m else (None, "")


def _walk(items):
    for item in items:
        yield item
        if isinstance(item, _If):
            for _, sub in item.branches:
                yield from _walk(sub)
