#!/usr/bin/env python3
"""Where a running process's resident pages are: for each file it maps (the binary, each shared
library) and for its anonymous memory, the resident MB, and within each file the ELF sections the
pages hold. Read from /proc/PID/pagemap (needs root), so a page counts only if it is mapped in
this process, as VmRSS counts it.

    python3 bench/profile/resident.py PID [--min-kb 40]

A page of a file mapping that the process has written (relocated data, the GOT) is private now
and shows as `written` under that file; RssAnon counts it. The kernel maps up to 64 KiB of a file
around each page it faults in, so a section touched in a few places shows as nearly whole: the
dynamic linker's tables (.dynsym, .dynstr, .gnu.hash, .rela.dyn), read once at start, stay
resident that way (bench/README.md, "Where the RSS is")."""
import argparse
import collections
import os
import re
import struct
import subprocess

PAGE = os.sysconf("SC_PAGE_SIZE")
PRESENT, FILE_OR_SHARED = 1 << 63, 1 << 61


def mappings(pid):
    """(start, end, file offset, path) of each mapping; path is "" for anonymous ones."""
    found = []
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            parts = line.split(maxsplit=5)
            start, end = (int(x, 16) for x in parts[0].split("-"))
            found.append((start, end, int(parts[2], 16), parts[5].strip() if len(parts) > 5 else ""))
    return found


def sections(path, cache={}):
    """(file offset, end, name) of each ELF section with bytes in the file; [] if not ELF."""
    if path not in cache:
        listing = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True).stdout
        cache[path] = []
        for match in re.finditer(r"\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)", listing):
            name, kind, offset, size = match.group(1), match.group(2), int(match.group(3), 16), int(match.group(4), 16)
            if size and kind != "NOBITS":
                cache[path].append((offset, offset + size, name))
    return cache[path]


def section_at(path, offset):
    for start, end, name in sections(path):
        if start <= offset < end or offset <= start < offset + PAGE:
            return name
    return "(headers)"


def resident(pid):
    """{(owner, part): pages}: owner is a file's base name or [heap], [stack], [anon]..."""
    counts = collections.Counter()
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for start, end, offset, path in mappings(pid):
            pagemap.seek(start // PAGE * 8)
            entries = pagemap.read((end - start) // PAGE * 8)
            is_file = path.startswith("/")
            owner = os.path.basename(path) if is_file else (path or "[anon]")
            for index in range(len(entries) // 8):
                entry = struct.unpack_from("<Q", entries, index * 8)[0]
                if not entry & PRESENT:
                    continue
                if not is_file:
                    part = "anonymous"
                elif not entry & FILE_OR_SHARED:
                    part = "written"
                else:
                    part = section_at(path, offset + index * PAGE)
                counts[(owner, part)] += 1
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pid", type=int)
    parser.add_argument("--min-kb", type=int, default=40, help="leave out the parts smaller than this")
    args = parser.parse_args()
    counts = resident(args.pid)
    totals = collections.Counter()
    for (owner, _), pages in counts.items():
        totals[owner] += pages
    mb = lambda pages: pages * PAGE / 1e6
    print(f"{'resident':40} {mb(sum(totals.values())):7.2f} MB")
    for owner, pages in totals.most_common():
        print(f"  {owner:38} {mb(pages):7.2f}")
        for (who, part), count in sorted(counts.items(), key=lambda item: -item[1]):
            if who == owner and count * PAGE >= args.min_kb * 1024 and part != "anonymous":
                print(f"      {part:34} {mb(count):7.2f}")


if __name__ == "__main__":
    main()
