"""``python -m ratingbook``: the same as the ``ratingbook`` command."""

from ratingbook.cli import main

if __name__ == "__main__":
    main()
