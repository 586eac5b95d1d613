"""The ready-to-use workbooks: camp ladder, Crikey, Elo and Swiss.

- :mod:`~ratingbook.templates.designs`: what each template holds (the Swiss one in
  :mod:`~ratingbook.templates.swiss_design`, the ladder's camper chart in
  :mod:`~ratingbook.templates.camper_chart`);
- :mod:`~ratingbook.templates.writer`: builds them with openpyxl, recalculates the samples, and
  writes byte-for-byte reproducible files;
- :mod:`~ratingbook.templates.trf_book`: a Swiss workbook made from a TRF file;
  :mod:`~ratingbook.templates.team_trf_book`: a team workbook made from a team TRF file;
  :mod:`~ratingbook.templates.imported_book`: either, of the kind of event the file holds.
"""

from ratingbook.templates.writer import (
    KINDS,
    TemplateBook,
    build_template,
    sample_rows,
    stale_templates,
    template_bytes,
    write_template,
)

__all__ = [
    "KINDS",
    "TemplateBook",
    "build_template",
    "sample_rows",
    "stale_templates",
    "template_bytes",
    "write_template",
]
