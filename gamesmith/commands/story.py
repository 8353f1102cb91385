"""`gamesmith story coverage|odds PACK --story ID`: every branch of a story's state space
visited (cards and choices no path covers), and the exact odds of each ending."""

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from compiler.analysis.story_state import StateSpace

app = typer.Typer(help="Analyse a story's states: exhaustive coverage, exact ending odds.",
                  no_args_is_help=True)

Pack = Annotated[Path, typer.Argument(help="content pack")]
StoryId = Annotated[str, typer.Option("--story", help="the story, by id")]
Format = Annotated[str, typer.Option("--format", "-f", help="text or json")]


def _space(pack: Path, story: str, stats: list[str] | None = None) -> "StateSpace":
    from compiler import compile_pack
    from compiler.analysis.story_state import explore
    from compiler.analysis.story_world import build_world
    from compiler.diagnostics import Report, render
    from compiler.validate import suggest

    result = compile_pack(pack)
    if result.game is None:
        report = Report([d for d in result.report.diagnostics if d.severity == "error"])
        sys.stderr.write(render(report, "text", sources=result.sources.get,
                                color=sys.stderr.isatty()))
        raise typer.Exit(1)
    stories = result.game.stories
    if story not in stories:
        hint = suggest(story, stories) or "stories: " + (", ".join(sorted(stories)) or "none")
        raise typer.BadParameter(f"no story '{story}' in {pack} ({hint})", param_hint="--story")
    world = build_world(result.units)
    world.assumed = _pairs(stats or [], "--stat", number=True)
    return explore(stories[story], world)


def _pairs(values: list[str], option: str, number: bool = False) -> dict:
    out = {}
    for text in values:
        name, sep, value = text.partition("=")
        try:
            out[name.strip()] = int(value) if number else float(value)
        except ValueError:
            sep = ""
        if not sep or not name.strip():
            raise typer.BadParameter(f"'{text}' is not NAME=NUMBER", param_hint=option)
    return out


def _format(format: str) -> None:
    if format not in ("text", "json"):
        raise typer.BadParameter("choose text or json", param_hint="--format")


@app.command("coverage")
def coverage(pack: Pack, story: StoryId, format: Format = "text") -> None:
    """Visit every branch (choices, challenge passes and fails, battle outcomes) of every
    reachable state; name the cards and choices no path covers. Exit 1 when some are."""
    from rich.console import Console

    from compiler.analysis.story_coverage import coverage as story_coverage

    _format(format)
    space = _space(pack, story)
    cov = story_coverage(space)
    data = cov.to_json()
    if format == "json":
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    else:
        out = Console()
        how = "exhaustive" if cov.exact else "merged approximation (past the budget)"
        out.print(f"[bold]{story}[/bold]: {cov.states} states, {len(cov.cards)} of "
                  f"{len(space.story.cards)} cards read, {len(cov.branches)} branches taken "
                  f"({how})", highlight=False)
        for key in cov.never:
            out.print(f"card {key}: no path reaches it", highlight=False)
        for key in cov.passed_over:
            out.print(f"card {key}: reached, but its `if` never holds: always passed over",
                      highlight=False)
        for key, via, text in cov.untaken:
            out.print(f"card {key}, {via} ({text}): no path takes it", highlight=False)
        if not (cov.never or cov.passed_over or cov.untaken):
            out.print("every card and branch is covered", highlight=False)
    raise typer.Exit(1 if cov.never or cov.passed_over or cov.untaken else 0)


@app.command("odds")
def odds(
    pack: Pack, story: StoryId, format: Format = "text",
    weight: Annotated[list[str], typer.Option(
        "--weight", help="CARD=W1,W2,… weights of a card's choices, in order")] = [],  # noqa: B006
    battle: Annotated[list[str], typer.Option(
        "--battle", help="OUTCOME=W: weight of a battle outcome (default: all equal)")] = [],  # noqa: B006
    stat: Annotated[list[str], typer.Option(
        "--stat", help="NAME=N: a value the story does not set (a challenge's stat)")] = [],  # noqa: B006
) -> None:
    """Exact chance of each ending under a reader policy: choices uniform among the open
    ones (or weighted), battle outcomes equal (or weighted), challenges by their dice."""
    from rich.console import Console
    from rich.table import Table

    from compiler.analysis.story_odds import OddsError, Policy, ending_odds

    _format(format)
    choices = {}
    for text in weight:
        card, sep, values = text.partition("=")
        try:
            choices[card.strip()] = [float(v) for v in values.split(",")]
        except ValueError:
            sep = ""
        if not sep:
            raise typer.BadParameter(f"'{text}' is not CARD=W1,W2,…", param_hint="--weight")
    policy = Policy(choices, _pairs(battle, "--battle"))
    space = _space(pack, story, stat)
    try:
        result = ending_odds(space, policy)
    except OddsError as err:
        typer.echo(f"error: no exact odds for story '{story}': {err}", err=True)
        raise typer.Exit(1) from None
    if format == "json":
        data = {"story": story, "policy": policy.describe(), "states": len(space.cards),
                "endings": {k: {"chance": float(v), "exact": str(v)} for k, v in result.items()}}
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return
    out = Console()
    out.print(f"[bold]{story}[/bold]: {len(space.cards)} states; {policy.describe()}",
              highlight=False)
    table = Table("ending", "chance", "exactly")
    for name, p in result.items():
        table.add_row(name, f"{float(p):.2%}", str(p))
    out.print(table)


def print_story_hits(out: "Console", hits: dict) -> None:
    """The story coverage part of `simulate --story`: hit counts, cards and choices missed."""
    from rich.table import Table

    cards = hits["cards"]
    read = sum(1 for n in cards.values() if n)
    out.print(f"Story cards read: {read} of {len(cards)}; choices taken: "
              f"{sum(1 for n in hits['choices'].values() if n)} of {len(hits['choices'])}",
              highlight=False)
    table = Table("card", "reads", "choices taken (#1, #2, …)")
    for key, n in cards.items():
        taken = [str(v) for k, v in hits["choices"].items() if k.rsplit("#", 1)[0] == key]
        table.add_row(key, str(n), ", ".join(taken))
    out.print(table)
    if hits["cards_never_reached"]:
        out.print("Cards never reached: " + ", ".join(hits["cards_never_reached"]),
                  highlight=False)
    if hits["choices_never_taken"]:
        out.print("Choices never taken: " + ", ".join(hits["choices_never_taken"]),
                  highlight=False)
