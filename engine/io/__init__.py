"""Reading microdata files into compact integer codes, and profiling their columns."""

from .encode import EncodedColumn, EncodedTable, encode_column
from .formats import detect_format, list_columns, read_columns
from .loader import load_table
from .profile import ColumnProfile, profile_file

__all__ = ["EncodedColumn", "EncodedTable", "encode_column", "detect_format", "list_columns",
           "read_columns", "load_table", "ColumnProfile", "profile_file"]
