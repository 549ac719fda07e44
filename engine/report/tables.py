"""results.json and one CSV per table (UTF-8, header row, stable column names)."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any, Iterable, Optional, Sequence

import numpy as np

from ..foundation.cells import spreadsheet_safe
from ..outcome.results import Assessment
from ..outcome.selection import top_by_size
from ..outcome.verdict import verdict_json
from ..foundation.progress import CancelToken
from ..foundation.atomic import StagedFiles, check_output_dir, staged, write_analysis_file
from .outputs import ASSESS_OUTPUTS, ASSESS_TABLES

QID_SEPARATOR = " + "


def write_csv(files: StagedFiles, path: Path, header: Sequence[str], rows: Iterable[Sequence[Any]],
              private: bool = False) -> None:
    """One CSV table staged in ``files`` (None is an empty cell; text cells :func:`spreadsheet_safe`);
    ``private``: one line per record, readable by its owner only (:meth:`StagedFiles.path`)."""
    with files.text(path, newline="", private=private) as handle:
        writer = csv.writer(handle)
        writer.writerow([spreadsheet_safe(v) for v in header])
        for row in rows:
            writer.writerow(["" if v is None else spreadsheet_safe(v) for v in row])


NUMBER_CSV_LINES = 1 << 20   # lines built at a time (their text stays well under 2 GiB)


def _float_texts(values: np.ndarray) -> tuple[list[str], "pa.Array"]:
    """The text :func:`write_csv` writes (``str`` of the Python float) for each distinct value
    (bit pattern) of a float column, and each element's index into them (a hash table, not a
    sort)."""
    import pyarrow as pa

    bits = pa.array(np.ascontiguousarray(values, dtype=np.float64).view(np.int64)).dictionary_encode()
    distinct = bits.dictionary.to_numpy(zero_copy_only=False).view(np.float64)
    return list(map(repr, distinct.tolist())), bits.indices


def _cells(values: np.ndarray, texts: Optional[tuple], blank_zero: bool, rows: slice):
    import pyarrow as pa
    import pyarrow.compute as pc

    if texts is not None:
        return texts[0].take(texts[1][rows])
    numbers = pa.array(np.asarray(values[rows], dtype=np.int64))
    cells = pc.cast(numbers, pa.string())
    return pc.if_else(pc.equal(numbers, 0), "", cells) if blank_zero else cells


def write_number_csv(files: StagedFiles, path: Path, header: Sequence[str], columns: Sequence[np.ndarray],
                     blank_zero: Sequence[str] = (), private: bool = False) -> None:
    """A table of equal-length numeric columns (``header`` names them), a line per element,
    with the same text as :func:`write_csv` writes for the same numbers (``blank_zero``: the
    integer columns whose 0 is an empty cell); each distinct float is formatted once and the
    lines are joined by pyarrow, not one by one."""
    import pyarrow as pa
    import pyarrow.compute as pc

    floats = []
    for values in columns:
        if np.asarray(values).dtype.kind == "f":
            texts, index = _float_texts(values)
            floats.append((pa.array(texts, pa.string()), index))
        else:
            floats.append(None)
    n = len(columns[0]) if columns else 0
    with files.path(path, private) as tmp, open(tmp, "wb") as handle:
        handle.write((",".join(str(spreadsheet_safe(v)) for v in header) + "\r\n").encode("utf-8"))
        for start in range(0, n, NUMBER_CSV_LINES):
            rows = slice(start, min(n, start + NUMBER_CSV_LINES))
            cells = [_cells(c, t, name in blank_zero, rows) for name, c, t in zip(header, columns, floats)]
            lines = pc.binary_join_element_wise(*cells, ",") if len(cells) > 1 else cells[0]
            lines = pc.binary_join_element_wise(lines, pa.scalar("\r\n"), "")
            offsets = np.frombuffer(lines.buffers()[1], np.int32)[lines.offset:lines.offset + len(lines) + 1]
            handle.write(memoryview(lines.buffers()[2])[offsets[0]:offsets[-1]])
        handle.flush()
        os.fsync(handle.fileno())


def _qids(names: Sequence[str]) -> str:
    return QID_SEPARATOR.join(names)


def _opt(value: Optional[float]) -> Optional[float]:
    return None if value is None or not np.isfinite(value) else value


_ENCODE = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode


def json_text(value: Any, depth: int = 0) -> str:
    """``value`` as JSON: an object one member per line (one space of indent per level), a
    list of objects or lists one item per line, anything else on one line. Each line comes
    from the C encoder (``json.dump`` with an indent runs the pure-Python one, 3x slower)."""
    pad = " " * (depth + 1)
    if isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
        members = (f"{pad}{_ENCODE(k)}: {json_text(v, depth + 1)}" for k, v in value.items())
        return "{\n" + ",\n".join(members) + "\n" + " " * depth + "}"
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (dict, list, tuple)) for v in value):
        return "[\n" + ",\n".join(pad + _ENCODE(v) for v in value) + "\n" + " " * depth + "]"
    return _ENCODE(value)


def write_json(assessment: Assessment, path: Path, files: Optional[StagedFiles] = None) -> None:
    """results.json: the assessment with its verdict (engine/outcome/verdict.py) near the top."""
    if files is None:
        with staged() as own:
            return write_json(assessment, path, own)
    document = assessment.to_dict()
    version = document.pop("riskreview_version")
    document = {"riskreview_version": version, "verdict": verdict_json(assessment), **document}
    with files.text(path) as handle:
        handle.write(json_text(document) + "\n")


def write_results(assessment: Assessment, folder: Path,
                  per_record: Optional[dict[str, np.ndarray]] = None, tables_only: bool = False,
                  cancel: Optional[CancelToken] = None, files: Optional[StagedFiles] = None) -> list[Path]:
    """Write results.json, the CSV tables and analysis.toml into ``folder`` (only the CSV
    tables when ``tables_only``); all files appear together or none does, and the tables of an
    earlier run that this one does not write are removed. Staged in ``files`` (committed by the
    caller with the run's other outputs) or on their own. Returns the paths."""
    folder = Path(folder)
    check_output_dir(folder, create=True)
    written: list[Path] = []
    if files is None:
        with staged(cancel) as own:
            return write_results(assessment, folder, per_record, tables_only, cancel, own)
    files.claim(folder, ASSESS_TABLES if tables_only else ASSESS_OUTPUTS)
    _write_all(assessment, folder, files, written, per_record, tables_only)
    return written


def _write_all(assessment: Assessment, folder: Path, files: StagedFiles, written: list[Path],
               per_record: Optional[dict[str, np.ndarray]], tables_only: bool) -> None:
    def out(name: str) -> Path:
        path = folder / name
        written.append(path)
        return path

    if not tables_only:
        write_json(assessment, out("results.json"), files)
        write_analysis_file(assessment.config, out("analysis.toml"), files)
    _reid_csv(files, out("reidentification.csv"), assessment.reidentification)
    _inference_csv(files, out("inference.csv"), assessment.inference)
    linked = assessment.longitudinal
    if linked is not None:
        _reid_csv(files, out("linked_reidentification.csv"), linked.reidentification)
        _inference_csv(files, out("linked_inference.csv"), linked.inference)
        write_csv(files, out("over_time.csv"),
                   ["release", "qids", "attack", "sensitive", "prior_prob", "posterior_prob", "prior_det",
                    "posterior_det", "head_count_det"],
                   _over_time_rows(linked))
    write_csv(files, out("top_subsets.csv"),
               ["attack", "sensitive", "measure", "size", "qids", "posterior", "prior", "head_count"],
               _top_rows(assessment))
    write_csv(files, out("histograms.csv"),
               ["measure", "qids", "size", "bin_low", "bin_high", "records"],
               ([h.measure, _qids(h.qids), len(h.qids), h.edges[i], h.edges[i + 1], count]
                for h in assessment.histograms for i, count in enumerate(h.counts)))
    if assessment.privacy_models:
        write_csv(files, out("privacy_models.csv"),
                   ["qids", "size", "sensitive", "k", "alpha", "l", "entropy_l", "c", "c_l", "t", "t_distance",
                    "beta_basic", "beta_enhanced", "delta", "notes"],
                   ([_qids(m.qids), len(m.qids), m.sensitive, m.k, m.alpha, m.l, _opt(m.entropy_l),
                     None if m.c != m.c else int(m.c),
                     m.c_l, m.t, m.t_distance, _opt(m.beta_basic), _opt(m.beta_enhanced), _opt(m.delta),
                     "; ".join(m.notes)] for m in assessment.privacy_models))
    if assessment.model_shortfalls:
        write_csv(files, out("model_shortfalls.csv"),
                   ["qids", "sensitive", "model", "target", "blocks_short", "records_in_them", "total_blocks"],
                   ([_qids(s.qids), s.sensitive, s.model, s.target, s.blocks, s.records, s.total_blocks]
                    for s in assessment.model_shortfalls))
    if assessment.targets:
        write_csv(files, out("targets.csv"),
                   ["target", "matched", "block_size", "attack", "sensitive", "prior_prob",
                    "posterior_prob", "prior_det", "posterior_det", "most_likely", "note"],
                   _target_rows(assessment))
    if assessment.scenarios:
        from ..remediation.scenarios import CSV_COLUMNS, scenario_rows

        write_csv(files, out("scenarios.csv"), CSV_COLUMNS, scenario_rows(assessment))
    if assessment.sample_risk is not None:
        _sample_csvs(files, out, assessment.sample_risk)
    if per_record is not None:
        names = list(per_record)
        write_csv(files, out("per_record_risk.csv"), ["row"] + [f"risk_{n}" for n in names],
                   ([i + 1] + [float(per_record[n][i]) for n in names]
                    for i in range(len(per_record[names[0]]))), private=True)


def _sample_csvs(files: StagedFiles, out, sample) -> None:
    """individual_risk.csv, and with SUDA suda.csv and suda_contributions.csv: one line per
    record in file order (``row`` 1-based) or per key variable."""
    rows = np.arange(1, sample.rows + 1)
    if sample.household_risk is not None:
        write_number_csv(files, out("individual_risk.csv"), ["row", "risk", "household_risk"],
                         [rows, sample.individual_risk, sample.household_risk], private=True)
    else:
        write_number_csv(files, out("individual_risk.csv"), ["row", "risk"], [rows, sample.individual_risk],
                         private=True)
    if sample.suda is None:
        return
    records = sample.suda_records
    write_number_csv(files, out("suda.csv"), ["row", "msu_count", "msu_min_size", "suda_score", "dis_suda_score"],
                     [rows, records.msu_count, records.msu_min_size, records.score, records.dis_score],
                     blank_zero=("msu_min_size",), private=True)
    write_csv(files, out("suda_contributions.csv"), ["variable", "score", "share"],
              ([c.variable, c.score, c.share] for c in sample.suda.contributions))


_REID_HEADER = ["qids", "size", "rows", "blocks", "singletons", "prior_prob", "posterior_prob",
                "degradation_prob", "prior_det", "posterior_det", "degradation_det"]
_INFERENCE_HEADER = ["qids", "size", "sensitive", "rows", "expected_correct", "records_certain", "prior_prob",
                     "posterior_prob", "degradation_prob", "prior_det", "posterior_det", "degradation_det"]


def _reid_csv(files: StagedFiles, path: Path, rows: Sequence) -> None:
    write_csv(files, path, _REID_HEADER,
               ([_qids(r.qids), len(r.qids), r.n, r.blocks, r.singletons, r.prior_prob, r.posterior_prob,
                 _opt(r.degradation_prob), r.prior_det, r.posterior_det, r.degradation_det] for r in rows))


def _inference_csv(files: StagedFiles, path: Path, rows: Sequence) -> None:
    write_csv(files, path, _INFERENCE_HEADER,
               ([_qids(r.qids), len(r.qids), r.sensitive, r.n, r.expected_correct, r.records_certain,
                 r.prior_prob, r.posterior_prob, _opt(r.degradation_prob), r.prior_det, r.posterior_det,
                 r.degradation_det] for r in rows))


def _over_time_rows(linked) -> Iterable[list[Any]]:
    for step in linked.over_time:
        r = step.reidentification
        yield [step.label, _qids(r.qids), "reidentification", "", r.prior_prob, r.posterior_prob, r.prior_det,
               r.posterior_det, r.singletons]
        for i in step.inference:
            yield [step.label, _qids(i.qids), "inference", i.sensitive, i.prior_prob, i.posterior_prob,
                   i.prior_det, i.posterior_det, i.records_certain]


def _top_rows(assessment: Assessment) -> Iterable[list[Any]]:
    for measure, head in (("posterior_prob", "blocks"), ("posterior_det", "singletons")):
        for r in top_by_size(assessment.reidentification, measure, ties=True):
            yield ["reidentification", "", measure, len(r.qids), _qids(r.qids), getattr(r, measure),
                   r.prior_prob if measure == "posterior_prob" else r.prior_det, getattr(r, head)]
    if assessment.sample_risk is not None:
        for e in assessment.sample_risk.expected_by_size:
            yield ["reidentification", "", "expected_reidentifications", len(e.qids), _qids(e.qids),
                   e.expected_share, None, e.expected_reidentifications]
    sensitive = assessment.config.roles.sensitive
    for name in sensitive:
        rows = [r for r in assessment.inference if r.sensitive == name]
        for measure, head in (("posterior_prob", "expected_correct"), ("posterior_det", "records_certain")):
            for r in top_by_size(rows, measure, ties=True):
                yield ["inference", name, measure, len(r.qids), _qids(r.qids), getattr(r, measure),
                       r.prior_prob if measure == "posterior_prob" else r.prior_det, getattr(r, head)]


def _target_rows(assessment: Assessment) -> Iterable[list[Any]]:
    for t in assessment.targets:
        note = "" if t.matched else f"no match: {t.reason}"
        yield [t.label, t.matched, t.block_size, "reidentification", "", t.prior_prob, t.posterior_prob,
               t.prior_det, t.posterior_det, "", note]
        for i in t.inference:
            yield [t.label, t.matched, t.block_size, "inference", i.sensitive, i.prior_prob,
                   i.posterior_prob, i.prior_det, i.posterior_det, i.most_likely, note]
