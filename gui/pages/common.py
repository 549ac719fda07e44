"""Small building blocks shared by the pages."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize
from PySide6.QtWidgets import QBoxLayout, QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget


def title(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("pageTitle")
    return label


def hint(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("hint")
    label.setWordWrap(True)
    return label


class SideBySide(QBoxLayout):
    """Two columns (``sides``) side by side where both fit the width :meth:`fit` is given, else
    one above the other (narrow windows, longer translations), so that nothing needs scrolling
    sideways."""

    def __init__(self) -> None:
        super().__init__(QBoxLayout.Direction.LeftToRight)
        self.sides = (QVBoxLayout(), QVBoxLayout())
        for side in self.sides:
            self.addLayout(side, 1)

    def fit(self, width: int, room: int) -> None:
        """Side by side when ``width`` holds both columns' minimum widths, the spacing between
        them and ``room`` (margins, a scroll bar), else stacked."""
        left, right = (side.minimumSize().width() for side in self.sides)
        direction = (QBoxLayout.Direction.LeftToRight if width >= left + right + self.spacing() + room
                     else QBoxLayout.Direction.TopToBottom)
        if self.direction() != direction:
            self.setDirection(direction)


class FitOnResize(QObject):
    """Fits ``columns`` (:class:`SideBySide`) to the width of the widget it watches, less
    ``room``: for columns inside a scroll area, whose own width never drops below their minimum."""

    def __init__(self, watched: QWidget, columns: SideBySide, room: int) -> None:
        super().__init__(watched)
        self.columns, self.room = columns, room
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize:
            self.columns.fit(watched.width(), self.room)
        return False


class LinesHint(QLabel):
    """A :func:`hint` whose minimum height is the lines it takes at its width, so that a
    splitter or scroll area sizing by minimums (which know nothing of word wrap) leaves it room."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setObjectName("hint")
        self.setWordWrap(True)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        height = self.heightForWidth(self.width()) if self.width() > 0 else -1   # of all its lines
        return QSize(hint.width(), max(hint.height(), height))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()   # its minimum height follows its width


def banner(text: str = "", name: str = "banner") -> QLabel:
    """A coloured box: ``banner`` for warnings, ``notice`` for information."""
    label = QLabel(text)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(label.textFormat())
    return label


def scrolling(inner: QWidget) -> QScrollArea:
    """Wrap a page body so that nothing is clipped on small screens."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(inner)
    return area


def page_layout(widget: QWidget) -> QVBoxLayout:
    layout = QVBoxLayout(widget)
    layout.setContentsMargins(16, 12, 16, 12)
    layout.setSpacing(8)
    return layout


def page_frame(page: QWidget, heading: str, scroll: bool = False,
               stretch: int = 1) -> tuple[QVBoxLayout, QVBoxLayout]:
    """The frame of a page: an outer layout without margins (for bars as wide as the page) holding
    the body, which has the page margins and starts with the page's title; the body scrolls when
    ``scroll`` and takes ``stretch`` of the outer layout. Returns (outer layout, body layout)."""
    outer = QVBoxLayout(page)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.setSpacing(0)
    body = QWidget()
    outer.addWidget(scrolling(body) if scroll else body, stretch)
    layout = page_layout(body)
    layout.addWidget(title(heading))
    return outer, layout
