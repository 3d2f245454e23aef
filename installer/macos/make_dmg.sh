#!/bin/sh
# Package dist/Redactor.app (from installer/redactor.spec on macOS) into a .dmg.
#   sh installer/macos/make_dmg.sh dist/Redactor.app dist/Redactor-0.1.0.dmg
# Signing and notarisation (needs an Apple Developer ID; not possible on our own machines):
#   codesign --deep --force --options runtime --timestamp -s "Developer ID Application: ORG" APP
#   xcrun notarytool submit DMG --apple-id ID --team-id TEAM --password APP_PW --wait
#   xcrun stapler staple DMG
set -eu
app=$1; dmg=$2
hdiutil create -volname Redactor -srcfolder "$app" -ov -format UDZO "$dmg"
