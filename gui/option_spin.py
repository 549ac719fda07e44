"""The ranges of the window's number boxes, from the option declarations
(:func:`engine.analysis.options.bounds`) and the scenario steps' (``STEP_BOUNDS`` of
:mod:`engine.analysis.scenario_steps`): declared once, so that an analysis file's valid value
is neither clamped by a box's range nor rounded by its number of decimals when the window shows
it and writes it back."""

from __future__ import annotations

from typing import Any, Optional

from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

from engine.api import Bounds, bounds

WHOLE_TOP = 2**31 - 1   # the largest value a QSpinBox holds
NUMBER_TOP = 1e9        # a QDoubleSpinBox's ceiling where the declaration has none (wider boxes crowd the page)
MAX_DECIMALS = 12       # the most decimals a box shows for a loaded value (the 12 digits kept)


def fit_spin(spin: QSpinBox | QDoubleSpinBox, cls: Any, path: str, *, high: Optional[float] = None,
             scale: float = 1.0, special: bool = False) -> None:
    """Give ``spin`` the range that the option ``path`` of ``cls`` declares
    (:func:`engine.analysis.options.bounds`); see :func:`fit_bounds`."""
    fit_bounds(spin, bounds(cls, path), high=high, scale=scale, special=special)


def fit_bounds(spin: QSpinBox | QDoubleSpinBox, b: Bounds, *, high: Optional[float] = None,
               scale: float = 1.0, special: bool = False) -> None:
    """Give ``spin`` the range ``b`` (an option's, or a scenario step value's from
    ``STEP_BOUNDS``), in the box's unit (``scale``: 100 for a share shown in percent). An
    excluded bound becomes the next value the box shows; a declared multiple becomes its step;
    no bound (or one beyond the box's widest): the box's widest. ``high``: the window's own
    ceiling (the number of QIDs, of processors) below the declared one; ``special``: one step
    below the range is the box's special value (the option not set)."""
    whole = isinstance(spin, QSpinBox)
    step = 1 if whole else 10.0 ** -spin.decimals()
    top = WHOLE_TOP if whole else NUMBER_TOP
    low = -top if b.low is None else b.low * scale + (step if b.low_open else 0)
    top_value = top if b.high is None else min(top, b.high * scale - (step if b.high_open else 0))
    if high is not None:
        top_value = min(top_value, high)
    if special:
        low -= step
    spin.setRange(int(low) if whole else low, int(top_value) if whole else top_value)
    if b.step is not None:
        spin.setSingleStep(int(b.step) if whole else b.step * scale)
    spin.setProperty("option_fit", (b, high, scale, special))


def decimals_for(value: float, at_least: int) -> int:
    """The fewest decimals, at least ``at_least`` and at most :data:`MAX_DECIMALS`, that show
    ``value`` as it is (to 12 significant digits: 0.00125 x 100 is 0.125)."""
    value = float(f"{value:.12g}")
    for decimals in range(at_least, MAX_DECIMALS):
        if round(value, decimals) == value:
            return decimals
    return MAX_DECIMALS


def _scale(spin: QDoubleSpinBox, scale: Optional[float]) -> float:
    fit = spin.property("option_fit")
    return scale if scale is not None else fit[2] if fit else 1.0


def show_value(spin: QDoubleSpinBox, value: float, scale: Optional[float] = None) -> None:
    """Show ``value`` (in the option's unit; ``scale``: the box's unit, else the one it was
    fitted with by :func:`fit_spin`) with more decimals than the box's own when it needs them,
    so that the value the box gives back is the value set."""
    shown = float(f"{value * _scale(spin, scale):.12g}")
    if spin.property("own_decimals") is None:
        spin.setProperty("own_decimals", spin.decimals())
    decimals = decimals_for(shown, spin.property("own_decimals"))   # back to the box's own after a long one
    if decimals != spin.decimals():
        spin.setDecimals(decimals)
        fit = spin.property("option_fit")
        if fit:
            fit_bounds(spin, fit[0], high=fit[1], scale=fit[2], special=fit[3])
    spin.setValue(shown)


def option_value(spin: QDoubleSpinBox, scale: Optional[float] = None) -> float:
    """The box's value in the option's unit (``scale`` as for :func:`show_value`: a percent
    box's share), as the box shows it (12 significant digits: no float residue)."""
    return float(f"{spin.value() / _scale(spin, scale):.12g}")


def show_whole(spin: QSpinBox, value: int) -> None:
    """Show a whole ``value``, cut to the box's largest when beyond it (a QSpinBox holds 32 bits:
    a larger value raises OverflowError); :func:`kept_whole` gives the value back as it was."""
    spin.setValue(min(value, spin.maximum()))


def kept_whole(spin: QSpinBox, opened: int) -> int:
    """The box's value, or ``opened`` when the box shows it cut to its largest (a value beyond
    what a box holds, or beyond this machine's processors, stays as the file gave it)."""
    return opened if spin.value() == min(opened, spin.maximum()) else spin.value()
