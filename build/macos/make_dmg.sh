#!/usr/bin/env bash
# Make a compressed .dmg holding idphoto.app and a link to /Applications.  Usage: make_dmg.sh APP OUT.dmg
set -euo pipefail
app="$1"; out="$2"
stage="$(mktemp -d)"
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
# Ad-hoc signature so Gatekeeper shows the usual "unidentified developer" prompt rather than "damaged".
codesign --force --deep --sign - "$stage/$(basename "$app")" || true
hdiutil create -volname "idphoto" -srcfolder "$stage" -ov -format UDZO "$out"
rm -rf "$stage"
