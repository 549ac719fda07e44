"""Table models of the Results page: top subsets per size, and individual targets."""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from engine.api import render
from engine.api import InferenceRisk, ReidentificationRisk, TargetRisk

from ..dialogs.help_browser import glossary_hint
from ..i18n import translate
from ..text import TIPS, count, pct, points, qid_text, ratio

Row = Union[ReidentificationRisk, InferenceRisk]
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def head_counts(row: Row) -> tuple[int, int]:
    """(deterministic, probabilistic) head-counts: the records behind the percentages."""
    if isinstance(row, ReidentificationRisk):
        return row.singletons, row.blocks
    return row.records_certain, row.expected_correct


class TopSubsetsModel(QAbstractTableModel):
    """For each subset size, the subset(s) with the highest posterior, as chosen by
    :func:`engine.outcome.selection.top_by_size` (docs/methods.md, "QID-subset sweep")."""

    COLUMNS = 8

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []
        self._inference = False
        self._sample = False

    def set_rows(self, rows: Sequence[Row], sample: bool = False) -> None:
        """Show ``rows``; ``sample``: the file is a sample (engine.outcome.verdict.is_sample), so the
        headers speak of the sample, not of people re-identified."""
        self.beginResetModel()
        self._rows = list(rows)
        self._sample = sample
        self._inference = bool(self._rows) and isinstance(self._rows[0], InferenceRisk)
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.COLUMNS - 1)

    def row_at(self, row: int) -> Optional[Row]:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COLUMNS

    def _values(self, r: Row) -> tuple:
        det_n, prob_n = head_counts(r)
        return (len(r.qids), qid_text(r.qids), r.posterior_det, det_n, r.degradation_det,
                r.posterior_prob, prob_n, r.degradation_prob)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        try:
            if not index.isValid() or not (0 <= index.row() < len(self._rows)):
                return None
            r = self._rows[index.row()]
            col = index.column()
            values = self._values(r)
            if role == SORT_ROLE:
                return values[col]
            if role == Qt.ItemDataRole.DisplayRole:
                return (str(values[0]), values[1], pct(values[2]), count(values[3]),
                        points(values[4], values[2], r.prior_det),
                        pct(values[5]), count(values[6]), ratio(values[7]))[col]
            if role == Qt.ItemDataRole.ToolTipRole:
                return self._tip(col) if col != 1 else ", ".join(r.qids)
            if role == Qt.ItemDataRole.TextAlignmentRole and col != 1:
                return _RIGHT
        except Exception:
            return None
        return None

    def _tip(self, col: int) -> str:
        kind = "inf" if self._inference else "reid"
        sample = "_sample" if self._sample else ""
        return {0: TIPS["size"], 1: TIPS["qids"], 2: TIPS[f"{kind}_det{sample}"], 3: TIPS[f"{kind}_det_count{sample}"],
                4: TIPS["deg_det"], 5: TIPS[f"{kind}_prob{sample}"], 6: TIPS[f"{kind}_prob_count{sample}"],
                7: TIPS["deg_prob"]}[col]

    def measure_key(self, col: int) -> str:
        """The measure a column shows (a key of gui/dialogs/help_browser.py MEASURE_ANCHORS)."""
        kind = "inf" if self._inference else "reid"
        return ("size", "qids", f"{kind}_det", f"{kind}_det_count", "deg_det", f"{kind}_prob",
                f"{kind}_prob_count", "deg_prob")[col] if 0 <= col < self.COLUMNS else ""

    def headers(self) -> tuple[str, ...]:
        prior_det = pct(self._rows[0].prior_det) if self._rows else pct(None)
        prior_prob = pct(self._rows[0].prior_prob) if self._rows else pct(None)
        if self._sample and self._inference:
            det = translate("models.results_models", "Same in the sample block\n(prior {prior})")
            prob = translate("models.results_models", "Guessed right in the sample\n(prior {prior})")
        elif self._sample:
            det = translate("models.results_models", "Unique in the sample\n(prior {prior})")
            prob = translate("models.results_models", "Picked right in the sample\n(prior {prior})")
        elif self._inference:
            det = translate("models.results_models", "Learned for sure\n(prior {prior})")
            prob = translate("models.results_models", "Guessed right\n(prior {prior})")
        else:
            det = translate("models.results_models", "Unique\n(prior {prior})")
            prob = translate("models.results_models", "Re-identified\n(prior {prior})")
        gain = translate("models.results_models", "Gain")
        heads = ((translate("models.results_models", "Records"), translate("models.results_models", "Expected records"))
                 if self._sample else
                 (translate("models.results_models", "People"), translate("models.results_models", "Expected people")))
        return (translate("models.results_models", "Size"), translate("models.results_models", "Quasi-identifiers"),
                det.format(prior=prior_det), heads[0], gain, prob.format(prior=prior_prob), heads[1], gain)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not (0 <= section < self.COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.headers()[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(section) + "\n\n" + glossary_hint()
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class TargetsModel(QAbstractTableModel):
    """Individual targets (IRS/IAS): one row per target, "no match" when no record fits."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._targets: list[TargetRisk] = []
        self._sensitive: list[str] = []
        self._show_reid = True
        self._sample = False

    def set_targets(self, targets: Sequence[TargetRisk], show_reid: bool = True,
                    show_inference: bool = True, sample: bool = False) -> None:
        """``sample``: the file is a sample, so a target alone in it is unique in the sample only."""
        self.beginResetModel()
        self._targets = list(targets)
        self._sample = sample
        names: list[str] = []
        if show_inference:
            for t in self._targets:
                for i in t.inference:
                    if i.sensitive not in names:
                        names.append(i.sensitive)
        self._sensitive = names
        self._show_reid = show_reid
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, max(0, self.columnCount() - 1))

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._targets)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else 2 + (2 if self._show_reid else 0) + len(self._sensitive)

    def _headers(self) -> list[str]:
        heads = [
            translate("models.results_models", "Target (what the attacker knows)"),
            translate("models.results_models", "Matching records"),
        ]
        if self._show_reid:
            heads += [
                translate("models.results_models", "Re-identification\n(chance)"),
                translate("models.results_models", "Unique in the sample?") if self._sample
                else translate("models.results_models", "Unique?"),
            ]
        heads += [
            translate("models.results_models", "{name}\n(attacker's guess)").format(name=name)
            for name in self._sensitive
        ]
        return heads

    def text(self, row: int, col: int) -> str:
        t = self._targets[row]
        if col == 0:
            return t.label
        if col == 1:
            return (
                count(t.block_size)
                if t.matched
                else translate("models.results_models", "no match: {reason}").format(reason=render(t.reason))
            )
        col -= 2
        if self._show_reid:
            if col == 0:
                return pct(t.posterior_prob) if t.matched else translate("models.results_models", "no match")
            if col == 1:
                return (
                    (
                        translate("models.results_models", "yes")
                        if t.posterior_det == 1
                        else translate("models.results_models", "no")
                    )
                    if t.matched
                    else translate("models.results_models", "no match")
                )
            col -= 2
        name = self._sensitive[col]
        inference = next((i for i in t.inference if i.sensitive == name), None)
        if inference is None or not t.matched or inference.posterior_prob is None:
            return translate("models.results_models", "no match")
        sure = ("" if inference.posterior_det != 1 else
                translate("models.results_models", " (same in the sample block)") if self._sample
                else translate("models.results_models", " (certain)"))
        return f"{inference.most_likely}: {pct(inference.posterior_prob)}{sure}"

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        try:
            if not index.isValid() or not (0 <= index.row() < len(self._targets)):
                return None
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                text = self.text(index.row(), index.column())
                if role == Qt.ItemDataRole.ToolTipRole and index.column() == 2 and self._show_reid:
                    return TIPS["target_reid"]
                return text
        except Exception:
            return None
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            heads = self._headers()
            return heads[section] if 0 <= section < len(heads) else None
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
