"""The engine's public API: the one module the window (gui/) and the command line (engine/commands/) import.

Every name below is the engine's own object, re-exported from the module that defines it (the
import-linter contracts in .importlinter keep the window and the commands on this module;
docs/development.md, "Import contracts"). A name is imported when first used, so the
window and the command line load only the parts of the engine they run.
"""

from __future__ import annotations

import importlib
from typing import Any

# module -> exported names; a pair is (exported name, name in the module)
EXPORTS: dict[str, tuple[Any, ...]] = {
    "engine.assessment.run": ("build_family", "check_columns", "run_assessment", "sweep_plan"),
    "engine.assessment.run_plan": ("OTHER_SECONDS_PER_ROW", "plan_assessment", "RunPlan", "sweep_seconds"),
    "engine.assessment.session_cache": ("FileStamp", "SessionCache"),
    "engine.analysis.config": ("OPTIONAL_SECTIONS", "TOML_KEYS", "AnalysisConfig", "ClusterOptions", "DataSource",
                               "Linkage", "ModelTargets", "PrivacyModelOptions", "read_toml", "Release", "MODEL_TARGETS", "TARGET_SYNTAX",
                               "ReportOptions", "Roles", "split_label", "SubsetFamily", "Target", "Thresholds"),
    "engine.analysis.options": ("add_flag", "bounds", "Bounds", "controls", "Declared", "declared", "flags",
                                "given_flags", "KINDS", "own_options"),
    "engine.analysis.sample_options": ("MISSING_RULES", "SampleOptions"),
    "engine.analysis.scenario_steps": ("HierarchySpec", "Microaggregate", "Noise", "PERTURBATIVE_STEPS", "Pram", "RankSwap", "Round",
                                       "STEP_BOUNDS", "STEP_KEYS", "step_default",
                                       "step_dict", "with_crosstabs"),
    "engine.analysis.validation": ("check_cli", "ConfigProblem", "fraction", "key_message", "MAX_SEED",
                                   "named_for_cli", "Problem"),
    "engine.io.arrow_lookup": ("PYARROW_READS", "skip_pandas_lookup"),
    "engine.io.encode": ("EncodedColumn", "EncodedTable"),
    "engine.io.formats": ("FORMAT_NAMES", "FORMATS", "detect_format", "excel_sheets", "list_columns", "read_columns"),
    "engine.io.loader": ("load_table",),
    "engine.io.preview": ("format_label", "load_for_review", "preview_rows", "ReviewData", "subtable"),
    "engine.io.profile": ("ColumnProfile", "profile_file"),
    "engine.io.weight_hint": ("weight_hints", "WeightHint"),
    "engine.outcome": ("selection",),
    "engine.outcome.results": ("Assessment", "InferenceRisk", "ModelShortfall", "PrivacyModelLevels",
                               "ReidentificationRisk", "RiskHistogram", "TargetRisk"),
    "engine.outcome.sample_results": ("PopulationUniqueness", "RiskSummary", "SampleRisk"),
    "engine.outcome.selection": ("top_by_size",),
    "engine.outcome.verdict": ("is_sample", "pct", "Verdict", "verdict", "verdict_json"),
    "engine.attacks.histograms": ("per_record_risk",),
    "engine.sweep.kernel_cache": ("CACHE_DIR_VARIABLE", "check_kernels"),
    "engine.remediation.export": ("FORMULA_WARNING", "WRITE_FORMATS", "export_requests", "export_scenario",
                                  "export_scenarios", "formula_columns", "formula_warnings", "transformed_data",
                                  "write_table"),
    "engine.remediation.feasibility": ("from_suggestion", "FullGeneralisation", "summary",
                                       "with_full_generalisation"),
    "engine.remediation.hierarchy": ("Hierarchy", "level_counts", "level_tables", "read_hierarchy"),
    "engine.remediation.hierarchy_builder": ("DATE_STEPS", "build_for", "BuildSpec", "column_template", "file_name",
                                             "preview", "spec", "template_files", "write_hierarchy"),
    "engine.remediation.linked_export": ("check_linked_requests", "export_linked_scenario",
                                         "export_linked_scenarios"),
    "engine.remediation.loss": ("METRICS",),
    "engine.remediation.recommend": ("describe_step", "hierarchy_words", "recommend"),
    "engine.remediation.scenarios": ("any_sample", "expected_share", "risk_summary", "with_scenarios"),
    "engine.remediation.step_preview": ("ColumnChange", "preview_step", "StepPreview"),
    "engine.remediation.suggest": ("suggest", "SuggestConfig", "Suggestion", "SuggestTarget"),
    "engine.remediation.suggest_verdict": ("scenario_assessment", "scenario_verdict", "suggestion_scenario"),
    "engine.remediation.transforms": ("build_hierarchy", "Drop", "LocalSuppression", "parse_step",
                                      "read_scenarios", "Recode", "RecordSuppression", "Sample", "Scenario", "Transform"),
    "engine.synthetic.api": ("run_synthetic_assessment",),
    "engine.synthetic.config": ("ATTACKS", "ATTRIBUTE_ATTACKS", "DEFAULT_ATTACKS", "DISTANCES", "MEMBERSHIP_ATTACKS",
                                "SHADOW_GENERATORS", ("SYNTHETIC_TOML_KEYS", "TOML_KEYS"), "Criterion",
                                "default_attacks", "SyntheticConfig"),
    "engine.synthetic.results": ("SyntheticAssessment",),
    "engine.synthetic.verdict": ("synthetic_verdict",),
    "engine.dp.api": ("run_dp_analysis", "useful_values"),
    "engine.dp.config": ("DP_KIND", "MECHANISMS", "DPConfig", "DPScenario", "log_spaced_epsilons", "ThresholdConfig"),
    "engine.dp.results": ("CountingPoint", "DPAssessment", "ThresholdPoint"),
    "engine.dp.verdict": ("dp_verdict",),
    "engine.report.tables": ("write_results",),
    "engine.report.pdf": ("write_pdf",),
    "engine.report.dp_tables": ("write_dp_results",),
    "engine.report.dp_pdf": ("write_dp_pdf",),
    "engine.report.synthetic_tables": ("write_synthetic_results",),
    "engine.report.synthetic_pdf": ("write_synthetic_pdf",),
    "engine.report.suggestion_file": ("write_suggestion",),
    "engine.report.output_guard": ("DATA", "check_command", "check_export", "Input"),
    "engine.report.findings": ("model_name", "people"),
    "engine.report.sample_figures": ("draw_contributions", "draw_dis_bands", "draw_risk_bins"),
    "engine.report.scenario_figures": ("numeric_coordinates", "risk_loss_figure", "risk_loss_points", "RiskLossPoint"),
    "engine.report.ticks": ("localize_ticks", "log_epsilon_axis"),
    "engine.foundation": ("i18n", "platform"),
    "engine.foundation.allocator": ("keep_freed_memory",),
    "engine.foundation.collector": ("collector_pause_active",),
    "engine.foundation.atomic": ("atomic_file", "atomic_text", "check_output_dir", "check_output_location", "staged",
                                 "StagedFiles", "write_analysis_file"),
    "engine.foundation.errors": ("Cancelled", "EngineFailure", "InputError", "printable"),
    "engine.foundation.i18n": ("LANGUAGES",),
    "engine.foundation.locale_format": ("localize", "percent", "points"),
    "engine.foundation.messages": ("error_text", "message", "render"),
    "engine.foundation.platform": ("lacks_display",),
    "engine.foundation.progress": ("CancelToken", "Progress", "ProgressCallback"),
    "engine.foundation.resources": ("resource_path",),
    "engine.foundation.workers": ("available_cpus", "jobs_note"),
}

_WHERE: dict[str, tuple[str, str]] = {}
for _module, _names in EXPORTS.items():
    for _entry in _names:
        _name, _attribute = (_entry, _entry) if isinstance(_entry, str) else _entry
        _WHERE[_name] = (_module, _attribute)
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    """The exported object ``name``, looked up in its module at each use (so a test's patch of that
    module is seen); a submodule exported by name is imported."""
    try:
        module, attribute = _WHERE[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    owner = importlib.import_module(module)
    if hasattr(owner, attribute):
        return getattr(owner, attribute)
    try:
        return importlib.import_module(f"{module}.{attribute}")
    except ModuleNotFoundError:
        raise AttributeError(f"{module} has no attribute {attribute!r}") from None


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
