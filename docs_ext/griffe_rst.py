"""A Griffe extension that reads pokerlookup's reStructuredText-flavoured docstrings as Markdown.

The docstrings are written for ``help()`` and doctest: Sphinx roles
(``:func:`~lookup.odds.front.equity```), ``>>>`` examples with no fence, and
``::`` before literal blocks. mkdocstrings renders Markdown, so before it does,
this extension (loaded from ``mkdocs.yml``) rewrites each docstring:

* a role becomes a cross-reference (``[equity][lookup.odds.front.equity]``) when
  its target is a pokerlookup object, resolved from the object's own scope
  outwards the way Python resolves a name; a target outside the project
  (``int``, ``numpy.ndarray``) becomes plain code;
* a run of ``>>>`` lines and their output becomes a ``pycon`` code block;
* a trailing ``::`` becomes ``:``.

A role naming a pokerlookup object that does not exist is left as a
cross-reference to its literal path, so ``mkdocs build --strict`` fails on it
instead of hiding it. It lives outside ``docs/`` because pytest collects
``docs/`` for doctests and must not need Griffe.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, GriffeLoader, Object

_ROLE = re.compile(r":(?:func|meth|class|mod|data|attr|exc|obj):`(~?)([\w.]+)(?:\(\))?`")
_PROJECT = ("lookup", "tablegen")


def _resolve(obj: Object, target: str, loader: GriffeLoader) -> str | None:
    """The full path of ``target`` seen from ``obj``, or None when it is not in the project."""
    collection = loader.modules_collection
    scopes: list[str] = []
    scope: Object | None = obj
    while scope is not None:
        scopes.append(scope.path)
        scope = scope.parent
    for prefix in [*scopes, ""]:
        path = f"{prefix}.{target}" if prefix else target
        try:
            found = collection.get_member(path)
        except Exception:  # griffe raises KeyError, or an alias error for outside targets
            continue
        try:
            final = found.final_target.path if found.is_alias else found.path
        except Exception:  # an alias to something outside the project (numpy, fractions)
            return None
        return final if final.split(".")[0] in _PROJECT else None
    return target if target.split(".")[0] in _PROJECT else None


def _fence_doctests(text: str) -> str:
    """Wrap each run of ``>>>`` lines, with the output under them, in a pycon block."""
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block: list[str] = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
                i += 1
            if out and out[-1].strip():
                out.append("")
            out.extend([f"{indent}```pycon", *(f"{indent}{b}" for b in block), f"{indent}```"])
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class RstToMarkdown(Extension):
    """Rewrite each docstring of the project into Markdown once the object tree is complete."""

    def __init__(self) -> None:
        super().__init__()
        self._done: set[str] = set()  # a package reaches both hooks; rewrite it once

    def on_object(self, *, obj: Object, loader: GriffeLoader, **kwargs: Any) -> None:
        self._rewrite(obj, loader)

    def on_package(self, *, pkg: Object, loader: GriffeLoader, **kwargs: Any) -> None:
        self._rewrite(pkg, loader)  # on_object does not visit the package itself

    def _rewrite(self, obj: Object, loader: GriffeLoader) -> None:
        if obj.is_alias or obj.docstring is None or obj.path in self._done:
            return
        self._done.add(obj.path)

        def role(match: re.Match[str]) -> str:
            short, target = match.group(1), match.group(2)
            shown = target.rsplit(".", 1)[-1] if short else target
            resolved = _resolve(obj, target, loader)
            return f"[`{shown}`][{resolved}]" if resolved else f"`{shown}`"

        text = _ROLE.sub(role, obj.docstring.value)
        text = re.sub(r"^[ \t]*::$", "", text, flags=re.MULTILINE)  # "::" alone introduces a block
        text = re.sub(r"::$", ":", text, flags=re.MULTILINE)
        obj.docstring.value = _fence_doctests(text)
