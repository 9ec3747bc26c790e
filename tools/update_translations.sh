#!/usr/bin/env bash
# Refresh the Chinese translation source from the Qt layer's tr() strings, then compile it.
# Translate new entries in between with pyside6-linguist resources/translations/idphoto_zh_CN.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=".venv/bin"
"$bin/pyside6-lupdate" $(git ls-files 'idphoto_gui/qt/*.py' 'idphoto_gui/qt/**/*.py') \
  -ts resources/translations/idphoto_zh_CN.ts
"$bin/pyside6-lrelease" resources/translations/idphoto_zh_CN.ts -qm resources/translations/idphoto_zh_CN.qm
