# Which parts of the yaru binary are resident in a running process: reads
# /proc/PID/pagemap for the binary's mappings and names each resident page
# by the symbol it falls in (module for Swift symbols). Root only.
#   python3 Benchmarks/resident-pages.py PID .build/release/yaru
import sys, struct, subprocess, bisect, collections, re
pid, binary = sys.argv[1], sys.argv[2]
maps = [l.split() for l in open(f"/proc/{pid}/maps")]
pm = open(f"/proc/{pid}/pagemap", "rb")
# symbols
syms = []
for line in subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
    p = line.split()
    if len(p) >= 3: syms.append((int(p[0], 16), p[2]))
addrs = [a for a, _ in syms]
base = None
counts = collections.Counter()
for m in maps:
    if len(m) < 6 or not m[5].endswith("/yaru"): continue
    lo, hi = [int(x, 16) for x in m[0].split("-")]
    off = int(m[2], 16)
    if base is None:  # a position-independent binary's symbols are offsets from where it was loaded
        pie = b"DYN" in subprocess.run(["readelf", "-h", binary], capture_output=True).stdout
        base = lo - off if pie else 0
    for page in range(lo, hi, 4096):
        pm.seek(page // 4096 * 8)
        entry = struct.unpack("Q", pm.read(8))[0]
        if entry >> 63:
            vaddr = page - base
            i = bisect.bisect_right(addrs, vaddr) - 1
            name = syms[i][1] if i >= 0 else "?"
            # demangled module guess
            mod = re.match(r"\$s(\d+)", name)
            key = name[:40]
            if mod:
                n = int(mod.group(1)); key = name[2+len(mod.group(1)):2+len(mod.group(1))+n]
            elif name.startswith("_ZN") or name.startswith("_ZL"): key = "C++:" + name[:25]
            elif name.startswith("u") and "_" in name: key = "icu:" + name.split("_")[0]
            counts[key] += 4
for k, v in counts.most_common(30): print(v, "KB", k)
print(sum(counts.values()), "KB total")
