"""Display names for data codes (countries, uses) and for bilingual data records, in the active language."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from .i18n import is_chinese

translate = QCoreApplication.translate

# (English, Chinese); data files hold ISO codes, the UI shows names.
COUNTRIES = {
    "CN": ("China", "中国"), "HK": ("Hong Kong", "中国香港"), "MO": ("Macao", "中国澳门"),
    "TW": ("Taiwan", "中国台湾"), "INT": ("International (ICAO)", "国际通用 (ICAO)"),
    "EU": ("Schengen area", "申根区"), "US": ("United States", "美国"), "GB": ("United Kingdom", "英国"),
    "CA": ("Canada", "加拿大"), "AU": ("Australia", "澳大利亚"), "NZ": ("New Zealand", "新西兰"),
    "JP": ("Japan", "日本"), "KR": ("South Korea", "韩国"), "IN": ("India", "印度"),
    "RU": ("Russia", "俄罗斯"), "BR": ("Brazil", "巴西"), "DE": ("Germany", "德国"),
    "FR": ("France", "法国"), "FI": ("Finland", "芬兰"), "GR": ("Greece", "希腊"),
    "IT": ("Italy", "意大利"), "ES": ("Spain", "西班牙"), "NL": ("Netherlands", "荷兰"),
    "SG": ("Singapore", "新加坡"), "MY": ("Malaysia", "马来西亚"), "TH": ("Thailand", "泰国"),
    "VN": ("Vietnam", "越南"), "PH": ("Philippines", "菲律宾"), "ID": ("Indonesia", "印度尼西亚"),
    "MX": ("Mexico", "墨西哥"),
}

USES = {
    "passport": ("Passport", "护照"), "visa": ("Visa", "签证"), "id": ("ID card", "身份证件"),
    "general": ("General", "通用"), "exam": ("Exams", "考试报名"), "licence": ("Licences", "驾驶证/执照"),
    "permit": ("Permits", "通行证"), "social_security": ("Social security", "社保"),
}

# China first for the Chinese UI, then the most asked-for destinations.
COUNTRY_ORDER = ("CN", "HK", "MO", "TW", "INT", "US", "EU", "GB", "CA", "AU", "JP", "KR")


def pick(en: str, zh: str) -> str:
    """The name in the active language, falling back to the other."""
    return (zh or en) if is_chinese() else (en or zh)


def country_name(code: str) -> str:
    """Country name for an ISO code (the code itself if unknown)."""
    en, zh = COUNTRIES.get(code, (code, code))
    return pick(en, zh)


def use_name(use: str) -> str:
    """Name of a template's use category."""
    en, zh = USES.get(use, (use.replace("_", " ").capitalize(), use))
    return pick(en, zh)


def country_rank(code: str) -> tuple[int, str]:
    """Sort key: preferred countries first, then by name."""
    try:
        return (COUNTRY_ORDER.index(code), "")
    except ValueError:
        return (len(COUNTRY_ORDER), country_name(code))


def record_name(record: Any) -> str:
    """Name of a template/paper/colour record with name_en and name_zh."""
    return pick(str(getattr(record, "name_en", "") or ""), str(getattr(record, "name_zh", "") or ""))


def _mm(v: float) -> str:
    return f"{v:g}"


def size_mm(width: float, height: float) -> str:
    """'25 × 35 mm' in the interface language ('25 × 35 毫米'): one unit word per screen, not 毫米 and mm
    side by side."""
    return translate("Names", "%1 × %2 mm").replace("%1", _mm(width)).replace("%2", _mm(height))


def template_size_text(t: Any, *, pixels_first: bool = False) -> str:
    """'25 × 35 mm · 295 × 413 px' (digital-only templates show pixels only); `pixels_first` where a narrow
    label drops the last part (the photo header: a long English name left no room for the pixels)."""
    w, h = t.pixel_size()
    px = translate("Names", "%1 × %2 px").replace("%1", str(w)).replace("%2", str(h))
    if getattr(t, "digital_only", False):
        return px
    mm = size_mm(t.width_mm, t.height_mm)
    return f"{px} · {mm}" if pixels_first else f"{mm} · {px}"
