"""`idphoto batch INDIR OUTDIR -t TEMPLATE`: every photo in a folder, carrying on past bad files."""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import csv
import io
import json
import multiprocessing
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from . import EXIT_FAILURE, EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_PARTIAL, EXIT_USAGE
from ._common import QUIET, add_photo_options, err, fail, finding_dict, findings_summary, out, positive_int, \
    worst_severity
from .make import Settings, default_output, faces_message, produce

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff", ".heic", ".heif")
REPORT_NAME = "idphoto-report.csv"
CSV_FIELDS = ("input", "status", "output", "reason", "seconds", "head_height_mm", "eye_line_mm",
              "findings", "bytes", "width", "height", "dpi", "quality")


@dataclass(frozen=True)
class Job:
    """One file to do and where its photo goes."""

    index: int
    source: str
    dest: str


def add_parser(subparsers) -> None:
    """Register the command."""
    p = subparsers.add_parser("batch", help="make ID photos for every photo in a folder",
                              description="Make an ID photo for every photo in INDIR, into OUTDIR. "
                                          "Bad files are reported and skipped; the rest are done.")
    p.add_argument("indir", help="folder of photos")
    p.add_argument("outdir", help="folder for the ID photos (created if missing)")
    add_photo_options(p)
    p.add_argument("--report", action="append", default=None, metavar="FILE",
                   help=f"report file, .csv or .json; may repeat (default: OUTDIR/{REPORT_NAME})")
    p.add_argument("--jobs", "-j", type=positive_int, default=1, metavar="N",
                   help="photos processed at once, one process each (default 1)")
    p.add_argument("--recursive", "-r", action="store_true", help="also look in sub-folders")
    p.add_argument("--contact-sheet", metavar="FILE", default=None,
                   help="also write thumbnails of every output with its name and worst finding (.pdf/.png/.jpg)")
    p.set_defaults(func=run)


def find_photos(indir: Path, *, recursive: bool, outdir: Path | None = None,
                template_id: str = "") -> list[Path]:
    """Photo files in `indir` by suffix, sorted; hidden files, OUTDIR and our own outputs left out."""
    pattern = "**/*" if recursive else "*"
    out = outdir.resolve() if outdir else None
    same = out == indir.resolve()
    own = re.compile(rf"_{re.escape(template_id)}(-\d+)?$") if template_id else None
    found = []
    for p in indir.glob(pattern):
        rel = p.relative_to(indir)
        if any(part.startswith(".") for part in rel.parts) or p.suffix.lower() not in PHOTO_SUFFIXES:
            continue
        if out is not None and not same and out in p.resolve().parents:
            continue  # OUTDIR inside INDIR: never take earlier outputs as inputs
        if same and own is not None and own.search(p.stem):
            continue
        if p.is_file():
            found.append(p)
    return sorted(found)


def plan(files: list[Path], indir: Path, outdir: Path, template_id: str, *, overwrite: bool) -> list[Job]:
    """Output paths (sub-folders kept; `-2`, `-3` for clashes and, unless overwrite, existing files)."""
    from ..core.export import unique_path

    taken: set[str] = set()
    jobs = []
    for i, src in enumerate(files):
        folder = outdir / src.parent.relative_to(indir)
        dest = unique_path(default_output(src, template_id, folder), overwrite=overwrite, taken=taken)
        jobs.append(Job(i, str(src), str(dest)))
    return jobs


def process(job: Job, settings: Settings) -> dict:
    """One file -> one report row; never raises (a failure is a row with its reason)."""
    from ..core.errors import IdPhotoError, MultipleFacesError

    start = time.perf_counter()
    row = {"input": job.source, "status": "failed", "output": "", "reason": ""}
    try:
        Path(job.dest).parent.mkdir(parents=True, exist_ok=True)
        result, saved = produce(Path(job.source), Path(job.dest), settings)
    except MultipleFacesError as exc:
        row["reason"] = f"{exc.code}: " + faces_message(exc).replace("\n", " ")
    except IdPhotoError as exc:
        row["reason"] = f"{exc.code}: {exc}"
    except OSError as exc:  # e.g. the sub-folder of OUTDIR could not be made
        row["reason"] = f"output: {exc.strerror or exc}: {exc.filename or job.dest}"
    except Exception as exc:  # a bug on one file must not end the batch
        row["reason"] = f"internal: {type(exc).__name__}: {exc}"
    else:
        m = result.measurements
        row.update(status=worst_severity(result.findings), output=saved.path,
                   head_height_mm=round(m.head_height_mm, 2), eye_line_mm=round(m.eye_line_mm, 2),
                   findings=findings_summary(result.findings), bytes=saved.bytes,
                   width=saved.pixel_size[0], height=saved.pixel_size[1], dpi=round(saved.dpi),
                   quality=saved.quality if saved.quality is not None else "",
                   findings_detail=[finding_dict(f) for f in result.findings])
    row["seconds"] = round(time.perf_counter() - start, 2)
    return row


def _init_worker(threads: int) -> None:
    """Per-process thread budget: cores // jobs for onnxruntime and OpenCV, so jobs do not fight."""
    os.environ["OMP_NUM_THREADS"] = str(threads)
    os.environ["IDPHOTO_THREADS"] = str(threads)  # read by models.intra_threads() for every session
    import cv2

    cv2.setNumThreads(threads)


def _run_jobs(jobs: list[Job], settings: Settings, workers: int):
    """Yield report rows as files finish: in-process for one job, else a process pool."""
    if workers <= 1:
        for job in jobs:
            yield job, process(job, settings)
        return
    threads = max(1, (os.cpu_count() or 1) // workers)
    ctx = multiprocessing.get_context("spawn")  # no fork after onnxruntime/OpenCV threads exist
    with cf.ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init_worker,
                                initargs=(threads,)) as pool:
        futures = {pool.submit(process, job, settings): job for job in jobs}
        try:
            for fut in cf.as_completed(futures):
                job = futures[fut]
                try:
                    yield job, fut.result()
                except Exception as exc:  # the worker process died (out of memory, killed, ...)
                    yield job, {"input": job.source, "status": "failed", "output": "", "seconds": "",
                                "reason": f"worker crashed: {type(exc).__name__}: {exc}"}
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def run(args: argparse.Namespace) -> int:
    """Process the folder; exit 0 all done, 3 some failed, 1 all failed, 5 OUTDIR unusable."""
    from ..core.errors import ExportError, TemplateError
    from ..core.export import probe_folder
    from ..core.specs import get_template

    indir, outdir = Path(args.indir), Path(args.outdir)
    try:
        template = get_template(args.template)
    except TemplateError as exc:
        return fail(str(exc), EXIT_USAGE)
    if not indir.is_dir():
        return fail(f"input folder not found: {indir}", EXIT_INPUT)
    try:
        if outdir.exists() and not outdir.is_dir():
            raise ExportError(f"Output folder is not a folder: {outdir}")
        try:
            outdir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ExportError(f"Cannot create output folder {outdir}: {exc.strerror or exc}") from exc
        probe_folder(outdir)
    except ExportError as exc:
        return fail(str(exc), EXIT_OUTPUT)
    files = find_photos(indir, recursive=args.recursive, outdir=outdir, template_id=template.id)
    if not files:
        return fail(f"no photos ({', '.join(PHOTO_SUFFIXES)}) in {indir}", EXIT_INPUT)
    settings = Settings(template.id, args.background, args.dpi, args.max_kb, args.model)
    jobs = plan(files, indir, outdir, template.id, overwrite=args.overwrite)
    rows = _collect(jobs, settings, args.jobs)
    reports = args.report or [str(outdir / REPORT_NAME)]
    code = _write_reports(rows, [Path(r) for r in reports])
    if args.contact_sheet and code == EXIT_OK:
        code = _write_contact_sheet(rows, Path(args.contact_sheet), title=f"{indir.name} · {template.id}")
    failed = sum(r["status"] == "failed" for r in rows)
    warned = sum(r["status"] == "warn" for r in rows)
    out(f"{len(rows) - failed} of {len(rows)} done ({warned} with warnings), {failed} failed; "
        f"report: {', '.join(reports)}")
    if code != EXIT_OK:
        return code
    if failed == 0:
        return EXIT_OK
    return EXIT_FAILURE if failed == len(rows) else EXIT_PARTIAL


def _collect(jobs: list[Job], settings: Settings, workers: int) -> list[dict]:
    """Run every job, printing one progress line per file on stderr; rows in input order."""
    rows: list[dict | None] = [None] * len(jobs)
    counts = {"ok": 0, "warn": 0, "failed": 0}
    start = time.perf_counter()
    done = 0
    try:
        for job, row in _run_jobs(jobs, settings, min(workers, len(jobs))):
            done += 1
            rows[job.index] = row
            _progress(done, len(jobs), job, row, counts)
    except KeyboardInterrupt:
        err(f"interrupted after {done} of {len(jobs)} files; the report lists what was done")
        for job in jobs:
            if rows[job.index] is None:
                rows[job.index] = {"input": job.source, "status": "failed", "output": "", "seconds": "",
                                   "reason": "not done: interrupted"}
    elapsed = time.perf_counter() - start
    err(f"{counts['ok']} ok, {counts['warn']} warn, {counts['failed']} failed in {elapsed:.1f} s "
        f"({done / max(elapsed, 1e-9):.2f} photos/s, {workers} job(s))")
    return [r for r in rows if r is not None]


def _progress(done: int, total: int, job: Job, row: dict, counts: dict) -> None:
    """One stderr line per finished file: `[3/12] photo.jpg ok 0.42 s  <reason or warnings>`."""
    counts[row["status"]] = counts.get(row["status"], 0) + 1
    extra = f"  {row['reason']}" if row["status"] == "failed" else "  " + ", ".join(
        f["code"] for f in row.get("findings_detail", ()) if f["severity"] not in QUIET)
    err(f"[{done}/{total}] {Path(job.source).name} {row['status']} {row['seconds']} s{extra.rstrip()}")


def _write_reports(rows: list[dict], paths: list[Path]) -> int:
    """CSV (one row per file) or JSON (the full rows) by suffix, written atomically."""
    from ..core.errors import ExportError
    from ..core.export import write_atomic

    for path in paths:
        if path.suffix.lower() == ".json":
            data = json.dumps(rows, ensure_ascii=False, indent=2).encode("utf-8")
        else:
            buf = io.StringIO()
            writer = csv.DictWriter(buf, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
            data = buf.getvalue().encode("utf-8-sig")  # BOM: Excel opens Chinese file names right
        try:
            write_atomic(data, path)
        except ExportError as exc:
            return fail(f"the report could not be written: {exc}", EXIT_OUTPUT)
    return EXIT_OK


def _write_contact_sheet(rows: list[dict], path: Path, *, title: str) -> int:
    """The review page(s) of core/contact_sheet.py for `--contact-sheet`."""
    from ..core.contact_sheet import entries_from_rows, save_contact_sheet
    from ..core.errors import ExportError

    try:
        written = save_contact_sheet(entries_from_rows(rows), path, title=title)
    except ExportError as exc:
        return fail(f"the contact sheet could not be written: {exc}", EXIT_OUTPUT)
    out(f"contact sheet: {', '.join(str(p) for p in written)}")
    return EXIT_OK
