"""The night's file as a stream: written a table at a time, read back a table at a time.

A night of 200 tables is some ten thousand deals with their history: held whole as Python
values it took some 300 MB to export, more to import. Here the file is written as
``json.dumps(…, ensure_ascii=False, indent=1)`` writes it, byte for byte, from a top-level
object whose large lists (the tables) are handed over as iterators (:class:`Streamed`), and
read back from a binary file with the top-level pairs one after the other and the items of
a large list one at a time (:func:`object_pairs`), each decoded by :mod:`json` as a whole
file would be. No Django: plain values in, plain values out.
"""

from __future__ import annotations

import codecs
import contextlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any

#: What is read from the file at a time (doubled while one value is larger).
CHUNK = 1 << 16
_WHITESPACE = " \t\n\r"
_DECODER = json.JSONDecoder()


class NotJson(Exception):
    """The file is no JSON object (damaged, cut short, not UTF-8, nested too deep)."""


@dataclass(frozen=True)
class Streamed:
    """A list written item by item, as the items come (none held once written)."""

    items: Iterable[Any]


def _indented(value: Any, depth: int) -> str:
    """``value`` as ``json.dumps(indent=1)`` writes it at ``depth`` inside a larger value."""
    text = json.dumps(value, ensure_ascii=False, indent=1)
    return text.replace("\n", "\n" + " " * depth)


def object_chunks(pairs: Iterable[tuple[str, Any]]) -> Iterator[str]:
    """A JSON object of ``pairs`` in pieces; a :class:`Streamed` value item by item."""
    first = True
    yield "{"
    for key, value in pairs:
        yield ("\n " if first else ",\n ") + json.dumps(key, ensure_ascii=False) + ": "
        first = False
        if isinstance(value, Streamed):
            yield from _list_chunks(value.items)
        else:
            yield _indented(value, 1)
    yield "}" if first else "\n}"


def _list_chunks(items: Iterable[Any]) -> Iterator[str]:
    empty = True
    for item in items:
        yield ("[\n  " if empty else ",\n  ") + _indented(item, 2)
        empty = False
    yield "[]" if empty else "\n ]"


class _Reader:
    """A text buffer over a binary file that grows only as far as the next value needs."""

    def __init__(self, file: IO[bytes]) -> None:
        self._file = file
        self._decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self._text = ""
        self._pos = 0
        self._done = False

    def _more(self) -> bool:
        """Read on (at least as much again as is buffered); False at the file's end."""
        if self._done:
            return False
        size = max(CHUNK, len(self._text) - self._pos)
        data = self._file.read(size)
        try:
            text = self._decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            raise NotJson(str(error)) from error
        self._text = self._text[self._pos :] + text
        self._pos = 0
        self._done = not data
        return True

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            while self._pos < len(self._text) and self._text[self._pos] in _WHITESPACE:
                self._pos += 1
            if self._pos < len(self._text) or not self._more():
                return self._text[self._pos : self._pos + 1]

    def take(self, char: str) -> None:
        if self.peek() != char:
            raise NotJson(f"{char!r} expected")
        self._pos += 1

    def value(self) -> Any:
        """The next JSON value, decoded whole."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self._text, self._pos)
            except json.JSONDecodeError as error:
                if self._more():
                    continue  # cut off by the buffer's end, or wrong: more tells
                raise NotJson(str(error)) from error
            except RecursionError as error:
                raise NotJson("nested too deep") from error
            if end == len(self._text) and self._more():
                continue  # a number may go on in the next chunk
            self._pos = end
            return value


def object_pairs(file: IO[bytes], *, streamed: Iterable[str] = ()) -> Iterator[tuple[str, Any]]:
    """The pairs of the JSON object in ``file``, in the file's order. A key in ``streamed``
    whose value is a list comes with an iterator of its items instead (read as they are
    asked for; whatever is not asked for is skipped before the next pair).

    :raises NotJson: the file is no JSON object, or has more after it.
    """
    reader = _Reader(file)
    streamed = frozenset(streamed)
    reader.take("{")
    if reader.peek() == "}":
        reader.take("}")
    else:
        while True:
            key = reader.value()
            if not isinstance(key, str):
                raise NotJson("a key must be text")
            reader.take(":")
            if key in streamed and reader.peek() == "[":
                items = _items(reader)
                yield key, items
                for _item in items:
                    pass
            else:
                yield key, reader.value()
            if reader.peek() != ",":
                break
            reader.take(",")
        reader.take("}")
    if reader.peek() != "":
        raise NotJson("more after the object")


def _items(reader: _Reader) -> Iterator[Any]:
    reader.take("[")
    if reader.peek() == "]":
        reader.take("]")
        return
    while True:
        yield reader.value()
        if reader.peek() != ",":
            break
        reader.take(",")
    reader.take("]")


def file_size(file: IO[bytes]) -> int:
    """The file's size in bytes (0 where it has none, a pipe: the form limits those)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        start = file.tell()
        size = file.seek(0, os.SEEK_END)
        file.seek(start)
        return size
    return 0
