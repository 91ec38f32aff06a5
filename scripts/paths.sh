# Path helpers shared by install.sh and uninstall.sh (sourced, not run).

# An absolute, normalised form of $1 (which need not exist yet).
absolute() {
    case $1 in
        /*) path=$1 ;;
        *) path=$(pwd)/$1 ;;
    esac
    # Drop "." and empty components and resolve ".." textually.
    printf '%s\n' "$path" | awk -F/ '{
        n = 0
        for (i = 1; i <= NF; i++) {
            if ($i == "" || $i == ".") continue
            if ($i == "..") { if (n > 0) n--; continue }
            part[++n] = $i
        }
        out = ""
        for (i = 1; i <= n; i++) out = out "/" part[i]
        print (out == "" ? "/" : out)
    }'
}
