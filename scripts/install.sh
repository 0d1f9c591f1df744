#!/bin/sh
# Builds notes-index and notes-find in release mode with the Swift runtime linked statically, and installs
# them with their man pages and bash, zsh and fish completions under PREFIX (default ~/.local):
#   PREFIX/bin/notes-index, PREFIX/bin/notes-find
#   PREFIX/share/man/man1/notes-index.1, notes-find.1
#   PREFIX/share/bash-completion/completions/notes-index, notes-find
#   PREFIX/share/zsh/site-functions/_notes-index, _notes-find
#   PREFIX/share/fish/vendor_completions.d/notes-index.fish, notes-find.fish
# The man pages and completions are printed by the tools themselves (--generate), from the option table
# that also prints --help. The binaries need only libc, libstdc++ and the system's libsqlite3 at run time.
set -eu

prefix=${1:-"$HOME/.local"}
case $prefix in
    /*) ;;
    *) prefix=$(pwd)/$prefix ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${NOTES_FTS_BUILD_DIR:-"$root/.build/install"}

echo "install.sh: building release binaries (static Swift runtime, position-dependent) in $scratch" >&2
# A position-dependent (non-PIE) link: the dynamic loader then has none of the ~72,000 relative relocations
# of a statically linked Swift runtime and Foundation to apply, and their pages stay shared and clean
# (notes-find --version: 315 page faults instead of 518; Benchmarks/README.md, start-up).
build() {
    (cd "$root" && swift build -c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -no-pie \
        --scratch-path "$scratch" "$@")
}
build --product notes-index >&2
build --product notes-find >&2
bin=$(build --show-bin-path)

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
