#!/bin/sh
# Installs menud for the current user:
#
#     scripts/install.sh PREFIX BINARY_DIRECTORY
#
# (`make install` runs it with PREFIX ~/.local and the release build.) It puts
#
#   PREFIX/bin/menud, PREFIX/bin/menuctl              the programs
#   PREFIX/share/menud/menud.json5                    the documented default config, for reference
#   PREFIX/share/menud/web/                           the web page (clients/web), which menud serves
#   PREFIX/share/doc/menud/service.md, protocol.md,   the documentation
#     plugins.md
#   PREFIX/lib/menud/plugins/                         the folder of installed plugin modules,
#                                                     which menud loads (empty at first)
#   UNITS/menud.service, UNITS/menud.socket           the systemd user units, ExecStart naming
#                                                     PREFIX/bin/menud; UNITS is $SYSTEMD_USER_DIR,
#                                                     else ${XDG_CONFIG_HOME:-~/.config}/systemd/user
#   ${XDG_CONFIG_HOME:-~/.config}/menud/config.json5  the default config, only when there is none
#
# Running it again updates everything but the config. scripts/uninstall.sh PREFIX undoes it.
#
#     scripts/install.sh --render-unit UNIT_FILE PREFIX
#
# prints a unit from config/ the way it would be installed for PREFIX (uninstall.sh uses it to
# recognise the units it may remove).
set -eu

source_dir=$(cd "$(dirname "$0")/.." && pwd)

fail() {
    printf 'install: %s\n' "$*" >&2
    exit 1
}

. "$source_dir/scripts/paths.sh"

# systemd refuses to run a program whose path holds quotes, backslashes or control characters.
check_prefix() {
    if printf '%s' "$1" | LC_ALL=C grep -q '[[:cntrl:]"'"'"'\\]' || [ "$(printf '%s\n' "$1" | wc -l)" -ne 1 ]; then
        fail "PREFIX $1 holds a quote, a backslash or a control character; systemd cannot start a program from such a path. Choose another PREFIX."
    fi
}

# $1 as a file: URI, bytes outside [A-Za-z0-9/._~-] percent-encoded.
file_uri() {
    printf 'file://'
    printf '%s' "$1" | LC_ALL=C od -An -v -tx1 | tr -s ' ' '\n' | while read -r byte; do
        [ -n "$byte" ] || continue
        case $byte in
            2d | 2e | 2f | 5f | 7e | 3[0-9] | 4[1-9a-f] | 5[0-9a] | 6[1-9a-f] | 7[0-9a])
                printf "\\$(printf '%03o' "0x$byte")" ;;
            *) printf '%%%s' "$(printf '%s' "$byte" | tr 'a-f' 'A-F')" ;;
        esac
    done
}

# Program path $1 written as the first word of a unit's command line: "%" doubled (systemd
# expands specifiers there; variables are not expanded in the program path), and quoted when it
# holds blanks or ";" (check_prefix has ruled out quotes and backslashes).
unit_command_word() {
    escaped=$(printf '%s' "$1" | sed -e 's/%/%%/g')
    case $escaped in
        *[[:space:]\;]*) printf '"%s"' "$escaped" ;;
        *) printf '%s' "$escaped" ;;
    esac
}

# Prints unit template $1 with @MENUD@ as binary $2 and @DOCURI@ as a file: URI for doc $3.
render_unit() {
    MENUD_WORD=$(unit_command_word "$2") DOC_URI=$(file_uri "$3" | sed 's/%/%%/g') awk '
        function replace(line, token, value,    at, out) {
            out = ""
            while ((at = index(line, token)) > 0) {
                out = out substr(line, 1, at - 1) value
                line = substr(line, at + length(token))
            }
            return out line
        }
        {
            line = replace($0, "@MENUD@", ENVIRON["MENUD_WORD"])
            print replace(line, "@DOCURI@", ENVIRON["DOC_URI"])
        }' "$1"
}

if [ "${1:-}" = "--render-unit" ]; then
    [ $# -eq 3 ] || fail "usage: scripts/install.sh --render-unit UNIT_FILE PREFIX"
    check_prefix "$3"
    prefix=$(absolute "$3")
    render_unit "$2" "$prefix/bin/menud" "$prefix/share/doc/menud/service.md"
    exit 0
fi

if [ $# -ne 2 ]; then
    echo "usage: scripts/install.sh PREFIX BINARY_DIRECTORY  (normally run by: make install [PREFIX=...])" >&2
    exit 2
fi
check_prefix "$1"
prefix=$(absolute "$1")
binaries=$2

for program in menud menuctl; do
    [ -x "$binaries/$program" ] || fail "$binaries/$program is missing; build first (swift build -c release) or run make install"
done
for file in config/menud.service config/menud.socket config/menud.json5 clients/web/index.html; do
    [ -f "$source_dir/$file" ] || fail "$source_dir/$file is missing; run this script from a complete menud checkout"
done

config_home=${XDG_CONFIG_HOME:-}
[ -n "$config_home" ] || config_home=$HOME/.config
unit_dir=${SYSTEMD_USER_DIR:-$config_home/systemd/user}
config_file=$config_home/menud/config.json5
bin_dir=$prefix/bin
share_dir=$prefix/share/menud
doc_dir=$prefix/share/doc/menud

# Copies $1 to $2 (mode $3) through a temporary file and a rename: a running menud keeps its
# old binary, and nothing is ever left half written.
put() {
    mkdir -p "$(dirname "$2")"
    tmp=$2.installing.$$
    cp "$1" "$tmp"
    chmod "$3" "$tmp"
    mv -f "$tmp" "$2"
    echo "installed $2"
}

put "$binaries/menud" "$bin_dir/menud" 0755
put "$binaries/menuctl" "$bin_dir/menuctl" 0755
put "$source_dir/config/menud.json5" "$share_dir/menud.json5" 0644
# The web page: every file of clients/web, and nothing left from an older page.
rm -rf "$share_dir/web.installing.$$"
(cd "$source_dir/clients/web" && find . -type f ! -name "*.md") | while read -r file; do
    mkdir -p "$(dirname "$share_dir/web.installing.$$/$file")"
    cp "$source_dir/clients/web/$file" "$share_dir/web.installing.$$/$file"
    chmod 0644 "$share_dir/web.installing.$$/$file"
done
rm -rf "$share_dir/web"
mv "$share_dir/web.installing.$$" "$share_dir/web"
echo "installed $share_dir/web ($(find "$share_dir/web" -type f | wc -l | tr -d ' ') files)"
mkdir -p "$prefix/lib/menud/plugins"
chmod 0755 "$prefix/lib/menud/plugins"
echo "installed $prefix/lib/menud/plugins (plugin modules; see $doc_dir/plugins.md)"
for doc in service.md protocol.md plugins.md; do
    if [ -f "$source_dir/docs/$doc" ]; then
        put "$source_dir/docs/$doc" "$doc_dir/$doc" 0644
    fi
done

rendered=$(mktemp)
trap 'rm -f "$rendered"' EXIT
for unit in menud.service menud.socket; do
    render_unit "$source_dir/config/$unit" "$bin_dir/menud" "$doc_dir/service.md" > "$rendered"
    put "$rendered" "$unit_dir/$unit" 0644
done

if [ -e "$config_file" ]; then
    if cmp -s "$config_file" "$source_dir/config/menud.json5"; then
        echo "kept $config_file (the default config, already there)"
    else
        echo "kept $config_file (yours; the documented defaults are in $share_dir/menud.json5)"
    fi
else
    put "$source_dir/config/menud.json5" "$config_file" 0644
fi

echo
case ":${PATH:-}:" in
    *":$bin_dir:"*) ;;
    *) echo "Note: $bin_dir is not in your PATH; add it to run menuctl by name." && echo ;;
esac
cat <<EOF
menud will watch the folder named by "root" in $config_file
(your home directory while it names none). Then start it through systemd:

    systemctl --user daemon-reload && systemctl --user enable --now menud.socket

If menud was running already, restart it to use the new binary:

    systemctl --user daemon-reload && systemctl --user restart menud.service

See $doc_dir/service.md for checking, reloading and the sandbox.
EOF
