"""`gamesmith report RESULTS`: draw the HTML report of a run, finished or not."""


import json
from pathlib import Path
from typing import Annotated

import typer


def report(
    results: Annotated[Path, typer.Argument(
        help="a results file (simulate --results) or figures (simulate --format json)")],
    output: Annotated[Path, typer.Option("--output", "-o", help="the HTML file to write")] = Path(
        "report.html"),
) -> None:
    """Write a self-contained HTML balance report (charts, works offline) from saved results;
    a run still going or stopped early draws what it has."""
    from runtime.errors import RuleError

    try:
        data = _figures(results)
    except RuleError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(1) from None
    from runtime.report import write_report  # matplotlib: only when a report is drawn

    try:
        write_report(output, data)
    except OSError as err:
        typer.echo(f"error: cannot write {output}: {err.strerror or err}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"report: {output} ({data.get('games', 0)} games)")


def _figures(path: Path) -> dict:
    from runtime.errors import RuleError
    from runtime.figures import run_figures
    from runtime.results import FORMAT, read_results

    try:
        with path.open(encoding="utf-8") as fh:
            first = fh.readline()
    except OSError as err:
        raise RuleError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        head = json.loads(first)
    except ValueError:
        head = None
    if isinstance(head, dict) and head.get("format") == FORMAT:
        return run_figures(*read_results(path))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as err:
        raise RuleError(f"{path} is neither a results file nor figures: {err}") from None
    if not isinstance(data, dict) or not ({"cells", "seats"} & set(data)):
        raise RuleError(f"{path} is neither a results file nor figures")
    return data
