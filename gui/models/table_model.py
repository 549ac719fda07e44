"""A read-only table model over an :class:`~engine.io.encode.EncodedTable`.

Cells are answered from the integer codes and the labels of each column, so the view stays
fast on millions of rows: nothing is copied per row, ``rowCount`` is ``n_rows``, and each
column formats only the cells on screen (with a per-column label cache). Sorting uses a
permutation computed with NumPy outside Qt (codes are ordered like their values).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from engine.api import EncodedColumn, EncodedTable

from ..i18n import translate
from ..text import count

MISSING_TEXT = QT_TRANSLATE_NOOP("models.table_model", "(missing)")
LABEL_CACHE_LIMIT = 200_000
_NUMERIC = ("integer", "float")


class _ColumnFormatter:
    """Text of one column's codes; labels are converted once when there are few of them."""

    def __init__(self, column: EncodedColumn) -> None:
        self.column = column
        self.numeric = column.kind in _NUMERIC
        self._labels: Optional[list[str]] = None
        self._cache: dict[int, str] = {}
        if column.cardinality <= LABEL_CACHE_LIMIT:
            self._labels = ["" if v is None else str(v) for v in column.labels.to_pylist()]

    def text(self, code: int) -> str:
        if self._labels is not None:
            return self._labels[code]
        text = self._cache.get(code)
        if text is None:
            if len(self._cache) > 10_000:
                self._cache.clear()
            text = self.column.label_text(code)
            self._cache[code] = text
        return text


class EncodedTableModel(QAbstractTableModel):
    """Rows of the loaded file, shown from codes and labels; read-only."""

    def __init__(self, table: Optional[EncodedTable] = None, parent=None) -> None:
        super().__init__(parent)
        self._table: Optional[EncodedTable] = None
        self._names: list[str] = []
        self._columns: list[EncodedColumn] = []
        self._formatters: list[Optional[_ColumnFormatter]] = []
        self._order: Optional[np.ndarray] = None
        self._italic = QFont()
        self._italic.setItalic(True)
        self._grey = QBrush(QColor("#8a8a8a"))
        if table is not None:
            self.set_table(table)

    def set_table(self, table: Optional[EncodedTable]) -> None:
        self.beginResetModel()
        self._table = table
        self._names = list(table.columns) if table is not None else []
        self._columns = [table.columns[n] for n in self._names] if table is not None else []
        self._formatters = [None] * len(self._columns)
        self._order = None
        self.endResetModel()

    @property
    def table(self) -> Optional[EncodedTable]:
        return self._table

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        if parent.isValid() or self._table is None:
            return 0
        return self._table.n_rows

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._columns)

    def source_row(self, row: int) -> int:
        """The file's row number (0-based) shown at view row ``row``."""
        return int(self._order[row]) if self._order is not None else row

    def _formatter(self, column: int) -> _ColumnFormatter:
        formatter = self._formatters[column]
        if formatter is None:
            formatter = self._formatters[column] = _ColumnFormatter(self._columns[column])
        return formatter

    def cell_text(self, row: int, column: int) -> str:
        """The value at (view row, column) as text; "" for a missing value."""
        code = int(self._columns[column].codes[self.source_row(row)])
        return self._formatter(column).text(code)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        try:
            if not index.isValid() or self._table is None:
                return None
            row, col = index.row(), index.column()
            if not (0 <= row < self._table.n_rows and 0 <= col < len(self._columns)):
                return None
            column = self._columns[col]
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                code = int(column.codes[self.source_row(row)])
                if code == column.missing_code:
                    return (
                        translate("models.table_model", MISSING_TEXT)
                        if role == Qt.ItemDataRole.DisplayRole
                        else translate("models.table_model", "missing value")
                    )
                return self._formatter(col).text(code)
            missing = (column.missing_code is not None
                       and int(column.codes[self.source_row(row)]) == column.missing_code)
            if role == Qt.ItemDataRole.TextAlignmentRole:
                if column.kind in _NUMERIC and not missing:
                    return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            if missing and role == Qt.ItemDataRole.ForegroundRole:
                return self._grey
            if missing and role == Qt.ItemDataRole.FontRole:
                return self._italic
        except Exception:  # a view must never see an exception from data()
            return None
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        try:
            if orientation == Qt.Orientation.Horizontal:
                if 0 <= section < len(self._names):
                    if role == Qt.ItemDataRole.DisplayRole:
                        return self._names[section]
                    if role == Qt.ItemDataRole.ToolTipRole:
                        column = self._columns[section]
                        return translate("models.table_model", "{name}: {kind}, {count} distinct values").format(
                            name=column.name, kind=column.kind, count=count(column.cardinality)
                        )
                return None
            if role == Qt.ItemDataRole.DisplayRole and self._table is not None \
                    and 0 <= section < self._table.n_rows:
                return count(self.source_row(section) + 1)
        except Exception:
            return None
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort rows by one column (missing last when ascending): a stable argsort of codes."""
        if not (0 <= column < len(self._columns)):
            return
        order_index = np.argsort(self._columns[column].codes, kind="stable")
        if order == Qt.SortOrder.DescendingOrder:
            order_index = order_index[::-1]
        self._set_order(order_index)

    def reset_order(self) -> None:
        self._set_order(None)

    def _set_order(self, order: Optional[np.ndarray]) -> None:
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        sources = [self.source_row(i.row()) for i in persistent]
        self._order = order
        if persistent:
            if order is None:
                rows = sources
            else:
                inverse = np.empty_like(order)
                inverse[order] = np.arange(len(order))
                rows = [int(inverse[s]) for s in sources]
            self.changePersistentIndexList(
                persistent, [self.index(r, i.column()) for r, i in zip(rows, persistent)])
        self.layoutChanged.emit()

    def column_name(self, column: int) -> str:
        return self._names[column]
