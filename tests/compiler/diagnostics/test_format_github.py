from compiler.diagnostics import CATALOGUE, Diagnostic, Location, Report
from compiler.diagnostics.formats.github import escape_data, escape_property, render_github


def test_whole_report(report):
    assert render_github(report).splitlines() == [
        "::error file=content/g,title=GS304 no-game::no game.yaml in the pack%0Ahint: add one",
        "::notice file=content/g/story.yaml,line=1,col=1,title=GS408 never-tested"
        "::flag 'café' never tested",
        "::error file=content/g/story.yaml,line=3,col=19,title=GS301 unknown-reference"
        "::unknown scenario 'courtyard-dule'%0Ahint: did you mean 'courtyard-duel'?",
        "::warning file=content/g/story.yaml,line=4,title=GS401 unreachable-card"
        "::card '12' is unreachable",
        "::error file=content/g/story.yaml,line=4,col=18,title=GS402 broken-link"
        "::100%25 broken, says: me%0Asecond line",
    ]


def test_escaping_follows_actions_toolkit():
    assert escape_data("50%\r\n, a: b") == "50%25%0D%0A, a: b"
    assert escape_property("50%\r\n, a: b") == "50%25%0D%0A%2C a%3A b"


def test_properties_are_escaped():
    r = Report([CATALOGUE["GS301"]("m", Location("dir,1/a:b.yaml", 2, 3))])
    assert (
        render_github(r)
        == "::error file=dir%2C1/a%3Ab.yaml,line=2,col=3,title=GS301 unknown-reference::m\n"
    )


def test_absolute_path_below_cwd_is_made_relative(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = Report([CATALOGUE["GS301"]("m", Location(str(tmp_path / "c" / "a.yaml"), 1, 1))])
    assert render_github(r).startswith("::error file=c/a.yaml,line=1,col=1,")


def test_code_outside_the_catalogue_and_empty_report():
    r = Report([Diagnostic("GS999", CATALOGUE["GS301"].severity, "m", Location(""))])
    assert render_github(r) == "::error title=GS999::m\n"
    assert render_github(Report()) == ""
