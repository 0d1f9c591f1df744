#!/bin/sh
# Builds notes-index and notes-find in release mode as statically linked executables, and installs
# them with their man pages and bash, zsh and fish completions under PREFIX (default ~/.local):
#   PREFIX/bin/notes-index, PREFIX/bin/notes-find
#   PREFIX/share/man/man1/notes-index.1, notes-find.1
#   PREFIX/share/bash-completion/completions/notes-index, notes-find
#   PREFIX/share/zsh/site-functions/_notes-index, _notes-find
#   PREFIX/share/fish/vendor_completions.d/notes-index.fish, notes-find.fish
# The man pages and completions are printed by the tools themselves (--generate), from the option table
# that also prints --help. The binaries are statically linked executables: they need no shared library at
# run time (not the Swift runtime, not libstdc++, not libsqlite3, which is linked from the system's
# libsqlite3.a), so they run on x86-64 Linux machines without the Swift toolchain.
set -eu

prefix=${1:-"$HOME/.local"}
case $prefix in
    /*) ;;
    *) prefix=$(pwd)/$prefix ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${NOTES_FTS_BUILD_DIR:-"$root/.build/install"}

echo "install.sh: building release binaries (statically linked executables) in $scratch" >&2
# A statically linked executable: no dynamic loader at start-up, so none of the symbol lookups and
# relocations that loading libstdc++, libsqlite3 and a statically linked Swift runtime cost a dynamic one.
# `notes-find --version` went from 2.02x to 0.93x `sqlite3 --version`, a query matching nothing on 100,000
# notes from 2.53x to 1.87x the sqlite3 shell's (Benchmarks/README.md, start-up, 1 Dec).
swift_build() {
    (cd "$root" && swift build -c release --static-swift-stdlib -Xswiftc -static-executable \
        --scratch-path "$scratch" "$@")
}
# glibc warns at link time that a static executable which calls getpwuid, getpwnam or dlopen needs the
# system's glibc for those calls at run time: Foundation's home-directory lookup (used only when $HOME is
# unset) and ICU's plug-in loader, which the tools never use. Those lines are dropped; everything else the
# build prints is shown, and a failed build stops the script.
build() {
    log=$(mktemp)
    status=0
    swift_build "$@" >"$log" 2>&1 || status=$?
    grep -v -e 'in statically linked applications requires at runtime' -e "the use of \`mktemp' is dangerous" \
        "$log" >&2 || true
    rm -f "$log"
    return "$status"
}
build --product notes-index >&2
build --product notes-find >&2
bin=$(swift_build --show-bin-path)

mkdir -p "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
for tool in notes-index notes-find; do
    # Copy, then rename: a running copy of the old binary keeps working.
    cp "$bin/$tool" "$prefix/bin/.$tool.new"
    strip "$prefix/bin/.$tool.new" 2>/dev/null || true
    mv -f "$prefix/bin/.$tool.new" "$prefix/bin/$tool"
    "$prefix/bin/$tool" --generate man > "$prefix/share/man/man1/$tool.1"
    "$prefix/bin/$tool" --generate complete-bash > "$prefix/share/bash-completion/completions/$tool"
    "$prefix/bin/$tool" --generate complete-zsh > "$prefix/share/zsh/site-functions/_$tool"
    "$prefix/bin/$tool" --generate complete-fish > "$prefix/share/fish/vendor_completions.d/$tool.fish"
    echo "installed $prefix/bin/$tool" >&2
done
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "install.sh: $prefix/bin is not on your PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" >&2 ;;
esac
