"""Every supported file format reads the same small table into the same codes and labels.

Each fixture is written by the test itself (from one pandas DataFrame) except the SAS
``.sas7bdat`` file, which no Python library writes: a real one made by SAS is committed in
``tests/fixtures/`` (see the README there).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.feather as feather
import pyarrow.parquet as pq
import pyreadstat
import pytest

from engine.api import run_assessment
from engine.commands.cli import main
from engine.analysis.config import AnalysisConfig, DataSource, Roles, Target
from engine.io import list_columns, load_table, profile_file, read_columns
from engine.io.sniff import sniff_text

from ..conftest import python_path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SAS7BDAT = FIXTURES / "iris.sas7bdat"
SAS7BDAT_SHA256 = "b25ae02490f8f8e384e4dab3011e26fc8d26b7f28da113d269153faa16e65dcf"

NAMES = ["José", "Müller", "São Paulo", "Zoë", "José", "Ana",
         "Müller", "Ana", "Ñandú", "Zoë", "José", "Ana"]
FRAME = pd.DataFrame({
    "id": list(range(101, 113)),
    "name": NAMES,
    "age": [34, 51, 34, 29, 34, 62, 51, 29, 45, 34, 29, 34],
    "score": [7.0, 3.0, np.nan, 7.0, 7.0, 2.0, 3.0, 5.0, 5.0, np.nan, 7.0, 2.0],
    "smoker": ["yes", "no", "no", "yes", "no", "no", "yes", "no", "yes", "no", "yes", "no"],
})
COLUMNS = list(FRAME.columns)
N_ROWS = len(FRAME)
# distinct values sorted ascending (code order); byte order puts "Ñ" (U+00D1) after "Z"
NAME_LABELS = ["Ana", "José", "Müller", "São Paulo", "Zoë", "Ñandú"]
AGE_LABELS = [29.0, 34.0, 45.0, 51.0, 62.0]
SCORE_LABELS = [2.0, 3.0, 5.0, 7.0, None]
QIDS = ("name", "age", "score")
SENSITIVE = ("smoker",)
TARGETS = ("name=José;age=34", "name=Zoë;score=", "name=Ñandú")

# the second sheet of the workbook holds FRAME; the first holds these three other rows
FIRST_SHEET = pd.DataFrame({"id": [1, 2, 3], "name": ["Éva", "Łukasz", "Ana"], "age": [40, 41, 42],
                            "score": [1.0, 1.0, 9.0], "smoker": ["no", "no", "yes"]})


def _write_text(frame: pd.DataFrame, path: Path, sep: str, encoding: str) -> None:
    path.write_bytes(frame.to_csv(index=False, sep=sep, lineterminator="\n").encode(encoding))


def _write_all(folder: Path) -> dict[str, DataSource]:
    """One file per format and variant, all holding FRAME; returns how to read each."""
    sources = {}

    def add(key: str, name: str, **options) -> Path:
        path = folder / name
        sources[key] = DataSource(str(path), **options)
        return path

    _write_text(FRAME, add("csv-utf8-comma", "people.csv"), ",", "utf-8")
    _write_text(FRAME, add("csv-latin1-semicolon", "people_latin1.csv"), ";", "latin-1")
    _write_text(FRAME, add("tsv", "people.tsv"), "\t", "utf-8")
    _write_text(FRAME, add("pipe", "people_pipe.txt"), "|", "utf-8")
    FRAME.to_parquet(add("parquet", "people.parquet"), index=False)
    FRAME.to_feather(add("feather", "people.feather"))
    feather.write_feather(pa.Table.from_pandas(FRAME, preserve_index=False), add("arrow", "people.arrow"))
    with pd.ExcelWriter(add("xlsx", "people.xlsx", sheet="people")) as writer:
        FIRST_SHEET.to_excel(writer, sheet_name="notes", index=False)
        FRAME.to_excel(writer, sheet_name="people", index=False)
    pyreadstat.write_sav(FRAME, str(add("sav", "people.sav")))
    pyreadstat.write_dta(FRAME, str(add("dta", "people.dta")))
    pyreadstat.write_xport(FRAME, str(add("xpt", "people.xpt")), table_name="PEOPLE")
    return sources


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> dict[str, DataSource]:
    return _write_all(tmp_path_factory.mktemp("formats"))


FORMAT_KEYS = ["csv-utf8-comma", "csv-latin1-semicolon", "tsv", "pipe", "parquet", "feather", "arrow",
               "xlsx", "sav", "dta", "xpt"]


def _sha256(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _config(source: DataSource) -> AnalysisConfig:
    return AnalysisConfig(data=source, roles=Roles(quasi_identifiers=QIDS, sensitive=SENSITIVE),
                          targets=tuple(Target.parse(t) for t in TARGETS))


def _expected_reidentification() -> dict[tuple[str, ...], tuple[int, int]]:
    """(blocks, singletons) per QID subset, counted by pandas (a missing value is a value)."""
    expected = {}
    subsets = [("name",), ("age",), ("score",), ("name", "age"), ("name", "score"), ("age", "score"),
               ("name", "age", "score")]
    for subset in subsets:
        sizes = FRAME.groupby(list(subset), dropna=False).size()
        expected[subset] = (len(sizes), int((sizes == 1).sum()))
    return expected


# --- every format -------------------------------------------------------------------------
@pytest.mark.parametrize("key", FORMAT_KEYS)
def test_rows_codes_and_labels(sources, key):
    source = sources[key]
    before = _sha256(source.path)
    table = load_table(source, COLUMNS)
    assert table.n_rows == N_ROWS
    assert table.warnings == ()
    assert table.sha256 == before == _sha256(source.path)

    name = table.columns["name"]
    assert name.kind == "text"
    assert name.labels.to_pylist() == NAME_LABELS
    assert name.missing_code is None
    assert [name.label_text(code) for code in name.codes] == NAMES
    assert name.find_code("São Paulo") == NAME_LABELS.index("São Paulo")
    assert name.find_code("Nobody") is None

    age = table.columns["age"]
    assert age.kind in ("integer", "float")
    assert [float(v) for v in age.labels.to_pylist()] == AGE_LABELS
    assert age.find_code("34") == AGE_LABELS.index(34.0)
    assert [float(age.labels[int(c)].as_py()) for c in age.codes] == [float(v) for v in FRAME["age"]]

    # the missing score is a value of its own, with the last code, and decodes to ""
    score = table.columns["score"]
    assert score.kind in ("integer", "float")
    assert score.cardinality == 5
    assert score.missing_code == 4
    assert score.labels.to_pylist()[-1] is None
    assert [None if v is None else float(v) for v in score.labels.to_pylist()] == SCORE_LABELS
    assert score.missing_count == 2
    assert np.flatnonzero(score.codes == score.missing_code).tolist() == [2, 9]
    assert score.label_text(score.missing_code) == ""
    assert score.find_code("") == score.missing_code

    smoker = table.columns["smoker"]
    assert smoker.labels.to_pylist() == ["no", "yes"]
    assert smoker.codes.tolist() == [1 if v == "yes" else 0 for v in FRAME["smoker"]]

    ident = table.columns["id"]
    assert ident.cardinality == N_ROWS
    assert ident.codes.tolist() == list(range(N_ROWS))
    for column in table.columns.values():
        assert column.codes.dtype == np.uint8
        assert len(column.codes) == N_ROWS


def test_codes_are_identical_across_formats(sources):
    reference = load_table(sources["csv-utf8-comma"], COLUMNS)
    for key in FORMAT_KEYS[1:]:
        table = load_table(sources[key], COLUMNS)
        for name in COLUMNS:
            np.testing.assert_array_equal(table.columns[name].codes, reference.columns[name].codes,
                                          err_msg=f"{key}: column {name}")
            assert table.columns[name].missing_code == reference.columns[name].missing_code


def test_assessment_agrees_across_formats(sources):
    expected = _expected_reidentification()
    results = {}
    for key in FORMAT_KEYS:
        assessment = run_assessment(_config(sources[key]))
        assert assessment.dataset.rows == N_ROWS
        assert assessment.warnings == ()
        reid = {r.qids: r for r in assessment.reidentification}
        assert set(reid) == set(expected)
        for qids, (blocks, singletons) in expected.items():
            row = reid[qids]
            assert (row.blocks, row.singletons) == (blocks, singletons), (key, qids)
            assert row.posterior_prob == pytest.approx(blocks / N_ROWS)
            assert row.posterior_det == pytest.approx(singletons / N_ROWS)
            assert row.prior_prob == pytest.approx(1 / N_ROWS)
        targets = {t.label: t for t in assessment.targets}
        assert targets["name=José; age=34"].matched and targets["name=José; age=34"].block_size == 2
        assert targets["name=Zoë; score="].matched and targets["name=Zoë; score="].block_size == 1
        assert targets["name=Ñandú"].block_size == 1
        assert targets["name=Ñandú"].inference[0].most_likely == "yes"
        results[key] = (
            [(r.qids, r.blocks, r.singletons, r.prior_prob, r.posterior_prob, r.prior_det, r.posterior_det)
             for r in assessment.reidentification],
            [(r.qids, r.sensitive, r.expected_correct, r.records_certain, r.posterior_prob, r.posterior_det)
             for r in assessment.inference],
            [(t.label, t.matched, t.block_size, t.posterior_prob,
              tuple((i.posterior_prob, i.most_likely) for i in t.inference)) for t in assessment.targets],
        )
    reference = results["csv-utf8-comma"]
    assert len(reference[0]) == 7 and len(reference[1]) == 7
    for key, result in results.items():
        assert result == reference, key


@pytest.mark.parametrize("key", FORMAT_KEYS)
def test_read_columns_returns_exactly_the_requested_columns(sources, key):
    table = read_columns(sources[key], ["smoker", "name"])
    assert table.column_names == ["smoker", "name"]
    assert table.num_rows == N_ROWS
    assert table.column("name").to_pylist() == NAMES
    assert list_columns(sources[key]) == COLUMNS
    encoded = load_table(sources[key], ["age"])
    assert list(encoded.columns) == ["age"]


@pytest.mark.parametrize("key", FORMAT_KEYS)
def test_profile_agrees_across_formats(sources, key):
    profiles = {p.name: p for p in profile_file(sources[key])}
    assert list(profiles) == COLUMNS
    assert all(p.rows == N_ROWS for p in profiles.values())
    assert profiles["id"].looks_like_identifier
    assert not any(profiles[c].looks_like_identifier for c in ("name", "age", "score", "smoker"))
    assert {c: profiles[c].distinct for c in COLUMNS} == {"id": 12, "name": 6, "age": 5, "score": 5, "smoker": 2}
    assert {c: profiles[c].missing for c in COLUMNS} == {"id": 0, "name": 0, "age": 0, "score": 2, "smoker": 0}
    assert profiles["smoker"].top_values == (("no", 7), ("yes", 5))
    assert profiles["name"].kind == "text"


# --- text files: detection and overrides --------------------------------------------------
def test_latin1_semicolon_file_is_detected_without_overrides(sources):
    path = Path(sources["csv-latin1-semicolon"].path)
    raw = path.read_bytes()
    assert "José".encode("latin-1") in raw and "José".encode("utf-8") not in raw
    dialect = sniff_text(path)
    assert dialect.delimiter == ";"
    # Windows-1252 is a superset of Latin-1 for these letters: either decodes them exactly
    assert dialect.encoding in ("cp1252", "latin-1")
    table = load_table(DataSource(str(path)), ["name", "smoker"])
    assert table.columns["name"].labels.to_pylist() == NAME_LABELS
    assert [table.columns["name"].label_text(c) for c in table.columns["name"].codes] == NAMES


def test_tsv_and_pipe_delimiters_are_detected(sources):
    assert sniff_text(Path(sources["tsv"].path)).delimiter == "\t"
    assert sniff_text(Path(sources["pipe"].path)).delimiter == "|"
    assert sniff_text(Path(sources["csv-utf8-comma"].path)).delimiter == ","
    assert sniff_text(Path(sources["csv-utf8-comma"].path)).encoding == "utf-8"


def test_explicit_encoding_override_wins(tmp_path):
    path = tmp_path / "names.csv"
    _write_text(FRAME, path, ",", "utf-8")
    right = load_table(DataSource(str(path), encoding="utf-8"), ["name"])
    assert right.columns["name"].labels.to_pylist() == NAME_LABELS
    # the same UTF-8 bytes read as Latin-1 give two characters per accented letter
    wrong = load_table(DataSource(str(path), encoding="latin-1"), ["name"])
    assert "JosÃ©" in wrong.columns["name"].labels.to_pylist()
    assert "José" not in wrong.columns["name"].labels.to_pylist()

    latin = tmp_path / "names_latin1.csv"
    _write_text(FRAME, latin, ",", "latin-1")
    table = load_table(DataSource(str(latin), encoding="latin-1", delimiter=","), ["name", "age"])
    assert table.columns["name"].labels.to_pylist() == NAME_LABELS
    assert table.n_rows == N_ROWS


def test_explicit_delimiter_override_wins(tmp_path):
    # decimal commas inside semicolon-separated fields: the delimiter is given explicitly
    path = tmp_path / "amounts.txt"
    path.write_text("name;amount;s\nJosé;1,5;yes\nAna;2,25;no\nBo;3;no\nAna;1,5;yes\n", encoding="utf-8")
    source = DataSource(str(path), delimiter=";")
    assert list_columns(source) == ["name", "amount", "s"]
    table = load_table(source, ["amount", "name"])
    assert table.n_rows == 4
    assert table.columns["amount"].labels.to_pylist() == ["1,5", "2,25", "3"]
    assert table.columns["amount"].kind == "text"
    # a delimiter that is not in the file leaves one column holding each whole line
    assert list_columns(DataSource(str(path), delimiter="|")) == ["name;amount;s"]


def test_cli_profile_with_delimiter_and_encoding_options(tmp_path, capsys):
    path = tmp_path / "export.txt"
    _write_text(FRAME, path, ";", "latin-1")
    code = main(["profile", str(path), "--delimiter", "semicolon", "--encoding", "latin-1", "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    profiles = {p["name"]: p for p in json.loads(captured.out)}
    assert list(profiles) == COLUMNS
    assert profiles["name"]["distinct"] == 6
    assert ["José", 3] in profiles["name"]["top_values"]
    assert profiles["score"]["missing"] == 2


def test_utf8_bom_is_not_part_of_the_first_column_name(tmp_path):
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbf" + FRAME.to_csv(index=False, lineterminator="\n").encode("utf-8"))
    source = DataSource(str(path))
    assert sniff_text(path).encoding == "utf-8-sig"
    assert list_columns(source) == COLUMNS
    table = load_table(source, ["id", "name"])
    assert table.n_rows == N_ROWS
    assert table.columns["id"].kind == "integer"
    assert table.columns["id"].labels.to_pylist() == list(range(101, 113))
    assert table.columns["name"].labels.to_pylist() == NAME_LABELS


def test_quoted_fields_may_contain_the_delimiter(tmp_path):
    path = tmp_path / "quoted.csv"
    path.write_text('name,city,s\n"Smith, John","São Paulo, SP",yes\n"Doe, Jane",Lisboa,no\n'
                    '"Smith, John",Lisboa,no\n"O""Brien",Cork,yes\n', encoding="utf-8")
    source = DataSource(str(path))
    assert list_columns(source) == ["name", "city", "s"]
    table = load_table(source, ["name", "city"])
    assert table.n_rows == 4
    assert table.columns["name"].labels.to_pylist() == ["Doe, Jane", "O\"Brien", "Smith, John"]
    assert table.columns["city"].labels.to_pylist() == ["Cork", "Lisboa", "São Paulo, SP"]
    assessment = run_assessment(AnalysisConfig(data=source, roles=Roles(("name", "city"), ("s",))))
    full = [r for r in assessment.reidentification if r.qids == ("name", "city")][0]
    assert (full.blocks, full.singletons) == (4, 4)


@pytest.mark.parametrize("at_once", [True, False])
def test_line_breaks_only_inside_quotes_and_both_read_paths(tmp_path, monkeypatch, at_once):
    """A file without a quote is split for parallel parsing; one with a quoted line break is
    read with the break kept; small files are parsed at once, large ones in batches: the
    tables are the same either way."""
    from engine.io import formats

    if not at_once:
        monkeypatch.setattr(formats, "CSV_AT_ONCE_BYTES", 0)
        monkeypatch.setattr(formats, "CSV_BLOCK_BYTES", 64)
    rows = [f"{i % 7},{'yes' if i % 3 else 'no'}" for i in range(500)]
    plain = tmp_path / "plain.csv"
    plain.write_text("q,s\n" + "\n".join(rows) + "\n", encoding="utf-8")
    quoted = tmp_path / "quoted.csv"
    quoted.write_text('q,s\n"two\nlines",yes\n' + "\n".join(rows) + "\n", encoding="utf-8")
    assert not formats._has_quotes(plain) and formats._has_quotes(quoted)
    first = read_columns(DataSource(str(plain)), ["q", "s"])
    second = read_columns(DataSource(str(quoted)), ["q", "s"])
    assert first.num_rows == 500 and second.num_rows == 501
    assert second.column("q")[0].as_py() == "two\nlines"
    assert second.slice(1).column("s").to_pylist() == first.column("s").to_pylist()
    assert [str(v) for v in first.column("q").to_pylist()] == [str(i % 7) for i in range(500)]


def test_profile_flags_identifier_and_counts_missing_values(tmp_path):
    path = tmp_path / "profile.csv"
    frame = pd.DataFrame({
        "record_id": [f"R{i:03d}" for i in range(20)],
        "region": ["North"] * 9 + ["South"] * 6 + ["East"] * 3 + [None] * 2,
        "age": pd.array([30, 31, 30, 30, None, 44, 44, 30, 52, 31, 30, 44, None, None, 52, 30, 61, 31, 30, 44],
                        dtype="Int64"),
    })
    frame.to_csv(path, index=False)
    profiles = {p.name: p for p in profile_file(DataSource(str(path)))}
    record_id, region, age = profiles["record_id"], profiles["region"], profiles["age"]
    assert record_id.looks_like_identifier
    assert (record_id.kind, record_id.rows, record_id.distinct, record_id.missing) == ("text", 20, 20, 0)
    assert not region.looks_like_identifier and not age.looks_like_identifier
    # distinct counts the missing value as one more value
    assert (region.kind, region.distinct, region.missing) == ("text", 4, 2)
    assert region.missing_share == pytest.approx(0.1)
    assert region.top_values == (("North", 9), ("South", 6), ("East", 3))
    assert (age.kind, age.distinct, age.missing) == ("integer", 6, 3)
    assert age.missing_share == pytest.approx(0.15)
    assert age.top_values[0] == ("30", 7)
    assert dict(age.top_values) == {"30": 7, "44": 4, "31": 3, "52": 2, "61": 1}
    assert age.to_dict()["looks_like_identifier"] is False


# --- Excel sheets ------------------------------------------------------------------------
def test_excel_sheet_option_picks_the_named_sheet(sources):
    path = sources["xlsx"].path
    second = load_table(DataSource(path, sheet="people"), ["name", "age"])
    assert second.n_rows == N_ROWS
    assert second.columns["name"].labels.to_pylist() == NAME_LABELS
    first_by_name = load_table(DataSource(path, sheet="notes"), ["name", "age"])
    default = load_table(DataSource(path), ["name", "age"])
    for table in (first_by_name, default):
        assert table.n_rows == 3
        assert table.columns["name"].labels.to_pylist() == ["Ana", "Éva", "Łukasz"]
        assert table.columns["age"].labels.to_pylist() == [40, 41, 42]


# --- SAS .sas7bdat (a real file written by SAS 9.4) -----------------------------------------
def test_sas7bdat_fixture_matches_pyreadstat_and_pandas():
    assert _sha256(SAS7BDAT) == SAS7BDAT_SHA256
    source = DataSource(str(SAS7BDAT))
    assert list_columns(source) == ["Sepal_Length", "Sepal_Width", "Petal_Length", "Petal_Width", "Species"]
    direct, meta = pyreadstat.read_sas7bdat(str(SAS7BDAT))
    by_pandas = pd.read_sas(SAS7BDAT, format="sas7bdat", encoding="utf-8")
    assert meta.number_rows == len(direct) == len(by_pandas) == 150

    table = load_table(source, ["Species", "Sepal_Length"])
    assert table.n_rows == 150
    assert table.sha256 == SAS7BDAT_SHA256
    species = table.columns["Species"]
    assert species.kind == "text"
    # the file stores Species as $6 text, so SAS itself cut "versicolor" and "virginica"
    assert meta.variable_storage_width["Species"] == 6
    assert species.labels.to_pylist() == ["setosa", "versic", "virgin"]
    assert species.missing_code is None
    decoded = [species.label_text(code) for code in species.codes]
    assert decoded == direct["Species"].tolist() == by_pandas["Species"].tolist()
    assert np.bincount(species.codes).tolist() == [50, 50, 50]

    length = table.columns["Sepal_Length"]
    assert length.kind == "float"
    values = np.array([length.labels[int(code)].as_py() for code in length.codes])
    np.testing.assert_array_equal(values, direct["Sepal_Length"].to_numpy())
    np.testing.assert_array_equal(values, by_pandas["Sepal_Length"].to_numpy())
    assert length.cardinality == direct["Sepal_Length"].nunique()

    assessment = run_assessment(AnalysisConfig(data=source, roles=Roles(("Sepal_Length", "Sepal_Width"),
                                                                        ("Species",))))
    sizes = direct.groupby(["Sepal_Length", "Sepal_Width"]).size()
    full = [r for r in assessment.reidentification if len(r.qids) == 2][0]
    assert (full.blocks, full.singletons) == (len(sizes), int((sizes == 1).sum()))
    assert _sha256(SAS7BDAT) == SAS7BDAT_SHA256


def test_the_file_is_hashed_while_it_is_read_and_a_failed_read_stops_the_hashing(tmp_path, monkeypatch):
    """load_table hashes a regular file on a thread while reading it (the table carries the
    file's SHA-256); when the read fails or is cancelled, the hashing is told to stop at once
    (a large file would otherwise hold the error or the cancel until it is hashed)."""
    import threading

    from engine.analysis.config import DataSource
    from engine.foundation.errors import Cancelled
    from engine.io import encode, loader
    from engine.foundation.progress import CancelToken

    path = tmp_path / "t.csv"
    path.write_text("a,b\n1,x\n2,y\n" * 3000)
    table = loader.load_table(DataSource(str(path)), ["a", "b"])
    assert table.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert encode.file_sha256(path, chunk=16, stopped=lambda: True) == ""

    told = threading.Event()

    def slow_hash(file, stopped):
        for _ in range(500):            # a file that takes long to hash: it waits for the stop
            if stopped():
                told.set()
                return ""
            threading.Event().wait(0.01)
        return "never stopped"

    def cancelled_read(*args):
        raise Cancelled()

    monkeypatch.setattr(loader, "file_sha256", slow_hash)
    monkeypatch.setattr(loader, "read_columns", cancelled_read)
    with pytest.raises(Cancelled):
        loader.load_table(DataSource(str(path)), ["a", "b"], CancelToken())
    assert told.is_set()


@pytest.mark.parametrize("seed", range(4))
def test_codes_of_sliced_chunks_are_each_values_rank_among_the_sorted_distinct_values(seed):
    """Codes are read straight from ``index_in``'s buffer: a column of several chunks, sliced
    from one array, with missing values (the last code), gives each row the rank of its value
    among the sorted distinct values; a buffer read at an offset (a sliced array) starts there."""
    from engine.io.encode import _numbers, encode_column

    rng = np.random.default_rng(seed)
    values = [None if v < 0 else int(v) for v in rng.integers(-3, 40, 500)]
    whole = pa.array(values, pa.int64())
    cuts = sorted(rng.choice(np.arange(1, 499), 4, replace=False))
    chunks = [whole.slice(a, b - a) for a, b in zip([0, *cuts], [*cuts, 500])]
    column = encode_column("v", pa.chunked_array(chunks))
    distinct = sorted({v for v in values if v is not None})
    expected = [len(distinct) if v is None else distinct.index(v) for v in values]
    assert column.codes.tolist() == expected
    assert column.missing_code == (len(distinct) if None in values else None)
    assert _numbers(pa.array(np.arange(10, dtype=np.int32)).slice(3, 4)).tolist() == [3, 4, 5, 6]


def test_reading_a_file_does_not_import_pandas(tmp_path):
    """Loading the columns of an analysis goes from Arrow to numpy without pandas, whose first
    import costs a fresh process about 0.2 s (docs/performance.md, "What makes it fast"): integer,
    text and float columns (NaN missing, -0.0 one value with 0.0) alike."""
    path = tmp_path / "t.parquet"
    pq.write_table(pa.table({"a": pa.array([3, 1, None, 3], pa.int64()), "b": pa.array(["x", "y", "x", None]),
                             "c": pa.array([-0.0, float("nan"), 0.0, 2.5])}), path)
    code = ("import sys\nfrom engine.analysis.config import DataSource\nfrom engine.io import load_table\n"
            f"t = load_table(DataSource({str(path)!r}), ['a', 'b', 'c'])\n"
            "print([t[c].codes.tolist() for c in 'abc'], t['c'].missing_code, 'pandas' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": python_path()},
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split("\n")[0] == "[[1, 0, 2, 1], [0, 1, 0, 2], [0, 2, 0, 1]] 2 False"


# --- codes written with leading zeros (postcodes, county codes) stay text --------------------
ZIPS = ["01000", "01500", "02100", "75001", "1000"]
COUNTIES = ["007", "07", "7", "012"]


def _coded_file(path: Path, rows: int = 300) -> Path:
    rng = np.random.default_rng(4)
    lines = ["zip,county,sex,inc,n,x"]
    for i in range(rows):
        lines.append(f"{rng.choice(ZIPS)},{rng.choice(COUNTIES)},{rng.choice(['M', 'F'])},{rng.choice(['a', 'b'])},"
                     f"{int(rng.integers(-3, 12))},{rng.choice(['2.5', '1', '-0.25'])}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_codes_with_leading_zeros_are_distinct_values_as_pandas_reads_them_as_text(tmp_path):
    path = _coded_file(tmp_path / "codes.csv")
    text = pd.read_csv(path, dtype=str, keep_default_na=False)
    table = load_table(DataSource(str(path)), ["zip", "county", "sex"])
    assert table["zip"].kind == "text" and table["zip"].labels.to_pylist() == sorted(set(text["zip"]))
    assert table["county"].kind == "text" and table["county"].labels.to_pylist() == sorted(COUNTIES)
    for subset in (["zip"], ["county"], ["zip", "county"], ["zip", "county", "sex"]):
        sizes = text.groupby(subset).size()
        codes = np.column_stack([table[c].codes for c in subset])
        assert len({tuple(r) for r in codes.tolist()}) == len(sizes)
    assessment = run_assessment(AnalysisConfig(data=DataSource(str(path)),
                                               roles=Roles(("zip", "county", "sex"), ("inc",))))
    for row in assessment.reidentification:
        sizes = text.groupby(list(row.qids)).size()
        assert (row.blocks, row.singletons) == (len(sizes), int((sizes == 1).sum())), row.qids
    blocks = {r.qids: r.blocks for r in assessment.reidentification}
    assert (blocks[("zip",)], blocks[("county",)]) == (5, 4)


def test_plain_integers_and_decimals_are_still_numbers(tmp_path):
    path = _coded_file(tmp_path / "codes.csv")
    table = load_table(DataSource(str(path)), ["n", "x"])
    assert table["n"].kind == "integer"
    assert table["n"].labels.to_pylist() == sorted(set(pd.read_csv(path)["n"].tolist()))
    assert table["x"].kind == "float" and table["x"].labels.to_pylist() == [-0.25, 1.0, 2.5]


@pytest.mark.parametrize("values, kind", [
    (["7", "12", "-3", ""], "integer"),
    (["2.5", "1", "NA", "0.1"], "float"),
    (["1.0", "2.5", "3.0"], "float"),            # doubles as pandas writes them
    (["007", "07", "7"], "text"),
    (["+5", "5"], "text"),
    (["1.50", "1.5"], "text"),                   # one number, two spellings
    (["1.1", "1.10"], "text"),                   # codes of a classification
    (["1.50", "2", "12.25"], "float"),           # two decimals, as a spreadsheet writes them
    (["1e3", "5"], "text"),
    ([" 7", "7"], "text"),
    (["7", "7.0"], "text"),
    (["-0", "0"], "text"),
])
def test_a_text_column_is_numbers_only_when_each_value_is_written_back_as_it_was(tmp_path, values, kind):
    path = tmp_path / "v.csv"
    path.write_text("v,s\n" + "".join(f'"{v}",a\n' for v in values), encoding="utf-8")
    column = load_table(DataSource(str(path)), ["v"])["v"]
    assert column.kind == kind
    present = [v for v in values if v not in ("", "NA")]
    assert column.cardinality - (column.missing_code is not None) == len(set(present))
    if kind == "text":
        assert column.labels.to_pylist() == sorted(set(present)) + ([None] if "" in values else [])


def test_missing_markers_stay_missing_beside_numbers_and_are_values_beside_codes(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text("n,c\n7,007\nNA,NA\n,7\n  ,\n", encoding="utf-8")
    table = load_table(DataSource(str(path)), ["n", "c"])
    assert table["n"].kind == "integer" and table["n"].labels.to_pylist() == [7, None]
    assert table["n"].codes.tolist() == [0, 1, 1, 1]
    assert table["c"].labels.to_pylist() == ["007", "7", "NA", None]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_scenario_export_writes_every_code_exactly_as_read(tmp_path, capsys, suffix):
    path = _coded_file(tmp_path / "codes.csv")
    scenarios = tmp_path / "s.toml"
    scenarios.write_text('[[scenario]]\nname = "s"\nsteps = [{ op = "record_suppression", k = 2, '
                         'max_percent = 50 }]\n', encoding="utf-8")
    exported = tmp_path / f"e{suffix}"
    assert main(["assess", str(path), "--qid", "zip", "county", "sex", "--sensitive", "inc", "n", "x",
                 "--csv", str(tmp_path / "out"), "--scenario", str(scenarios),
                 "--export-scenario", f"s={exported}", "--quiet"]) == 0
    source = pd.read_csv(path, dtype=str, keep_default_na=False)
    if suffix == ".csv":
        written = pd.read_csv(exported, dtype=str, keep_default_na=False)
    else:
        data = pq.read_table(exported)
        assert [data.schema.field(c).type for c in ("zip", "county", "n", "x")] == \
            [pa.string(), pa.string(), pa.int64(), pa.float64()]
        written = pa.table({c: data.column(c).cast(pa.string()) for c in data.column_names}).to_pandas().fillna("")
    assert len(written) == len(source)
    for name in ("zip", "county"):
        kept = written[name] != ""
        assert kept.any()
        assert (written.loc[kept, name] == source.loc[kept, name]).all()
        assert set(written.loc[kept, name]) <= set(source[name])
    assert {"02100", "01000"} <= set(written["zip"]) and {"007", "07", "7"} <= set(written["county"])
    assert (written["n"] == source["n"]).all() and (written["x"] == source["x"]).all()


def test_excel_number_cells_beside_text_codes_keep_the_codes_apart(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    path = tmp_path / "codes.xlsx"
    book = openpyxl.Workbook()
    for row in (["county", "w"], ["007", 2.0], [7, 2.5], ["07", 3.0], [" ", 1.0]):
        book.active.append(row)
    book.save(path)
    table = load_table(DataSource(str(path)), ["county", "w"])
    assert table["county"].kind == "text" and table["county"].labels.to_pylist() == [" ", "007", "07", "7"]
    assert table["w"].kind == "float" and table["w"].labels.to_pylist() == [1.0, 2.0, 2.5, 3.0]


def test_a_weight_column_of_text_numbers_gives_their_numbers_and_text_names_a_value(tmp_path):
    from engine.foundation.errors import InputError
    from engine.io.encode import encode_column
    from engine.sample.measures import weight_values

    column = encode_column("w", text_to_numbers_column(["010", "2.50", "010", "7"]))
    assert column.kind == "text" and column.cardinality == 3
    assert weight_values(column, "s.csv").tolist() == [10.0, 2.5, 10.0, 7.0]
    with pytest.raises(InputError, match=r"weight column 'w' has 'ten' in row 2; sampling weights must be numbers"):
        weight_values(encode_column("w", text_to_numbers_column(["010", "ten"])), "s.csv")


def text_to_numbers_column(values: list[str]) -> pa.ChunkedArray:
    from engine.io.numbers import text_to_numbers

    return text_to_numbers(pa.chunked_array([pa.array(values, pa.string())]))
