#!/bin/sh
# Put Crimson Table in the desktop's application menu, with its icon, for the current user.
# Run it from the unpacked release folder:  ./install-desktop-entry.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps"
mkdir -p "$apps" "$icons"
cp "$here/crimson-table.png" "$icons/crimson-table.png"
sed -e "s|^Exec=.*|Exec=\"$here/CrimsonTable\"|" -e "s|^TryExec=.*|TryExec=$here/CrimsonTable|" \
    "$here/crimson-table.desktop" > "$apps/crimson-table.desktop"
echo "Installed $apps/crimson-table.desktop"
