"""Texts as data: every text a player or a GM reads, in gettext ``.po`` files per language.

A package's catalog is ``<package>/locale/<lang>.po``: each entry's ``msgid`` is the key,
its ``msgstr`` the text with :meth:`str.format` placeholders (``{turn}``, ``{0}``). The
languages are whatever files exist; adding a language is adding files (docs/texts.md).

More languages can come from outside the installed packages: a directory on the Python
path (``PYTHONPATH``) holding ``pbem_locales/<package>.<lang>.po`` (``pbem_locales`` is a
namespace package, so several such directories add up; of two files of the same name the
first on the path wins). They are read, like the packages' own, through
:mod:`importlib.resources`, once per process.

A text whose words depend on a number is a gettext plural entry: its ``msgid_plural``
names the placeholder that holds the number (``msgid_plural "n"``), its ``msgstr[i]``
are the forms, and the file's ``Plural-Forms`` header (Babel's default for the
``Language`` when absent) picks one — so a language with three forms is files too.

The fallback rule, the same for every catalog: a key the language lacks (or a language
that has no catalog) is said in :data:`FALLBACK`, English. A key English lacks too is a
programming error (:class:`KeyError`); a test checks every language has every key.

Pure: imports nothing of the project, so the engine, the grammar and the host share it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from gettext import c2py
from importlib import resources

from babel.messages.pofile import read_po

FALLBACK = "en"
"""The language of a text a catalog lacks in the language asked for."""

EXTRA = "pbem_locales"
"""The namespace package of the catalogs from outside (see the module docstring)."""


@dataclass(frozen=True)
class Plural:
    """A text with a form per grammatical number: the value named ``count`` picks one of
    ``forms`` by the language's rule (its ``Plural-Forms``)."""

    count: str
    forms: tuple[str, ...]
    rule: Callable[[int], int]

    def form(self, number: int) -> str:
        """The form for ``number``."""
        return self.forms[min(self.rule(number), len(self.forms) - 1)]


Text = str | Plural
"""A catalog's entry: one text, or the forms of a plural."""


def filled(entry: Text, values: Mapping[str, object]) -> str:
    """``entry`` with its placeholders filled in from ``values``: a plural in the form
    for its count's value."""
    if isinstance(entry, Plural):
        entry = entry.form(int(str(values[entry.count])))
    return entry.format(**values)


Table = Mapping[str, Mapping[str, Text]]
"""Language -> key -> text."""


def read_catalog(source: bytes) -> dict[str, Text]:
    """The texts of one ``.po`` file: key -> text; untranslated and fuzzy entries left out
    (they fall back like missing ones)."""
    # Babel reads an iterable of lines as well as a file.
    catalog = read_po(source.splitlines(keepends=True), ignore_obsolete=True)
    rule = c2py(catalog.plural_expr)
    texts: dict[str, Text] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):  # msgid, msgid_plural: the count's name
            forms = tuple(str(form) for form in message.string or ())
            if all(forms):
                texts[str(message.id[0])] = Plural(str(message.id[1]), forms, rule)
        elif message.string:
            texts[str(message.id)] = str(message.string)
    return texts


def _sources(package: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(lang, anchor, path)`` of the package's own catalogs, then those from outside:
    each file is ``resources.files(anchor).joinpath(*path)``."""
    found: list[tuple[str, str, tuple[str, ...]]] = []
    own = resources.files(package).joinpath("locale")
    if own.is_dir():
        found += [
            (f.name[:-3], package, ("locale", f.name))
            for f in own.iterdir()
            if f.name.endswith(".po")
        ]
    try:
        extra = resources.files(EXTRA)
    except ModuleNotFoundError:
        return found
    start = package + "."
    for f in extra.iterdir():
        lang = f.name[len(start) : -3]
        if f.name.startswith(start) and f.name.endswith(".po") and lang and "." not in lang:
            found.append((lang, EXTRA, (f.name,)))
    return found


@cache
def _table(package: str) -> Table:
    table: dict[str, dict[str, Text]] = {}
    for lang, anchor, path in sorted(_sources(package), key=lambda source: source[0]):
        data = resources.files(anchor).joinpath(*path).read_bytes()
        table.setdefault(lang, {}).update(read_catalog(data))
    return table


@dataclass(frozen=True)
class Catalog:
    """The texts of one package, read on first use; or of several, overlaid (a later
    package's text of a key wins); or the keys under one ``prefix`` of them (a section:
    ``notices.`` …, looked up without the prefix)."""

    packages: tuple[str, ...]
    prefix: str = ""

    @property
    def table(self) -> Table:
        """Language -> key (with the prefix) -> text, the packages overlaid."""
        if len(self.packages) == 1:
            return _table(self.packages[0])
        return _overlaid(self.packages)

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages that have a catalog, sorted."""
        return tuple(sorted(self.table))

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.prefix + key in self.table.get(FALLBACK, {})

    def entry(self, lang: str, key: str) -> Text:
        """The entry of ``key`` in ``lang``; in :data:`FALLBACK` if ``lang`` lacks it."""
        full = self.prefix + key
        own = self.table.get(lang, {})
        return own[full] if full in own else self.table[FALLBACK][full]

    def text(self, lang: str, key: str) -> str:
        """The text of ``key`` in ``lang`` as written (placeholders unfilled; of a plural,
        its last form); in :data:`FALLBACK` if ``lang`` lacks it."""
        entry = self.entry(lang, key)
        return entry if isinstance(entry, str) else entry.forms[-1]

    def say(self, lang: str, key: str, /, **values: object) -> str:
        """The text of ``key`` in ``lang``, its placeholders filled in from ``values`` (a
        plural in the form for its count's value)."""
        return filled(self.entry(lang, key), values)

    def every(self, key: str, /, **values: object) -> dict[str, str]:
        """The text of ``key`` in every language, filled in (an error's explanation is
        kept in all of them until its reader's language is known). A value that is a
        mapping holds a word per language (see :func:`in_language`)."""
        if not values:
            return dict(_every(self, key))  # a plain word: parsers ask for it on every line
        return {
            lang: self.say(lang, key, **{k: in_language(v, lang) for k, v in values.items()})
            for lang in self.languages
        }

    def lines(self, key: str) -> tuple[str, ...]:
        """The lines of ``key`` in every language, each once (what a reader must recognise
        whatever language a text is in: e.g. the headings of a pasted printout)."""
        return tuple(
            dict.fromkeys(
                line for lang in self.languages for line in self.text(lang, key).split("\n")
            )
        )

    def section(self, prefix: str) -> Catalog:
        """The keys that start with ``prefix``, looked up without it."""
        return Catalog(self.packages, self.prefix + prefix)

    def overlay(self, base: Catalog) -> Catalog:
        """These texts over ``base``'s: a key both have is said as here (a game's words
        over the host's). Whole catalogs only, not sections."""
        if self.prefix or base.prefix:
            raise ValueError("only whole catalogs overlay each other")
        return Catalog(base.packages + self.packages)


@cache
def _every(catalog: Catalog, key: str) -> tuple[tuple[str, str], ...]:
    return tuple((lang, catalog.say(lang, key)) for lang in catalog.languages)


@cache
def _overlaid(packages: tuple[str, ...]) -> Table:
    merged: dict[str, dict[str, Text]] = {}
    for package in packages:
        for lang, texts in _table(package).items():
            merged.setdefault(lang, {}).update(texts)
    return merged


def in_language(value: object, lang: str) -> object:
    """A value as said in ``lang``: a mapping (language -> word, e.g. what another
    catalog's :meth:`Catalog.every` gave) gives its word in ``lang``, else in
    :data:`FALLBACK`; anything else is itself."""
    if isinstance(value, Mapping):
        return value[lang] if lang in value else value[FALLBACK]
    return value


def load(package: str) -> Catalog:
    """The catalog of ``package`` (its ``locale/`` and the ``pbem_locales`` from outside),
    read on first use."""
    return Catalog((package,))
