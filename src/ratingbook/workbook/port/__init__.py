"""The Book port and what the file and Excel adapters share, below everything that reads or plans.

:mod:`~ratingbook.workbook.port.book` (the Book interface and the plan of writes),
:mod:`~ratingbook.workbook.port.looks` (a cell's format and a sheet's layout, as data),
:mod:`~ratingbook.workbook.port.presentation` (how a generated sheet prints, and its charts, as
data), :mod:`~ratingbook.workbook.port.table_growth` (Excel tables growing over appended rows),
:mod:`~ratingbook.workbook.port.grid_book` (a Book over plain grids) and
:mod:`~ratingbook.workbook.port.run_request` (what a planner may know of its run). Nothing here
imports a sheet reader or a planner, so an adapter that imports the port loads neither.
"""
