"""The .xlsx package (Office Open XML), as both file back ends read it.

From the bottom up (each imports only those above it):

- :mod:`~ratingbook.files.ooxml.xmltext`: XML text and attributes; hostile and damaged XML refused;
- :mod:`~ratingbook.files.ooxml.charttext`: a chart's text settings hold no text run;
- :mod:`~ratingbook.files.ooxml.numberformats`: the built-in number formats, which show dates;
- :mod:`~ratingbook.files.ooxml.zipread`: the zip's members, their checks, their stored bytes;
- :mod:`~ratingbook.files.ooxml.zipwrite`: the output zip (deflated in a thread where one can run);
- :mod:`~ratingbook.files.ooxml.opc`: relationships and content types;
- :mod:`~ratingbook.files.ooxml.workbookpart`: workbook.xml: sheets, date system, ``calcPr``;
- :mod:`~ratingbook.files.ooxml.trust`: whether a file vouches for its formulas' stored values,
  and the mark ratingbook leaves in the books it saves.
"""
