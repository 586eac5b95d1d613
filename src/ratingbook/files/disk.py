"""Workbook files on disk: the checks made before a file is read, and atomic saving.

Shared by both file adapters (:mod:`ratingbook.files.rewriting.openpyxl_book` with openpyxl,
:mod:`ratingbook.files.patching` patching the zip), and free of either library.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import os
import stat
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

from ratingbook.errors import WorkbookError

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

__all__ = [
    "MACRO_SUFFIXES",
    "MAX_RATIO",
    "MAX_UNCOMPRESSED",
    "SUFFIXES",
    "TEMPORARY_PREFIX",
    "WORKBOOK_SUFFIXES",
    "atomic_save",
    "check_book_path",
    "check_output_path",
    "check_package",
    "check_save_target",
    "excel_has_it",
    "held_for_in_place",
    "path_problem",
    "remove_stale_temporaries",
    "stat_book",
]

# A real camp or club workbook is a few MB unpacked; this is far beyond that and still safe.
MAX_UNCOMPRESSED = 1 << 30  # 1 GiB
# Even very regular sheet XML compresses about 100:1; a zip bomb is far beyond that.
MAX_RATIO = 1000
MACRO_SUFFIXES = frozenset({".xlsm", ".xltm"})
SUFFIXES = frozenset({".xlsx", ".xlsm", ".xltx", ".xltm"})
# What a folder of books is taken to hold: workbooks, not Excel templates (.xltx, .xltm).
WORKBOOK_SUFFIXES = frozenset({".xlsx", ".xlsm"})

# Zip parts that openpyxl drops or damages on a load + save round trip, with what users call them.
# Drawings (charts, pictures, shapes) are not here: openpyxl keeps the charts and pictures it can
# read, so what it loses of them is judged after the load; nor are pivot tables, which it
# writes back but for a few things of each, named table by table (both in
# rewriting.openpyxl_losses).
_UNCARRIED_PARTS: tuple[tuple[str, str], ...] = (
    ("xl/slicers/", "slicers"),
    ("xl/slicerCaches/", "slicers"),
    ("xl/timelines/", "timelines"),
    ("xl/ctrlProps/", "form controls"),
    ("xl/activeX/", "ActiveX controls"),
    ("xl/embeddings/", "embedded objects"),
    ("xl/threadedComments/", "threaded comments"),
    ("xl/model/", "a data model"),
    ("xl/queryTables/", "query tables"),
    ("xl/connections.xml", "data connections"),
    ("customUI/", "a custom ribbon"),
    ("xl/richData/", "rich data (images in cells)"),
)


# What a path's operating-system error means, in words (the errno names are POSIX's).
_PATH_ERRORS = {
    errno.ENOENT: "does not exist",
    errno.ENAMETOOLONG: "has a name too long for the file system (at most 255 bytes a name)",
    errno.ELOOP: "is a symbolic link that leads back to itself (a link loop)",
    errno.EACCES: "cannot be opened: permission denied",
    errno.EPERM: "cannot be opened: permission denied",
    errno.ENOTDIR: "is not in a folder (a part of the path is a file)",
    errno.EISDIR: "is a folder, not a workbook",
}


def path_problem(name: str, error: OSError) -> str:
    """One line saying what is wrong with the path ``name``, for an error raised while using it."""
    words = _PATH_ERRORS.get(error.errno or 0)
    return f"{name!r} {words}" if words else f"cannot read {name!r}: {error.strerror or error}"


def _require_writable(name: str, mode: int) -> None:
    """A file marked read-only (no write permission for anyone, as Excel and Windows' read-only
    attribute mark it) is never replaced in place: its owner protected it. The mode is read, not
    the caller's access, so that the refusal is the same for every user, the administrator too."""
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise WorkbookError(
            f"{name!r} is read-only: ratingbook does not replace it in place; make it writable "
            "first, or write the result to another file with -o; nothing was written"
        )


def excel_has_it(path: Path) -> bool:
    """Whether Excel holds ``path`` open: its owner file is beside it (:func:`_owner_file`)."""
    return _owner_file(path) is not None


def _owner_file(path: Path) -> Path | None:
    """Excel's owner file of ``path`` when it is beside it: ``~$NAME`` (Excel drops the name's
    first two characters when it is long, so both spellings are looked for)."""
    for name in sorted({"~$" + path.name, "~$" + path.name[2:]}):
        with contextlib.suppress(OSError):  # a name too long once prefixed: no such file
            if (path.parent / name).exists():
                return path.parent / name
    return None


def _require_closed_in_excel(path: Path) -> None:
    """A book Excel holds open is never replaced in place, whichever command writes it: Excel
    keeps its own copy, and its next save loses this run's change, or closing it unsaved loses
    what was typed there. On a system where Excel does not lock the file its owner file
    (:func:`_owner_file`) is what shows it."""
    owner = _owner_file(path)
    if owner is not None:
        raise WorkbookError(
            f"{str(path)!r} is open in Excel (its owner file {owner.name!r} is beside it): "
            "close it there first (saved), then run again; nothing was written (written while "
            "Excel holds it, the book loses this run's change when Excel saves it, or what was "
            "typed there when Excel closes it unsaved; an owner file Excel left behind when it "
            "stopped abruptly may be deleted)"
        )


def _require_regular(name: str, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise WorkbookError(f"{name!r} is a folder, not a workbook")
    if stat.S_ISFIFO(mode):
        what = "a named pipe (FIFO)"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        what = "a device"
    elif stat.S_ISSOCK(mode):
        what = "a socket"
    else:
        what = "not an ordinary file"
    raise WorkbookError(f"{name!r} is {what}, not a workbook file")


def stat_book(path: Path) -> os.stat_result:
    """The status of the workbook file ``path`` (links followed), or a one-line
    :class:`WorkbookError`: missing, a name too long, a link loop, permission denied, a folder,
    a pipe or a device. Nothing is opened, so a pipe cannot block."""
    try:
        status = os.stat(path)
    except OSError as error:
        raise WorkbookError(path_problem(str(path), error)) from error
    _require_regular(str(path), status.st_mode)
    return status


def _replaceable(path: Path, verb: str) -> bool:
    """Whether ``path`` names an existing file that a new one may replace; a
    :class:`WorkbookError` (``cannot {verb} ...``) if it cannot be written at all: a path
    problem (too long, a link loop), a folder, a pipe or a device."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as error:
        raise WorkbookError(f"cannot {verb}: {path_problem(str(path), error)}") from error
    if stat.S_ISDIR(status.st_mode):
        raise WorkbookError(f"cannot {verb} {str(path)!r}: it is a folder")
    if not stat.S_ISREG(status.st_mode):
        # Replacing a pipe or a device by a file would break whatever uses it.
        raise WorkbookError(f"cannot {verb} {str(path)!r}: it is not an ordinary file")
    return True


def check_output_path(path: Path) -> bool:
    """Whether the output ``path`` names an existing file; a :class:`WorkbookError` if it
    cannot be written at all: a path problem (too long, a link loop), a folder, a pipe or a
    device. Checked before any work, so a bad output name costs nothing."""
    return _replaceable(path, "write")


def check_book_path(path: Path) -> None:
    """The checks made before a workbook file is opened at all: an Excel workbook's name, and a
    regular file (not missing, a folder, a pipe or a device: see :func:`stat_book`)."""
    if path.suffix.lower() not in SUFFIXES:
        raise WorkbookError(
            f"{str(path)!r} is not an Excel workbook (.xlsx or .xlsm); "
            "save it from Excel as 'Excel Workbook' first"
        )
    stat_book(path)


def check_package(path: Path) -> list[str]:
    """Check that ``path`` is a readable, sane .xlsx package; return the parts openpyxl would lose
    whatever they hold (its drawings are judged once it has loaded them, ``drawing_losses``, and
    what it drops of each pivot table too, ``pivot_table_losses``).

    Raises :class:`WorkbookError` for anything that is not a workbook we can read safely.
    """
    name = str(path)
    check_book_path(path)
    try:
        # O_NONBLOCK: should the name have become a pipe since stat_book looked, opening it
        # must not wait for a writer.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            _require_regular(name, os.fstat(handle.fileno()).st_mode)
            magic = handle.read(8)
    except OSError as error:
        raise WorkbookError(path_problem(name, error)) from error
    if magic.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        raise WorkbookError(
            f"{name!r} is password-protected (encrypted) or an old-style .xls file; "
            "remove the password or save it as .xlsx in Excel first"
        )
    if not magic.startswith(b"PK"):
        raise WorkbookError(f"{name!r} is not an .xlsx file (it is not a zip package)")
    try:
        with zipfile.ZipFile(path) as package:
            infos = package.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise WorkbookError(f"{name!r} is damaged: not a readable zip package ({error})") from error
    total = sum(info.file_size for info in infos)
    packed = sum(info.compress_size for info in infos)
    if total > MAX_UNCOMPRESSED or (total > (16 << 20) and total > MAX_RATIO * max(packed, 1)):
        raise WorkbookError(
            f"{name!r} claims {total:,} bytes once unpacked from {packed:,}: "
            "refusing it as a possible zip bomb"
        )
    names = {info.filename for info in infos}
    if "xl/workbook.xml" not in names and "[Content_Types].xml" not in names:
        raise WorkbookError(f"{name!r} is a zip file but not an Excel workbook")
    lost: list[str] = []
    for prefix, what in _UNCARRIED_PARTS:
        if any(n.startswith(prefix) for n in names) and what not in lost:
            lost.append(what)
    return lost


def check_save_target(target: str | os.PathLike[str], source: Path, keep_vba: bool) -> Path:
    """The file to write for ``target``, checked before anything is computed or written.

    A symbolic link is followed (replacing the link would leave the real file stale); the
    extension must be a workbook's and keep the source's kind (.xlsm stays .xlsm); the folder
    must exist and the target must not be a folder.
    """
    path = Path(target)
    try:
        if path.is_symlink():
            path = Path(os.path.realpath(path))
        suffix = path.suffix.lower()
        if suffix not in SUFFIXES:
            raise WorkbookError(f"cannot save as {str(path)!r}: use an .xlsx or .xlsm name")
        if (suffix in MACRO_SUFFIXES) != keep_vba:
            kind = "a macro workbook (.xlsm)" if keep_vba else "a workbook without macros"
            raise WorkbookError(
                f"cannot save {str(source)!r}, {kind}, as {str(path)!r}: keep the extension"
            )
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.is_dir():
            raise WorkbookError(f"cannot save {str(path)!r}: folder {str(folder)!r} does not exist")
    except OSError as error:
        raise WorkbookError(f"cannot save: {path_problem(str(path), error)}") from error
    _replaceable(path, "save")
    return path


# A file being written is named ``.~ratingbook-PID-RANDOM.xlsx`` in the target's folder: hidden,
# recognisable, and naming the process that writes it.
TEMPORARY_PREFIX = ".~ratingbook-"


def _lock(descriptor: int) -> None:
    """Take an exclusive advisory lock on an open file, held until it is closed (or the
    process dies, however it dies): how a writer says "this temporary file is in use"."""
    assert fcntl is not None
    with contextlib.suppress(OSError):  # a file system without locks: the owner's PID says
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _owner_is_gone(name: str) -> bool:
    owner = name[len(TEMPORARY_PREFIX) :].partition("-")[0]
    if not owner.isdigit():
        return False  # not one of ours
    try:
        os.kill(int(owner), 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except OSError:  # it exists (another user's process)
        pass
    # A process killed a moment ago may still be a zombie, waiting to be reaped by its parent
    # (or by init, when the parent was killed too): it is gone all the same.
    with contextlib.suppress(OSError, IndexError), open(f"/proc/{owner}/stat", "rb") as status:
        return status.read().rpartition(b")")[2].split()[0] == b"Z"
    return False


def remove_stale_temporaries(folder: Path) -> list[str]:
    """Remove the temporary files in ``folder`` left by a ratingbook run that was killed while
    writing; return their names.

    A temporary file is stale when the process its name gives is gone and no process holds its
    lock (a live writer holds it until its rename; the lock also protects writers on other
    machines sharing the folder). Without ``fcntl`` (Windows) nothing is removed: there a
    process cannot be asked safely whether it is alive.
    """
    if fcntl is None:
        return []
    removed: list[str] = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(TEMPORARY_PREFIX)]
    except OSError:
        return []
    for name in names:
        path = os.path.join(folder, name)
        if not _owner_is_gone(name):
            continue
        try:
            descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                continue
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.unlink(path)
            removed.append(name)
        except OSError:  # locked by a live writer, or already gone
            continue
        finally:
            os.close(descriptor)
    return removed


# --- in-place writes ------------------------------------------------------------------------------

# The files being replaced in place by this process, each with its identity when it was read:
# (device, inode, size, modification time in ns). atomic_save refuses to replace one of them
# that no longer matches (another program saved it meanwhile).
_HELD: contextvars.ContextVar[dict[str, tuple[int, int, int, int]]] = contextvars.ContextVar(
    "ratingbook_held_files"
)


def _identity(status: os.stat_result) -> tuple[int, int, int, int]:
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


@contextlib.contextmanager
def held_for_in_place(path: Path) -> Iterator[None]:
    """Hold the workbook ``path`` while it is read, computed and replaced in place.

    Two guards, so that no run's work is lost to another's:

    - an exclusive lock on the file (``flock``), taken before it is read and held until its
      replacement is in place: a second ratingbook run on the same file waits, then reads the
      first one's result (a run never starts from a version that is being replaced);
    - :func:`atomic_save` compares the file with what was read (device, inode, size,
      modification time) just before the rename, and refuses to replace a file that changed
      meanwhile (saved by Excel or any program that ignores the lock): a
      :class:`WorkbookError`, and nothing is written.

    And a book open in Excel is refused (:func:`_require_closed_in_excel`), once the file is
    known to be one: the one rule of every in-place write (``--in-place``, ``undo``, ``redo``,
    ``results take``, ...).
    """
    real = os.path.realpath(path)
    while True:
        try:
            descriptor = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError as error:
            raise WorkbookError(path_problem(str(path), error)) from error
        try:
            _require_regular(str(path), os.fstat(descriptor).st_mode)
            _require_writable(str(path), os.fstat(descriptor).st_mode)
            if fcntl is not None:
                with contextlib.suppress(OSError):  # a file system without locks
                    fcntl.flock(descriptor, fcntl.LOCK_EX)  # waits for another run to finish
            held = os.fstat(descriptor)
            try:
                named = os.stat(real)
            except OSError:
                named = None
        except BaseException:
            os.close(descriptor)
            raise
        if named is not None and (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino):
            break
        # Replaced while we waited for the lock (by the run that held it): hold the new file.
        os.close(descriptor)
    try:
        _require_closed_in_excel(path)
    except WorkbookError:
        os.close(descriptor)
        raise
    token = _HELD.set({**_HELD.get({}), real: _identity(held)})
    try:
        yield
    finally:
        _HELD.reset(token)
        os.close(descriptor)


def _refuse_if_changed(target: Path) -> None:
    """Raise if ``target`` is held for an in-place write and changed since it was read."""
    real = os.path.realpath(target)
    expected = _HELD.get({}).get(real)
    if expected is None:
        return
    try:
        now: tuple[int, int, int, int] | None = _identity(os.stat(real))
    except OSError:
        now = None
    if now != expected:
        raise WorkbookError(
            f"{str(target)!r} changed since it was read (another program or run saved it "
            "meanwhile); nothing was written: run again to start from the new version"
        )


def atomic_save(target: Path, write: Callable[[str], None]) -> None:
    """Write a file through ``write(temporary_path)``, then put it in place of ``target`` at once.

    The temporary file lives in the target's folder (so the final rename is atomic), is named
    ``.~ratingbook-PID-RANDOM.xlsx`` and locked while it is written, is synced to disk before the
    rename and gets the target's permissions (a new file: 0666 less the umask, like any new
    file). On any failure the temporary file is removed and the target is left as it was;
    operating-system errors (disk full, permissions, a file locked by another program) become a
    :class:`WorkbookError` with a one-line message. Temporary files of killed runs found in the
    folder are removed first (:func:`remove_stale_temporaries`). A target held for an in-place
    write (:func:`held_for_in_place`) that changed since it was read is not replaced.
    """
    folder = target.parent if str(target.parent) else Path(".")
    remove_stale_temporaries(folder)
    mode = None
    with contextlib.suppress(OSError):
        mode = stat.S_IMODE(target.stat().st_mode)
    if mode is None:
        umask = os.umask(0o022)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f"{TEMPORARY_PREFIX}{os.getpid()}-", suffix=target.suffix, dir=folder
        )
    except OSError as error:
        raise WorkbookError(
            f"cannot save {str(target)!r}: cannot create a file in {str(folder)!r} "
            f"({error.strerror or error})"
        ) from error
    if fcntl is not None:
        _lock(handle)  # held through the rename; released when the handle is closed
    else:
        os.close(handle)  # Windows cannot rename a file that is open
        handle = -1
    try:
        write(temporary)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        os.chmod(temporary, mode)
        _refuse_if_changed(target)
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise WorkbookError(
                f"cannot save {str(target)!r}: {error.strerror or error}"
            ) from error
        raise
    finally:
        if handle != -1:
            os.close(handle)
