#!/usr/bin/env bash
# `make install` into a temporary prefix: every file in place and working,
# then `make uninstall` removes exactly those. Run by `make test` after the
# release build.
set -u
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
passed=0
failed=0
check() { if eval "$2"; then passed=$((passed + 1)); echo "  ok   $1"; else failed=$((failed + 1)); echo "  FAIL $1"; fi; }

echo "make install / uninstall"
installed=no
make --no-print-directory install PREFIX="$prefix" > "$prefix.log" 2>&1 && installed=yes
check "make install succeeds" '[ $installed = yes ] || { cat "$prefix.log"; false; }'
check "the binary runs" '"$prefix/bin/yaru" --help | grep -q "USAGE: yaru"'
check "the man page reads (commands, keys, files, environment, exit status)" \
  '(for s in COMMANDS KEYS FILES ENVIRONMENT "EXIT STATUS"; do grep -q "^.SH $s" "$prefix/share/man/man1/yaru.1" || exit 1; done)'
check "bash completion names the commands" 'grep -q "archive" "$prefix/share/bash-completion/completions/yaru"'
check "zsh completion" 'grep -q "#compdef yaru" "$prefix/share/zsh/site-functions/_yaru"'
check "fish completion" 'grep -q "complete -c .yaru." "$prefix/share/fish/vendor_completions.d/yaru.fish"'
make --no-print-directory uninstall PREFIX="$prefix" > /dev/null 2>&1
check "make uninstall leaves no file behind" '[ -z "$(find "$prefix" -type f)" ]'
rm -f "$prefix.log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
