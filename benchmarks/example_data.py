"""The bundled example generator (resources/examples/generate_census.py) at any size, cached as
Parquet, for the benchmarks."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def generator():
    """The example generator module, loaded from its file."""
    spec = importlib.util.spec_from_file_location("generate_census", ROOT / "resources/examples/generate_census.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def example_parquet(rows: int, seed: int, folder: Path) -> Path:
    """The example table at ``rows`` rows, written once to ``folder``."""
    path = folder / f"census_{rows}_{seed}.parquet"
    if not path.exists():
        generator().generate(rows, seed).to_parquet(path, index=False)
    return path
