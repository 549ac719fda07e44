"""Screenshots of the real window for the user guide (docs/user-guide/images/<language>/*.png).

    python docs/screenshots.py                      # both languages, starts Xvfb on :95
    python docs/screenshots.py --lang pt_BR --display :99

For each language a fresh process starts the window on Qt's ``xcb`` platform under Xvfb (the
display is started here unless ``--no-xvfb`` says one is already running), with settings kept in a
temporary file (the user's own settings are never read or written). It opens the bundled example
analysis (resources/examples/census_demo.toml), runs its assessment with the privacy models, builds
and runs two scenarios, attacks the bundled synthetic release, runs resources/examples/dp_demo.toml
on the noisy-counts page, assesses the census example given sampling weights (the Sample file tab),
and saves each page at 1280x800; last, a generated household survey with numeric quasi-identifiers
(income, spending, floor area) gets perturbative scenario steps, previewed and compared
(``--only perturbation`` shoots that alone). The PNGs are reduced to a 64-colour
palette with Pillow (a tenth of the size, the text stays sharp).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "user-guide" / "images"
LANGUAGES = ("en", "pt_BR")
SIZE = (1280, 800)

EXAMPLES = ROOT / "resources" / "examples"
SYNTHETIC_QIDS = ("birth_day", "birth_month", "birth_year", "sex", "race", "municipality_residence", "school",
                  "school_type")
# (file name, page index in the navigation list, tab of the results page or None)
ASSESSMENT_SHOTS = (
    ("data", 1, None),
    ("releases", 2, None),
    ("attacks", 3, None),
    ("results", 4, 0),
    ("results-scatter", 4, 1),
    ("results-histograms", 4, 2),
    ("results-targets", 4, 3),
    ("results-models", 4, 4),
)
SCENARIOS_PAGE, SYNTHETIC_PAGE, DP_PAGE = 5, 6, 7
SCENARIO_NAMES = {"en": ("drop birth_day", "band birth_year, k = 3"),
                  "pt_BR": ("remover birth_day", "faixas de birth_year, k = 3")}


def start_xvfb(display: str) -> subprocess.Popen:
    """Xvfb on ``display`` with one 24-bit screen of :data:`SIZE`; waits for its socket."""
    process = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path("/tmp/.X11-unix") / f"X{display.lstrip(':')}"
    for _ in range(100):
        if socket.exists():
            return process
        if process.poll() is not None:
            raise SystemExit(f"error: Xvfb could not start on {display} (is the display in use?)")
        time.sleep(0.1)
    process.terminate()
    raise SystemExit(f"error: Xvfb did not open {display} within 10 s")


def wait_until(app, condition, timeout: float) -> bool:
    """Run the event loop until ``condition()`` holds or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.processEvents()
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def settle(app, seconds: float = 0.4) -> None:
    wait_until(app, lambda: False, seconds)


def optimise(path: Path) -> None:
    """Reduce ``path`` to a 256-colour palette PNG (Pillow), when Pillow is installed."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        reduced = image.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    reduced.save(path, optimize=True)


class Camera:
    """Saves the window as it is into ``out``, one optimised PNG per name."""

    def __init__(self, app, window, out: Path, language: str) -> None:
        self.app, self.window, self.out, self.language = app, window, out, language

    def __call__(self, name: str, page: int) -> None:
        self.window.show_page(page)
        settle(self.app)
        path = self.out / f"{name}.png"
        if not self.window.grab().save(str(path)):
            raise SystemExit(f"error: could not write {path}")
        optimise(path)
        print(f"{path}: {path.stat().st_size // 1024} KB")

    def wait_idle(self, controller, what: str, timeout: float = 300) -> None:
        """Wait for ``controller``'s run to start and end (SystemExit when it does not end)."""
        wait_until(self.app, lambda: controller.busy, 5)
        if not wait_until(self.app, lambda: not controller.busy, timeout):
            raise SystemExit(f"error: {what} did not finish within {timeout:.0f} s")
        settle(self.app, 1.0)


def shoot_assessment(camera: Camera) -> None:
    """The bundled census example (resources/examples/census_demo.toml) run on every subset, with
    the privacy models; then the pages of the release assessment."""
    window = camera.window
    window.open_example(run_now=False)
    if not wait_until(camera.app, lambda: window.session.table is not None and not window.flow.loader.busy, 120):
        raise SystemExit("error: the example did not load within 120 s")
    settle(camera.app)
    window.show_page(3)
    window.attacks_page.models_enabled.setChecked(True)
    window.run()
    if not wait_until(camera.app, lambda: window.session.result is not None, 180):
        raise SystemExit("error: the example's assessment did not finish within 180 s")
    camera.wait_idle(window.flow.controller, "the example's assessment")
    for name, page, tab in ASSESSMENT_SHOTS:
        if tab is not None:
            window.results_page.tabs.setCurrentIndex(tab)
        camera(name, page)


def shoot_scenarios(camera: Camera) -> None:
    """Two scenarios (drop the day of birth; band the birth year and suppress locally to k = 3),
    built and then compared."""
    from engine.remediation.transforms import Drop, HierarchySpec, LocalSuppression, Recode

    page = camera.window.scenarios_page
    bands = HierarchySpec("intervals", params=(("widths", (5.0, 10.0)),))
    first, second = SCENARIO_NAMES[camera.language]
    page.add_scenario(first, (Drop("birth_day"),))
    page.add_scenario(second, (Drop("birth_day"), Recode("birth_year", 1, bands),
                               LocalSuppression(3, ("sex", "race", "school"))))
    page.tabs.setCurrentIndex(0)
    camera("scenarios", SCENARIOS_PAGE)
    page.run()
    camera.wait_idle(page.controller, "the scenarios")
    page.tabs.setCurrentIndex(1)
    camera("scenarios-compare", SCENARIOS_PAGE)


def shoot_synthetic(camera: Camera) -> None:
    """The bundled synthetic release (resources/examples/synthetic_*.csv) attacked."""
    page = camera.window.synthetic_page
    camera.window.show_page(SYNTHETIC_PAGE)
    settle(camera.app)
    for role, name in (("real", "synthetic_real.csv"), ("synthetic", "synthetic_release.csv"),
                       ("control", "synthetic_control.csv")):
        if not page.set_file(role, str(EXAMPLES / name)):
            raise SystemExit(f"error: the synthetic page could not read {name}")
    page.set_qids(SYNTHETIC_QIDS)
    page.set_sensitive("bolsa_familia")
    page.tabs.setCurrentIndex(0)
    camera("synthetic", SYNTHETIC_PAGE)
    page.run()
    camera.wait_idle(page.controller, "the synthetic-data attacks")
    page.tabs.setCurrentIndex(1)
    camera("synthetic-results", SYNTHETIC_PAGE)


def shoot_noisy_counts(camera: Camera) -> None:
    """resources/examples/dp_demo.toml opened on the noisy-counts page and run."""
    page = camera.window.dp_page
    camera.window.show_page(DP_PAGE)
    settle(camera.app)
    if not page.open_analysis(str(EXAMPLES / "dp_demo.toml")):
        raise SystemExit("error: the noisy-counts page could not open dp_demo.toml")
    page.run()
    camera.wait_idle(page.controller, "the noisy-count analysis")
    camera("noisy-counts", DP_PAGE)


SAMPLE_ANALYSIS = """version = 1

[data]
path = "census_sample.csv"

[roles]
quasi_identifiers = ["birth_year", "sex", "race", "nationality", "municipality_residence", "school_type"]
sensitive = ["special_needs"]
identifiers = ["student_id"]
weight = "weight"

[sample]
suda = true

[run]
jobs = 1
"""


def shoot_sample_file(camera: Camera, folder: Path) -> None:
    """The census example as if it were a sample (a weight of 8 to 12 per record, by row), with
    SUDA: the Results page's Sample file tab."""
    lines = (EXAMPLES / "census_example.csv").read_text(encoding="utf-8").splitlines()
    rows = [lines[0] + ",weight"] + [f"{line},{8 + i % 5}" for i, line in enumerate(lines[1:])]
    (folder / "census_sample.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    analysis = folder / "census_sample.toml"
    analysis.write_text(SAMPLE_ANALYSIS, encoding="utf-8")
    window = camera.window
    window.flow.open_analysis(str(analysis), run_after=True)
    camera.wait_idle(window.flow.loader, "loading the sample file", 120)
    camera.wait_idle(window.flow.controller, "the sample file's assessment")
    window.results_page.tabs.setCurrentIndex(6)
    camera("results-sample", 4)


def survey_file(folder: Path) -> Path:
    """A generated survey of 400 households: sex, region and age known exactly, income, spending
    and floor area known approximately, a health status (seeded, the same file every time)."""
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(5)
    n = 400
    frame = pd.DataFrame({"sex": rng.choice(["f", "m"], n), "region": rng.choice(["north", "south", "east", "west"], n),
                          "age": rng.integers(18, 80, n), "income": np.round(rng.lognormal(8, 0.6, n), 1),
                          "spending": np.round(rng.lognormal(7, 0.4, n), 1),
                          "area": np.round(rng.uniform(20, 200, n), 0), "health": rng.choice(["good", "bad"], n)})
    path = folder / "survey.csv"
    frame.to_csv(path, index=False)
    return path


def shoot_perturbation(camera: Camera, folder: Path) -> None:
    """The generated survey: three scenarios with perturbative steps, the first one's
    microaggregation shown in the step form with its before/after preview, then compared."""
    from engine.remediation.transforms import HierarchySpec, Recode
    from engine.analysis.scenario_steps import Microaggregate, Noise, Pram, Round

    window = camera.window
    window.flow.open_data_file(str(survey_file(folder)), ask=False)
    if not wait_until(camera.app, lambda: window.session.table is not None and not window.flow.loader.busy, 60):
        raise SystemExit("error: the survey did not load within 60 s")
    for columns, role in ((("sex", "region", "age"), "quasi_identifiers"),
                          (("income", "spending", "area"), "numeric_qids"), (("health",), "sensitive")):
        for column in columns:
            window.data_page.set_role(column, role)
    page = window.scenarios_page
    page.add_scenario("MDAV k = 5", (Microaggregate(("income", "spending", "area"), 5),))
    bands = HierarchySpec("intervals", params=(("widths", (10.0,)),))
    page.add_scenario("noise 20%, age bands", (Noise(("income", "spending"), 20.0, True, 2), Recode("age", 1, bands)))
    page.add_scenario("round, PRAM", (Round(("area",), 10.0), Pram(("region", "sex"), 0.6, 0.5, 4)))
    page.scenario_list.setCurrentRow(0)
    page.step_list.setCurrentRow(0)
    page.edit_step()
    page.tabs.setCurrentIndex(0)
    window.show_page(SCENARIOS_PAGE)
    box = page.step_form.perturb
    box.refresh()
    if not wait_until(camera.app, lambda: box.preview is not None, 180):
        raise SystemExit("error: the step preview did not finish within 180 s")
    camera("scenarios-perturbation", SCENARIOS_PAGE)
    page.run()
    camera.wait_idle(page.controller, "the survey's scenarios")
    page.tabs.setCurrentIndex(1)
    page.table.horizontalScrollBar().setValue(page.table.horizontalScrollBar().maximum())
    camera("scenarios-compare-numeric", SCENARIOS_PAGE)
    window.session.undo_stack.setClean()


def shoot(language: str, out: Path, only: str = "") -> int:
    """The child process: the window in ``language``, every page saved into ``out``."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gui.app import build_window, prepare_application

    out.mkdir(parents=True, exist_ok=True)
    folder = tempfile.TemporaryDirectory(prefix="riskreview-shots-")
    settings = QSettings(str(Path(folder.name) / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", language)
    app = QApplication([sys.argv[0]])
    prepare_application(app, settings)
    window = build_window(settings=settings)
    window.resize(*SIZE)
    window.show()
    settle(app, 1.0)
    camera = Camera(app, window, out, language)
    if only == "samplecmp":
        from engine.remediation.transforms import Sample
        shoot_sample_file(camera, Path(folder.name))
        page = window.scenarios_page
        page.add_scenario("half sample", (Sample(0.5, seed=1),))
        page.run()
        camera.wait_idle(page.controller, "the scenarios")
        page.tabs.setCurrentIndex(1)
        camera("scenarios-compare-sample", SCENARIOS_PAGE)
        window.close()
        return 0
    if only != "perturbation":
        camera("start", 0)
        shoot_assessment(camera)
        shoot_scenarios(camera)
        shoot_synthetic(camera)
        shoot_noisy_counts(camera)
        shoot_sample_file(camera, Path(folder.name))
    shoot_perturbation(camera, Path(folder.name))
    window.close()
    settle(app, 0.5)
    folder.cleanup()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Screenshots of the window for docs/user-guide.")
    parser.add_argument("--lang", nargs="+", choices=LANGUAGES, default=list(LANGUAGES), help="languages to shoot")
    parser.add_argument("--display", default=":95", help="X display to start Xvfb on (default :95)")
    parser.add_argument("--no-xvfb", action="store_true", help="use the X server already on --display")
    parser.add_argument("--out", type=Path, default=IMAGES, help="folder of the per-language image folders")
    parser.add_argument("--only", choices=("perturbation", "samplecmp"), default="", help="shoot only these pages")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return shoot(args.child, args.out / args.child, args.only)
    xvfb = None if args.no_xvfb else start_xvfb(args.display)
    try:
        env = dict(os.environ, DISPLAY=args.display, QT_QPA_PLATFORM="xcb",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        for language in args.lang:
            env["RISKREVIEW_LANGUAGE"] = language
            code = subprocess.call([sys.executable, __file__, "--child", language, "--out", str(args.out)]
                                   + (["--only", args.only] if args.only else []), env=env)
            if code:
                return code
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
