"""The column profile and role table on the Data page: one row per column of the file.

The Role column is the only editable one (EditRole is the role key, e.g.
``"quasi_identifiers"``); changing it updates the :class:`~gui.session.Session`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Slot
from PySide6.QtGui import QBrush, QColor

from engine.api import ColumnProfile

from ..session import Session
from ..i18n import translate
from ..text import ROLE_KEYS, ROLE_LABELS, ROLE_TIPS, count, pct

_C = "models.profile_model"
HEADERS = (
    QT_TRANSLATE_NOOP("models.profile_model", "Column"),
    QT_TRANSLATE_NOOP("models.profile_model", "Role"),
    QT_TRANSLATE_NOOP("models.profile_model", "Type"),
    QT_TRANSLATE_NOOP("models.profile_model", "Distinct"),
    QT_TRANSLATE_NOOP("models.profile_model", "Missing"),
    QT_TRANSLATE_NOOP("models.profile_model", "Most frequent values"),
    QT_TRANSLATE_NOOP("models.profile_model", "Check"),
)
KIND_WORDS = {"integer": QT_TRANSLATE_NOOP("models.profile_model", "integer"),
              "float": QT_TRANSLATE_NOOP("models.profile_model", "float"),
              "boolean": QT_TRANSLATE_NOOP("models.profile_model", "boolean"),
              "date/time": QT_TRANSLATE_NOOP("models.profile_model", "date/time"),
              "text": QT_TRANSLATE_NOOP("models.profile_model", "text"),
              "other": QT_TRANSLATE_NOOP("models.profile_model", "other"),
              "nested": QT_TRANSLATE_NOOP("models.profile_model", "nested (not supported)")}
HEADER_TIPS = (
    QT_TRANSLATE_NOOP("models.profile_model", "Column name in the file."),
    QT_TRANSLATE_NOOP("models.profile_model", "What the column is for the attacks. Choose from the list."),
    QT_TRANSLATE_NOOP("models.profile_model", "Type read from the file."),
    QT_TRANSLATE_NOOP("models.profile_model", "Number of different values (a missing value counts as one value)."),
    QT_TRANSLATE_NOOP("models.profile_model", "Share and number of rows with no value."),
    QT_TRANSLATE_NOOP("models.profile_model", "The most frequent values with their number of rows."),
    QT_TRANSLATE_NOOP("models.profile_model", "Warnings about the column."),
)
ROLE_COLUMN = 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 1


def top_values_text(profile: ColumnProfile, limit: int = 4) -> str:
    missing = translate("models.profile_model", "(missing)")
    parts = [f"{missing if v is None else v} ({count(c)})" for v, c in profile.top_values[:limit]]
    return ", ".join(parts)


def identifier_warning(profile: ColumnProfile) -> str:
    present = profile.rows - profile.missing
    share = (profile.distinct - (1 if profile.missing else 0)) / present if present else 0.0
    return translate("models.profile_model", "Looks like a direct identifier: {share} of its values are different. "
                     "Direct identifiers must not be released; it is marked Identifier (excluded).").format(
        share=pct(share, 0))


class ColumnRolesModel(QAbstractTableModel):
    """Profiles and roles of the loaded file's columns."""

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self._profiles: tuple[ColumnProfile, ...] = ()
        self._role_brushes = {
            "identifiers": QBrush(QColor("#f6d5d1")),
            "quasi_identifiers": QBrush(QColor("#d7e5f5")),
            "numeric_qids": QBrush(QColor("#d3ece9")),
            "sensitive": QBrush(QColor("#f3e2c3")),
            "linkage_keys": QBrush(QColor("#dcefdc")),
            "weight": QBrush(QColor("#e6dcf2")),
            "household": QBrush(QColor("#efe6d6")),
        }
        session.dataChanged.connect(self._on_data)
        session.rolesChanged.connect(self._on_roles)
        self._on_data()

    @Slot()
    def _on_data(self) -> None:
        self.beginResetModel()
        self._profiles = self.session.profiles
        self.endResetModel()

    @Slot()
    def _on_roles(self) -> None:
        if self._profiles:
            self.dataChanged.emit(self.index(0, ROLE_COLUMN),
                                  self.index(len(self._profiles) - 1, ROLE_COLUMN))
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._profiles) - 1, 0),
                                  [Qt.ItemDataRole.BackgroundRole])

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._profiles)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(HEADERS)

    def profile(self, row: int) -> ColumnProfile:
        return self._profiles[row]

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        try:
            if not index.isValid() or not (0 <= index.row() < len(self._profiles)):
                return None
            p = self._profiles[index.row()]
            col = index.column()
            column_role = self.session.roles.get(p.name, "ignored")
            if role == Qt.ItemDataRole.DisplayRole:
                return self._display(p, col, column_role)
            if role == Qt.ItemDataRole.EditRole:
                return column_role if col == ROLE_COLUMN else self._display(p, col, column_role)
            if role == SORT_ROLE:
                return (p.name, ROLE_KEYS.index(column_role), p.kind, p.distinct, p.missing,
                        top_values_text(p), int(p.looks_like_identifier))[col]
            if role == Qt.ItemDataRole.ToolTipRole:
                if col == ROLE_COLUMN:
                    return ROLE_TIPS[column_role]
                if col == 5:
                    return "\n".join(
                        translate("models.profile_model", "{value}: {count} rows").format(
                            value=translate("models.profile_model", "(missing)") if v is None else v, count=count(c)
                        )
                        for v, c in p.top_values
                    )
                if col == 6 and p.looks_like_identifier:
                    return identifier_warning(p)
                if col == 6 and p.unsupported:
                    return translate("models.profile_model", "Several values per cell ({0}): no measure reads such a "
                                     "column, so it can have no role. Flatten it into plain columns to use it.").format(
                        p.unsupported)
                return self._display(p, col, column_role)
            if role == Qt.ItemDataRole.BackgroundRole and col in (0, ROLE_COLUMN):
                return self._role_brushes.get(column_role)
            if role == Qt.ItemDataRole.ForegroundRole and col == 6 and p.looks_like_identifier:
                return QBrush(QColor("#a93226"))
            if role == Qt.ItemDataRole.TextAlignmentRole and col in (3, 4):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        except Exception:
            return None
        return None

    @staticmethod
    def _display(p: ColumnProfile, col: int, column_role: str) -> str:
        if col == 0:
            return p.name
        if col == ROLE_COLUMN:
            return ROLE_LABELS[column_role]
        if col == 2:
            return translate("models.profile_model", KIND_WORDS.get(p.kind, p.kind))
        if col == 3:
            return count(p.distinct)
        if col == 4:
            return (
                f"{pct(p.missing_share)} ({count(p.missing)})"
                if p.missing
                else translate("models.profile_model", "none")
            )
        if col == 5:
            return top_values_text(p)
        if p.unsupported:
            return translate("models.profile_model", "not supported")
        return translate("models.profile_model", "direct identifier?") if p.looks_like_identifier else ""

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not (0 <= section < len(HEADERS)):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return translate(_C, HEADERS[section])
        if role == Qt.ItemDataRole.ToolTipRole:
            return translate(_C, HEADER_TIPS[section])
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == ROLE_COLUMN and not self._profiles[index.row()].unsupported:
            flags |= Qt.ItemFlag.ItemIsEditable  # a nested column can have no role
        return flags

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() != ROLE_COLUMN:
            return False
        if value not in ROLE_KEYS or not (0 <= index.row() < len(self._profiles)):
            return False
        if self._profiles[index.row()].unsupported and value != "ignored":
            return False
        self.session.set_role(self._profiles[index.row()].name, value)
        self.dataChanged.emit(index, index)
        return True
