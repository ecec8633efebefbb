"""``typing.NamedTuple``'s class syntax, without importing typing at run time.

Importing typing (and the re and contextlib it imports) costs a script about a
third of Python's own start-up, and the runtime's record types (rules, table
files, kernels) are all it was imported for. Modules on the evaluate path write::

    TYPE_CHECKING = False
    if TYPE_CHECKING:
        from typing import NamedTuple
    else:
        from lookup.core.record import NamedTuple

so the type checker sees ``typing.NamedTuple`` itself, and Python runs this
stand-in: the same ``collections.namedtuple`` class typing would build (fields in
annotation order, defaults, the class body's methods, properties and docstrings,
the same module and qualified name, so pickles are the same), from class syntax
only. ``collections`` is imported by Python's start-up already. The one visible
difference: ``__annotations__`` keeps the strings that ``from __future__ import
annotations`` wrote, where typing wraps each in a ``ForwardRef``
(``typing.get_type_hints`` reads both alike).
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["NamedTuple"]

_PROHIBITED = frozenset(
    {
        "__new__",
        "__init__",
        "__slots__",
        "__getnewargs__",
        "_fields",
        "_field_defaults",
        "_make",
        "_replace",
        "_asdict",
        "_source",
    }
)
"""Names a class body may not define: typing refuses them too."""

_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})
"""Names of the class body that the namedtuple keeps its own of."""


class _RecordMeta(type):
    """Makes each subclass of :class:`NamedTuple` the namedtuple its body describes."""

    def __new__(cls, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
        if not bases:  # NamedTuple itself
            return super().__new__(cls, typename, bases, ns)
        if bases != (NamedTuple,):
            raise TypeError("can only inherit from NamedTuple")
        types = ns.get("__annotations__", {})
        default_names: list[str] = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(
                    f"Non-default namedtuple field {field_name} "
                    f"cannot follow default field"
                    f"{'s' if len(default_names) > 1 else ''} "
                    f"{', '.join(default_names)}"
                )
        defaults = [ns[n] for n in default_names]
        # Not a literal namedtuple() call, which is all the type checker reads: the class
        # body's annotations are (it sees typing.NamedTuple where this module is used).
        make: Any = namedtuple
        record = make(typename, list(types), defaults=defaults, module=ns["__module__"])
        record.__annotations__ = record.__new__.__annotations__ = dict(types)
        for key, value in ns.items():
            if key in _PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _SPECIAL and key not in record._fields:
                setattr(record, key, value)
        return record


class NamedTuple(metaclass=_RecordMeta):
    """Subclass with annotated fields, as ``typing.NamedTuple``: the subclass is a namedtuple."""

    def __new__(cls, *args: object, **kwargs: object) -> NamedTuple:
        raise TypeError("lookup.core.record.NamedTuple supports the class syntax only")
