"""RiskReview's risk engine: loading microdata, attacks, the QID-subset sweep. Never imports Qt."""

__version__ = "0.1.0"
