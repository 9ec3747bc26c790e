"""The real camera for the capture page: a Qt Multimedia FrameSource with device choice and permission.

The chosen device is remembered in the settings; stills come at the device's best resolution over a
preview stream that stays fluid. Failures are reported with the codes defined in camera.py.
"""
from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QImage
from PySide6.QtMultimedia import (QCamera, QCameraDevice, QCameraFormat, QImageCapture,
                                  QMediaCaptureSession, QMediaDevices, QVideoFrame, QVideoSink)

from .camera import (CAMERA_ERROR, CAMERA_LOST, CAPTURE_FAILED, NO_CAMERA, PERMISSION_DENIED,
                     FrameSource)
from .images import qimage_to_rgb
from .settings_file import PlainSettings

log = logging.getLogger(__name__)

SETTINGS_KEY = "capture/camera_id"
MIN_PREVIEW_FPS = 15.0


def _area(size: QSize) -> int:
    """Pixel count of a size."""
    return size.width() * size.height()


def best_photo_resolution(device: QCameraDevice) -> QSize:
    """The largest still resolution the device offers (invalid size if it lists none)."""
    sizes = device.photoResolutions()
    return max(sizes, key=_area) if sizes else QSize()


def pick_video_format(device: QCameraDevice, still: QSize) -> QCameraFormat | None:
    """A stream format at the still's size if it runs >= 15 fps, else the largest that does.

    Backends that grab stills from the stream (FFmpeg on Windows/Linux) can only deliver the
    stream's size, so the stream is made as large as a fluid preview allows.
    """
    formats = list(device.videoFormats())
    if not formats:
        return None
    fluid = [f for f in formats if f.maxFrameRate() >= MIN_PREVIEW_FPS] or formats
    same = [f for f in fluid if f.resolution() == still]
    pool = same or fluid
    return max(pool, key=lambda f: (_area(f.resolution()), f.maxFrameRate()))


class QtCameraSource(FrameSource):
    """A Qt Multimedia camera: chosen device remembered in the settings, stills at the best resolution."""

    devices_changed = Signal()

    def __init__(self, settings: PlainSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._media = QMediaDevices(self)
        self._media.videoInputsChanged.connect(self._on_devices_changed)
        self._session = QMediaCaptureSession(self)
        self._sink = QVideoSink(self)
        self._sink.videoFrameChanged.connect(self._on_video_frame)
        self._session.setVideoSink(self._sink)
        self._capture = QImageCapture(self)
        self._capture.imageCaptured.connect(self._on_image_captured)
        self._capture.errorOccurred.connect(self._on_capture_error)
        self._capture.readyForCaptureChanged.connect(self._on_ready)
        self._session.setImageCapture(self._capture)
        self._camera: QCamera | None = None
        self._wanted = False
        self._pending = 0

    # -- devices -----------------------------------------------------------------------------
    @staticmethod
    def devices() -> list[QCameraDevice]:
        """Cameras present now."""
        return list(QMediaDevices.videoInputs())

    def device_id(self) -> str:
        """Id of the camera in use or remembered ('' if none)."""
        if self._camera is not None:
            return bytes(self._camera.cameraDevice().id().data()).decode(errors="replace")
        return str(self._settings.value(SETTINGS_KEY, "")) if self._settings else ""

    def _choose(self) -> QCameraDevice | None:
        """The remembered camera if present, else the system default, else the first."""
        devices = self.devices()
        if not devices:
            return None
        wanted = self.device_id()
        for d in devices:
            if bytes(d.id().data()).decode(errors="replace") == wanted:
                return d
        default = QMediaDevices.defaultVideoInput()
        return default if not default.isNull() else devices[0]

    def set_device(self, device_id: str) -> None:
        """Switch to (and remember) a camera by id."""
        if self._settings is not None:
            self._settings.setValue(SETTINGS_KEY, device_id)
        self._close()
        if self._wanted:
            self._open()

    @Slot()
    def _on_devices_changed(self) -> None:
        """Plug/unplug: drop a vanished camera, pick one up when it (re)appears."""
        ids = {bytes(d.id().data()) for d in self.devices()}
        if self._camera is not None and bytes(self._camera.cameraDevice().id().data()) not in ids:
            log.info("camera unplugged")
            self._close()
            self.failed.emit(CAMERA_LOST if ids else NO_CAMERA)
        if self._wanted and self._camera is None and ids:
            self._open()
        self.devices_changed.emit()

    # -- permission --------------------------------------------------------------------------
    def _permission(self) -> bool | None:
        """True granted, False denied, None asked (answer arrives later); True where not applicable."""
        try:
            from PySide6.QtCore import QCameraPermission
        except ImportError:
            return True
        app = QCoreApplication.instance()
        if app is None or not hasattr(app, "checkPermission"):
            return True
        perm = QCameraPermission()
        try:
            status = app.checkPermission(perm)
            if status == Qt.PermissionStatus.Undetermined:
                app.requestPermission(perm, self, self._on_permission)
                return None
        except (RuntimeError, TypeError) as exc:   # platform without a permission backend
            log.debug("camera permission check unavailable: %s", exc)
            return True
        return status == Qt.PermissionStatus.Granted

    def _on_permission(self, permission: object) -> None:
        """The user answered the system's camera prompt."""
        if getattr(permission, "status", lambda: None)() == Qt.PermissionStatus.Granted:
            if self._wanted:
                self._open()
        else:
            self.failed.emit(PERMISSION_DENIED)

    # -- stream ------------------------------------------------------------------------------
    def start(self) -> None:
        """Open the chosen camera (asking for permission first where the OS requires it)."""
        self._wanted = True
        if self._camera is not None:
            return
        granted = self._permission()
        if granted is False:
            self.failed.emit(PERMISSION_DENIED)
        elif granted:
            self._open()

    def _open(self) -> None:
        """Create and start the camera with the best still size and a fluid preview."""
        device = self._choose()
        if device is None:
            self.failed.emit(NO_CAMERA)
            return
        cam = QCamera(device, self)
        still = best_photo_resolution(device)
        fmt = pick_video_format(device, still)
        if fmt is not None:
            cam.setCameraFormat(fmt)
        if still.isValid():
            self._capture.setResolution(still)
        cam.errorOccurred.connect(self._on_camera_error)
        self._session.setCamera(cam)
        self._camera = cam
        cam.start()
        log.info("camera %s started (still %dx%d)", device.description(), still.width(), still.height())
        self.active_changed.emit(True)

    def _close(self) -> None:
        """Stop and release the camera."""
        if self._camera is None:
            return
        self._camera.stop()
        self._session.setCamera(None)
        self._camera.deleteLater()
        self._camera = None
        self._pending = 0
        self.active_changed.emit(False)

    def stop(self) -> None:
        """Release the camera (the light goes off)."""
        self._wanted = False
        self._close()

    def is_active(self) -> bool:
        """True while a camera is open."""
        return self._camera is not None and self._camera.isActive()

    @Slot(QVideoFrame)
    def _on_video_frame(self, vf: QVideoFrame) -> None:
        """Forward a preview frame as a QImage."""
        img = vf.toImage()
        if not img.isNull():
            self.frame.emit(img)

    def capture_still(self) -> None:
        """Queue one still; several calls in a row make a burst."""
        if self._camera is None:
            self.failed.emit(NO_CAMERA)
            return
        self._pending += 1
        self._drain_pending()

    @Slot(bool)
    def _on_ready(self, ready: bool) -> None:
        """The camera can take the next still."""
        if ready:
            self._drain_pending()

    def _drain_pending(self) -> None:
        """Fire the next queued capture when the camera is ready."""
        if self._pending and self._capture.isReadyForCapture():
            self._pending -= 1
            self._capture.capture()

    @Slot(int, QImage)
    def _on_image_captured(self, _id: int, image: QImage) -> None:
        """A still arrived: hand it on as RGB pixels."""
        self.still_captured.emit(qimage_to_rgb(image))
        QTimer.singleShot(0, self, self._drain_pending)

    @Slot(int, QImageCapture.Error, str)
    def _on_capture_error(self, _id: int, _err: object, message: str) -> None:
        """A still failed."""
        log.warning("capture failed: %s", message)
        self.failed.emit(CAPTURE_FAILED)

    @Slot(QCamera.Error, str)
    def _on_camera_error(self, _err: object, message: str) -> None:
        """The camera reported an error (busy, disconnected, driver)."""
        log.warning("camera error: %s", message)
        self.failed.emit(CAMERA_ERROR)
