#!/usr/bin/env bash
# `make dist` and `make deb`: each file where the shells, man and Debian look,
# the binary run from the unpacked tree, the control fields, the checksums,
# and the same bytes from a second build. Run by `make test` after the
# release build.
set -u
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() { if eval "$2"; then passed=$((passed + 1)); echo "  ok   $1"; else failed=$((failed + 1)); echo "  FAIL $1"; fi; }

version=$(sed -n 's/^  static let number = "\(.*\)"$/\1/p' Sources/yaru/Version.swift)
commit=$(git describe --always --dirty --abbrev=12)
printf '(A) 電話 +家族 due:2026-12-01\nBuy milk 🥛 @store\n' > "$work/todo.txt"

echo "make dist"
made=no
make --no-print-directory dist > "$work/dist.log" 2>&1 && made=yes
archive=dist/yaru-$version-linux-$(uname -m).tar.gz
check "make dist makes $archive" '[ $made = yes ] && [ -f "$archive" ] || { cat "$work/dist.log"; false; }'
check "its SHA-256 file verifies" '(cd dist && sha256sum --quiet -c "$(basename "$archive").sha256")'
mkdir "$work/prefix"
tar -xzf "$archive" -C "$work/prefix" --strip-components=1
p=$work/prefix
check "unpacked into a prefix: bin, man, completions, README, licence" \
  '[ -x "$p/bin/yaru" ] && [ -f "$p/share/man/man1/yaru.1" ] && [ -f "$p/share/bash-completion/completions/yaru" ] &&
   [ -f "$p/share/zsh/site-functions/_yaru" ] && [ -f "$p/share/fish/vendor_completions.d/yaru.fish" ] &&
   [ -f "$p/share/doc/yaru/README.md" ] && [ -f "$p/share/doc/yaru/LICENSE" ]'
check "the unpacked binary names its version and commit" \
  '[ "$("$p/bin/yaru" --version)" = "yaru $version (commit $commit)" ] || { "$p/bin/yaru" --version; false; }'
check "the unpacked binary lists a todo file" '"$p/bin/yaru" ls --file "$work/todo.txt" | grep -q "電話 +家族"'
check "the man page is yaru's" 'grep -q "^.TH YARU" "$p/share/man/man1/yaru.1"'
check "the binary is stripped" '! readelf -S "$p/bin/yaru" | grep -q "\.symtab"'
first=$(sha256sum < "$archive")
make --no-print-directory dist > /dev/null 2>&1
check "a second build gives the same bytes" '[ "$(sha256sum < "$archive")" = "$first" ]'

echo "make deb"
made=no
make --no-print-directory deb > "$work/deb.log" 2>&1 && made=yes
deb=dist/yaru_$version-1_$(dpkg --print-architecture).deb
check "make deb makes $deb" '[ $made = yes ] && [ -f "$deb" ] || { cat "$work/deb.log"; false; }'
field() { dpkg-deb -f "$deb" "$1"; }
check "control: package, version, architecture" \
  '[ "$(field Package)" = yaru ] && [ "$(field Version)" = "$version-1" ] && [ "$(field Architecture)" = "$(dpkg --print-architecture)" ]'
check "control: depends on nothing (the binary is static)" '[ -z "$(field Depends)" ] && ! objdump -p .build/release/yaru | grep -q NEEDED || { field Depends; false; }'
check "control: maintainer, section, description" '[ -n "$(field Maintainer)" ] && [ "$(field Section)" = utils ] && [ -n "$(field Description)" ]'
check "control: installed size in KiB" '[ "$(field Installed-Size)" -gt 1000 ]'
mkdir "$work/root"
dpkg-deb -x "$deb" "$work/root"
r=$work/root
check "binary in /usr/bin" '[ -x "$r/usr/bin/yaru" ]'
check "man page compressed in /usr/share/man/man1" 'zcat "$r/usr/share/man/man1/yaru.1.gz" | grep -q "^.TH YARU"'
check "bash completion where bash-completion loads it" 'grep -q "archive" "$r/usr/share/bash-completion/completions/yaru"'
check "zsh completion in Debian's vendor folder" 'grep -q "#compdef yaru" "$r/usr/share/zsh/vendor-completions/_yaru"'
check "fish completion in vendor_completions.d" 'grep -q "complete -c .yaru." "$r/usr/share/fish/vendor_completions.d/yaru.fish"'
check "copyright and changelog in /usr/share/doc/yaru" \
  '[ -f "$r/usr/share/doc/yaru/copyright" ] && zcat "$r/usr/share/doc/yaru/changelog.Debian.gz" | grep -q "yaru ($version-1)"'
check "no file outside /usr" '[ "$(ls "$r")" = usr ]'
check "the packaged binary runs" '"$r/usr/bin/yaru" ls --file "$work/todo.txt" | grep -q "Buy milk 🥛"'
check "its libraries are the C library's" \
  '! objdump -p "$r/usr/bin/yaru" | awk "/NEEDED/ {print \$2}" | grep -v -q -E "^(libc|libm|ld-linux[-a-z0-9_]*)\.so"'
mkdir "$work/control"
dpkg-deb -e "$deb" "$work/control"
check "md5sums cover every file" '(cd "$r" && md5sum --quiet -c "$work/control/md5sums") && [ "$(wc -l < "$work/control/md5sums")" = "$(cd "$r" && find usr -type f | wc -l)" ]'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
