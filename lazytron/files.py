"""Writing the files the tools produce (records, pages, tables) as the user meant, and checking
that they can be.

A regular file, or a new one, is written atomically: to a temporary file
beside it, renamed over it, so that a reader sees the old file or the
whole new one.  A symlink is written through to its target; an existing
file keeps its mode; a new one gets the umask's.  ``-`` is standard
output, and a pipe or a character device (``/dev/stdout``) is written to
as a stream.  A directory, a read-only file or a place where no file can
be made is refused, by :func:`check_output` before any work is done, so
that an hour of games is never lost to a typo.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
import sys
from collections.abc import Iterable


class OutputError(OSError):
    """A file that cannot be written; ``str()`` is ``'PATH: why'``."""

    def __init__(self, path: str, why: str, code: int = errno.EINVAL) -> None:
        super().__init__(code, why, path)

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def _stat(path: str) -> os.stat_result | None:
    """The file ``path`` names (through symlinks), None if there is none."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise OutputError(path, e.strerror or str(e), e.errno or errno.EIO) from None


def _directory_of(path: str) -> str:
    return os.path.dirname(os.path.realpath(path))


def check_output(path: str, directory: bool = False) -> None:
    """Raise OutputError naming ``path`` if it cannot be written (``directory``: files cannot be
    written in it)."""
    if path == "-" and not directory:
        return
    found = _stat(path)
    if found is None:
        parent = _directory_of(path)
        if not os.path.isdir(parent):
            raise OutputError(path, "no such directory", errno.ENOENT)
        if not can_create(parent):
            raise OutputError(path, f"cannot create a file in {parent}", errno.EACCES)
    elif directory != stat.S_ISDIR(found.st_mode):
        raise OutputError(
            path,
            *(
                ("not a directory", errno.ENOTDIR)
                if directory
                else ("is a directory", errno.EISDIR)
            ),
        )
    elif directory:
        if not can_create(path):
            raise OutputError(path, "cannot create files in it", errno.EACCES)
    elif stat.S_ISREG(found.st_mode):
        if not found.st_mode & 0o222 or not os.access(path, os.W_OK):
            raise OutputError(path, "read-only file", errno.EACCES)
        if not can_create(_directory_of(path)):
            raise OutputError(path, f"cannot replace it in {_directory_of(path)}", errno.EACCES)
    elif not os.access(path, os.W_OK):
        raise OutputError(path, "not writable", errno.EACCES)


def can_create(directory: str) -> bool:
    """Whether a file can be made in ``directory``: tried, not guessed (root, read-only mounts,
    /proc)."""
    try:
        fd, temporary = _temporary(directory, "check")
    except OSError:
        return False
    os.close(fd)
    os.unlink(temporary)
    return True


def _temporary(directory: str, name: str, mode: int = 0o600) -> tuple[int, str]:
    """A new file of a name no other has, beside ``name`` in ``directory``: its descriptor and
    path."""
    while True:
        temporary = os.path.join(directory, f".{name}.{secrets.token_hex(4)}")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode), temporary
        except FileExistsError:
            continue


def write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path`` as the user meant (see the module's docstring); OSError naming it
    if it cannot be."""
    check_output(path)
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    found = _stat(path)
    if found is not None and not stat.S_ISREG(found.st_mode):
        with open(
            path, "w", encoding="utf-8", newline=""
        ) as stream:  # a pipe, a terminal, /dev/stdout
            stream.write(text)
        return
    _replace(os.path.realpath(path), text, found)


def _replace(target: str, text: str, found: os.stat_result | None) -> None:
    """Write a temporary file beside ``target`` and rename it over it (keeping ``found``'s mode and
    owner)."""
    fd, temporary = _temporary(*os.path.split(target), 0o666)  # the umask applies
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            if found is not None:
                os.fchmod(f.fileno(), stat.S_IMODE(found.st_mode))
                try:
                    os.fchown(f.fileno(), found.st_uid, found.st_gid)
                except PermissionError:
                    pass
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def lock_holders(paths: Iterable[str]) -> list[str]:
    """The other processes holding a POSIX lock on any of these files, as ``pid N (name)``: the
    writers first, else any (Linux's ``/proc/locks``; elsewhere none are found)."""
    files = set()
    for path in paths:
        try:
            found = os.stat(path)
        except OSError:
            continue
        files.add((os.major(found.st_dev), os.minor(found.st_dev), found.st_ino))
    try:
        with open("/proc/locks") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    writers: list[int] = []
    readers: list[int] = []
    for fields in (line.split() for line in lines):
        if len(fields) < 6 or fields[1] == "->":  # a process waiting for a lock holds none
            continue
        try:
            pid = int(fields[4])
            major, minor, inode = fields[5].split(":")
            key = (int(major, 16), int(minor, 16), int(inode))
        except ValueError:
            continue
        if key in files and pid > 0 and pid != os.getpid():
            holders = writers if fields[3] == "WRITE" else readers
            if pid not in holders:
                holders.append(pid)
    return [f"pid {pid} ({_process_name(pid)})" for pid in writers or readers]


def _process_name(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip() or "?"
    except OSError:
        return "?"
