"""Reference documents generated from the catalogues and models: docs/ops.md,
docs/diagnostics.md and docs/language.md."""

from __future__ import annotations

from typing import get_args

from pydantic import BaseModel

from compiler.diagnostics.catalogue import render_markdown as diagnostics_markdown
from compiler.language.catalogue import OPS
from compiler.language.op_examples import EXAMPLES, meaning
from compiler.language.selectors import SELECTORS, WINDOWS, Selector
from compiler.language_doc import _default_words, language_markdown, type_words


def ops_markdown() -> str:
    lines = [
        "# Effect ops",
        "",
        "Effects are lists of one-key mappings, `- op: {params}`. An op marked with a",
        "shorthand also takes a bare value: `- draw: 2` is `- draw: {count: 2}`. Amounts are a",
        "number or an expression (`max(1, hp - 2)`); selectors name seats or pieces (see",
        "[Selectors](#selectors)). Every example below is compiled by the tests.",
        "Generated from `compiler/language/ops.py` by `gamesmith docs`.",
        "",
    ]
    groups: dict[str, list] = {}
    for o in OPS.values():
        groups.setdefault(o.group, []).append(o)
    for group, ops in groups.items():
        lines += [f"## {group}", ""]
        for o in ops:
            lines += [f"### `{o.name}`", "", o.doc, ""]
            if o.params.shorthand:
                lines += [f"Shorthand: `- {o.name}: <{o.params.shorthand.rstrip('_').replace('_', '-')}>`", ""]
            fields = o.params.model_fields
            if fields:
                lines += ["| parameter | type | required / default | meaning |", "| --- | --- | --- | --- |"]
                for name, info in fields.items():
                    alias = info.alias or name
                    words = _type(info).replace("|", "\\|")
                    lines.append(f"| `{alias}` | {words} | {_default_words(info)} | "
                                 f"{meaning(o.name, alias, info.description)} |")
                lines.append("")
            lines += ["```yaml", f"- {EXAMPLES[o.name]}", "```", ""]
    lines += _GUIDES
    lines += ["## Selectors", "", "| selector | meaning |", "| --- | --- |"]
    lines += [f"| `{s.name}` | {s.doc} |" for s in SELECTORS.values()]
    lines += ["", "## Timing windows", "", "| window | when |", "| --- | --- |"]
    lines += [f"| `{w.name}` | {w.doc} |" for w in WINDOWS.values()]
    return "\n".join(lines) + "\n"


def _type(info) -> str:
    """A parameter's type in words; a selector is named as such (see Selectors)."""
    selector = "[selector](#selectors)"
    marks = tuple(info.metadata)
    if info.annotation == Selector or any(m in _SELECTOR_MARKS for m in marks):
        return selector
    words = type_words(info.annotation, marks)
    return words.replace("text", selector) if _has_selector(info.annotation) else words


_SELECTOR_MARKS = tuple(get_args(Selector)[1:])


def _has_selector(tp) -> bool:
    return tp == Selector or any(_has_selector(a) for a in get_args(tp) if a is not type(None))


_GUIDES = """\
## Moving every card of a zone at once

`move-card` moves one card unless told otherwise, and a person is asked which. To move a
whole zone (or every card matching a condition) without a question per card, give it
`all: true`; `then:` runs effects once for each card moved, and expressions there read
that card's fields:

```yaml
- move-card: {from: market, to: stash, all: true, matching: cost <= 3, then: [lose: {variable: coins, amount: cost}]}
```

`shuffle: {zone: discard, into: draw}` also gathers a whole zone into another, shuffled.

## The scripted agent's file

`--seat scripted:FILE` plays a seat from a YAML list, one entry per decision, in order.
An entry is an option's number counted from 0, its exact label or key (`action:move`,
`card:lantern`, `cell:C4`), or a piece of text found in exactly one option's label, case
ignored. When an entry matches nothing, or the list runs out, the game stops with an
error listing the options on offer.

```yaml
- Stout            # a piece of a label
- cell:A1          # a key
- 0                # the first option
- A2               # an exact label
- end your turn    # case is ignored
```

## How the heuristic bot plays

For each option of a decision, the heuristic bot deals itself one guess at what it cannot
see, plays the option, lets the other seats answer at random until its turn comes back
(at most 60 of their decisions), and scores the position it reaches; the best score wins.
Options that score alike are told apart by the position right after each is played, before
anyone answers it, and only then at random. A won game scores +1000 and a lost one -1000. Otherwise the
score is the weighted sum of the names in the rules' `evaluation:` for that seat, less the
best opponent's sum (in a co-operative game or a battle, the party's sum, shared). Without
`evaluation:` it counts cards in hand.

```yaml
evaluation:
  coins: 1          # each coin is worth one point
  hp: 2             # health counts double
  hand: 0.5         # so do cards in hand, at half
```

A weight is what one unit of a variable, stat or built-in name (`hand`, `successes`…) is
worth. Weight what moves a seat towards winning; a name left out is ignored, so a bot
without a weight for the win condition's variable wanders. Where the first unit of a
seat's value matters more than the next, write the weight as steps, from the first unit
down: `equipment_carried: [4.0, 1.5]` weighs each seat's first card 4, its second 1.5 and
any more nothing, so a party's bots hand a spare weapon to an empty-handed ally and never
leave one empty-handed for a second weapon elsewhere (a step worth more than the one
before is GS715). Compare bots with
`gamesmith simulate --seat heuristic --seat random` before and after a change.

Where the rules act by themselves after the seats' turns (foes that move and strike in an
Enemy Turn), say `lookahead: round` beside `evaluation:`: the heuristic bot then plays each
option on to the end of the round (every turn passing, other choices at random; the best of
3 play-outs counts) before scoring it, and tree search scores its leaves the same way (the
searching seat's own follow-up choices of the option, such as a Move's square, played the best
one step on first), so a square inside several foes' reach scores what those blows cost. A scenario may say
`lookahead:` for itself (a battle whose danger comes in the foes' turn), in place of the
rules' while it is fought, on its own or inside a story. A story's cards walked between
battles (picking Characters, story choices, buying and selling) are played in no rounds: with
`lookahead: round` a choice there is scored as soon as it is done (a choice that asks its
seat more, such as which card to sell, finished the best way, and in a pause between cards
the rest of the seat's pause played best unless the choice lost something), or where the next
battle begins, never after that battle's first round; a pause's "go on" is scored as the
position stands, since what the next card brings follows every choice of the pause alike, and
an action that does no better than going on is not taken. A play-out
that ends a battle goes on through the pauses after it, so a battle lost into a defeat ending
scores as the loss it is. Where the round's play-outs cannot tell options apart (the battle
lost inside the round whichever way a figure faces, or foes that have moved on by the round's
end), the position right after the option decides: a weighed exposure such as
`foes_unguarded`, read there, turns the figure towards the foes beside it. Names such as
`foes_beside`, `foe_distance` and `exit_distance` give a board game's bots a sense of
direction. A battle (`kind: scenario`) may weigh names its own way with its own `evaluation:`,
over the rules' while it is fought, on its own or inside a story; a weight of 0 drops a name
(`{exit_distance: 0}` where the exit is the foe's way out, not the party's).

""".splitlines()


def _default(info) -> str:
    value = info.get_default(call_default_factory=True)
    if isinstance(value, BaseModel):
        return "…"
    return f"`{value}`" if value not in (None, [], {}) else ""


DOCS = {
    "docs/ops.md": ops_markdown,
    "docs/diagnostics.md": diagnostics_markdown,
    "docs/language.md": language_markdown,
}
