"""The main window: wiring between widgets, the controller and the exporter; no image work here."""
from __future__ import annotations

import logging

from PySide6.QtCore import QEvent, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices, QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QMainWindow, QWidget

from ...core.templates.colours import Background
from ..common import file_dialogs, messages
from .actions import Actions, build_toolbar
from .camera_mode import CameraMode
from .export_actions import ExportActions
from .controller import Controller
from ...core.desktop.engine import Engine
from .exporter import Exporter
from ..common.i18n import translations
from ..common.names import pick
from .presenter import Presenter
from ..common.settings import AppSettings
from .ui import PAGE_SHEET, MainUi
from ..widgets.about import AboutDialog
from ..widgets.spinner import prepare_spinner_frames
from ..widgets.settings_dialog import SettingsDialog
from ..common.workers import INFERENCE, keep_gui_thread_snappy

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    """Left: photo strip; centre: preview/sheet; right: template, background, adjust, checks, export."""

    def __init__(self, settings: AppSettings, engine: Engine | None = None, *, kiosk: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        keep_gui_thread_snappy()
        self.setObjectName("mainWindow")
        self.setProperty("kiosk", kiosk)
        self.settings = settings
        self.engine = engine or Engine()
        self.controller = Controller(self.engine, settings, parent=self)
        if not kiosk:
            self.controller.apply_memory_settings()   # the kiosk keeps its own cache and never a disk one
        self.exporter = Exporter(self.controller, self)
        self.ui = MainUi(self)
        self.present = Presenter(self.ui, self.controller)
        self.actions = Actions(self)
        self.exports = ExportActions(self, controller=self.controller, exporter=self.exporter, ui=self.ui,
                                     settings=settings, apply_sheet_options=self.apply_sheet_options)
        self.camera = CameraMode(self, self.ui.stack, self.actions.camera, controller=self.controller,
                                 store=settings.store, banner=self.ui.banner, on_leave=self.present.show_current)
        self.present.camera_active = lambda: self.camera.active
        self.toolbar = build_toolbar(self, self.actions)
        from .order_hooks import OrderHooks

        self.orders = OrderHooks(self)
        from ..common.hot_folder import HotFolderHooks

        self.hot_folder = HotFolderHooks(self)
        from ..widgets.garment_hooks import GarmentHooks

        self.garments = GarmentHooks(self)
        if settings.hot_folder:
            self.hot_folder.watch(settings.hot_folder, apply_current=settings.hot_folder_apply)
        self._load_data()
        self._connect()
        self.setAcceptDrops(True)
        self.resize(1360, 860)
        self.setMinimumSize(1000, 640)
        if settings.geometry():
            self.restoreGeometry(settings.geometry())
        self.retranslate()
        self.present.show_current()
        self.present.edit_widgets()
        prepare_spinner_frames(self.devicePixelRatioF())
        self._settings_notice()

    def _settings_notice(self) -> None:
        """Say so when the preferences file could not be read and was moved aside (defaults in use)."""
        store = self.settings.store
        if not getattr(store, "notice", ""):
            return
        kept = getattr(store, "set_aside", None)
        text = (self.tr("It was kept as %1. The default preferences are used.").replace("%1", str(kept)) if kept else
                self.tr("The default preferences are used."))
        self.ui.banner.show_message("warning", self.tr("The preferences file could not be read"), text)

    def _load_data(self) -> None:
        ui, e = self.ui, self.engine
        ui.template_picker.set_templates(list(e.templates().values()))
        ui.swatches.set_presets([(Background.parse(h), pick(en, zh)) for h, en, zh in e.colour_presets()])
        ui.export.set_papers(e.papers(), self.settings.paper_id or "4r")
        ui.export.copies.setValue(self.settings.copies)
        fmt = ui.export.format.findData(self.settings.export_format)
        ui.export.format.setCurrentIndex(max(0, fmt))
        ui.bands_toggle.setChecked(self.settings.head_bands)
        ui.preview.set_show_bands(self.settings.head_bands)
        self.exporter.sheet_options = (ui.export.paper.currentData(), ui.export.copies.value() or None)

    def _connect(self) -> None:
        ui, c, a, x = self.ui, self.controller, self.actions, self.exporter
        a.open.triggered.connect(self.open_dialog)
        ui.add_button.clicked.connect(self.open_dialog)
        ui.empty.openRequested.connect(self.open_dialog)
        a.paste.triggered.connect(self.paste)
        ui.empty.pasteRequested.connect(self.paste)
        e = self.exports
        a.save.triggered.connect(e.save_photo)
        a.save_sheet.triggered.connect(e.save_sheet)
        a.print.triggered.connect(e.print_sheet)
        a.compose.triggered.connect(self.open_composer)
        a.camera.toggled.connect(self._camera_toggled)
        a.undo.triggered.connect(c.undo)
        a.redo.triggered.connect(c.redo)
        a.next.triggered.connect(lambda: c.step(1))
        a.previous.triggered.connect(lambda: c.step(-1))
        a.close_photo.triggered.connect(lambda: c.photos.current and c.close_photo(c.photos.current.key))
        a.reset.triggered.connect(c.reset_crop)
        a.template.triggered.connect(ui.template_picker.open_popup)
        a.bands.triggered.connect(lambda: ui.bands_toggle.toggle())
        a.original.triggered.connect(lambda: ui.original_toggle.toggle())
        a.cancel.triggered.connect(lambda: c.photos.current and c.cancel(c.photos.current.key))
        a.settings.triggered.connect(self.open_settings)
        a.language.triggered.connect(self.toggle_language)
        a.about.triggered.connect(lambda: AboutDialog(self).exec())
        a.fullscreen.triggered.connect(lambda on: self.showFullScreen() if on else self.showNormal())
        a.quit.triggered.connect(self.close)
        ui.strip.keySelected.connect(c.select)
        ui.strip.closeRequested.connect(c.close_photo)
        a.clear_finished.triggered.connect(lambda: c.clear_finished())
        ui.strip.set_clear_action(a.clear_finished)
        ui.tabs.idClicked.connect(self._tab_changed)
        ui.bands_toggle.toggled.connect(self._bands_toggled)
        ui.painted_toggle.toggled.connect(ui.preview.set_show_painted)
        ui.original_toggle.toggled.connect(lambda _on: self.present.faces(c.photos.current)
                                           if c.photos.current else self.present.layout_split(False))
        ui.preview.dragged.connect(c.move_by)
        ui.preview.dragFinished.connect(c.end_gesture)
        ui.preview.headLineMoved.connect(c.move_head_line)
        ui.preview.zoomRequested.connect(c.zoom_by)
        ui.preview.cancelRequested.connect(a.cancel.trigger)
        ui.preview.resized.connect(self._preview_resized)
        c.scale_for = lambda t: ui.preview.wanted_scale(t.pixel_size())
        ui.original.faceClicked.connect(c.pick_face)
        ui.original.everyPersonClicked.connect(c.every_person)
        ui.banner.actionClicked.connect(self._banner_action)
        ui.template_picker.templateChosen.connect(c.set_template)
        ui.template_picker.templateChosen.connect(lambda _t: self.camera.template_changed())
        ui.swatches.backgroundChosen.connect(self._background_chosen)
        ui.adjust.zoomChanged.connect(c.set_zoom)
        ui.adjust.rotationChanged.connect(c.set_rotation)
        ui.adjust.undoRequested.connect(c.undo)
        ui.adjust.redoRequested.connect(c.redo)
        ui.adjust.resetRequested.connect(c.reset_crop)
        ui.look.lookChanged.connect(c.set_look)
        ui.clothing.garmentChosen.connect(lambda gid: c.edit() and c.set_look(c.edit().look.but(garment=gid)))
        ui.look.compareToggled.connect(self._compare)
        ui.export.savePhotoRequested.connect(e.save_photo)
        ui.export.saveCutoutRequested.connect(e.save_cutout)
        ui.export.saveSheetRequested.connect(e.save_sheet)
        ui.export.printRequested.connect(e.print_sheet)
        ui.export.printPreviewRequested.connect(lambda: e.print_sheet(preview=True))
        ui.export.composeRequested.connect(self.open_composer)
        ui.export.contactSheetRequested.connect(e.save_contact_sheet)
        ui.export.sheetOptionsChanged.connect(self.apply_sheet_options)
        c.photoAdded.connect(self._photo_added)
        c.photoChanged.connect(self._photo_changed)
        c.photoRemoved.connect(ui.strip.remove_photo)
        c.currentChanged.connect(self._current_changed)
        c.rendered.connect(self._rendered)
        c.editChanged.connect(self._preview_resized)
        c.photoFailed.connect(self._photo_failed)
        c.checks.ready.connect(self.present.show_findings)
        x.sheetReady.connect(self._sheet_ready)

    # ---- import ------------------------------------------------------------------------------------
    def open_dialog(self) -> None:
        files = file_dialogs.ask_open(self, self.settings)
        if files:
            self.controller.open_paths(files)

    def open_paths(self, paths: list[str]) -> list[int]:
        """Open files or folders (also used by drops and the command line)."""
        return self.controller.open_paths(paths)

    def paste(self) -> None:
        """Files or an image from the clipboard."""
        data = QGuiApplication.clipboard().mimeData()
        if data is not None and data.hasUrls():
            paths = [u.toLocalFile() for u in data.urls() if u.isLocalFile()]
            if paths:
                self.open_paths(paths)
                return
        image = QGuiApplication.clipboard().image()
        if not image.isNull():
            self.controller.open_image(image, self.tr("Pasted photo"))
        else:
            self.ui.banner.show_message("info", self.tr("Nothing to paste"),
                                        self.tr("Copy a photo or an image file first."), timeout_ms=4000)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt override
        if event.mimeData().hasUrls() or event.mimeData().hasImage():
            event.acceptProposedAction()
            self.ui.empty.set_drag_hover(True)

    def dragLeaveEvent(self, event) -> None:  # noqa: N802,ANN001 - Qt override
        self.ui.empty.set_drag_hover(False)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt override
        self.ui.empty.set_drag_hover(False)
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            self.open_paths(paths)
        elif event.mimeData().hasImage():
            self.controller.open_image(event.mimeData().imageData(), self.tr("Dropped photo"))
        event.acceptProposedAction()

    # ---- controller -> view ------------------------------------------------------------------------
    @Slot(int)
    def _photo_added(self, key: int) -> None:
        doc = self.controller.photos.by_key(key)
        self.ui.strip.add_photo(key, doc.name, doc.path or doc.name, row=self.controller.photos.position(key))
        self.present.strip_title()

    @Slot(int)
    def _photo_changed(self, key: int) -> None:
        doc = self.controller.photos.by_key(key)
        if doc is None:
            return
        self.ui.strip.update_photo(key, status=doc.status, thumb=doc.thumb, name=doc.name, fails=doc.fails)
        if doc is self.controller.photos.current:
            self.present.show_current()

    @Slot(int)
    def _current_changed(self, key: int) -> None:
        self.ui.strip.select_key(key)
        self.present.show_current()
        self.present.edit_widgets()

    @Slot(object)
    def _rendered(self, result: object) -> None:
        self.present.show_result(result)
        self.present.edit_widgets()

    @Slot(int, object)
    def _photo_failed(self, key: int, exc: object) -> None:
        doc = self.controller.photos.by_key(key)
        if doc is not None and doc is self.controller.photos.current:
            if doc.error is None:  # a render problem (e.g. crop) rather than a photo state
                code = messages.code_of(exc)
                self.ui.banner.show_message("error", messages.error_title(code), messages.error_hint(code))
            else:
                self.present.show_current()

    def _banner_action(self, action_id: str) -> None:
        c = self.controller
        if action_id == "retry" and c.photos.current:
            c.retry(c.photos.current.key)
        elif action_id == "faces":
            self.present.layout_split(True)
        elif action_id == "open":
            self.open_dialog()
        elif action_id == "folder":
            QDesktopServices.openUrl(QUrl.fromLocalFile(self.settings.export_dir))

    def _preview_resized(self) -> None:
        """Render the preview with as many pixels as it is shown with (sharp on high-DPI screens)."""
        t = self.controller.template()
        self.controller.set_preview_scale(self.ui.preview.wanted_scale(t.pixel_size()))

    def _background_chosen(self, background: Background) -> None:
        self.controller.set_background(background)
        if not background.is_original:  # the photo's own background is a choice, not a colour to remember
            self.settings.add_recent_colour(background)

    def _bands_toggled(self, on: bool) -> None:
        self.settings.head_bands = on
        self.ui.preview.set_show_bands(on)

    def open_composer(self):  # noqa: ANN201 - SheetComposer, imported on first use
        """The sheet composer (see ExportActions.open_composer); its sheets become orders."""
        composer = self.exports.open_composer()
        self.orders.hook_composer(composer)
        return composer

    def _camera_toggled(self, on: bool) -> None:
        """On the camera page the previous photo's Save/Print go away and no centre tab is highlighted."""
        ui = self.ui
        ui.footer.setVisible(not on)
        ui.tabs.setExclusive(not on)
        if on:
            self._tab_before_camera = ui.tabs.checkedId()
            for tab in (ui.photo_tab, ui.sheet_tab):
                tab.setChecked(False)
        else:
            clicked = next((t for t in (ui.photo_tab, ui.sheet_tab) if t.isChecked()), None)
            back = clicked or ui.tabs.button(getattr(self, "_tab_before_camera", -1)) or ui.photo_tab
            back.setChecked(True)
            self.exporter.set_live(back is ui.sheet_tab)

    def _tab_changed(self, page: int) -> None:
        self.actions.camera.setChecked(False)
        self.exporter.set_live(page == PAGE_SHEET)
        self.present.show_current()

    def apply_sheet_options(self) -> None:
        """Paper and copies from the export panel to the live sheet."""
        o = self.ui.export.options()
        self.exporter.set_sheet_options(o["paper"], o["copies"])

    def _sheet_ready(self, sheet: object, image: object) -> None:
        self.ui.sheet_view.set_image(image)
        self.present.sheet_caption(sheet)

    # ---- settings, language, lifecycle -------------------------------------------------------------
    def open_settings(self) -> None:
        dialog = SettingsDialog(self.settings, self.engine.models(), self,
                                templates=list(self.engine.templates().values()))
        dialog.languageChosen.connect(self.set_language)
        dialog.modelChosen.connect(self.controller.set_model)
        dialog.memoryChanged.connect(self.controller.apply_memory_settings)
        dialog.ordersChanged.connect(self.orders.apply_retention)
        dialog.garmentsChanged.connect(self.garments.folder_changed)
        dialog.hotFolderChanged.connect(lambda: self.hot_folder.watch(self.settings.hot_folder,
                                                                      apply_current=self.settings.hot_folder_apply))
        dialog.exec()

    def toggle_language(self) -> None:
        self.set_language("en" if translations.is_chinese else "zh_CN")

    def set_language(self, choice: str) -> None:
        """Switch language now; every widget retranslates on the LanguageChange event."""
        self.settings.language = choice
        translations.apply(choice)
        self.retranslate()  # the LanguageChange event may be posted; update now so the switch is immediate

    def _compare(self, on: bool, *, hold: bool | None = None) -> None:
        """Split line (the panel's button) or the whole photo as taken (B held); rendered only while shown."""
        self.controller.set_comparing(on or bool(hold))
        self.ui.preview.set_compare(on, hold=hold)

    def keyPressEvent(self, event) -> None:  # noqa: N802,ANN001 - Qt override
        """Holding B shows the photo as taken (no light, colour or retouch) until released."""
        if event.key() == Qt.Key.Key_B and not event.isAutoRepeat():
            self._compare(self.ui.look.compare.isChecked(), hold=True)
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:  # noqa: N802,ANN001 - Qt override
        if event.key() == Qt.Key.Key_B and not event.isAutoRepeat():
            self._compare(self.ui.look.compare.isChecked(), hold=False)
            return
        super().keyReleaseEvent(event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("idphoto — ID photo studio"))
        if self.exports.composer is not None:
            self.exports.composer.retranslate()
        self.orders.retranslate()
        self.actions.retranslate()
        self.ui.retranslate()
        e = self.engine
        self.ui.swatches.set_presets([(Background.parse(h), pick(en, zh)) for h, en, zh in e.colour_presets()])
        self.ui.export.set_papers(e.papers(), self.ui.export.paper.currentData() or self.settings.paper_id)
        self.present.sheet_caption(self.exporter.sheet)   # the sheet footer: paper name and count
        self.present.show_current()
        if self.controller.result is not None:
            self.present.show_result(self.controller.result)

    def warm_up(self) -> None:
        """Load the models in the background so the first photo is quick."""
        model = self.settings.model_id
        self.controller.workers.submit(lambda: self.engine.warm_up(model), pool=INFERENCE, kind="warm-up",
                                       priority=-1)

    def closeEvent(self, event) -> None:  # noqa: N802,ANN001 - Qt override
        if not self.orders.may_quit():
            event.ignore()
            return
        self.settings.set_geometry(bytes(self.saveGeometry()))
        self.settings.sync()
        self.camera.shutdown()
        self.controller.workers.shutdown()
        super().closeEvent(event)
