"""Qt translations (zh_CN .qm files) installed and swapped at run time; widgets retranslate on LanguageChange."""
from __future__ import annotations

import logging

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLibraryInfo, QLocale, QTranslator

from ...core.paths import resources_dir

log = logging.getLogger(__name__)

LANGUAGES = ("en", "zh_CN")

# Texts of Qt's own dialogs that this Qt's qtbase_zh_CN.qm lacks (its source text changed): our .ts
# translates them in Qt's context, and our translator is asked before qtbase's.
QT_GAPS = (
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
)


def translations_dir() -> str:
    """Where the app's .qm files live."""
    return str(resources_dir() / "translations")


def resolve(choice: str, system: QLocale | None = None) -> str:
    """'system' -> 'zh_CN' for any Chinese system locale, else 'en'; explicit choices pass through."""
    if choice in LANGUAGES:
        return choice
    locale = system or QLocale.system()
    return "zh_CN" if locale.language() == QLocale.Language.Chinese else "en"


def plural(text: str, n: int) -> str:
    """Resolve an untranslated English '%n item(s)' to 'item' or 'items' (translations have no '(s)')."""
    return text.replace("(s)", "" if n == 1 else "s")


class Translations:
    """Owns the installed translators so a language switch can remove the old ones first."""

    def __init__(self) -> None:
        self._installed: list[QTranslator] = []
        self.language = "en"

    def apply(self, choice: str) -> str:
        """Install translators for a choice ('system', 'en', 'zh_CN'); returns the language now active."""
        app = QCoreApplication.instance()
        language = resolve(choice)
        for tr in self._installed:
            app.removeTranslator(tr)
        self._installed.clear()
        self.language = language
        QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China)
                           if language == "zh_CN" else QLocale(QLocale.Language.English))
        if language == "en":
            return language
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        for name, folder in ((f"idphoto_{language}", translations_dir()),
                             (f"qtbase_{language}", qt_dir)):
            tr = QTranslator(app)
            if tr.load(name, folder):
                app.installTranslator(tr)
                self._installed.append(tr)
            else:
                log.info("no translation %s in %s", name, folder)
        return language

    @property
    def is_chinese(self) -> bool:
        """Template and colour names come from data files in both languages; pick by this."""
        return self.language.startswith("zh")


translations = Translations()


def is_chinese() -> bool:
    """True when the Chinese interface is active."""
    return translations.is_chinese
