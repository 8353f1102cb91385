from printkit.markup import Run, parse


def test_bold_italic_and_icons():
    assert parse("Deal **2** :sword: *now*") == [
        [
            Run("Deal "),
            Run("2", bold=True),
            Run(" "),
            Run("", icon="sword"),
            Run(" "),
            Run("now", italic=True),
        ]
    ]


def test_newlines_split_paragraphs_and_escapes_stay_literal():
    assert parse("a\\*b\nc \\:x:") == [[Run("a*b")], [Run("c :x:")]]


def test_box_style_adds_to_markup():
    assert parse("x **y**", bold=True) == [[Run("x ", bold=True), Run("y", bold=True)]]
    assert parse("*a*", italic=True) == [[Run("a", italic=True)]]


def test_colons_that_are_not_icons_are_text():
    assert parse("Range: 2. At 10:30 go") == [[Run("Range: 2. At 10:30 go")]]
