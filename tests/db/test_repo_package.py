"""The repository package's face: callers import every public function from ``db.repo``
itself, whichever of its modules holds it, and the modules never import that face."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import db.repo


def _trees() -> dict[str, ast.Module]:
    folder = Path(db.repo.__path__[0])
    return {
        info.name: ast.parse((folder / f"{info.name}.py").read_text(encoding="utf-8"))
        for info in pkgutil.iter_modules(db.repo.__path__)
    }


def _defined(tree: ast.Module) -> list[str]:
    """The names a module defines at its top level (functions, classes, constants)."""
    names = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return names


def test_every_public_name_of_a_module_is_importable_from_the_package() -> None:
    missing = []
    for name, tree in _trees().items():
        module = importlib.import_module(f"db.repo.{name}")
        for attr in _defined(tree):
            if not attr.startswith("_") and getattr(db.repo, attr, None) is not getattr(
                module, attr
            ):
                missing.append(f"{name}.{attr}")
    assert _trees(), "the package has its modules"
    assert missing == []


def test_the_modules_import_each_other_never_the_package() -> None:
    offenders = []
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "db.repo":
                offenders.append(name)
            if isinstance(node, ast.ImportFrom) and node.module == "db":
                offenders += [name for alias in node.names if alias.name == "repo"]
    assert offenders == []
