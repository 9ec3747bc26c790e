"""`idphoto batch INDIR OUTDIR -t TEMPLATE`: every photo in a folder, carrying on past bad files.

Kill-safe: the CSV report grows a row per finished photo, a re-run skips photos whose output is
newer than the input and keeps their rows from the report it replaces (status and findings: a `fail` is
not lost), and worker processes end with the batch.
"""
from __future__ import annotations

import argparse
import re
import time
from dataclasses import dataclass
from pathlib import Path

from . import EXIT_FAILURE, EXIT_INPUT, EXIT_MODEL, EXIT_OK, EXIT_OUTPUT, EXIT_PARTIAL, EXIT_STOPPED, EXIT_USAGE
from ._common import QUIET, add_photo_options, err, fail, finding_dict, findings_summary, look_of, out, \
    positive_int, retouch_refusal, worst_severity, dress_refusal
from .batch_report import CSV_FIELDS, Report, earlier_rows  # noqa: F401  (CSV_FIELDS re-exported)
from .make import JobOptions, default_output, faces_message, produce

from ..core.imaging.imageio import PHOTO_SUFFIXES

# A row's status: made (ok / warn / fail: the worst finding), refused (not made: the reason says why), skipped.
ROW_STATUSES = ("ok", "warn", "fail", "refused", "skipped")
KEPT = "kept"   # a row's key (JSON only) when its result was carried from an earlier run's report

REPORT_NAME = "idphoto-report.csv"
PHOTO_CACHE_BYTES = 256 * 1024 * 1024   # one photo's faces + mattes; dropped after the photo


@dataclass(frozen=True)
class Job:
    """One file to do, where its photo goes, and whether that photo is already there."""

    index: int
    source: str
    dest: str
    done: bool = False


def add_parser(subparsers) -> None:
    """Register the command."""
    p = subparsers.add_parser("batch", help="make ID photos for every photo in a folder",
                              description="Make an ID photo for every photo in INDIR, into OUTDIR. "
                                          "Bad files are reported and skipped; the rest are done. "
                                          "Run again to finish an interrupted batch.")
    p.add_argument("indir", help="folder of photos")
    p.add_argument("outdir", help="folder for the ID photos (created if missing)")
    add_photo_options(p, overwrite_help="redo photos whose output already exists (default: skip them)")
    p.add_argument("--report", action="append", default=None, metavar="FILE",
                   help=f"report file, .csv or .json; may repeat (default: OUTDIR/{REPORT_NAME})")
    p.add_argument("--jobs", "-j", type=positive_int, default=None, metavar="N",
                   help="photos processed at once, one process each (default: one per core, as many as "
                        "memory holds at about 450 MB each)")
    p.add_argument("--recursive", "-r", action="store_true", help="also look in sub-folders")
    p.add_argument("--face", choices=("all",), default=None,
                   help="all: one photo per person in every group photo (<name>-1.jpg, -2.jpg ... left to "
                        "right; the JSON report lists each person)")
    p.add_argument("--contact-sheet", metavar="FILE", default=None,
                   help="also write thumbnails of every output with its name and worst finding (.pdf/.png/.jpg)")
    p.set_defaults(func=run)


def _resolved(p: Path) -> Path:
    """p.resolve(), or the absolute path when resolving fails (a symlink loop)."""
    try:
        return p.resolve()
    except (OSError, RuntimeError):
        return p.absolute()


def find_photos(indir: Path, *, recursive: bool, outdir: Path | None = None,
                template_id: str = "") -> list[Path]:
    """Photo names in `indir` by suffix, sorted; hidden files, folders, OUTDIR and our own outputs left out.

    Entries that are not regular files (a symlink loop, a FIFO) are kept: they get a failed row.
    """
    pattern = "**/*" if recursive else "*"
    out = _resolved(outdir) if outdir else None
    same = out == _resolved(indir)
    own = re.compile(rf"_{re.escape(template_id)}(-\d+)?$") if template_id else None
    found = []
    for p in indir.glob(pattern):
        rel = p.relative_to(indir)
        if any(part.startswith(".") for part in rel.parts) or p.suffix.lower() not in PHOTO_SUFFIXES:
            continue
        if out is not None and not same and out in _resolved(p).parents:
            continue  # OUTDIR inside INDIR: never take earlier outputs as inputs
        if same and own is not None and own.search(p.stem):
            continue
        if not p.is_dir():
            found.append(p)
    return sorted(found)


def _newer(dest: Path, src: Path) -> bool:
    """True when dest exists and was written after src last changed."""
    try:
        return dest.is_file() and dest.stat().st_mtime >= src.stat().st_mtime
    except OSError:
        return False


def plan(files: list[Path], indir: Path, outdir: Path, template_id: str, *, overwrite: bool) -> list[Job]:
    """Output paths (sub-folders kept; `-2`, `-3` only for names clashing in this run, so a re-run
    maps every photo to the same file) and which of them are already done."""
    from ..core.imaging.files import unique_path

    taken: set[str] = set()
    jobs = []
    for i, src in enumerate(files):
        folder = outdir / src.parent.relative_to(indir)
        dest = unique_path(default_output(src, template_id, folder), overwrite=True, taken=taken)
        first = dest.with_name(f"{dest.stem}-1{dest.suffix}")  # --face all: person 1's file marks it done
        jobs.append(Job(i, str(src), str(dest), done=not overwrite and (_newer(dest, src) or _newer(first, src))))
    return jobs


def process(job: Job, settings: JobOptions) -> dict:
    """One file -> one report row; never raises (a failure is a row with its reason)."""
    from ..core.analysis.cache import LruCache
    from ..core.errors import IdPhotoError, MultipleFacesError
    from .batch_pool import release_memory

    start = time.perf_counter()
    row = {"input": job.source, "status": "refused", "output": "", "reason": ""}
    try:
        Path(job.dest).parent.mkdir(parents=True, exist_ok=True)
        if settings.face_index == "all":
            return _process_people(job, settings, row, start)
        # A cache for this photo only: a batch never sees the same pixels twice, memory stays flat.
        result, saved = produce(Path(job.source), Path(job.dest), settings,
                                cache=LruCache(PHOTO_CACHE_BYTES))
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
                   crop=m.crop_mode, background="original" if result.original_background else "replaced",
                   findings=findings_summary(result.findings), bytes=saved.bytes,
                   width=saved.pixel_size[0], height=saved.pixel_size[1], dpi=round(saved.dpi),
                   quality=saved.quality if saved.quality is not None else "",
                   findings_detail=[finding_dict(f) for f in result.findings])
    row["seconds"] = round(time.perf_counter() - start, 2)
    release_memory()
    return row


def _process_people(job: Job, settings: JobOptions, row: dict, start: float) -> dict:
    """--face all: every person of one photo, one row listing them (the JSON report holds `people`)."""
    from ..core.analysis.cache import LruCache
    from .batch_pool import release_memory
    from .make_people import people_report, produce_all

    people, saved = produce_all(Path(job.source), Path(job.dest), settings, cache=LruCache(PHOTO_CACHE_BYTES))
    report = people_report(Path(job.source), people, saved)
    findings = [f for p in people.made for f in p.result.findings]
    skipped = [f"person {p.number} {p.status}: {p.skipped}" for p in people.people if p.result is None]
    row.update(status=worst_severity(findings) if people.made else "refused",
               output="; ".join(str(saved[n].path) for n in sorted(saved)),
               reason="; ".join(skipped + ([people.message] if people.message else [])),
               findings="; ".join(f"person {p.number}: {findings_summary(p.result.findings)}" for p in people.made
                                  if findings_summary(p.result.findings)),
               people=report["people"], faces_found=people.found,
               findings_detail=[finding_dict(f) for f in findings])
    row["seconds"] = round(time.perf_counter() - start, 2)
    release_memory()
    return row


def _crashed(job: Job, exc: BaseException) -> dict:
    """The row of a photo whose worker process died."""
    return {"input": job.source, "status": "refused", "output": "", "seconds": "",
            "reason": f"worker crashed: {type(exc).__name__}: {exc}"}


def _run_jobs(jobs: list[Job], settings: JobOptions, workers: int):
    """Yield (job, row) as files finish, from worker processes (one job too: the workers' allocator is
    tuned for a long run, and a photo that crashes a native library cannot take the batch and its report down)."""
    from functools import partial

    from .batch_pool import run_pool

    yield from run_pool(partial(process, settings=settings), jobs, workers, _crashed)


def _check_reports(paths: list[Path], jobs: list[Job]) -> None:
    """ExportError before any work if a report cannot be written or would replace a photo."""
    from ..core.errors import ExportError
    from ..core.imaging.files import check_destination, probe_folder, same_file

    for path in paths:
        for job in jobs:
            for photo in (job.source, job.dest):
                if same_file(path, Path(photo)):
                    raise ExportError(f"{path} would replace the photo {photo}: choose another file name.",
                                      path=str(path))
        check_destination(path)
        probe_folder(path.parent)


def _prepare_outdir(outdir: Path) -> None:
    """Create OUTDIR and prove a file can be written there (ExportError otherwise)."""
    from ..core.errors import ExportError
    from ..core.imaging.files import check_name, probe_folder

    if check_name(outdir, part=False).exists() and not outdir.is_dir():
        raise ExportError(f"Output folder is not a folder: {outdir}")
    try:
        outdir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"Cannot create output folder {outdir}: {exc.strerror or exc}") from exc
    probe_folder(outdir)


def run(args: argparse.Namespace) -> int:
    """Process the folder; exit 0 all done, 3 some failed, 1 all failed, 5 unwritable, 130 stopped."""
    from ..core.errors import ExportError, TemplateError
    from ..core.templates.specs import get_template

    indir, outdir = Path(args.indir), Path(args.outdir)
    try:
        template = get_template(args.template)
    except TemplateError as exc:
        return fail(str(exc), EXIT_USAGE)
    refusal = retouch_refusal(template, args.retouch) or dress_refusal(template, args)
    if refusal:
        return fail(refusal, EXIT_USAGE)
    if not indir.is_dir():
        return fail(f"input folder not found: {indir}", EXIT_INPUT)
    reports = [Path(r) for r in (args.report or [str(outdir / REPORT_NAME)])]
    try:
        _prepare_outdir(outdir)
        files = find_photos(indir, recursive=args.recursive, outdir=outdir, template_id=template.id)
        jobs = plan(files, indir, outdir, template.id, overwrite=args.overwrite)
        _check_reports(reports + ([Path(args.contact_sheet)] if args.contact_sheet else []), jobs)
    except ExportError as exc:
        return fail(str(exc), EXIT_OUTPUT)
    if not files:
        return fail(f"no photos ({', '.join(PHOTO_SUFFIXES)}) in {indir}", EXIT_INPUT)
    earlier = {} if args.overwrite else earlier_rows(reports)   # read before Report() starts them anew
    try:
        report = Report(reports)
    except ExportError as exc:  # a full disk: the message names the report; no empty report is left
        return fail(str(exc), EXIT_OUTPUT)
    if getattr(args, "face", None) == "all" and template.is_pair:
        return fail(f"--face all makes one photo per person; {template.id} is a photo of two people", EXIT_USAGE)
    settings = JobOptions(template, args.background, args.dpi, args.max_kb, args.model,
                          getattr(args, "face", None), look=look_of(args))
    try:
        stopped = _collect(jobs, settings, args.jobs or _default_jobs(), report, earlier)
    except ExportError as exc:  # the report stopped taking rows (disk full): stop, say which file
        _close_quietly(report)
        return fail(f"{exc}; stopped, run the same command again once there is room", EXIT_OUTPUT)
    try:
        report.close()
    except ExportError as exc:
        return fail(f"the report could not be written: {exc}", EXIT_OUTPUT)
    code = _finish(report.rows, [str(r) for r in reports], stopped)
    if args.contact_sheet and not stopped:
        photos = [p for job in jobs for p in (job.source, job.dest)]   # no page may replace one of them
        written = _write_contact_sheet(report.rows, Path(args.contact_sheet), title=f"{indir.name} · {template.id}",
                                       photos=photos)
        code = code if written == EXIT_OK else written
    return code


def _default_jobs() -> int:
    """--jobs when not given: from the cores and the memory available."""
    from .batch_pool import default_jobs

    return default_jobs()


def _close_quietly(report: Report) -> None:
    """Close the report after a write failed (a second failure adds nothing to the message)."""
    from ..core.errors import ExportError

    try:
        report.close(write_json=False)
    except ExportError:
        pass


def _finish(rows: list[dict], reports: list[str], stopped: bool) -> int:
    """The summary line and the exit code."""
    n = {s: sum(r["status"] == s for r in rows) for s in ROW_STATUSES}
    failed = n["refused"]
    done = len(rows) - failed
    kept = sum(bool(r.get(KEPT)) for r in rows)
    kept_text = f", {kept} with the result of the earlier report" if kept else ""
    out(f"{done} of {len(rows)} done ({n['ok']} ok, {n['warn']} with warnings, {n['fail']} with a failed check; "
        f"{n['skipped'] + kept} skipped as already done{kept_text}), {failed} refused; report: {', '.join(reports)}")
    if stopped:
        return EXIT_STOPPED
    damaged = next((r["reason"] for r in rows if r["status"] == "refused" and r["reason"].startswith("model:")), "")
    if damaged:  # every photo needs the models: reinstall rather than retry
        err(f"idphoto: error: {damaged.removeprefix('model: ')}")
        return EXIT_MODEL
    if failed == 0:
        return EXIT_OK
    return EXIT_FAILURE if failed == len(rows) else EXIT_PARTIAL


def _done_row(job: Job, earlier: dict[str, dict]) -> dict:
    """The row of a photo already done by an earlier run: that run's row (status, findings, sizes) when its
    report holds one for this output, else `skipped`."""
    row = earlier.get(job.source)
    if row and row.get("status") in ("ok", "warn", "fail") and _same_output(row, job):
        return {**row, KEPT: True}
    return {"input": job.source, "status": "skipped", "output": job.dest, "seconds": 0,
            "reason": "output exists and is newer than the input (--overwrite redoes it)"}


def _same_output(row: dict, job: Job) -> bool:
    """True when the earlier row's output is this job's (or, --face all, its people's) and is still there."""
    outputs = [Path(p) for p in str(row.get("output") or "").split("; ") if p]
    first = Path(job.dest).with_name(f"{Path(job.dest).stem}-1{Path(job.dest).suffix}")
    if not any(p in (Path(job.dest), first) for p in outputs):
        return False
    try:
        return all(p.is_file() for p in outputs)
    except OSError:   # a report edited by hand: a name too long to look at
        return False


def _collect(jobs: list[Job], settings: JobOptions, workers: int, report: Report,
             earlier: dict[str, dict]) -> bool:
    """Run every job, a report row and a progress line per file (photos done before: the earlier run's row);
    True if stopped by a signal."""
    from .batch_pool import Stopped, stop_on_signals

    counts = dict.fromkeys(ROW_STATUSES, 0)
    todo = [j for j in jobs if not j.done]
    for job in jobs:
        if job.done:
            report.add(_done_row(job, earlier))
            counts["skipped"] += 1
    start = time.perf_counter()
    done, stopped = 0, False
    with stop_on_signals():
        try:
            for job, row in _run_jobs(todo, settings, min(workers, max(1, len(todo)))):
                done += 1
                report.add(row)
                _progress(done, len(todo), job, row, counts)
        except Stopped as exc:
            stopped = True
            err(f"stopped ({exc}) after {done} of {len(todo)} files; run the same command again to "
                f"finish, the report lists what was done")
    elapsed = time.perf_counter() - start
    err(f"{counts['ok']} ok, {counts['warn']} warn, {counts['fail']} fail, {counts['refused']} refused, "
        f"{counts['skipped']} skipped "
        f"in {elapsed:.1f} s ({done / max(elapsed, 1e-9):.2f} photos/s, {workers} job(s))")
    return stopped


def _progress(done: int, total: int, job: Job, row: dict, counts: dict) -> None:
    """One stderr line per finished file: `[3/12] photo.jpg ok 0.42 s  <reason or warnings>`."""
    counts[row["status"]] = counts.get(row["status"], 0) + 1
    extra = f"  {row['reason']}" if row["status"] == "refused" else "  " + ", ".join(
        f["code"] for f in row.get("findings_detail", ()) if f["severity"] not in QUIET)
    err(f"[{done}/{total}] {Path(job.source).name} {row['status']} {row['seconds']} s{extra.rstrip()}")


def _write_contact_sheet(rows: list[dict], path: Path, *, title: str, photos: list[str]) -> int:
    """The review page(s) of core/contact_sheet.py for `--contact-sheet`."""
    from ..core.sheets.contact_sheet import entries_from_rows, save_contact_sheet
    from ..core.errors import ExportError

    try:
        written = save_contact_sheet(entries_from_rows(rows), path, title=title, source_paths=photos)
    except ExportError as exc:
        return fail(f"the contact sheet could not be written: {exc}", EXIT_OUTPUT)
    out(f"contact sheet: {', '.join(str(p) for p in written)}")
    return EXIT_OK
