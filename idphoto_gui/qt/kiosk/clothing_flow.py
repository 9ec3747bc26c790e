"""The kiosk window's Clothing step (issue 38): offered after the review where kiosk.json lists garments and the
document allows the clothing to be replaced; each tap dresses the photo on a worker (latest wins)."""
from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from ...core.body import garments
from ...core.kiosk import kiosk_config as kc
from ...core.kiosk.kiosk_customer import SCREEN
from ..common.workers import IO
from .clothing import ClothingPage

log = logging.getLogger(__name__)
translate = QCoreApplication.translate


class ClothingFlow:
    """Mixed into KioskWindow: builds the page and moves the customer through it."""

    def _build_clothing(self) -> ClothingPage:
        page = ClothingPage()
        page.picked.connect(self._dress)
        page.back.connect(self._retake)
        page.next.connect(self._to_colours)
        return page

    def _may_offer_clothing(self) -> bool:
        """kiosk.json lists garments and the document lets the clothing be replaced (no folder read here)."""
        template = self.customer.template
        return (template is not None and self.customer.session is not None
                and bool(kc.clothing_choices(template, self.config, self.config.garments)))

    @staticmethod
    def _clothing_offer(template, config) -> list:
        """[None, garment, ...] the customer may choose from, or [] (none of kiosk.json's garments exists).

        Reads the studio folder: a worker's job."""
        every = {g.id: g for g in garments.catalogue(garments.studio_folder())}
        ids = kc.clothing_choices(template, config, every)
        return [None if i == garments.NONE else every[i] for i in ids]

    def _to_clothing(self, otherwise: Callable[[], None]) -> None:
        """Show the Clothing step (the garments read, their pictures decoded and the photo rendered on a
        worker), or `otherwise` when the customer has no choice to make."""
        if not self._may_offer_clothing():
            otherwise()
            return
        session, gen = self.customer.session, self._generation
        template, config = self.customer.template, self.config
        current = session.edit.look.garment

        def prepare() -> tuple | None:
            offer = self._clothing_offer(template, config)
            if not offer:
                return None
            for g in offer:
                if g is not None:
                    g.pixels()
            edit = session.edit
            own = session.renderer.render(edit.but(look=edit.look.but(garment=garments.NONE)), SCREEN).rgb
            return offer, session.render(SCREEN).rgb, own

        def shown(made: tuple | None) -> None:
            if gen != self._generation:
                return
            if made is None:
                otherwise()
                return
            offer, rgb, own = made
            self._show(self.clothing, lambda: (self.clothing.set_choices(offer, current, own=own),
                                               self.clothing.set_photo(rgb)))

        self._busy(lambda: (translate("KioskWindow", "One moment…"), "", "", ""))
        self.workers.submit(prepare, pool=IO, kind="kiosk-dress", lane="kiosk-dress", on_done=shown,
                            on_failed=lambda exc: gen == self._generation and self._check_failed(exc))

    def _dress(self, garment_id: str) -> None:
        """The customer tapped a card: the photo in that garment (or their own clothing), rendered on a worker."""
        session, gen = self.customer.session, self._generation
        if session is None:
            return
        session.set_look(session.edit.look.but(garment=garment_id))
        self.workers.submit(lambda: session.render(SCREEN).rgb, pool=IO, kind="kiosk-dress", lane="kiosk-dress",
                            on_done=lambda rgb: gen == self._generation and self.clothing.set_photo(rgb),
                            on_failed=lambda exc: log.warning("kiosk: the garment could not be put on: %s", exc))
