"""Work-arounds for defects of the Qt binding found on the supported platforms.

PySide6 6.12.0 on Python 3.11 hands out ``None`` (every void method: ``setText``,
``processEvents``, ``QTimer.start`` ...) and ``True`` (every ``Signal.emit``) without taking
a reference, so each call lowers that object's reference count by one; after some 30,000
calls Python aborts with "Fatal Python error: none_dealloc" (or "bool_dealloc"). Python 3.12+
is immune: there these objects are immortal (PEP 683) and their counts are never touched.

:func:`guard_singletons` detects the defect and gives CPython's static singletons (None,
True, False, Ellipsis, NotImplemented, the small ints, the empty and one-character strings,
the empty tuple and bytes) a reference count that cannot reach zero, which is what Python 3.12
does for them. The real fix is a PySide6 release without the defect, or Python >= 3.12.
"""

from __future__ import annotations

import ctypes
import sys

_GUARD = 1 << 40
_applied = False


def _singletons() -> list[object]:
    objects: list[object] = [None, True, False, Ellipsis, NotImplemented, (), "", b""]
    objects.extend(range(-5, 257))
    objects.extend(chr(i) for i in range(256))
    objects.extend(bytes([i]) for i in range(256))
    return objects


def binding_leaks_references(calls: int = 64) -> bool:
    """Whether calling a void Qt method or emitting a signal lowers a singleton's count."""
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        ping = Signal()

    probe = _Probe()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(calls):
        probe.setObjectName("probe")
        probe.ping.emit()
    return (sys.getrefcount(None) <= none_before - calls // 2
            or sys.getrefcount(True) <= true_before - calls // 2)


def guard_singletons() -> bool:
    """Make CPython's static singletons effectively immortal when the binding leaks them.

    Returns True when the guard is (already) in place. No effect on Python >= 3.12.
    """
    global _applied
    if _applied:
        return True
    if sys.version_info >= (3, 12) or not binding_leaks_references():
        return False
    for obj in _singletons():
        ctypes.c_ssize_t.from_address(id(obj)).value += _GUARD
    _applied = True
    return True


