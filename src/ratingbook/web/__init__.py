"""``ratingbook publish``: an event as a static web site (no server needed), built with Jinja2.

- :mod:`ratingbook.web.pages`: what each page shows, as plain tables (the figures are the
  workbook's own grids, :mod:`ratingbook.reports.event_grids`);
- :mod:`ratingbook.web.team_pages`: a team event's pages (issue 26);
- :mod:`ratingbook.web.rendering`: pages rendered from the templates in ``templates/`` (every
  text escaped), with the footer and stylesheet every site shares;
- :mod:`ratingbook.web.site`: the site of an event of either kind rendered and written into a
  folder.
"""

from ratingbook.web.site import build_site

__all__ = ["build_site"]
