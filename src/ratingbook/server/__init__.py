"""``ratingbook desk``: the results desk's web server (issue 36). Players report their games
from their phones, the arbiter accepts them behind a password, and the desk
(:mod:`ratingbook.desk`) takes released results into the book.

- :mod:`ratingbook.server.security`: the password's hash, one-time form tokens, the rate per
  address, the lockout after wrong passwords (no HTTP);
- :mod:`ratingbook.server.cards`: QR codes and the printed pairing cards;
- :mod:`ratingbook.server.live`: the published pages as the book stands;
- :mod:`ratingbook.server.state`: what the pages share while the desk runs;
- :mod:`ratingbook.server.player_pages`, :mod:`ratingbook.server.arbiter_pages`: the pages;
- :mod:`ratingbook.server.excel_api`: the released results for xlwings Lite, with a token;
- :mod:`ratingbook.server.app`: the application and the checks every request passes;
- :mod:`ratingbook.server.serving`: waitress, the address, the retries of a take.
"""

from ratingbook.server.app import create_app
from ratingbook.server.serving import Listening, serve
from ratingbook.server.state import DeskState, Limits

__all__ = ["DeskState", "Limits", "Listening", "create_app", "serve"]
