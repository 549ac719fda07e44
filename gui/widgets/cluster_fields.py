"""The run settings' Dask cluster fields: the scheduler's address and the TLS files.

The same settings as ``[run] cluster``, ``cluster_ca``, ``cluster_cert`` and ``cluster_key`` of
the analysis file (and ``--cluster`` on the command line); the only network connection the
program opens, and only to this address. A plain ``tcp://`` address outside loopback shows
the engine's warning (:meth:`engine.analysis.config.ClusterOptions.check`).
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QGridLayout, QLabel, QLineEdit, QPushButton, QWidget

from engine.api import ClusterOptions
from engine.api import InputError
from engine.api import render

from ..i18n import translate

FILES = (
    ("tls_ca", QT_TRANSLATE_NOOP("widgets.cluster_fields", "CA certificate:"),
     QT_TRANSLATE_NOOP("widgets.cluster_fields", "The agency's CA certificate (PEM) the scheduler's certificate is signed by.")),
    ("tls_cert", QT_TRANSLATE_NOOP("widgets.cluster_fields", "Client certificate:"),
     QT_TRANSLATE_NOOP("widgets.cluster_fields", "This computer's certificate (PEM) for the tls:// connection.")),
    ("tls_key", QT_TRANSLATE_NOOP("widgets.cluster_fields", "Client key:"),
     QT_TRANSLATE_NOOP("widgets.cluster_fields", "The private key (PEM) of the client certificate.")),
)
PEM_FILTER = QT_TRANSLATE_NOOP("widgets.cluster_fields", "PEM files (*.pem *.crt *.key);;All files (*)")


class ClusterFields(QWidget):
    """Address and certificate fields; ``changed`` carries the :class:`ClusterOptions`."""

    changed = Signal(object)

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(translate("widgets.cluster_fields", "Dask cluster:")), 0, 0)
        self.address = QLineEdit()
        self.address.setPlaceholderText(
            translate("widgets.cluster_fields", "empty: this computer; or tls://HOST:PORT of the agency's Dask scheduler"))
        self.address.setToolTip(translate("widgets.cluster_fields", "Run the sweep on an existing Dask scheduler of your agency's network. "
                                          "The encoded data travel to its workers: use tls:// with the certificates below."))
        self.address.editingFinished.connect(self._edited)
        grid.addWidget(self.address, 0, 1, 1, 2)
        self.files: dict[str, QLineEdit] = {}
        self.browse: dict[str, QPushButton] = {}
        for row, (name, label, tip) in enumerate(FILES, start=1):
            grid.addWidget(QLabel(translate("widgets.cluster_fields", label)), row, 0)
            field = QLineEdit()
            field.setToolTip(translate("widgets.cluster_fields", tip))
            field.editingFinished.connect(self._edited)
            grid.addWidget(field, row, 1)
            button = QPushButton(translate("widgets.cluster_fields", "Browse..."))
            button.clicked.connect(lambda _=False, name=name: self._choose(name))
            grid.addWidget(button, row, 2)
            self.files[name], self.browse[name] = field, button
        self.note = QLabel("")
        self.note.setObjectName("banner")
        self.note.setWordWrap(True)
        self.note.hide()
        grid.addWidget(self.note, len(FILES) + 1, 0, 1, 3)
        grid.setColumnStretch(1, 1)

    def options(self) -> ClusterOptions:
        """The fields as the engine's options (empty fields: None)."""
        files = {name: field.text().strip() or None for name, field in self.files.items()}
        return ClusterOptions(address=self.address.text().strip(), **files)

    def show_options(self, cluster: ClusterOptions) -> None:
        """Show ``cluster`` without emitting ``changed``."""
        for field, value in ((self.address, cluster.address), *((self.files[n], getattr(cluster, n))
                                                                 for n, _, _ in FILES)):
            if field.text() != (value or ""):
                field.blockSignals(True)
                field.setText(value or "")
                field.blockSignals(False)
        self._show_note(cluster)

    def _show_note(self, cluster: ClusterOptions) -> None:
        if not cluster.enabled:
            self.note.hide()
            return
        try:
            warnings = cluster.check()
        except InputError:
            warnings = []   # the page says what is wrong before running
        self.note.setText(translate("widgets.cluster_fields", "Warning: {0}.").format("; ".join(map(render, warnings)))
                          if warnings else "")
        self.note.setVisible(bool(warnings))

    @Slot()
    def _edited(self) -> None:
        cluster = self.options()
        self._show_note(cluster)
        self.changed.emit(cluster)

    def _choose(self, name: str) -> None:
        path, _ = QFileDialog.getOpenFileName(self, translate("widgets.cluster_fields", "Choose a PEM file"), self.files[name].text(),
                                              translate("widgets.cluster_fields", PEM_FILTER))
        if path:
            self.files[name].setText(path)
            self._edited()
