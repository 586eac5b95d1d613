"""Helpers the tests share: workbooks built by hand, the xlwings JSON book, PDFs, samples."""
