import CSystemd  // malloc_trim (from malloc.h, which the Glibc module does not export)
import Glibc

/// The process's memory, as the kernel and the allocator see it.
public enum MemoryUse {
    /// Hands memory the allocator holds but no longer uses back to the system
    /// (`malloc_trim`); worth calling after a burst of short-lived allocations.
    public static func returnFreeMemory() {
        malloc_trim(0)
    }
}
