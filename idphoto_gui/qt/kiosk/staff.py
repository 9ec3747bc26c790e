"""The staff side of the kiosk window: PIN (first start, check, change), operator menu, warm-up, quit."""
from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QApplication

from ...core.kiosk import kiosk_config as kc

from ...core.kiosk import pin as kpin
from ..common.workers import INFERENCE


class StaffActions:
    """Mixed into KioskWindow: everything behind the PIN, and the only way out of the kiosk."""

    def warm_up(self) -> None:
        """Load the models before the first customer (their first run is the slow one)."""
        from ...core.analysis.pipeline import warm_up

        self.workers.submit(warm_up, pool=INFERENCE, kind="warm-up", lane="kiosk-warm-up")

    # ---- staff --------------------------------------------------------------------------------
    def _staff(self) -> None:
        self._show(self.pin, lambda: self.pin.open("check", self.config.pin))

    def _pin_set(self, pin: str) -> None:
        self.config = replace(self.config, pin=kpin.hash_pin(pin), pin_problem="")
        kc.save_config(self.config, self.config_path)
        self._open_operator()

    def _open_operator(self) -> None:
        self._show(self.operator, lambda: self.operator.open(
            self.config, templates=self.engine.templates(), papers=self.engine.papers(),
            colours=self.engine.colour_presets(), faults=self.faults))

    def _save_config(self, config: kc.KioskConfig) -> None:
        self.config = config
        kc.save_config(config, self.config_path)
        self.idle.configure(config.timeout_s, config.warning_s)
        self.camera.set_camera(config.camera)
        self.reset()

    def quit_kiosk(self) -> None:
        """The operator's quit: the only way out."""
        self._quitting = True
        self.shutdown()
        self.close()
        self.quit_requested.emit()

    def shutdown(self) -> None:
        """Release the camera, stop the jobs, wipe the customer."""
        self.reset()
        self.idle.disarm()
        self.workers.shutdown()
        QApplication.instance().removeEventFilter(self._keylock)
