#!/bin/sh
# Removes what scripts/install.sh PREFIX put in place:
#
#     scripts/uninstall.sh PREFIX        (normally run by: make uninstall [PREFIX=...])
#
# - stops and disables the user units when a systemd user manager is reachable (never when
#   SYSTEMD_USER_DIR is set: that names a staging folder, not the live one);
# - removes PREFIX/bin/menud and menuctl, PREFIX/share/menud (with the web page), PREFIX/share/doc/menud,
#   PREFIX/lib/menud/plugins when it holds no module, and the
#   units, with the enable links pointing at them;
# - removes the config only when it is still the default one, and only when something of
#   this PREFIX was installed (every PREFIX shares the one config). A config you changed is
#   kept, and so is a unit that differs from what install.sh writes for this PREFIX (edited
#   in place, or installed with another PREFIX).
#
# Running it again, or on something never installed, does nothing and says so.
set -eu

source_dir=$(cd "$(dirname "$0")/.." && pwd)

if [ $# -ne 1 ]; then
    echo "usage: scripts/uninstall.sh PREFIX  (normally run by: make uninstall [PREFIX=...])" >&2
    exit 2
fi
prefix_argument=$1

config_home=${XDG_CONFIG_HOME:-}
[ -n "$config_home" ] || config_home=$HOME/.config
unit_dir=${SYSTEMD_USER_DIR:-$config_home/systemd/user}
config_file=$config_home/menud/config.json5

# The same absolute form install.sh gives PREFIX.
. "$source_dir/scripts/paths.sh"
prefix=$(absolute "$prefix_argument")

rendered=$(mktemp)
trap 'rm -f "$rendered"' EXIT

removed=0
remove() {
    if [ -e "$1" ] || [ -L "$1" ]; then
        rm -f "$1"
        echo "removed $1"
        removed=$((removed + 1))
    fi
}

# Removes directory $1 and the empty directories above it, up to (not including) $2.
prune() {
    directory=$1
    while [ "$directory" != "$2" ] && [ -d "$directory" ] && rmdir "$directory" 2> /dev/null; do
        directory=$(dirname "$directory")
    done
}

systemd_reachable=no
if [ -z "${SYSTEMD_USER_DIR:-}" ] && command -v systemctl > /dev/null 2>&1 &&
    systemctl --user show-environment > /dev/null 2>&1; then
    systemd_reachable=yes
fi

# Units: only the ones this install would have written.
units_removed=no
for unit in menud.socket menud.service; do
    installed=$unit_dir/$unit
    [ -e "$installed" ] || continue
    "$source_dir/scripts/install.sh" --render-unit "$source_dir/config/$unit" "$prefix_argument" > "$rendered"
    if ! cmp -s "$installed" "$rendered"; then
        echo "kept $installed: it differs from what install.sh writes for PREFIX $prefix_argument"
        echo "  (edited in place, or installed with another PREFIX); remove it yourself if it is menud's."
        continue
    fi
    if [ "$systemd_reachable" = yes ] && [ "$units_removed" = no ]; then
        systemctl --user disable --now menud.socket menud.service > /dev/null 2>&1 || true
        echo "stopped and disabled menud.socket and menud.service"
    fi
    units_removed=yes
    remove "$installed"
    # Enable links (sockets.target.wants/menud.socket, default.target.wants/menud.service).
    for link in "$unit_dir"/*.wants/"$unit" "$unit_dir"/*.requires/"$unit"; do
        if [ -L "$link" ]; then
            remove "$link"
            prune "$(dirname "$link")" "$unit_dir"
        fi
    done
done
if [ -d "$unit_dir/menud.service.d" ] || [ -d "$unit_dir/menud.socket.d" ]; then
    echo "kept your drop-ins in $unit_dir/menud.service.d or menud.socket.d"
fi
if [ "$units_removed" = yes ] && [ "$systemd_reachable" = yes ]; then
    systemctl --user daemon-reload > /dev/null 2>&1 || true
fi

# The config, unless it was changed.
reference=$prefix/share/menud/menud.json5
[ -f "$reference" ] || reference=$source_dir/config/menud.json5
if [ "$units_removed" = no ] && [ ! -e "$prefix/bin/menud" ]; then
    : # Nothing of this PREFIX is installed: the config belongs to another install, if any.
elif [ -e "$config_file" ]; then
    if cmp -s "$config_file" "$reference"; then
        remove "$config_file"
        prune "$(dirname "$config_file")" "$config_home"
    else
        echo "kept $config_file: you changed it (delete it yourself if you no longer want it)"
    fi
fi

for program in menud menuctl; do
    remove "$prefix/bin/$program"
done
prune "$prefix/bin" "$prefix"
remove "$prefix/share/menud/menud.json5"
if [ -d "$prefix/share/menud/web" ]; then
    rm -rf "$prefix/share/menud/web"
    echo "removed $prefix/share/menud/web"
    removed=$((removed + 1))
fi
prune "$prefix/share/menud" "$prefix"
for doc in service.md protocol.md plugins.md; do
    remove "$prefix/share/doc/menud/$doc"
done
# The modules folder goes only when it is empty: installed plugins are the user's.
prune "$prefix/lib/menud/plugins" "$prefix"
if [ -d "$prefix/lib/menud/plugins" ]; then
    echo "kept $prefix/lib/menud/plugins: it holds plugin modules (delete them yourself if you no longer want them)"
fi
prune "$prefix/share/doc/menud" "$prefix"

if [ "$removed" -eq 0 ]; then
    echo "nothing of menud's was installed under $prefix_argument"
fi
if [ "$units_removed" = yes ] && [ "$systemd_reachable" = no ] && [ -z "${SYSTEMD_USER_DIR:-}" ]; then
    echo "No systemd user manager answered: if menud is still running, stop it with"
    echo "    systemctl --user stop menud.socket menud.service && systemctl --user daemon-reload"
fi
