"""A command reading a file pyarrow reads itself never needs pandas: keep pyarrow from importing it.

The first time pyarrow converts a Python or numpy value (a scalar in a compute call, an
array's ``to_numpy``), it imports pandas, 0.2 s of a one-second command, only to recognise
pandas objects among the values; once that import has failed it stops looking.
:func:`skip_pandas_lookup` lets it fail once, so a command reading a CSV, Parquet or Feather
file (:data:`PYARROW_READS`: pyarrow parses or maps them itself; no pandas object ever reaches
pyarrow) starts faster. Only the command line calls it, and only for those inputs: the Excel
and statistical-file readers hand pandas objects to pyarrow. pandas itself stays importable by
the code that uses it.
"""

from __future__ import annotations

import sys
from importlib.abc import MetaPathFinder

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc


PYARROW_READS = ("csv", "parquet", "feather")   # formats read without pandas (engine.io.formats)


class _NoPandas(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "pandas" or name.startswith("pandas."):
            raise ModuleNotFoundError("pandas is not looked up here", name=name)
        return None


def skip_pandas_lookup() -> bool:
    """Make pyarrow's one look for pandas now, with pandas out of reach; True when done (False
    when pandas was already imported, and pyarrow uses it anyway)."""
    if "pandas" in sys.modules:
        return False
    finder = _NoPandas()
    sys.meta_path.insert(0, finder)
    try:
        values = pa.array(np.zeros(1, dtype=np.int64))        # numpy values
        pc.equal(values, 0).to_numpy(zero_copy_only=False)    # a Python scalar, and back to numpy
    finally:
        sys.meta_path.remove(finder)
    return True
