"""One way to keep a registry: what the apps make known to each other when they start.

An app below another must not import it (``tests/project/test_layering.py``), so the app
above registers what the one below asks for (a kind of file, a night link, a game's pages)
from its ``AppConfig.ready()``. Every such registry is a :class:`Registry`: a read-only
mapping in the order of registration, filled by :meth:`Registry.register`, which refuses a
second value under a taken key and lets the same value come again (``ready()`` may run
twice). Its own rules, if any, are its ``check``; its error, if not ``ValueError``, its
``refused``. ``tests/project/test_registry.py`` refuses a module that keeps one another way.

>>> links = Registry[str, str]("the night links")
>>> links.register("finish", "scoring:finish")
'scoring:finish'
>>> links.register("finish", "scoring:finish")  # the same again: nothing changes
'scoring:finish'
>>> links.register("finish", "races:finish")
Traceback (most recent call last):
...
ValueError: the night links: 'finish' is registered already, as 'scoring:finish'.
>>> dict(links), links.name
({'finish': 'scoring:finish'}, 'the night links')
>>> links.unregister("finish"); len(links)
0
"""

from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import TypeVar

__all__ = ["Registry"]

K = TypeVar("K")
V = TypeVar("V")

#: A registry's own rule: raises what it refuses (a key of no known kind, say).
Check = Callable[[K, V], None]


class Registry(Mapping[K, V]):
    """Values by key, registered once each, read as a mapping in the order registered.

    ``name`` says which registry a refusal is about; ``check(key, value)``, called before a
    value is registered, raises what this registry refuses besides a taken key; ``refused``
    is the error a taken key raises (``ValueError`` unless the registry's callers expect
    another).
    """

    def __init__(
        self,
        name: str,
        *,
        check: Check[K, V] | None = None,
        refused: type[Exception] = ValueError,
    ) -> None:
        self.name = name
        self._check = check
        self._refused = refused
        self._entries: dict[K, V] = {}

    def register(self, key: K, value: V) -> V:
        """Register ``value`` under ``key`` and give it back.

        :raises ValueError: (or the registry's ``refused``) another value has ``key``;
            whatever ``check`` raises.
        """
        self._admit(key, value)
        self._entries[key] = value
        return value

    def update(self, entries: Iterable[tuple[K, V]]) -> None:
        """Register every pair of ``entries``, or none when one is refused (as
        :meth:`register` refuses)."""
        pairs = list(entries)
        for key, value in pairs:
            self._admit(key, value)
        self._entries.update(pairs)

    def unregister(self, key: K) -> None:
        """Forget ``key`` (a test's registration, when it is done); none: nothing changes."""
        self._entries.pop(key, None)

    def copy(self) -> "Registry[K, V]":
        """A registry of the same name and rules with the same entries (a test changes the
        copy and puts the original back)."""
        twin = Registry(self.name, check=self._check, refused=self._refused)
        twin._entries = dict(self._entries)
        return twin

    @property
    def view(self) -> Mapping[K, V]:
        """A read-only view that follows the registry (for a module's public mapping)."""
        return MappingProxyType(self._entries)

    def _admit(self, key: K, value: V) -> None:
        if self._check is not None:
            self._check(key, value)
        known = self._entries.get(key, value)
        if known != value:
            raise self._refused(f"{self.name}: {key!r} is registered already, as {known!r}.")

    def __getitem__(self, key: K) -> V:
        return self._entries[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"<Registry {self.name!r}: {list(self._entries)!r}>"
