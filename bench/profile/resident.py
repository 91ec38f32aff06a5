#!/usr/bin/env python3
"""Where a running process's resident pages are: for each file it maps (the binary, each shared
library) and for its anonymous memory, the resident MB, and within each file the ELF sections the
pages hold. Read from /proc/PID/pagemap (needs root), so a page counts only if it is mapped in
this process, as VmRSS counts it.

    python3 bench/profile/resident.py PID [--min-kb 40] [--windows]

A page of a file mapping that the process has written (relocated data, the GOT) is private now
and shows as `written` under that file; RssAnon counts it. The kernel maps up to 64 KiB of a file
around each page it faults in, so a section touched in a few places shows as nearly whole: the
dynamic linker's tables (.dynsym, .dynstr, .gnu.hash, .rela.dyn), read once at start, stay
resident that way (bench/README.md, "Where the RSS is"). `--windows` counts, for each file's
executable mappings (code, and for libraries linked without separate code segments, such as
libswiftCore.so, their linker tables and read-only data too), the 64 KiB windows that hold a
resident page: how much of a library something has touched, whatever each touch's size."""
import argparse
import collections
import os
import re
import struct
import subprocess

PAGE = os.sysconf("SC_PAGE_SIZE")
PRESENT, FILE_OR_SHARED = 1 << 63, 1 << 61
WINDOW = 64 * 1024  # the kernel's fault-around: what one fault in a file's pages maps at most


def mappings(pid, executable_only=False):
    """(start, end, file offset, path) of each mapping (only those with `x` in their permissions
    when `executable_only`); path is "" for anonymous ones."""
    found = []
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            parts = line.split(maxsplit=5)
            if executable_only and "x" not in parts[1]:
                continue
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


def pages(pid, executable_only=False):
    """(address, pagemap entry, file offset, path) of each page of each mapping (`mappings`)."""
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for start, end, offset, path in mappings(pid, executable_only):
            pagemap.seek(start // PAGE * 8)
            entries = pagemap.read((end - start) // PAGE * 8)
            for index in range(len(entries) // 8):
                entry = struct.unpack_from("<Q", entries, index * 8)[0]
                yield start + index * PAGE, entry, offset + index * PAGE, path


def resident(pid):
    """{(owner, part): pages}: owner is a file's base name or [heap], [stack], [anon]..."""
    counts = collections.Counter()
    for _, entry, offset, path in pages(pid):
        if not entry & PRESENT:
            continue
        is_file = path.startswith("/")
        owner = os.path.basename(path) if is_file else (path or "[anon]")
        if not is_file:
            part = "anonymous"
        elif not entry & FILE_OR_SHARED:
            part = "written"
        else:
            part = section_at(path, offset)
        counts[(owner, part)] += 1
    return counts


def executable_windows(pid):
    """{file base name: (windows with a resident page, windows)} over its executable mappings,
    the windows aligned to 64 KiB of address as the kernel's fault-around aligns them."""
    touched, every = collections.defaultdict(set), collections.defaultdict(set)
    for address, entry, _, path in pages(pid, executable_only=True):
        if not path.startswith("/"):
            continue
        owner = os.path.basename(path)
        every[owner].add(address // WINDOW)
        if entry & PRESENT:
            touched[owner].add(address // WINDOW)
    return {owner: (len(touched[owner]), len(windows)) for owner, windows in every.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pid", type=int)
    parser.add_argument("--min-kb", type=int, default=40, help="leave out the parts smaller than this")
    parser.add_argument("--windows", action="store_true",
                        help="also count the 64 KiB windows of each file's executable mappings that hold a resident page")
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
    if args.windows:
        print("64 KiB windows of executable mappings with a resident page")
        for owner, (touched, every) in sorted(executable_windows(args.pid).items(), key=lambda item: -item[1][0]):
            print(f"  {owner:38} {touched:4} of {every}")


if __name__ == "__main__":
    main()
