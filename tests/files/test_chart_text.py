"""A chart's text settings hold no text (ECMA-376 part 1, 21.2.2.216): the runs, line breaks
and fields openpyxl leaves in a chart part's ``txPr`` dropped, every other character kept
(:mod:`ratingbook.files.ooxml.charttext`). Expected parts written out by hand."""

from __future__ import annotations

from ratingbook.files.ooxml.charttext import without_text_property_runs


def test_a_run_break_and_field_leave_the_label_settings_and_the_title_keeps_its_run() -> None:
    title = (
        '<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:rPr lang="en-US"/><a:t>Week by week'
        "</a:t></a:r></a:p></c:rich></c:tx></c:title>"
    )
    head = f'<c:chartSpace xmlns:c="c" xmlns:a="a"><c:chart>{title}<c:plotArea><c:catAx>'
    tail = '<c:crossAx val="100"/></c:catAx></c:plotArea></c:chart></c:chartSpace>'
    xml = (
        f'{head}<c:txPr><a:bodyPr rot="-2700000" vert="horz"/><a:p><a:pPr><a:defRPr/></a:pPr>'
        '<a:r><a:rPr lang="en-US"/><a:t>None</a:t></a:r><a:br/><a:fld id="{1}" type="x">'
        f'<a:t>f</a:t></a:fld><a:endParaRPr lang="en-US"/></a:p></c:txPr>{tail}'
    )
    assert without_text_property_runs(xml) == (
        f'{head}<c:txPr><a:bodyPr rot="-2700000" vert="horz"/><a:p><a:pPr><a:defRPr/></a:pPr>'
        f'<a:endParaRPr lang="en-US"/></a:p></c:txPr>{tail}'
    )


def test_as_openpyxl_writes_them_no_prefix_an_empty_run_and_a_none() -> None:
    """The Camper Chart's game axis after one openpyxl save, then after two (user test 48)."""
    kept = '<a:bodyPr rot="-2700000" vert="horz" /><a:p><a:pPr><a:defRPr /></a:pPr>'
    end = '<a:endParaRPr lang="en-US" /></a:p>'
    for run in ("<a:r><a:t /></a:r>", "<a:r><a:t>None</a:t></a:r>"):
        xml = f'<catAx><axId val="10" /><txPr>{kept}{run}{end}</txPr><crossAx val="100" /></catAx>'
        assert without_text_property_runs(xml) == (
            f'<catAx><axId val="10" /><txPr>{kept}{end}</txPr><crossAx val="100" /></catAx>'
        )


def test_a_part_without_text_settings_is_kept_as_it_is() -> None:
    xml = '<c:valAx><c:scaling><c:max val="1300"/></c:scaling></c:valAx><a:r><a:t>x</a:t></a:r>'
    assert without_text_property_runs(xml) == xml
