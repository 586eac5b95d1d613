"""The ``ratingbook`` command line (the console script is :func:`main`).

- :mod:`~ratingbook.cli.app`: the command group and :func:`main`;
- :mod:`~ratingbook.cli.seed_commands`: ``crikey``, ``elo-series``, ``elo-tournament``, ``swiss``;
- :mod:`~ratingbook.cli.book_commands`: ``recalc``, ``new-week``, ``pair`` over books and folders;
- :mod:`~ratingbook.cli.trf_commands`: ``trf export``, ``trf import``;
- :mod:`~ratingbook.cli.template_command`: ``template``;
- :mod:`~ratingbook.cli.addin_command`: ``addin`` (the Excel add-in the package carries);
- :mod:`~ratingbook.cli.jobs`: one book's job (open, compute, save);
- :mod:`~ratingbook.cli.batch`: each job in a child process of its own;
- :mod:`~ratingbook.cli.reporting`: how every command reports an input error;
- :mod:`~ratingbook.cli.options`, :mod:`~ratingbook.cli.inputs`: shared options, reading input.
"""

from ratingbook.cli.app import cli, main

__all__ = ["cli", "main"]
