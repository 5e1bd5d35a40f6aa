"""One registry mechanism (sitewide/registry.py): what it keeps, what it refuses, and that no
module of the web keeps a registry another way."""

import ast
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from printing import kinds, owners
from sitewide.registry import Registry
from tournaments import night_file, night_links, rule_choice, rule_pages
from tournaments.ledger import entries as ledger
from tournaments.ledger import progress as table_progress

ROOT = Path(__file__).resolve().parents[2]


def test_it_keeps_its_values_in_the_order_registered() -> None:
    registry = Registry[str, int]("numbers")
    for key, value in (("zwei", 2), ("eins", 1), ("drei", 3)):
        assert registry.register(key, value) == value
    assert list(registry) == ["zwei", "eins", "drei"]
    assert list(registry.values()) == [2, 1, 3]
    assert registry["eins"] == 1
    assert registry.get("vier") is None
    assert len(registry) == 3


def test_the_same_value_again_changes_nothing_another_is_refused_by_name() -> None:
    registry = Registry[str, str]("the night links")
    registry.register("finish", "scoring:finish")
    registry.register("finish", "scoring:finish")
    with pytest.raises(ValueError, match=r"^the night links: 'finish' is registered already"):
        registry.register("finish", "races:finish")
    assert dict(registry) == {"finish": "scoring:finish"}


def test_a_registry_may_refuse_with_its_own_error() -> None:
    registry = Registry[str, int]("rows", refused=ImproperlyConfigured)
    registry.register("notes", 1)
    with pytest.raises(ImproperlyConfigured, match="notes"):
        registry.register("notes", 2)


def test_its_check_refuses_before_anything_is_registered() -> None:
    def small(key: str, value: int) -> None:
        if value > 9:
            raise ValueError(f"{key} is too big")

    registry = Registry[str, int]("digits", check=small)
    registry.register("sieben", 7)
    with pytest.raises(ValueError, match="zehn is too big"):
        registry.update([("acht", 8), ("zehn", 10)])
    assert dict(registry) == {"sieben": 7}, "none of a refused update is registered"
    registry.update([("acht", 8), ("neun", 9)])
    assert list(registry) == ["sieben", "acht", "neun"]


def test_unregister_forgets_a_key_and_a_missing_one_is_no_error() -> None:
    registry = Registry[str, int]("numbers")
    registry.register("eins", 1)
    registry.unregister("eins")
    registry.unregister("eins")
    assert "eins" not in registry
    registry.register("eins", 11)
    assert registry["eins"] == 11


def test_it_is_read_only_and_its_view_follows_it() -> None:
    registry = Registry[str, int]("numbers")
    view = registry.view
    registry.register("eins", 1)
    assert dict(view) == {"eins": 1}
    with pytest.raises(TypeError):
        view["zwei"] = 2  # type: ignore[index]
    with pytest.raises(TypeError):
        registry["zwei"] = 2  # type: ignore[index]


def test_a_copy_has_the_rules_and_entries_but_changes_alone() -> None:
    def no_zero(key: str, value: int) -> None:
        if not value:
            raise ValueError("zero")

    registry = Registry[str, int]("numbers", check=no_zero, refused=ImproperlyConfigured)
    registry.register("eins", 1)
    twin = registry.copy()
    twin.register("zwei", 2)
    assert (list(registry), list(twin), twin.name) == (["eins"], ["eins", "zwei"], "numbers")
    with pytest.raises(ValueError, match="zero"):
        twin.register("null", 0)
    with pytest.raises(ImproperlyConfigured):
        twin.register("eins", 3)


def test_every_registry_of_the_apps_is_one() -> None:
    """Filled by the apps' ready(): each a Registry with a name for its messages."""
    registries = [
        kinds._kinds,
        kinds._user_errors,
        owners._describers,
        night_links._url_names,
        table_progress._progress,
        ledger._totals,
        night_file._TABLE,
        night_file._NIGHT,
        rule_pages._pages,
        rule_pages._prize_texts,
        rule_choice._offered,
    ]
    for registry in registries:
        assert isinstance(registry, Registry)
        assert registry.name
        assert len(registry), f"{registry.name} is filled when the apps are ready"


# The house rule: a registry is a Registry.

#: The packages of the web. Not the rules library, which imports nothing of ours
#: (docs/architecture.md): its registry of rule sets (fipsen_rules/rulesets.py) keeps its own.
WEB = ("preisfipsen", "sitewide", "printing", "tournaments", "scoring", "games", "seasons")
CONTAINERS = {"dict", "list", "set", "defaultdict", "OrderedDict", "Counter", "deque"}
FILLING = {"update", "append", "add", "setdefault", "extend", "insert", "appendleft"}


def _container(value: ast.expr | None) -> bool:
    if isinstance(value, ast.Dict | ast.List | ast.Set | ast.DictComp | ast.ListComp):
        return True
    if isinstance(value, ast.SetComp):
        return True
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in CONTAINERS
    )


def _module_containers(tree: ast.Module) -> set[str]:
    names = set[str]()
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and _container(statement.value):
            names.update(t.id for t in statement.targets if isinstance(t, ast.Name))
        elif (
            isinstance(statement, ast.AnnAssign)
            and _container(statement.value)
            and isinstance(statement.target, ast.Name)
        ):
            names.add(statement.target.id)
    return names


def _filled_in(function: ast.AST, names: set[str]) -> set[str]:
    """The names of ``names`` that ``function`` fills: ``name[k] = v``, ``name.update(...)``."""
    filled = set[str]()
    for node in ast.walk(function):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            target = node.value
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in FILLING
        ):
            target = node.func.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id in names:
            filled.add(target.id)
    return filled


def registries_kept_another_way(source: str) -> set[str]:
    """The module-level dicts, lists and sets of ``source`` that one of its functions fills:
    a registry not kept by :class:`Registry`.

    >>> registries_kept_another_way("_kinds: dict = {}\\ndef register(k, v):\\n    _kinds[k] = v")
    {'_kinds'}
    >>> registries_kept_another_way("WORDS = {'a': 1}\\ndef word(k):\\n    return WORDS[k]")
    set()
    """
    tree = ast.parse(source)
    names = _module_containers(tree)
    filled = set[str]()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            filled |= _filled_in(node, names)
    return filled


def test_the_house_rule_finds_a_registry_kept_another_way() -> None:
    assert registries_kept_another_way("_kinds: dict = {}\ndef register(k, v):\n    _kinds[k] = v")
    assert registries_kept_another_way("_rows = []\ndef register(r):\n    _rows[:] = [r]")
    assert registries_kept_another_way("_rows = list()\ndef add(r):\n    _rows.append(r)")
    assert not registries_kept_another_way("_rows = []\ndef rows(r):\n    return list(_rows)")


def test_no_module_of_the_web_keeps_a_registry_another_way() -> None:
    """Every registry is a sitewide.registry.Registry: no module-level dict, list or set that
    a function of the module fills (the rules library excepted: it imports nothing of ours)."""
    found = {}
    paths = sorted(path for package in WEB for path in (ROOT / package).rglob("*.py"))
    assert len(paths) > 300, "the packages of the web are read"
    for path in paths:
        relative = path.relative_to(ROOT)
        if "migrations" in relative.parts:
            continue
        kept = registries_kept_another_way(path.read_text(encoding="utf-8"))
        if kept:
            found[str(relative)] = sorted(kept)
    assert found == {}, "keep these in a sitewide.registry.Registry"
