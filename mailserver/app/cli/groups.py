"""The command groups of ``pbem`` that are loaded when they run: one per game kind, ``gm``
and ``dice``.

``pbem --help`` lists them by name and help alone; a group's module (and what it
imports: the database layer, a game's engine and grammar) is imported only when the
group itself runs, ``pbem gm ...`` or ``pbem KIND --help``. That keeps every command's
start short (docs/performance.md, "Command start").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer
from typer._click import Command, Context  # typer's own click, whose classes TyperGroup extends
from typer.core import TyperGroup

from engine import registry
from mailserver.app.cli.group_help import DICE_HELP, GM_HELP, kind_help


class DeferredGroup(TyperGroup):
    """A command group known by its name and help; ``load`` builds its commands when it
    runs (its help, its sub-commands), importing their modules then."""

    def __init__(self, name: str, help: str, load: Callable[[], typer.Typer]) -> None:
        super().__init__(name=name, help=help)
        self._load = load

    def make_context(
        self, info_name: str | None, args: list[str], parent: Context | None = None, **extra: Any
    ) -> Context:
        """The context of the loaded group: it parses the arguments and runs."""
        return self.loaded().make_context(info_name, args, parent=parent, **extra)

    def loaded(self) -> Command:
        """The group itself, its commands built (their modules imported)."""
        return typer.main.get_command(self._load())


def _gm() -> typer.Typer:
    from mailserver.app.cli.gm import app

    return app


def _dice() -> typer.Typer:
    from mailserver.app.cli.dice import app

    return app


def _kind(name: str) -> Callable[[], typer.Typer]:
    def load() -> typer.Typer:
        from mailserver.app.cli.offline import kind_app

        return kind_app(registry.kind(name))

    return load


def deferred_groups() -> list[DeferredGroup]:
    """The groups, in the order of the help: every registered kind, then gm and dice."""
    return [
        *(
            DeferredGroup(name, kind_help(title), _kind(name))
            for name, title in registry.titles().items()
        ),
        DeferredGroup("gm", GM_HELP, _gm),
        DeferredGroup("dice", DICE_HELP, _dice),
    ]


class Commands(TyperGroup):
    """The ``pbem`` group: its own commands, then the :func:`deferred_groups`."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for group in deferred_groups():
            self.add_command(group)
