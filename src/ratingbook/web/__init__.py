"""``ratingbook publish``: an event or a season's rating list as a static web site (no server
needed), built with Jinja2.

- :mod:`ratingbook.web.pages`: what each page shows, as plain tables (the figures are the
  workbook's own grids, :mod:`ratingbook.reports.event_grids`);
- :mod:`ratingbook.web.team_pages`: a team event's pages (issue 26);
- :mod:`ratingbook.web.list_pages`: a season's rating list's pages (issue 35), with a player's
  rating across the periods placed by :mod:`ratingbook.web.chart` and drawn by the template;
- :mod:`ratingbook.web.rendering`: pages rendered from the templates in ``templates/`` (every
  text escaped), with the footer and stylesheet every site shares;
- :mod:`ratingbook.web.site`: the site of an event of either kind, or of a list, rendered and
  written into a folder.
"""

from ratingbook.web.site import build_site

__all__ = ["build_site"]
