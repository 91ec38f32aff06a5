"""The scale benchmark's tree: N empty files, 1,000 to a directory (`d0000/f0000.dat`, ...)."""
import os
import stat
import time

PER_DIR = 1000


class Tree:
    def __init__(self, root, files, per_dir=PER_DIR):
        if files < 1 or files > 9999 * per_dir:
            raise ValueError(f"the tree holds 1 to {9999 * per_dir} files (asked for {files})")
        self.root = root
        self.files = files
        self.per_dir = per_dir
        self.dirs = (files + per_dir - 1) // per_dir
        # Files whose size the benchmark changed (the `since` step): path -> size.
        self.changed = {}

    @staticmethod
    def dir_name(d):
        return f"d{d:04}"

    def files_in(self, d):
        return min(self.per_dir, self.files - d * self.per_dir)

    def paths(self):
        """Every file's path, in bytewise order (the order of files.list)."""
        for d in range(self.dirs):
            name = self.dir_name(d)
            for f in range(self.files_in(d)):
                yield f"{name}/f{f:04}.dat"

    def path(self, index):
        return f"{self.dir_name(index // self.per_dir)}/f{index % self.per_dir:04}.dat"

    @property
    def middle_dir(self):
        return self.dir_name(self.dirs // 2)

    def build(self):
        """Makes the tree (empty files: one mknod each) unless it is already there as it should
        be. Returns the seconds it took, or None when it was already there."""
        if os.path.isdir(self.root) and os.listdir(self.root):
            self.check()
            return None
        started = time.monotonic()
        os.makedirs(self.root, exist_ok=True)
        mode = stat.S_IFREG | 0o644
        for d in range(self.dirs):
            folder = os.path.join(self.root, self.dir_name(d))
            os.mkdir(folder)
            for f in range(self.files_in(d)):
                os.mknod(f"{folder}/f{f:04}.dat", mode)
        return time.monotonic() - started

    def check(self):
        """An existing tree (from --tree) must be exactly this one: every file, empty, nothing else."""
        names = sorted(os.listdir(self.root))
        if names != [self.dir_name(d) for d in range(self.dirs)]:
            raise RuntimeError(f"{self.root} is not a tree of {self.files} files (its entries are not "
                               f"d0000..d{self.dirs - 1:04}); remove it or name another --tree")
        for d in range(self.dirs):
            folder = os.path.join(self.root, self.dir_name(d))
            with os.scandir(folder) as entries:
                found = {e.name: e.stat().st_size for e in entries}
            expected = {f"f{f:04}.dat" for f in range(self.files_in(d))}
            if set(found) != expected:
                raise RuntimeError(f"{folder} does not hold exactly f0000.dat..f{self.files_in(d) - 1:04}.dat")
            for name, size in found.items():
                if size:
                    os.truncate(os.path.join(folder, name), 0)

    def change(self, path):
        """Writes one byte more into the file (a change the `since` step must report)."""
        size = self.changed.get(path, 0) + 1
        with open(os.path.join(self.root, path), "ab") as f:
            f.write(b"x")
        self.changed[path] = size
        return size

    def restore(self):
        """Empties the files the benchmark changed, so the tree can be used again."""
        for path in self.changed:
            try:
                os.truncate(os.path.join(self.root, path), 0)
            except OSError:
                pass
        self.changed.clear()
