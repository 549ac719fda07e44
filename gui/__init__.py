"""RiskReview's PySide6 desktop application: views and controllers only, no risk maths."""
