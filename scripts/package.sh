#!/usr/bin/env bash
# Packs the release binary for people who do not build from source:
#   scripts/package.sh dist BINARY  -> dist/yaru-VERSION-linux-ARCH.tar.gz (+ .sha256)
#   scripts/package.sh deb BINARY   -> dist/yaru_VERSION-1_DEBARCH.deb
# Called by `make dist` and `make deb` after the release build. Both are
# reproducible: every file's time is the commit's, owners are root, and the
# order of entries is sorted.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=$1
binary=$2
version=$(sed -n 's/^  static let number = "\(.*\)"$/\1/p' Sources/yaru/Version.swift)
[ -n "$version" ] || { echo "package.sh: no version in Sources/yaru/Version.swift" >&2; exit 1; }
maintainer=${MAINTAINER:-"yaru developers <yaru@users.noreply.github.com>"}
epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)
mkdir -p dist
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# The files every package carries, under a prefix ($1) in the stage; $2 is
# zsh's folder, which differs between a home prefix and Debian.
put_files() {
  local root=$stage/$1 zsh=$2
  install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/$zsh" "$root/share/fish/vendor_completions.d" "$root/share/doc/yaru"
  install -m 755 "$binary" "$root/bin/yaru"
  strip "$root/bin/yaru"
  install -m 644 docs/yaru.1 "$root/share/man/man1/yaru.1"
  "$binary" --generate-completion-script bash > "$root/share/bash-completion/completions/yaru"
  "$binary" --generate-completion-script zsh > "$root/$zsh/_yaru"
  "$binary" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/yaru.fish"
  chmod 644 "$root/share/bash-completion/completions/yaru" "$root/$zsh/_yaru" "$root/share/fish/vendor_completions.d/yaru.fish"
}

# Same bytes from the same commit: sorted, root-owned, dated by the commit.
reproducible_tar() { tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" "$@"; }

case $mode in
dist)
  # A tree laid out like a prefix: `tar -xzf FILE -C ~/.local --strip-components=1`
  # puts every file where the shell, man and the completions look.
  name=yaru-$version-linux-$(uname -m)
  put_files "$name" share/zsh/site-functions
  install -m 644 README.md LICENSE "$stage/$name/share/doc/yaru/"
  reproducible_tar -C "$stage" -cf - "$name" | gzip -9n > "dist/$name.tar.gz"
  (cd dist && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
  echo "dist/$name.tar.gz"
  ;;
deb)
  arch=$(dpkg --print-architecture)
  name=yaru_$version-1_$arch
  root=$stage/$name
  put_files "$name/usr" share/zsh/vendor-completions
  # Debian policy: man pages and changelogs compressed, a copyright file.
  gzip -9n "$root/usr/share/man/man1/yaru.1"
  gzip -9nc README.md > "$root/usr/share/doc/yaru/README.md.gz"
  { echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: yaru"
    echo
    echo "Files: *"
    echo "Copyright: the yaru developers"
    echo "License: MIT"
    sed 's/^$/./; s/^/ /' LICENSE
  } > "$root/usr/share/doc/yaru/copyright"
  { echo "yaru ($version-1) unstable; urgency=medium"
    echo
    echo "  * Release $version ($("$binary" --version | sed 's/.*(commit \(.*\))/commit \1/'))."
    echo
    echo " -- $maintainer  $(date -u -R -d "@$epoch")"
  } | gzip -9n > "$root/usr/share/doc/yaru/changelog.Debian.gz"
  # `make release` links everything in (a static executable): no library
  # to depend on. A binary linked against the shared C library would depend
  # on the newest glibc symbol version it uses, and on nothing else.
  depends=""
  if objdump -p "$root/usr/bin/yaru" | grep -q NEEDED; then
    glibc=$(objdump -T "$root/usr/bin/yaru" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)
    others=$(objdump -p "$root/usr/bin/yaru" | awk '/NEEDED/ {print $2}' | grep -v -E '^(libc|libm|ld-linux.*)\.so' || true)
    [ -z "$others" ] || { echo "package.sh: the binary needs more than libc: $others" >&2; exit 1; }
    depends="Depends: libc6 (>= $glibc)"
  fi
  install -d "$root/DEBIAN"
  cat > "$root/DEBIAN/control" <<EOF
Package: yaru
Version: $version-1
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
${depends:+$depends
}Section: utils
Priority: optional
Description: terminal todo list for todo.txt files
 yaru (Japanese "to do") keeps your todos in a plain todo.txt file that
 todo.sh and other tools read too, and shows them in the terminal: a list
 that starts at once, answers every key at once, shows Japanese and emoji
 correctly, and never loses or silently rewrites a todo. It understands
 the todo.txt conventions (due:, t:, rec:, hidden todos), merges changes
 other programs make, keeps an undo history that lasts, and syncs through
 git.
EOF
  (cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
  chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
  find "$root" -exec touch -h -d "@$epoch" {} +
  SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$root" "dist/$name.deb" > /dev/null
  echo "dist/$name.deb"
  ;;
*)
  echo "usage: scripts/package.sh dist|deb BINARY" >&2
  exit 2
  ;;
esac
