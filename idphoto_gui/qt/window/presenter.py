"""Puts the controller's state on screen: which page, preview or busy veil, banner, panel values."""
from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QCoreApplication
from ...core.errors import NotFrontalError
from ...core.faces.faces import Face
from ...core.findings import status
from ...core.sheets.sheet_render import RenderedSheet
from ...core.templates.colours import template_colours

from ..common import messages, names
from ...core.render.retouch.look import Look
from .documents import PhotoDoc, Status
from ..common.i18n import is_chinese, plural
from ..common.images import rgb_to_qimage
from .ui import PAGE_EMPTY, PAGE_PHOTO, PAGE_SHEET, MainUi


translate = QCoreApplication.translate
log = logging.getLogger(__name__)


class Presenter:
    """Stateless-ish view updates; the window calls these from its slots."""

    def __init__(self, ui: MainUi, controller: Any) -> None:
        self.ui = ui
        self.c = controller
        self.camera_active = lambda: False
        self._defaults_for = ""   # the template whose dpi and KB cap the export panel was last given

    def page(self) -> int:
        """Photo or sheet page, or the empty page when nothing is open."""
        if self.c.photos.current is None:
            return PAGE_EMPTY
        return PAGE_SHEET if self.ui.sheet_tab.isChecked() else PAGE_PHOTO

    def show_current(self) -> None:
        """Whole centre area for the current photo."""
        ui, doc = self.ui, self.c.photos.current
        if not self.camera_active():
            ui.stack.setCurrentIndex(self.page())
        for toggle in (ui.bands_toggle, ui.painted_toggle, ui.original_toggle):
            toggle.setVisible(self.page() == PAGE_PHOTO)
        self.strip_title()
        if doc is None:
            self.layout_split(False)
            ui.preview.set_image(None)
            ui.preview.set_busy("")
            ui.original.set_image(None)
            ui.banner.dismiss()
            ui.info.setText("")
            return
        ui.original.set_image(doc.preview)
        ui.preview.set_placeholder(doc.name if doc.preview is None and not doc.busy else "",
                                   translate("Presenter", "Open another photo with Ctrl+O or drop it here."))
        self.faces(doc)
        if doc.busy:
            ui.preview.set_image(doc.preview)
            text = translate("Presenter", "Opening…") if doc.status == Status.LOADING else translate("Presenter", "Analysing face and background…")
            ui.preview.set_busy(text, translate("Presenter", "Cancel"))
        else:
            ui.preview.set_busy("")
        self.banner_for(doc)
        self.info(doc)

    def show_result(self, result: Any) -> None:
        """The rendered photo, its head bands, checks and crop outline."""
        ui, doc = self.ui, self.c.photos.current
        if result is None:
            if doc is not None and not doc.busy:
                ui.preview.set_image(doc.preview)
            ui.preview.set_head_bands(None)
            ui.preview.set_before(None)
            ui.preview.set_painted(None, None)
            ui.preview.set_defects((), None)
            ui.preview.interactive = False
            ui.compliance.set_findings(self.c.findings())   # a turned face: what could still be judged
            ui.original.set_crop(None)
            return
        ui.preview.interactive = True
        ui.preview.set_image(rgb_to_qimage(result.rgb))
        before = self.c.before
        ui.preview.set_before(rgb_to_qimage(before.rgb) if before is not None else None)
        ui.preview.set_head_bands(result.bands)
        m = result.measurements
        ui.preview.set_painted(m.synthesised_px, m.output_px)
        ui.preview.set_defects(result.defects, result.pixel_size)
        self.show_findings()
        c = result.crop
        k = self._scale(doc)
        ui.original.set_crop((c.cx * k, c.cy * k, c.width * k, c.height * k, c.angle_deg))
        self.crop_banner()
        self.info(doc)

    def show_findings(self) -> None:
        """Compliance rows for the current render (called again when the slow checks arrive), and the strip's
        badge from the same findings."""
        findings = self.c.findings()
        self.ui.compliance.set_findings(findings)
        doc = self.c.photos.current
        if doc is not None and findings is not None:
            doc.fails = status(findings) == "fail"
            self.ui.strip.update_photo(doc.key, status=doc.status, fails=doc.fails)

    def crop_banner(self) -> None:
        """Say why the automatic crop cannot make this photo (the head is cut, or no room for its own background)."""
        banner, err = self.ui.banner, self.c.crop_problem()
        if err is not None:
            banner.show_message("error", messages.error_title("crop"), messages.shortfall_text(err))
            banner.setProperty("crop_warning", True)
        elif banner.property("crop_warning"):
            banner.setProperty("crop_warning", False)
            banner.dismiss()

    @staticmethod
    def _scale(doc: PhotoDoc | None) -> float:
        """Working-image pixels -> original-view image pixels."""
        if doc is None or doc.image is None or doc.preview is None:
            return 1.0
        return doc.preview.width() / doc.image.rgb.shape[1]

    def faces(self, doc: PhotoDoc) -> None:
        """Face boxes on the original; clickable when the photo has several faces."""
        a = doc.analysis
        if a is None or doc.image is None or doc.preview is None:
            self.ui.original.set_faces([], chosen=None, pick=False)
            self.layout_split(False)
            return
        k = self._scale(doc)
        boxes = [tuple(v * k for v in f.box) for f in a.faces]
        chosen = next((i for i, f in enumerate(a.faces) if f is a.face), None)
        pick = messages.code_of(doc.error) == "multiple_faces" and not doc.busy
        from ...core.render.people import left_to_right, limits

        order = left_to_right(a.faces)
        numbers = [order.index(i) + 1 for i in range(len(a.faces))]
        self.ui.original.set_faces(boxes, chosen=chosen, pick=pick, numbers=numbers,
                                   every=len(a.faces) <= limits().window_max_faces)
        self.layout_split(pick)
        if pick:
            self.ui.original.set_crop(None)

    def layout_split(self, pick: bool) -> None:
        """Picking a face: the original alone, large. Otherwise the preview, with the original on demand."""
        ui = self.ui
        ui.preview.setVisible(not pick)
        ui.original.setVisible(pick or ui.original_toggle.isChecked())
        if ui.original.isVisible() and ui.preview.isVisible():
            half = max(1, ui.split.width() // 2)
            ui.split.setSizes([half, half])

    def banner_for(self, doc: PhotoDoc) -> None:
        """Explain a failed or cancelled photo in the banner (never a modal box)."""
        banner = self.ui.banner
        if doc.status not in (Status.FAILED, Status.CANCELLED) or doc.error is None:
            if banner.kind in ("error", "warning", "info") and not banner.property("crop_warning"):
                banner.dismiss()
            return
        code = messages.code_of(doc.error)
        action, action_id = "", ""
        if code == "cancelled":
            action, action_id = translate("Presenter", "Analyse again"), "retry"
        elif code in ("model", "error"):
            action, action_id = translate("Presenter", "Try again"), "retry"
        elif code == "multiple_faces":
            action, action_id = translate("Presenter", "Show faces"), "faces"
        elif code in ("unreadable", "unsupported", "too_large", "load", "no_face", "face", "not_frontal"):
            action, action_id = translate("Presenter", "Open another photo…"), "open"
        kind = "info" if code == "cancelled" else "warning" if code == "multiple_faces" else "error"
        text = messages.error_hint(code)
        if code == "not_frontal":
            face = doc.error.face if isinstance(doc.error, NotFrontalError) else None
            text = messages.turned_hint(face.yaw_deg if isinstance(face, Face) else None) or text
        detail = str(doc.error) if code in ("model", "error", "unreadable", "unsupported") else ""
        if detail and is_chinese():  # core details are English: the Chinese hint says why, the name says which
            log.info("photo %s: %s", doc.name, detail)
            detail = doc.name
        if detail:
            if doc.path:  # the file name is enough; a long temporary path only hides the reason
                detail = detail.replace(str(doc.path), doc.name)
            text = f"{text}\n{detail if doc.name in detail else f'{doc.name}: {detail}'}"
        banner.show_message(kind, messages.error_title(code), text, action=action, action_id=action_id)
        banner.setProperty("photo_key", doc.key)

    def info(self, doc: PhotoDoc | None) -> None:
        """'photo.jpg · 1-inch 25 × 35 mm · 295 × 413 px' above the preview."""
        if doc is None:
            self.ui.info.setText("")
            return
        t = doc.edit.template
        self.ui.info.setText(f"{names.record_name(t)}  ·  {names.template_size_text(t, pixels_first=True)}")
        self.ui.info.setToolTip(doc.path or doc.name)

    def edit_widgets(self) -> None:
        """Template card, swatches, sliders and history buttons for the current edit: the panels of what the
        edit changed (controller.changed; everything after anything else), and those that follow the render."""
        ui, c = self.ui, self.c
        t = c.template()
        e = c.edit()
        changed = c.changed
        if changed.template:
            ui.template_picker.set_current(t.id)
            ui.swatches.set_template_colours(list(template_colours(t)), bool(t.original_background_default))
        ui.swatches.set_recent(c.settings.recent_colours)   # remembered after the click's render: any next one
        if changed.template or changed.background:
            ui.swatches.set_current(e.background if e else c.settings.background)
        if changed.template or changed.background or changed.crop:   # relative to the automatic crop
            ui.adjust.set_values(*c.zoom_rotation())
        doc = c.photos.current
        ui.adjust.set_history(bool(doc and doc.history.can_undo()), bool(doc and doc.history.can_redo()))
        ready = c.result is not None
        ui.adjust.setEnabled(ready)
        if changed.template or changed.look:
            ui.look.set_state(e.look if e else Look(), t.alteration)
        ui.look.setEnabled(ready)
        offer = ready and any(f.code == "body_extended" and f.reason == "dress" for f in c.result.findings)
        ui.clothing.set_state(e.look.garment if e else "none", t.alteration, offer=offer)
        ui.clothing.setEnabled(ready)
        problem = c.crop_problem() if ready else None
        blocked = f"{messages.error_title('crop')}: {messages.shortfall_text(problem)}" if problem else ""
        ui.export.set_enabled_for_photo(ready, blocked=blocked)
        if t.id != self._defaults_for:   # dpi and KB cap follow a new template, not every colour click
            self._defaults_for = t.id
            ui.export.set_template_defaults(t)

    def strip_title(self) -> None:
        n = len(self.c.photos.items)
        self.ui.strip_title.setText(translate("Presenter", "Photos") + (f"  {n}" if n else ""))

    def sheet_caption(self, sheet: RenderedSheet | None) -> None:
        """Paper, copies and size under the sheet."""
        if sheet is None:
            self.ui.sheet_view.set_caption("")
            return
        w, h = sheet.paper_mm
        n = len(sheet.layout.slots)
        self.ui.export.set_fits(n)
        copies = plural(QCoreApplication.translate("Presenter", "%n photo(s)", "", n), n)
        self.ui.sheet_view.set_caption(f"{self.ui.export.paper.currentText()}  ·  {copies}  ·  {names.size_mm(w, h)}")

